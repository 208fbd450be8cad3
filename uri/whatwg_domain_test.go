package uri

import (
	"slices"
	"strings"
	"testing"
)

// checkLDH fails t unless ldhDomain, where it decides host, gives what x/net/idna's
// ToASCII gives with the standard's flags: the same ASCII and no error. hasEmptyLabel
// is checked against splitting at the dots as well.
func checkLDH(t testing.TB, host string) (decided bool) {
	if got, want := hasEmptyLabel(host), slices.Contains(strings.Split(host, "."), ""); got != want {
		t.Fatalf("hasEmptyLabel(%q) = %v; splitting says %v", host, got, want)
	}
	ascii, ok := ldhDomain(host)
	if !ok {
		return false
	}
	want, err := strictDomain.ToASCII(host)
	if err != nil || ascii != want {
		t.Fatalf("ldhDomain(%q) = %q; x/net/idna gives %q, %v", host, ascii, want, err)
	}
	return true
}

// TestLDHDomainMatchesIDNA runs every string of up to six bytes over letters of both
// cases, a digit, a hyphen and a dot (with "xn" to make A-labels), and the lengths at
// the limits of a label and a name.
func TestLDHDomainMatchesIDNA(t *testing.T) {
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
		name253, name253 + "c", name253 + ".", "EXAMPLE.com", "a-b.c--d", "ab--c.d", "xn--nxasmq6b.com", "XN--a"} {
		if checkLDH(t, host) {
			decided++
		}
	}
	if decided < 1000 {
		t.Errorf("ldhDomain decided only %d hosts: the test compares next to nothing", decided)
	}
}

func FuzzLDHDomain(f *testing.F) {
	for _, s := range []string{"example.com", "a-b.C", "xn--a.b", "-a", "a..b", strings.Repeat("a", 64)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, host string) { checkLDH(t, host) })
}
