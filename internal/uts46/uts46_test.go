package uts46_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/urispec/urispec/internal/testcorpus"
	"github.com/urispec/urispec/internal/uts46"
	"github.com/urispec/urispec/internal/uts46/idnatest"
)

// TestIdnaTestV2 runs every row of UTS #46's conformance file with beStrict true (every
// flag of the file set) and false (the flags' own status codes set aside): ToASCII fails
// exactly when a status code remains, and otherwise gives toAsciiN.
func TestIdnaTestV2(t *testing.T) {
	cases, err := idnatest.Read(testcorpus.Path(t, "testdata/corpora/IdnaTestV2.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) != 6391 {
		t.Fatalf("%d rows; the file of Unicode 17.0.0 has 6,391", len(cases))
	}
	for _, beStrict := range []bool{true, false} {
		t.Run("beStrict="+strconv.FormatBool(beStrict), func(t *testing.T) {
			failures, errs := 0, 0
			for _, c := range cases {
				want := c.Errors(beStrict)
				got, err := uts46.ToASCII(c.Source, beStrict)
				switch {
				case len(want) > 0 && err == nil:
					t.Errorf("beStrict %v, line %d: ToASCII(%+q) = %q; want an error %v", beStrict, c.Line, c.Source, got, want)
				case len(want) == 0 && err != nil:
					t.Errorf("beStrict %v, line %d: ToASCII(%+q): %v; want %q", beStrict, c.Line, c.Source, err, c.ToASCII)
				case len(want) == 0 && got != c.ToASCII:
					t.Errorf("beStrict %v, line %d: ToASCII(%+q) = %q; want %q", beStrict, c.Line, c.Source, got, c.ToASCII)
				}
				if len(want) > 0 {
					failures++
				}
				var e *uts46.Error
				if err != nil && !errors.As(err, &e) {
					t.Errorf("line %d: %T is no *uts46.Error", c.Line, err)
				}
				if err != nil {
					errs++
				}
			}
			// Both outcomes occur in numbers, under both flag sets.
			if failures < 500 || len(cases)-failures < 500 {
				t.Errorf("beStrict %v: %d of %d rows fail: the file was misread", beStrict, failures, len(cases))
			}
			t.Logf("beStrict %v: %d rows, %d fail", beStrict, len(cases), failures)
		})
	}
}

// TestErrorCodes pins the status codes that this package reports itself, each with a
// row of the file (its line) where x/net/idna alone departs from the file.
func TestErrorCodes(t *testing.T) {
	check := func(domain string, beStrict bool, code string) {
		t.Helper()
		_, err := uts46.ToASCII(domain, beStrict)
		var e *uts46.Error
		switch {
		case code == "" && err != nil:
			t.Errorf("ToASCII(%+q, %v): %v", domain, beStrict, err)
		case code != "" && (!errors.As(err, &e) || e.Code != code):
			t.Errorf("ToASCII(%+q, %v): %v; want code %s", domain, beStrict, err, code)
		}
	}
	check("example.com.", true, "A4_2") // the empty root label
	check("a..b", true, "A4_2")
	check("", true, "A4_1")
	check(strings.Repeat("a.", 127)+"a", true, "A4_1")
	check(strings.Repeat("a.", 127)+"xn--", true, "A4_1") // decided by its length alone
	check("xn--", false, "P4")                            // line 550
	check("xn--ASCII-", false, "P4")                      // line 552
	check("xn--xn--a--gua.pt", false, "V4")               // line 312
	check("a_b", true, "U1")                              // line 3
	check("\u2132\u17d2.=\u0338", true, "")               // line 2557: mapped in 17.0.0; "=" then U+0338 normalizes to "≠"
	check("\U00032931"+"20", false, "")                   // line 4219: CJK Extension J, new in 17.0.0
	check("xn--20-9802c", false, "")                      // line 4220
	check("a\u2061b", true, "")                           // U+2061 is ignored in 17.0.0, disallowed in 15.0.0
	check("FA\u1e9e.de", true, "")                        // line 229: maps to xn--fa-hia.de
	// Where tables.go applies (x/net/idna's Unicode 15.0.0 tables), the codes of its
	// corrections.
	if uts46.TablesApply {
		check("\U0001e6e3", false, "unsupported") // new in 17.0.0, a mark of its script
		check("xn--ab-t8t", false, "V7")          // a\u2061b decoded: ignored code points are not valid in a label
	}
}
