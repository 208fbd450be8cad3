package hazard

import (
	"strconv"
	"strings"
	"sync"

	"github.com/urispec/urispec/internal/engine"
	"github.com/urispec/urispec/uri"
	"github.com/urispec/urispec/uri/rfc1738"
)

// What this package reads of a spec: its descriptor's facts (internal/engine), and its
// grammar without the scheme grammars.

func isIRI(spec uri.Spec) bool          { return engine.SpecOf(uint8(spec)).IRI }
func wholeAuthority(spec uri.Spec) bool { return engine.SpecOf(uint8(spec)).WholeAuthority }

// plainPools keeps, for each spec, Parsers of the spec's grammar without the scheme
// grammars that rfc3986 and rfc3987 layer on it: a reader, a nested URL and the generic
// reading of a rejected string are read by the spec's generic syntax, as resolution and
// normalization read them. GenericOnly turns the scheme grammars off; it is given only
// where the Parser checks them, since under rfc1738 it would turn off RFC 1738's own
// scheme rules too.
var plainPools = func() []sync.Pool {
	pools := make([]sync.Pool, len(uri.Specs())+1)
	for _, spec := range uri.Specs() {
		pools[spec].New = func() any {
			p, _ := uri.NewParser(spec)
			if p.SchemeGrammars() {
				p, _ = uri.NewParser(spec, uri.GenericOnly())
			}
			return p
		}
	}
	return pools
}()

// parsePlain is uri.Parse without the scheme grammars.
func parsePlain(spec uri.Spec, s string) (uri.Reference, error) {
	if int(spec) <= 0 || int(spec) >= len(plainPools) {
		return uri.Parse(spec, s) // its error names the value
	}
	p := plainPools[spec].Get().(*uri.Parser)
	defer plainPools[spec].Put(p)
	return p.Parse(s)
}

// schemeOf returns the scheme s begins with: text before a ":" that no "/", "?" or "#"
// precedes (a relative reference's first segment has no ":"); ok is false for none.
func schemeOf(s string) (scheme string, ok bool) {
	i := strings.IndexAny(s, ":/?#")
	if i <= 0 || s[i] != ':' {
		return "", false
	}
	return s[:i], true
}

// defaultPort is the default port of the schemes RFC 1738 section 3 gives one, and of
// https (RFC 2818); "" for another scheme.
func defaultPort(scheme string) string {
	if scheme == "https" {
		return "443"
	}
	if p, ok := rfc1738.DefaultPort(scheme); ok && p != 0 {
		return strconv.Itoa(p)
	}
	return ""
}
