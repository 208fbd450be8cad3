package uri

import (
	"strings"
	"testing"

	"github.com/urispec/urispec/internal/uts46"
	"github.com/urispec/urispec/internal/uts46/idnatest"
)

// checkLDH fails t unless ldhDomain, where it decides host, gives what UTS #46 ToASCII
// with beStrict's flags gives (internal/uts46, proved on Unicode's conformance file by
// its own tests and by TestIdnaTestV2Domains): the same ASCII and no error.
func checkLDH(t testing.TB, host string) (decided bool) {
	ascii, ok := ldhDomain(host)
	if !ok {
		return false
	}
	want, err := uts46.ToASCII(host, true)
	if err != nil || ascii != want {
		t.Fatalf("ldhDomain(%q) = %q; UTS #46 ToASCII gives %q, %v", host, ascii, want, err)
	}
	return true
}

// TestLDHDomainMatchesUTS46 runs every string of up to six bytes over letters of both
// cases, a digit, a hyphen and a dot (with "xn" to make A-labels), and the lengths at
// the limits of a label and a name.
func TestLDHDomainMatchesUTS46(t *testing.T) {
	const alphabet = "aZ9-.xn"
	decided := 0
	var walk func(prefix string)
	walk = func(prefix string) {
		if checkLDH(t, prefix) {
			decided++
		}
		if len(prefix) == 6 {
			return
		}
		for i := range len(alphabet) {
			walk(prefix + alphabet[i:i+1])
		}
	}
	walk("")
	label63, label64 := strings.Repeat("a", 63), strings.Repeat("a", 64)
	name253 := strings.Repeat(label63+".", 3) + strings.Repeat("b", 61)
	for _, host := range []string{label63, label64, label63 + ".com", label64 + ".com",
		name253, name253 + "c", name253 + ".", "EXAMPLE.com", "example.com.", "a-b.c--d", "ab--c.d", "xn--nxasmq6b.com", "XN--a"} {
		if checkLDH(t, host) {
			decided++
		}
	}
	if decided < 1000 {
		t.Errorf("ldhDomain decided only %d hosts: the test compares next to nothing", decided)
	}
}

func FuzzLDHDomain(f *testing.F) {
	for _, s := range []string{"example.com", "a-b.C", "xn--a.b", "-a", "a..b", "a.", strings.Repeat("a", 64)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, host string) { checkLDH(t, host) })
}

// TestIdnaTestV2Domains runs every row of UTS #46's conformance file
// (testdata/corpora/IdnaTestV2.txt, Unicode 17.0.0) through whatwg's valid domain: the
// source is a valid domain exactly when its nontransitional ToASCII with every flag set
// reports no error (the URL Standard's beStrict), the result holds no forbidden domain
// code point and does not end in a number. Where the source is a host as it stands (no
// character that ends a host or that the URL parser strips or removes), the URL
// https://source/ is valid exactly then too.
func TestIdnaTestV2Domains(t *testing.T) {
	cases, err := idnatest.Read("../testdata/corpora/IdnaTestV2.txt")
	if err != nil {
		t.Fatal(err)
	}
	valid, urls := 0, 0
	for _, c := range cases {
		want := len(c.Status) == 0 && !strings.ContainsFunc(c.ToASCII, func(r rune) bool {
			return r < 0x80 && isForbiddenDomain(byte(r))
		}) && (c.ToASCII == "" || !endsInANumber(c.ToASCII))
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
