package uri

import (
	"strings"
)

// specialWithoutSlashes raises SpecialWithoutSlashes for an absolute reference whose
// scheme is one of the URL Standard's special schemes other than file (http, https, ws,
// wss, ftp) and that has no authority: "http:evil.example" and "http:/evil.example" are
// valid under RFC 3986 (a path, no host), not valid URL strings
// (special-scheme-missing-following-solidus), and the URL parser reads a host from them
// (its "special authority ignore slashes state"). A check that finds no host in the
// reference lets a browser fetch one.
func (h *hazards) specialWithoutSlashes() {
	r := h.r
	b, e, ok := r.Span(Scheme)
	if !ok || r.Has(Authority) {
		return
	}
	scheme := r.input[b:e]
	if !isSpecialScheme(scheme) || strings.EqualFold(scheme, "file") {
		return
	}
	authority, host := browserHost(r.input[e+1:])
	if host == "" {
		return // the URL parser fails (host-missing): nothing is fetched
	}
	h.add(SpecialWithoutSlashes, e+1, authority,
		"%s: has no authority here (its path is %q), but a browser reads the host %q from it: the URL parser takes the text after a special scheme for an authority, with or without \"//\" (not a valid URL string: special-scheme-missing-following-solidus)",
		scheme, r.Value(Path), host)
}

// browserHost is the host that the URL parser reads from rest, the text after a special
// scheme's ":" when it does not begin with "//": leading "/" and "\" are skipped, the
// authority ends at "/", "\", "?" or "#", the userinfo before its last "@" is dropped,
// and so is a port. n is the length of the slashes and the authority.
func browserHost(rest string) (n int, host string) {
	start := len(rest) - len(strings.TrimLeft(rest, `/\`))
	rest = rest[start:]
	if i := strings.IndexAny(rest, `/\?#`); i >= 0 {
		rest = rest[:i]
	}
	return start + len(rest), hostOfAuthority(rest)
}

// hostOfAuthority drops the userinfo (up to the last "@") and the port of an authority.
func hostOfAuthority(rest string) string {
	if i := strings.LastIndexByte(rest, '@'); i >= 0 {
		rest = rest[i+1:]
	}
	if i := strings.IndexByte(rest, ':'); i >= 0 {
		rest = rest[:i]
	}
	return rest
}
