package uts46_test

import (
	"strings"
	"testing"

	"github.com/urispec/urispec/internal/subtest"
	"github.com/urispec/urispec/internal/uts46"
)

// checkLDH fails t unless LDHDomain, where it decides domain, gives what the
// processing with the Unicode tables gives (proved on Unicode's conformance file by
// TestIdnaTestV2), with beStrict true and false: the same ASCII and no error.
func checkLDH(t testing.TB, domain string) (decided bool) {
	ascii, ok := uts46.LDHDomain(domain)
	if !ok {
		return false
	}
	for _, beStrict := range []bool{true, false} {
		want, err := uts46.Process(domain, beStrict)
		if err != nil || ascii != want {
			t.Fatalf("LDHDomain(%q) = %q; the processing (beStrict %v) gives %q, %v", domain, ascii, beStrict, want, err)
		}
	}
	return true
}

// TestLDHDomain runs every string of up to six bytes over letters of both cases, a
// digit, a hyphen and a dot (with "xn" to make A-labels), and the lengths at the limits
// of a label and a name.
func TestLDHDomain(t *testing.T) {
	decided := countDecided(t, "aZ9-.xn", checkLDH)
	label63, label64, name253 := atTheLimits()
	for _, host := range []string{label63, label64, label63 + ".com", label64 + ".com",
		name253, name253 + "c", name253 + ".", "EXAMPLE.com", "example.com.", "a-b.c--d", "ab--c.d", "xn--nxasmq6b.com", "XN--a"} {
		if checkLDH(t, host) {
			decided++
		}
	}
	if decided < 1000 {
		t.Errorf("LDHDomain decided only %d domains: the test compares next to nothing", decided)
	}
}

func FuzzLDHDomain(f *testing.F) {
	for _, s := range []string{"example.com", "a-b.C", "xn--a.b", "-a", "a..b", "a.", strings.Repeat("a", 64)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, domain string) { checkLDH(t, domain) })
}

// TestEncodeLimit: a label of more than EncodeLimit UTF-16 code units after the mapping
// is not encoded (A3), one of EncodeLimit is; "Ⅰ" (U+2160) maps to "i", so the limit
// counts the mapped label, and U+10000 counts two code units.
func TestEncodeLimit(t *testing.T) {
	for _, c := range []struct {
		domain string
		ok     bool
	}{
		{strings.Repeat("é", uts46.EncodeLimit), true},
		{strings.Repeat("é", uts46.EncodeLimit+1), false},
		{strings.Repeat("é", uts46.EncodeLimit) + "." + strings.Repeat("é", uts46.EncodeLimit), true},
		{strings.Repeat("\U00010330", uts46.EncodeLimit/2), true},
		{strings.Repeat("\U00010330", uts46.EncodeLimit/2+1), false},
		{strings.Repeat("a", uts46.EncodeLimit) + "é", false},
		{strings.Repeat("Ⅰ", uts46.EncodeLimit+1), true}, // ASCII once mapped: not encoded
	} {
		t.Run(subtest.Name(c.domain), func(t *testing.T) {
			_, err := uts46.ToASCII(c.domain, false)
			if (err == nil) != c.ok {
				t.Errorf("ToASCII(%d bytes, false): %v; want success %v", len(c.domain), err, c.ok)
			}
		})
	}
}

// checkASCIIRefusal fails t unless ASCIIRefusal, where it decides domain, gives the
// error that the processing with the Unicode tables gives with beStrict true: the same
// code and reason.
func checkASCIIRefusal(t testing.TB, domain string) (decided bool) {
	err := uts46.ASCIIRefusal(domain)
	if err == nil {
		return false
	}
	_, want := uts46.Process(domain, true)
	if want == nil || err.Error() != want.Error() || *err.(*uts46.Error) != *want.(*uts46.Error) {
		t.Fatalf("ASCIIRefusal(%q) = %v; the processing gives %v", domain, err, want)
	}
	return true
}

// TestASCIIRefusal runs every string of up to six bytes over letters of both cases, a
// digit, hyphens, dots, an underscore, a space and "xn" (to make A-labels), and the
// lengths at the limits of a label and a name.
func TestASCIIRefusal(t *testing.T) {
	decided := countDecided(t, "aZ9-._ xn", checkASCIIRefusal)
	_, label64, name253 := atTheLimits()
	for _, host := range []string{label64, label64 + ".com", "a." + label64, name253 + ".", name253 + "..",
		"a_b.com", "A_B..com", "*.example.com", "a..b", "a.", ".", "..", "\x00", "a\x7fb", "a~b.c-d", "xn--a_b", "a-.b_c"} {
		if checkASCIIRefusal(t, host) {
			decided++
		}
	}
	if decided < 10000 {
		t.Errorf("ASCIIRefusal decided only %d domains: the test compares next to nothing", decided)
	}
}

func FuzzASCIIRefusal(f *testing.F) {
	for _, s := range []string{"a_b.com", "a..b", "a.", "-a.b_", "xn--a.b_", strings.Repeat("a", 64) + ".b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, domain string) { checkASCIIRefusal(t, domain) })
}

// countDecided runs check on every string of up to six bytes over alphabet and returns
// how many it decided.
func countDecided(t testing.TB, alphabet string, check func(testing.TB, string) bool) int {
	decided := 0
	var walk func(prefix string)
	walk = func(prefix string) {
		if check(t, prefix) {
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
	return decided
}

// atTheLimits returns a label of 63 bytes (the longest), one of 64, and a name of 253
// bytes (the longest without a final dot).
func atTheLimits() (label63, label64, name253 string) {
	label63, label64 = strings.Repeat("a", 63), strings.Repeat("a", 64)
	return label63, label64, strings.Repeat(label63+".", 3) + strings.Repeat("b", 61)
}
