package hazard

import (
	"github.com/urispec/urispec/internal/ipv4num"
	"github.com/urispec/urispec/internal/pct"
	"github.com/urispec/urispec/uri"
)

// numericName flags a host whose last label is a number and that is no IPv4 address in
// any notation (a part above 255, more than 32 bits, "o177"): RFC 1123 section 2.1 says
// that no host name has that form ("at least the highest-level component label will be
// alphabetic"), and the URL Standard's host parser fails it (its "ends in a number
// checker" hands it to the IPv4 parser, which fails), so a browser refuses the URL while
// RFC 3986 and net/url read a name that the platform's resolver is left to make
// something of (RFC 3986 section 7.4 warns of those routines).
func (h *hazards) numericName() {
	r := h.r
	b, e, ok := hostSpan(r)
	if !ok || r.HostKind() == uri.IPv6 || r.HostKind() == uri.IPvFuture || r.HostKind() == uri.IPv4 {
		return
	}
	host := r.Input()[b:e]
	if !ipv4num.EndsInANumber(host) {
		return
	}
	if _, _, ok := rareIPv4(host); ok {
		return // an address: rare-ip-format
	}
	h.add(NumericName, b, e-b, "host %q ends in a number and is no IPv4 address: no host name has that form, a browser's URL parser fails it, while RFC 3986 and net/url read a name and leave it to the platform's resolver, whose routines read numeric text in forms of their own (RFC 3986, section 7.4)", host)
}

// networkPath flags a relative reference that begins with "//" and so names a host: it
// looks like a path on the page's own site, and a check that a redirect target begins
// with "/" lets it go to another host (OWASP: "Input starting with a / to redirect to
// local pages is not safe").
func (h *hazards) networkPath() {
	r := h.r
	if r.Has(uri.Scheme) {
		return
	}
	_, e, ok := r.Span(uri.Authority)
	if !ok {
		return
	}
	// RFC 1808's net_loc and RFC 2396's registry-based authority have no host span. An
	// empty host ("///evil.example") names none here: the differentials say what the
	// URL parser makes of it.
	hb, he, ok := hostSpan(r)
	if !ok || hb == he {
		return
	}
	host := r.Input()[hb:he]
	h.add(NetworkPathReference, 0, e, "a network-path reference: it begins with \"/\" like a path on the page's own site, and names the host %q, which the reference reaches with the page's scheme: a check that a redirect target begins with \"/\" lets it go to another host", host)
}

// encodedAlnum flags a path that percent-encodes a letter or a digit ("/%61dmin"): RFC
// 3986 section 2.3 says such escapes "should not be created by URI producers" and are
// equivalent to the character (section 6.2.2.2), and a server decodes them before it
// routes, so a rule on the path as written ("/admin") does not see the path served. Only
// letters and digits: "%7E" and "%2D" are what older encoders write for "~" and "-".
func (h *hazards) encodedAlnum() {
	r := h.r
	b, e, ok := r.Span(uri.Path)
	if !ok {
		return
	}
	path := r.Input()[b:e]
	if i := escapeAt(path, isAlnum); i >= 0 {
		h.add(EncodedAlnum, b+i, 3, "the path escapes the character %q (%s): URI producers should not encode letters and digits, a server decodes them before it routes, and a rule on the path as written does not see the path %q it serves", pct.DecodeString(path[i:i+3]), path[i:i+3], pct.DecodeString(path))
	}
}
