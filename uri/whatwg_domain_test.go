package uri

import (
	"strings"
	"testing"

	"github.com/urispec/urispec/internal/ipv4num"
	"github.com/urispec/urispec/internal/testcorpus"
	"github.com/urispec/urispec/internal/uts46/idnatest"
)

// TestIdnaTestV2Domains runs every row of UTS #46's conformance file
// (testdata/corpora/IdnaTestV2.txt, Unicode 17.0.0) through whatwg's valid domain: the
// source is a valid domain exactly when its nontransitional ToASCII with every flag set
// reports no error (the URL Standard's beStrict), the result holds no forbidden domain
// code point and does not end in a number. Where the source is a host as it stands (no
// character that ends a host or that the URL parser strips or removes), the URL
// https://source/ is valid exactly then too.
func TestIdnaTestV2Domains(t *testing.T) {
	cases, err := idnatest.Read(testcorpus.Path(t, "testdata/corpora/IdnaTestV2.txt"))
	if err != nil {
		t.Fatal(err)
	}
	valid, urls := 0, 0
	for _, c := range cases {
		want := len(c.Status) == 0 && !strings.ContainsFunc(c.ToASCII, func(r rune) bool {
			return r < 0x80 && isForbiddenDomain(byte(r))
		}) && (c.ToASCII == "" || !ipv4num.EndsInANumber(c.ToASCII))
		e := checkDomain(c.Source, 0, len(c.Source))
		if got := e == nil; got != want {
			t.Errorf("line %d: valid domain %+q: %v (%v); the file says %v (toAsciiN %q %v)", c.Line, c.Source, got, e, want, c.ToASCII, c.Status)
		}
		if want {
			valid++
		}
		if c.Source == "" || strings.ContainsAny(c.Source, "/?#\\@:[]\t\n\r") || strings.TrimFunc(c.Source, func(r rune) bool { return r <= ' ' }) != c.Source {
			continue
		}
		urls++
		u := "https://" + c.Source + "/"
		if err := Validate(WHATWG, u); (err == nil) != want {
			t.Errorf("line %d: Validate(whatwg, %+q): %v; the file says valid %v", c.Line, u, err, want)
		}
	}
	if valid < 500 || len(cases)-valid < 500 || urls < len(cases)*9/10 {
		t.Errorf("%d rows, %d valid domains, %d run as URLs: the file was misread", len(cases), valid, urls)
	}
	t.Logf("%d rows, %d valid domains, %d run as URLs", len(cases), valid, urls)
}

// isForbiddenDomain is a forbidden domain code point (3.2) in ASCII: a forbidden host
// code point, a C0 control, "%" or U+007F.
func isForbiddenDomain(c byte) bool {
	return isForbiddenHost(c) || c <= 0x1f || c == '%' || c == 0x7f
}
