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
// schemeDesc.shortcut: http and https, file from the parts that the generic parse
// delimits; mailto, urn, data, tel and geo by a scan of their common forms), which decide
// a reference that the generic grammar accepted, against the scheme's grammar run in
// full and against the scheme's ABNF. On every benchmark corpus line, every string
// generated from the scheme's ABNF and from RFC 3986's with the scheme put in, and the
// near-misses of both, each accepted by the generic grammar of rfc3986 or rfc3987: where
// the shortcut decides, the grammar's run gives the same verdict and, for a rejection,
// the same error (offset, rule, message and expected set), and the ABNF the same verdict
// on the text the grammar reads (without the fragment but for urn's). Every shortcut
// must accept some of them under each spec.
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
		"mailto:a@b", "MAILTO:a.b@c.d,e@f?subject=Hi%20there&body=x", "mailto:?to=a@b", "mailto:", "mailto:a@b?",
		"mailto:a@b.", "mailto:a@b,", "mailto:a@b?x=1=2", "mailto:a@b?:=1", "mailto:a%41@b", "mailto:a@b%41",
		"mailto:a/b@c", "mailto:a@b#f", "mailto:a@é", "mailto:a@b?%41=1", "mailto:a@b?=1",
		"urn:isbn:0451450523", "URN:ISBN:x#f?g", "urn:ab:x", "urn:urn-1:x", "urn:x-y:z", "urn:abc:", "urn:abc:/x",
		"urn:abc:x?+r?=q#f", "urn:abc:x?y", "urn:" + strings.Repeat("a", 32) + ":x", "urn:" + strings.Repeat("a", 33) + ":x",
		"urn:abc:é", "urn:abc:x#é", "urn:ab-c:x", "urn:urn-12:x", "urn:urn-012:x", "urn:X-abc:x", "urn:a-b:x",
		"urn:-ab:x", "urn:ab-:x", "urn:schemas-microsoft-com:asm.v1",
		"data:,", "DATA:text/plain;charset=utf-8;BASE64,SGk=", "data:;base64,x", "data:text,x", "data:text/,x",
		"data:a/b;c=d;base64=e;base64,x", "data:a/b;=d,x", "data:a/b;c=,x", "data:a/b;c,x", "data:a%2F/b,x",
		"data:a/b;c%3D=d,x", "data:a/b;c=%3D,x", "data:a/b;base64x,x", "data:,x#y", "data:,é", "data:x#,y",
		"tel:+1-201-555-0123", "TEL:+(1)2", "tel:+", "tel:+-", "tel:+1;ext=2", "tel:555", "tel:+1a", "tel:+1#é",
		"geo:37.786971,-122.399677", "GEO:1,2,3;U=35", "geo:1,2;u=3.5", "geo:1,2;u=-3", "geo:1,2;crs=wgs84",
		"geo:91,0", "geo:-90.0,180", "geo:123,4", "geo:1,1234", "geo:1.,2", "geo:1,2,", "geo:1,2,3,4", "geo:1",
		"geo:1,2;u=", "geo:1,2;u=3;x=y", "geo:1,2#é",
	}
	for _, c := range benchCorpora(t) {
		inputs = append(inputs, c.lines...)
	}
	near := func(r *rand.Rand, s []byte) {
		for range nearMisses {
			inputs = append(inputs, string(mutate(r, s, schemeMutations)))
		}
	}
	for _, g := range uri.SchemeGrammars() {
		o := byRule[g.Rule]
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
		for _, scheme := range []string{"http", "HTTPS", "file", "File", "mailto", "URN", "data", "tel", "Geo"} {
			g := []byte(scheme + s[i:])
			inputs = append(inputs, string(g))
			near(rand.New(rand.NewPCG(uint64(seed), 0x5c4e3f)), g)
		}
	}

	for _, spec := range []uri.Spec{uri.RFC3986, uri.RFC3987} {
		t.Run(spec.String(), func(t *testing.T) {
			p, err := uri.NewParser(spec)
			if err != nil {
				t.Fatal(err)
			}
			gp, err := uri.NewParser(spec, uri.GenericOnly())
			if err != nil {
				t.Fatal(err)
			}
			counts := map[string]int{}
			acceptedBy := map[string]int{}
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
				name := strings.ToLower(s[:strings.IndexByte(s, ':')])
				if short == nil {
					acceptedBy[name]++
				}
				text := s
				if name != "urn" { // urn's grammar reads its f-component
					text, _, _ = strings.Cut(s, "#")
				}
				if !isASCII(text) {
					continue // the ABNF is of URIs; the grammar's run above read the mapped URI
				}
				var e *uri.Error
				rule := ruleOf[name]
				if errors.As(short, &e) {
					rule = ruleOf[e.Scheme]
				}
				if abnf, _ := byRule[rule].fast(text); abnf != (short == nil) {
					t.Errorf("%v: %q: shortcut %v, %s's ABNF valid %v", spec, s, short, rule, abnf)
				}
			}
			t.Logf("%v: %d inputs the generic grammar accepts: %v; accepted by scheme: %v", spec, len(seen), counts, acceptedBy)
			for name := range ruleOf {
				if uri.HasSchemeShortcut(name) && acceptedBy[name] == 0 {
					t.Errorf("%v: the shortcut of %s accepts none of the inputs", spec, name)
				}
			}
			if counts["accepted"] == 0 || counts["rejected"] == 0 || counts["undecided"] == 0 {
				t.Errorf("%v: the inputs do not reach every verdict: %v", spec, counts)
			}
		})
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
