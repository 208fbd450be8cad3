package uri_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urispec/urispec/uri"
)

// appendixB is the regular expression of RFC 3986 Appendix B (and RFC 2396 Appendix B):
// scheme $2, authority $4, path $5, query $7, fragment $9.
var appendixB = regexp.MustCompile(`^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`)

// part is a component as the tests see it: Defined false means undefined.
type part struct {
	Value   string
	Defined bool
}

// splitB splits s with the Appendix B expression.
func splitB(s string) map[uri.Component]part {
	m := appendixB.FindStringSubmatchIndex(s)
	get := func(g int) part {
		if m[2*g] < 0 {
			return part{}
		}
		return part{s[m[2*g]:m[2*g+1]], true}
	}
	return map[uri.Component]part{
		uri.Scheme: get(2), uri.Authority: get(4), uri.Path: get(5), uri.Query: get(7), uri.Fragment: get(9),
	}
}

// checkParsed requires the components of a valid r to equal Appendix B's split of its
// input, and its recomposition (RFC 3986 5.3) to give the input back.
func checkParsed(t *testing.T, r uri.Reference) {
	t.Helper()
	got := map[uri.Component]part{}
	for c := range splitB("") {
		v, ok := r.Get(c)
		got[c] = part{v, ok}
	}
	// RFC 1808 2.4.3 takes the net_loc up to the next "/" before looking for a "?", and
	// its grammar agrees (net_loc = *( pchar | ";" | "?" )): where the net_loc holds a "?",
	// its split is not Appendix B's, and only the recomposition is checked.
	if r.Spec() == uri.RFC1808 && strings.Contains(r.Value(uri.Authority), "?") {
		got = splitB(r.Input())
	}
	if diff := cmp.Diff(splitB(r.Input()), got); diff != "" {
		t.Errorf("%s %q: components differ from Appendix B (-regexp +parsed):\n%s", r.Spec(), r.Input(), diff)
	}
	if s := r.String(); s != r.Input() {
		t.Errorf("%s %q: recomposed as %q", r.Spec(), r.Input(), s)
	}
}
