package uri_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/urispec/urispec/uri"
)

// TestSchemeShortcuts checks the scheme grammars' shortcuts (uri/schemes.go,
// schemeDesc.shortcut: http and https, file), which decide a reference that the generic
// grammar accepted from the parts that parse delimits, against the scheme's grammar run
// in full and against the scheme's ABNF. On every benchmark corpus line, every string
// generated from the scheme's ABNF and from RFC 3986's with the scheme put in, and the
// near-misses of both, each accepted by the generic grammar of rfc3986 or rfc3987: where
// the shortcut decides, the grammar's run gives the same verdict and, for a rejection,
// the same error (offset, rule, message and expected set), and the ABNF the same verdict
// on the text without its fragment.
func TestSchemeShortcuts(t *testing.T) {
	n := oracleCount(t, 400)
	byRule := map[string]*schemeOracle{}
	for _, o := range loadSchemeOracles(t) {
		byRule[o.rule] = o
	}
	ruleOf := map[string]string{}
	for _, g := range uri.SchemeGrammars() {
		ruleOf[g.Name] = g.Rule
	}
	generic, err := loadOracle("rfc3986")
	if err != nil || generic == nil {
		t.Fatalf("rfc3986 oracle: %v", err)
	}

	inputs := []string{
		"http://a", "HTTP://a?b#c", "http://", "http://u@:80/", "http:/x", "http:x", "http://[::1]:8080/p?q",
		"https://u:p@h/", "https://%41/", "http://é/x", "http://h/é?é#é",
		"file:///a/b?t=1", "file://host?x", "file://host/?x", "file:/a?x", "file:///?x", "file:?x",
		"file://localhost/a?x", "file://[::1]/a?x", "file://[v1.x]/a", "file://[::1]:80/a", "file://h:/a",
		"file://h:80/x?y", "file://u@h/x", "file:////x", "file://h//x?y", "file:x?y", "file:", "file://",
		"FILE:///a#f?g", "file:///a?b#c", "file:///é?x", "file://é/x?y",
	}
	for _, c := range benchCorpora(t) {
		inputs = append(inputs, c.lines...)
	}
	near := func(r *rand.Rand, s []byte) {
		for range nearMisses {
			inputs = append(inputs, string(mutate(r, s, schemeMutations)))
		}
	}
	for _, rule := range []string{"http-URI", "https-URI", "file-URI"} {
		o := byRule[rule]
		for seed := int64(0); seed < int64(n); seed++ {
			s := o.generated(seed)
			inputs = append(inputs, string(s))
			near(rand.New(rand.NewPCG(uint64(seed), 0x5c4e3e)), s)
		}
	}
	for seed := int64(0); seed < int64(n); seed++ {
		s := string(generic.generated(seed))
		i := strings.IndexAny(s, ":/?#")
		if i < 0 || s[i] != ':' {
			continue
		}
		for _, scheme := range []string{"http", "HTTPS", "file", "File"} {
			g := []byte(scheme + s[i:])
			inputs = append(inputs, string(g))
			near(rand.New(rand.NewPCG(uint64(seed), 0x5c4e3f)), g)
		}
	}

	for _, spec := range []uri.Spec{uri.RFC3986, uri.RFC3987} {
		p, err := uri.NewParser(spec)
		if err != nil {
			t.Fatal(err)
		}
		gp, err := uri.NewParser(spec, uri.GenericOnly())
		if err != nil {
			t.Fatal(err)
		}
		counts := map[string]int{}
		seen := map[string]bool{}
		for _, s := range inputs {
			if seen[s] || gp.Validate(s) != nil {
				continue
			}
			seen[s] = true
			decided, short := uri.SchemeShortcut(p, s)
			if !decided {
				counts["undecided"]++
				continue
			}
			long := uri.SchemeByGrammar(p, s)
			if d := errorDiff(short, long); d != "" {
				t.Errorf("%v: %q: shortcut and grammar differ: %s", spec, s, d)
				continue
			}
			verdict := "accepted"
			if short != nil {
				verdict = "rejected"
			}
			counts[verdict]++
			text, _, _ := strings.Cut(s, "#")
			if !isASCII(text) {
				continue // the ABNF is of URIs; the grammar's run above read the mapped URI
			}
			var e *uri.Error
			rule := ruleOf[strings.ToLower(text[:strings.IndexByte(text, ':')])]
			if errors.As(short, &e) {
				rule = ruleOf[e.Scheme]
			}
			if abnf, _ := byRule[rule].fast(text); abnf != (short == nil) {
				t.Errorf("%v: %q: shortcut %v, %s's ABNF valid %v", spec, s, short, rule, abnf)
			}
		}
		t.Logf("%v: %d inputs the generic grammar accepts: %v", spec, len(seen), counts)
		if counts["accepted"] == 0 || counts["rejected"] == 0 || counts["undecided"] == 0 {
			t.Errorf("%v: the inputs do not reach every verdict: %v", spec, counts)
		}
	}
}

// errorDiff describes how two verdicts differ: "" when both are nil, or both *uri.Error
// with the same offset, rule, scheme, section, message and expected set.
func errorDiff(a, b error) string {
	if a == nil || b == nil {
		if a != nil || b != nil {
			return "one accepts: " + errString(a) + " / " + errString(b)
		}
		return ""
	}
	var ea, eb *uri.Error
	if !errors.As(a, &ea) || !errors.As(b, &eb) {
		return "not both *uri.Error"
	}
	if ea.Offset != eb.Offset || ea.Rule != eb.Rule || ea.Scheme != eb.Scheme || ea.Section != eb.Section ||
		ea.Reason != eb.Reason || ea.Error() != eb.Error() || !slices.Equal(ea.Expected(), eb.Expected()) {
		return ea.Error() + " / " + eb.Error()
	}
	return ""
}

func errString(err error) string {
	if err == nil {
		return "accepted"
	}
	return err.Error()
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
