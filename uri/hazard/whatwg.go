package hazard

import (
	"strings"

	"github.com/urispec/urispec/uri"
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
	b, e, ok := r.Span(uri.Scheme)
	if !ok || r.Has(uri.Authority) {
		return
	}
	scheme := r.Input()[b:e]
	if !specialSchemes[strings.ToLower(scheme)] {
		return
	}
	authority, hostport := browserHost(r.Input()[e+1:])
	host, _, _ := strings.Cut(hostport, ":")
	if host == "" || uri.Validate(uri.WHATWG, "http://"+hostport) != nil {
		// No host (the URL parser fails: host-missing), or a host and port that are not
		// valid ("%2f%2fh", "...", "h:bar"), which the parser may refuse: only a host it
		// surely reads is reported.
		return
	}
	h.add(SpecialWithoutSlashes, e+1, authority,
		"%s: has no authority here (its path is %q), but a browser reads the host %q from it: the URL parser takes the text after a special scheme for an authority, with or without \"//\" (not a valid URL string: special-scheme-missing-following-solidus)",
		scheme, r.Value(uri.Path), host)
}

// browserHost is the host and port that the URL parser reads from rest, the text after
// a special scheme's ":" when it does not begin with "//": leading "/" and "\" are
// skipped, the authority ends at "/", "\", "?" or "#", and the userinfo before its last
// "@" is dropped. n is the length of the slashes and the authority.
func browserHost(rest string) (n int, hostport string) {
	start := len(rest) - len(strings.TrimLeft(rest, `/\`))
	rest = rest[start:]
	if i := strings.IndexAny(rest, `/\?#`); i >= 0 {
		rest = rest[:i]
	}
	n = start + len(rest)
	if i := strings.LastIndexByte(rest, '@'); i >= 0 {
		rest = rest[i+1:]
	}
	return n, rest
}
