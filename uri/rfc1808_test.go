package uri_test

import (
	"testing"

	"github.com/urispec/urispec/uri"
)

// TestRFC1808SplitAgreesWithBNF: package uri splits an rfc1808 URL with the rules of
// RFC 1808 section 2.4; wherever the BNF's generic-RL or relativeURL derives the URL (the
// generated parser's syntax tree says which), the parts must be the derivation's: the
// scheme, net_loc, params, query and fragment tokens. Checked on strings generated from
// grammar/rfc1808.abnf and on the examples.
func TestRFC1808SplitAgreesWithBNF(t *testing.T) {
	var o *oracle
	for _, x := range loadOracles(t) {
		if x.spec == uri.RFC1808 {
			o = x
		}
	}
	if o == nil {
		t.Fatal("no rfc1808 oracle")
	}
	g, _ := uri.GenParser(uri.RFC1808)
	m := g.New()
	top := g.ID("URL")
	parts := map[string]uri.Component{"scheme": uri.Scheme, "net_loc": uri.Authority, "params": uri.Params, "query": uri.Query, "fragment": uri.Fragment}
	checked, opaque := 0, 0
	inputs := []string{"http://a/b/c/d;p?q#f", "//a?b/c", "a:b", "1a:b;c?d#e", "http://h//x", ";x", "", "#f", "/;a/b;c?d"}
	for seed := int64(0); seed < 3000; seed++ {
		inputs = append(inputs, string(o.generated(seed)))
	}
	for _, s := range inputs {
		r, err := uri.Parse(uri.RFC1808, s)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if !m.Run(s, top) {
			t.Fatalf("%q: the generated parser rejects it", s)
		}
		got := map[uri.Component]string{}
		derived := false
		for _, tok := range m.Tokens(nil) {
			name := g.Name(int(tok[0]))
			if name == "generic_RL" || name == "relativeURL" && tok[1] == 0 {
				derived = true
			}
			if c, ok := parts[name]; ok {
				got[c] = s[tok[1]:tok[2]]
			}
		}
		if !derived {
			opaque++ // scheme ":" *( uchar | reserved ): the BNF names no parts
			continue
		}
		checked++
		for _, c := range parts {
			want, ok := r.Get(c)
			if v, has := got[c]; has != ok || v != want {
				t.Errorf("%q: %s: section 2.4 gives %q (defined %v), the BNF's derivation %q (defined %v)", s, c, want, ok, v, has)
			}
		}
	}
	if checked < 1000 || opaque == 0 {
		t.Errorf("%d strings checked, %d only opaque: too few to mean anything", checked, opaque)
	}
	t.Logf("%d URLs derived by generic-RL or relativeURL agree with section 2.4; %d derived only as scheme \":\" *( uchar | reserved )", checked, opaque)
}
