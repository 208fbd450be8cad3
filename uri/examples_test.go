package uri_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/urispec/urispec/internal/testcorpus"
	"github.com/urispec/urispec/uri"
)

// TestExamples parses every example of testdata/examples/<spec>.tsv: each is valid, its
// components are those the spec's text gives, and they agree with Appendix B.
func TestExamples(t *testing.T) {
	files, _ := filepath.Glob(testcorpus.Path(t, "testdata/examples/*.tsv"))
	if len(files) == 0 {
		t.Fatal("no example files")
	}
	for _, file := range files {
		spec, err := uri.ParseSpec(strings.TrimSuffix(filepath.Base(file), ".tsv"))
		if err != nil {
			t.Errorf("%s: %v", file, err)
			continue
		}
		t.Run(spec.String(), func(t *testing.T) {
			rows := uri.ReadTSV(t, file, false)
			if len(rows) == 0 {
				t.Fatal("no examples")
			}
			for _, row := range rows {
				in := row.Fields[0]
				r, err := grammarParser(t, spec).Parse(in)
				if err != nil {
					t.Errorf("line %d: %v", row.Line, err)
					continue
				}
				checkParsed(t, r)
				for i, c := range []uri.Component{uri.Scheme, uri.Authority, uri.Path, uri.Query, uri.Fragment} {
					want := row.Fields[1+i]
					got, ok := r.Get(c)
					switch {
					case want == "?":
					case want == "-" && ok:
						t.Errorf("line %d: %q: %s = %q, want undefined", row.Line, in, c, got)
					case want != "-" && (!ok || got != want):
						t.Errorf("line %d: %q: %s = %q (defined %v), want %q", row.Line, in, c, got, ok, want)
					}
				}
			}
		})
	}
}

// TestErrorMessage checks Error's text (offset, character, rule) and, apart, Expected.
func TestErrorMessage(t *testing.T) {
	for _, tc := range []struct {
		spec     uri.Spec
		in       string
		want     string
		expected []string
	}{
		{uri.RFC3986, "http://a b", `rfc3986: invalid character ' ' at byte 8 in authority`, []string{`pchar`, `"#"`, `"/"`, `"?"`, `end of input`}},
		{uri.RFC3986, "http://a/b c", `rfc3986: invalid character ' ' at byte 10 in path-abempty`, []string{`pchar`, `"#"`, `"/"`, `"?"`, `end of input`}},
		{uri.RFC3986, "http://[::1", `rfc3986: unexpected end of input at byte 11 in IPv6address`, []string{`HEXDIG`, `"."`, `":"`, `"]"`}},
		{uri.RFC3986, "http://a/%4g", `rfc3986: invalid character 'g' at byte 11 in path-abempty`, []string{`HEXDIG`}},
		{uri.RFC3986, "\xff", `rfc3986: invalid byte 0xFF (not UTF-8) at byte 0 in scheme`, []string{`unreserved`, `sub-delims`, `pct-encoded`, `"#"`, `"/"`, `"?"`, `"@"`, `end of input`}},
		{uri.RFC3986, "a\x00", `rfc3986: invalid control character U+0000 at byte 1 in scheme`, []string{`pchar`, `"#"`, `"/"`, `"?"`, `end of input`}},
		{uri.RFC3986, "é", `rfc3986: invalid non-ASCII character U+00E9 'é' at byte 0 in scheme`, []string{`unreserved`, `sub-delims`, `pct-encoded`, `"#"`, `"/"`, `"?"`, `"@"`, `end of input`}},
	} {
		t.Run(tc.spec.String()+" "+tc.in, func(t *testing.T) {
			err := uri.Validate(tc.spec, tc.in)
			var e *uri.Error
			if !errors.As(err, &e) || e.Error() != tc.want || !slices.Equal(e.Expected(), tc.expected) {
				t.Errorf("Validate(%v, %q) = %v, expected %q\nwant %s, expected %q", tc.spec, tc.in, err, expectedOf(err), tc.want, tc.expected)
			}
		})
	}
}

// expectedOf is err's Expected, or nil when err is no *uri.Error.
func expectedOf(err error) []string {
	var e *uri.Error
	if errors.As(err, &e) {
		return e.Expected()
	}
	return nil
}

// TestErrorOffset checks every invalid line of the real-world sample: the error is a
// *uri.Error for that spec and input, its offset lies within the input, and it says what
// was expected.
func TestErrorOffset(t *testing.T) {
	data, err := os.ReadFile(testcorpus.Path(t, "testdata/corpora/realworld-sample.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range uri.Specs() {
		t.Run(spec.String(), func(t *testing.T) {
			n := 0
			for _, line := range strings.Split(string(data), "\n") {
				err := uri.Validate(spec, line)
				if err == nil {
					continue
				}
				n++
				var e *uri.Error
				if !errors.As(err, &e) {
					t.Fatalf("%v %q: %T is not *uri.Error", spec, line, err)
				}
				if e.Offset < 0 || e.Offset > len(line) || e.Input != line || e.Spec != spec {
					t.Errorf("%v %q: bad error %+v", spec, line, e)
				}
				// A rule that a scheme's RFC states in prose (Reason) has no grammar to
				// say what it expected.
				if len(e.Expected()) == 0 && e.Reason == "" {
					t.Errorf("%v %q: no expectation in %v", spec, line, e)
				}
			}
			if n == 0 {
				t.Errorf("%v: the sample has no invalid line; the test checks nothing", spec)
			}
		})
	}
}

// grammarParser returns a Parser of spec's own grammar: the default one, with
// uri.GenericOnly where the spec also checks scheme grammars (rfc3986, rfc3987), whose
// rules the spec's examples and the corpora's verdicts are not about. rfc1738 keeps its
// strict top rule, which is its grammar's.
func grammarParser(t testing.TB, spec uri.Spec) *uri.Parser {
	p, err := uri.NewParser(spec)
	if err == nil && p.SchemeGrammars() {
		p, err = uri.NewParser(spec, uri.GenericOnly())
	}
	if err != nil {
		if t == nil {
			panic(err)
		}
		t.Fatal(err)
	}
	return p
}
