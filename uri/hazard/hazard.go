package hazard

import (
	"fmt"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urispec/urispec/internal/engine"
	"github.com/urispec/urispec/internal/pct"
	"github.com/urispec/urispec/uri"
)

// Code names one kind of hazard. The codes are stable: tools may match on them.
type Code string

// The hazards of a valid reference. Each comes from the security considerations of the
// spec (RFC 3986 section 7, draft-fielding-uri-rfc2396bis-01 section 7, RFC 2396
// section 7, ...); Hazard.Section names the section of the reference's own spec where it
// has one, else RFC 3986's.
//
//	code                     what                                                   RFC 3986
//	rare-ip-format           a host that resolvers read as an IPv4 address in a      7.4
//	                         form other than dotted decimal: 2130706433, 0x7f.1,
//	                         0177.0.0.1, 127.1, 010.0.0.1, 1.2.3.4.
//	numeric-name             a host that ends in a number and is no IPv4 address:
//	                         425.510.425.510, 7147006462, o177.0.0.1 (RFC 1123 2.1,
//	                         URL Standard's ends-in-a-number checker)
//	misleading-userinfo      a userinfo that looks like a host name, an IPv4          7.6
//	                         address or a URL, in front of a different host
//	userinfo-password        a password after the userinfo's first ":"               3.2.1, 7.5
//	encoded-nul              %00                                                     7.3
//	encoded-control          %01-%1F or %7F: CR, LF, TAB and other controls           7.2
//	encoded-slash            %2F or %5C (/ or \) in a path segment                    7.3
//	encoded-dot-segment      a path segment that decodes to "." or ".." (%2e%2e)      7.3
//	encoded-alnum            a letter or digit escaped in a path (/%61dmin)           2.3, 6.2.2.2
//	double-encoding          %25 followed by two hex digits (%252e)                   7.3
//	encoded-non-utf8         escapes that do not decode to UTF-8 (%C0%AF, %FF)        7.3
//	unexpected-port          a port in 0-1023 other than the scheme's default         7.2
//	dot-segments-above-root  ".." segments that climb above the root of the path      5.4.2
//	bidi-formatting          a bidirectional formatting character (RFC 3987 4.1)
//	mixed-script-host        a host label that mixes scripts (RFC 3987 section 8)
//	lookalike-delimiter      a character in an IRI's authority that NFKC or IDNA maps
//	                         to ": / ? # @ [ ] ." (U+FF1A, U+3002; RFC 3987 section 8)
//	internal-host            a host that is a loopback, unspecified, link-local,
//	                         private, shared (carrier-grade NAT) or cloud metadata
//	                         address, in any notation (RFC 6890, RFC 4291 2.5), or
//	                         a name internal by itself: localhost (RFC 6761 6.3),
//	                         the clouds' metadata names (local.go)
//	ipv4-in-ipv6             an IPv6 host that embeds an IPv4 address: mapped,
//	                         translated, compatible, NAT64 (RFC 4291 2.5.5, RFC 6052)
//	script-scheme            javascript: or vbscript: (HTML Standard)
//	active-data              a data: URL of an active media type: text/html,
//	                         image/svg+xml, text/javascript, ... (RFC 2397 6)
//	file-scheme              file: naming a local file (RFC 8089 5)
//	file-remote-host         file: naming another host, which readers take for
//	                         a local file or a network share (RFC 8089 3, 5)
//	smuggling-scheme         gopher: or dict:, which write any bytes to any port
//	                         (RFC 3986 7.2, RFC 1738 6)
//	bad-port                 an http(s) or ws(s) port on the Fetch Standard's list
//	                         of bad ports (Fetch, port blocking)
//	http-userinfo            a userinfo in an http or https URI, which a recipient
//	                         should treat as an error (RFC 9110 4.2.4)
//	mailto-header            a mailto: header field other than subject, keywords
//	                         and body (RFC 6068 3, 4, 7)
//	special-without-slashes  a special scheme with no authority ("http:evil.example"),
//	                         from which a browser reads a host (URL Standard)
//	encoded-host             a host that escapes ASCII (%6c%6f%63%61%6c%68%6f%73%74):
//	                         RFC 3986 3.2.2 allows escapes only for UTF-8
//	network-path-reference   a relative reference that begins with "//" and names a
//	                         host (RFC 3986 4.2; OWASP, open redirects)
//	embedded-url             a query parameter (or a path) holding a URL of another
//	                         host, which a server that redirects or fetches by it
//	                         follows (CWE-601, open redirect; embedded.go)
//
// Parser differentials (Differentials): another reader of the same string,
// which accepts it too, reads a different part.
//
//	differential-host        a different host (or a host where this spec reads none)  3.2.2
//	differential-userinfo    a different userinfo                                    3.2.1
//	differential-port        a different port                                        3.2.3
//	differential-path        a different path and query, where both read an authority 3.3
//
// Lenient readings (Lenient): a lenient parser (net/url, the WHATWG parser)
// accepts a string that the spec rejects, and reads it in a way that misleads; the
// hazards of what it reads (internal-host, active-data, ...) follow.
//
//	lenient-reading          another parser reads what the spec rejects, at the byte
//	                         where the spec stopped (URL Standard, validation error)
const (
	RareIPFormat          Code = "rare-ip-format"
	NumericName           Code = "numeric-name"
	MisleadingUserinfo    Code = "misleading-userinfo"
	UserinfoPassword      Code = "userinfo-password"
	EncodedNUL            Code = "encoded-nul"
	EncodedControl        Code = "encoded-control"
	EncodedSlash          Code = "encoded-slash"
	EncodedDotSegment     Code = "encoded-dot-segment"
	EncodedAlnum          Code = "encoded-alnum"
	DoubleEncoding        Code = "double-encoding"
	EncodedNonUTF8        Code = "encoded-non-utf8"
	UnexpectedPort        Code = "unexpected-port"
	DotSegmentsAboveRoot  Code = "dot-segments-above-root"
	BidiFormatting        Code = "bidi-formatting"
	MixedScriptHost       Code = "mixed-script-host"
	LookalikeDelimiter    Code = "lookalike-delimiter"
	InternalHost          Code = "internal-host"
	IPv4InIPv6            Code = "ipv4-in-ipv6"
	ScriptScheme          Code = "script-scheme"
	ActiveData            Code = "active-data"
	FileScheme            Code = "file-scheme"
	FileRemoteHost        Code = "file-remote-host"
	SmugglingScheme       Code = "smuggling-scheme"
	BadPort               Code = "bad-port"
	HTTPUserinfo          Code = "http-userinfo"
	MailtoHeaderField     Code = "mailto-header"
	DifferentialHost      Code = "differential-host"
	DifferentialUserinfo  Code = "differential-userinfo"
	DifferentialPort      Code = "differential-port"
	DifferentialPath      Code = "differential-path"
	SpecialWithoutSlashes Code = "special-without-slashes"
	EncodedHost           Code = "encoded-host"
	NetworkPathReference  Code = "network-path-reference"
	EmbeddedURL           Code = "embedded-url"
	LenientReading        Code = "lenient-reading"
)

// Codes lists every code in the order of the table above.
func Codes() []Code {
	return []Code{RareIPFormat, NumericName, MisleadingUserinfo, UserinfoPassword, EncodedNUL,
		EncodedControl, EncodedSlash, EncodedDotSegment, EncodedAlnum, DoubleEncoding, EncodedNonUTF8,
		UnexpectedPort, DotSegmentsAboveRoot, BidiFormatting, MixedScriptHost,
		LookalikeDelimiter, InternalHost, IPv4InIPv6, ScriptScheme, ActiveData, FileScheme,
		FileRemoteHost, SmugglingScheme, BadPort, HTTPUserinfo, MailtoHeaderField, SpecialWithoutSlashes,
		EncodedHost, NetworkPathReference, EmbeddedURL, DifferentialHost,
		DifferentialUserinfo, DifferentialPort, DifferentialPath, LenientReading}
}

// Hazard is something about a valid reference that the specs' security considerations
// warn of, or a part of it that another parser reads differently.
type Hazard struct {
	Code Code `json:"code"`
	// Section is where the hazard is described: "RFC 3986, section 7.4".
	Section string `json:"section"`
	// Offset and Length are the byte span of the input the hazard concerns.
	Offset int `json:"offset"`
	Length int `json:"length"`
	// Message says what was found, for a person.
	Message string `json:"message"`
	// Note is true for a hazard that ordinary use shows as well, which lint prints only
	// when asked (-notes): an internal target named in its ordinary spelling
	// (http://localhost:8080/, http://127.0.0.1:3000, http://192.168.0.1/), the way
	// documentation of local servers and networks names them. The same target reached by
	// another spelling, a lenient reading or a URL inside another is no note.
	Note bool `json:"note,omitempty"`
}

// String gives the code, offset, message and section on one line.
func (h Hazard) String() string {
	return fmt.Sprintf("%s at byte %d: %s (%s)", h.Code, h.Offset, h.Message, h.Section)
}

// sections holds, for each code, the section of each family's document that describes
// it, in the order of the families of internal/engine (a spec's descriptor names its
// family); an empty entry falls back to RFC 3986's (the
// first column). draft-fielding-uri-
// rfc2396bis-01 numbers its section 7 without Back-End Transcoding (7.3 is Rare IP
// Address Formats, 7.4 Sensitive Information, 7.5 Semantic Attacks); RFC 2396,
// draft-fielding-url-syntax-05 (section 7) and RFC 1738 (section 6) have one unnumbered
// security section that speaks of ports, escaped CR and LF, and passwords.
var sections = map[Code][engine.NumFamilies - 1]string{
	RareIPFormat:          {"RFC 3986, section 7.4", "draft-fielding-uri-rfc2396bis-01, section 7.3"},
	NumericName:           {`RFC 1123, section 2.1; URL Standard, "ends in a number checker"`},
	MisleadingUserinfo:    {"RFC 3986, section 7.6", "draft-fielding-uri-rfc2396bis-01, section 7.5"},
	UserinfoPassword:      {"RFC 3986, sections 3.2.1 and 7.5", "draft-fielding-uri-rfc2396bis-01, section 7.4", "RFC 2396, section 7", "draft-fielding-url-syntax-05, section 7", "RFC 1738, section 6"},
	EncodedNUL:            {"RFC 3986, section 7.3"},
	EncodedControl:        {"RFC 3986, section 7.2", "draft-fielding-uri-rfc2396bis-01, section 7.2", "RFC 2396, section 7", "draft-fielding-url-syntax-05, section 7", "RFC 1738, section 6"},
	EncodedSlash:          {"RFC 3986, section 7.3"},
	EncodedDotSegment:     {"RFC 3986, section 7.3"},
	EncodedAlnum:          {"RFC 3986, sections 2.3 and 6.2.2.2"},
	DoubleEncoding:        {"RFC 3986, section 7.3"},
	EncodedNonUTF8:        {"RFC 3986, section 7.3"},
	UnexpectedPort:        {"RFC 3986, section 7.2", "draft-fielding-uri-rfc2396bis-01, section 7.2", "RFC 2396, section 7", "draft-fielding-url-syntax-05, section 7", "RFC 1738, section 6"},
	DotSegmentsAboveRoot:  {"RFC 3986, section 5.4.2", "draft-fielding-uri-rfc2396bis-01, Appendix C.2", "RFC 2396, Appendix C.2", "draft-fielding-url-syntax-05, Appendix C.2"},
	BidiFormatting:        {"RFC 3987, section 4.1"},
	MixedScriptHost:       {"RFC 3987, section 8"},
	LookalikeDelimiter:    {"RFC 3987, section 8"},
	InternalHost:          {"RFC 6890, sections 2.2.2 and 2.2.3; RFC 4291, section 2.5"},
	IPv4InIPv6:            {"RFC 4291, section 2.5.5; RFC 6052, section 2.1"},
	ScriptScheme:          {`HTML Standard, "javascript: URL special case"`},
	ActiveData:            {"RFC 2397, section 6"},
	FileScheme:            {"RFC 8089, section 5"},
	FileRemoteHost:        {"RFC 8089, sections 3 and 5"},
	SmugglingScheme:       {"RFC 3986, section 7.2; RFC 1738, section 6"},
	BadPort:               {`Fetch Standard, "port blocking"; RFC 3986, section 7.2`},
	HTTPUserinfo:          {"RFC 9110, section 4.2.4"},
	MailtoHeaderField:     {"RFC 6068, sections 3, 4 and 7"},
	SpecialWithoutSlashes: {`URL Standard, "special-scheme-missing-following-solidus"; RFC 3986, section 3.2`},
	EncodedHost:           {"RFC 3986, section 3.2.2"},
	NetworkPathReference:  {`RFC 3986, section 4.2; OWASP, "Unvalidated Redirects and Forwards Cheat Sheet"`},
	EmbeddedURL:           {`CWE-601, "URL Redirection to Untrusted Site"; OWASP, "Unvalidated Redirects and Forwards Cheat Sheet"`},
	DifferentialHost:      {"RFC 3986, section 3.2.2", "draft-fielding-uri-rfc2396bis-01, section 3.2.2", "RFC 2396, section 3.2.2"},
	DifferentialUserinfo:  {"RFC 3986, section 3.2.1", "draft-fielding-uri-rfc2396bis-01, section 3.2.2", "RFC 2396, section 3.2.2"},
	DifferentialPort:      {"RFC 3986, section 3.2.3", "draft-fielding-uri-rfc2396bis-01, section 3.2.2", "RFC 2396, section 3.2.2"},
	DifferentialPath:      {"RFC 3986, section 3.3", "draft-fielding-uri-rfc2396bis-01, section 3.3", "RFC 2396, section 3.3"},
	LenientReading:        {`URL Standard, "validation error"`},
}

// Section returns the section that describes the hazard code for references of spec:
// the spec's own document where it has such a section, else RFC 3986's.
func (c Code) Section(spec uri.Spec) string {
	row := sections[c]
	if f := engine.SpecOf(uint8(spec)).Family; f != 0 {
		if s := row[f-1]; s != "" {
			return s
		}
	}
	return row[engine.FamRFC3986-1]
}

// hazards collects the hazards of one reference.
type hazards struct {
	r   uri.Reference
	out []Hazard
	// f keeps what was read of the last host (Finder); nil when nothing is kept.
	f *Finder
	// Differentials groups the readers that agree (see diff).
	diffs   map[diffKey]int
	pending []pendingDiff
}

func (h *hazards) add(code Code, off, length int, format string, args ...any) {
	h.addSection(code, code.Section(h.r.Spec()), off, length, format, args...)
}

// addSection adds a hazard whose source is not its code's section: a name that RFC 6761
// or a cloud's documentation makes internal.
func (h *hazards) addSection(code Code, section string, off, length int, format string, args ...any) {
	if len(h.out) == cap(h.out) {
		// Doubled: append grows a long list by a quarter at a time, and a path of
		// escaped dot-segments has a hazard for each.
		h.out = slices.Grow(h.out, len(h.out)+1)
	}
	h.out = append(h.out, Hazard{Code: code, Section: section, Offset: off,
		Length: length, Message: fmt.Sprintf(format, args...)})
}

// Hazards returns the hazards of the reference itself, in the order of the input (see
// Code for the list); nil when there is none. It does not compare the reference
// with other parsers: Differentials does. The URL inside a jar:, view-source: or feed:
// URL is read too, and its hazards are given at their offsets in the reference.
//
// Each check reads the components as this spec splits them, so the same string can have
// different hazards under different specs (under RFC 2396 "a@b@c" is a registry-based
// authority, with no userinfo to mislead).
func Find(r uri.Reference) []Hazard { return hazardsAt(r, 0, nil) }

// Finder finds hazards as Find does, and keeps what it read of the last host it met
// (its address, whether it is an internal target): a caller that finds the hazards of
// one string under several specs, which mostly read the same host, reads that host once.
// Its zero value is ready to use. A Finder is not safe for concurrent use: give each
// goroutine its own.
type Finder struct {
	last *hostFacts
}

// Find returns the hazards of r, as the function Find does.
func (f *Finder) Find(r uri.Reference) []Hazard { return hazardsAt(r, 0, f) }

// hazardsAt is Hazards of a reference that is depth URLs deep inside others (nested);
// f, when not nil, keeps what was read of the hosts.
func hazardsAt(r uri.Reference, depth int, f *Finder) []Hazard {
	h := &hazards{r: r, f: f}
	h.schemes()
	h.host()
	h.numericName()
	h.networkPath()
	h.internalHost()
	h.userinfo()
	h.port()
	h.badPort()
	h.specialWithoutSlashes()
	h.escapes()
	h.encodedAlnum()
	h.path()
	if isIRI(r.Spec()) {
		h.iri()
	}
	h.nested(depth)
	h.embedded(depth)
	sortHazards(h.out)
	return h.out
}

// sortHazards orders hazards by offset, then by code order (insertion sort: few items).
func sortHazards(hs []Hazard) {
	for i := 1; i < len(hs); i++ {
		for j := i; j > 0 && hs[j].Offset < hs[j-1].Offset; j-- {
			hs[j], hs[j-1] = hs[j-1], hs[j]
		}
	}
}

// hostSpan is the span that names the server: the host, or under RFC 2396 and
// 2396bis-01 a registry-based authority (which has no host component).
func hostSpan(r uri.Reference) (begin, end int, ok bool) {
	if b, e, ok := r.Span(uri.Host); ok {
		return b, e, true
	}
	if r.HostKind() == uri.NoHost && !r.Has(uri.Userinfo) && !r.Has(uri.Port) {
		return r.Span(uri.Authority)
	}
	return 0, 0, false
}

func (h *hazards) host() {
	r := h.r
	b, e, ok := hostSpan(r)
	if !ok || r.HostKind() == uri.IPv6 || r.HostKind() == uri.IPvFuture {
		return
	}
	host := r.Input()[b:e]
	if addr, why, ok := rareIPv4(host); ok {
		h.add(RareIPFormat, b, e-b, "host %q is not an IPv4address in RFC 3986's dotted-decimal form, but resolvers (inet_aton, browsers) read it as the IPv4 address %s (%s)", host, addr, why)
	}
	if at := asciiEscapeAt(host); at >= 0 && !strings.HasPrefix(host, "[") { // RFC 6874's zone is "%25"
		h.add(EncodedHost, b+at, 3, "host %q escapes the ASCII character %q (%s): RFC 3986 allows percent-encoding in a host only for the octets of UTF-8 characters, and parsers decode it to the host %q, which a filter comparing the host as written does not see", host, pct.DecodeString(host[at:at+3]), host[at:at+3], strings.ToLower(pct.DecodeString(host)))
	}
}

// asciiEscapeAt is the offset of the first escape in host that decodes to an ASCII byte
// ("%6c" for "l"), or -1. RFC 3986 section 3.2.2: "URI producing applications must not
// use percent-encoding in host names unless it is used to represent a UTF-8 character
// sequence."
func asciiEscapeAt(host string) int {
	return escapeAt(host, func(c byte) bool { return c < 0x80 })
}

// escapeAt is the offset of the first escape in s whose octet satisfies match, or -1.
func escapeAt(s string, match func(byte) bool) int {
	for i := strings.IndexByte(s, '%'); i >= 0 && i+2 < len(s); {
		if pct.IsHex(s[i+1]) && pct.IsHex(s[i+2]) && match(pct.Unhex(s[i+1])<<4|pct.Unhex(s[i+2])) {
			return i
		}
		j := strings.IndexByte(s[i+1:], '%')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return -1
}

// rareIPv4 reads host as inet_aton(3) and the WHATWG URL Standard's IPv4 parser do: one
// to four parts separated by ".", each decimal, octal (a leading 0) or hexadecimal (0x),
// the last filling the remaining bytes, and a trailing "." ignored. ok is true when host
// is such an address and not in the dotted-decimal form that RFC 3986's IPv4address
// allows; why names the departures.
func rareIPv4(host string) (addr netip.Addr, why string, ok bool) {
	// Every part must be a C number (cNumber), which begins with a digit: most hosts are
	// names, and are let go before the split.
	if host == "" || len(host) > 64 || host[0] < '0' || host[0] > '9' {
		return netip.Addr{}, "", false
	}
	var reasons []string
	parts := strings.Split(host, ".")
	if len(parts) > 1 && parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
		reasons = append(reasons, "a trailing dot")
	}
	if len(parts) > 4 {
		return netip.Addr{}, "", false
	}
	vals := make([]uint64, len(parts))
	var hex, oct bool
	for i, p := range parts {
		v, base, valid := cNumber(p)
		if !valid {
			return netip.Addr{}, "", false
		}
		hex = hex || base == 16
		oct = oct || base == 8
		vals[i] = v
	}
	var n uint64
	for i, v := range vals[:len(vals)-1] {
		if v > 255 {
			return netip.Addr{}, "", false
		}
		n |= v << (8 * (3 - i))
	}
	last := vals[len(vals)-1]
	if last >= 1<<(8*(5-len(vals))) {
		return netip.Addr{}, "", false
	}
	n |= last
	switch {
	case len(parts) == 1:
		reasons = append(reasons, "a single number")
	case len(parts) < 4:
		reasons = append(reasons, fmt.Sprintf("%d parts instead of 4", len(parts)))
	}
	if hex {
		reasons = append(reasons, "hexadecimal parts")
	}
	if oct {
		reasons = append(reasons, "parts with a leading zero, which inet_aton reads as octal")
	}
	if len(reasons) == 0 {
		return netip.Addr{}, "", false
	}
	addr = netip.AddrFrom4([4]byte{byte(n >> 24), byte(n >> 16), byte(n >> 8), byte(n)})
	return addr, strings.Join(reasons, ", "), true
}

// cNumber parses one part of a C-style IPv4 literal: "0x" hex, "0" octal, else decimal.
// "0x" alone is 0 (as in the WHATWG IPv4 number parser).
func cNumber(p string) (v uint64, base int, ok bool) {
	switch {
	case p == "":
		return 0, 0, false
	case len(p) >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X'):
		base, p = 16, p[2:]
		if p == "" {
			return 0, 16, true
		}
	case len(p) > 1 && p[0] == '0':
		base, p = 8, p[1:]
	default:
		base = 10
	}
	// 11 digits hold any 32-bit value in octal (037777777777) and cannot overflow v.
	if len(p) > 11 {
		return 0, 0, false
	}
	for i := 0; i < len(p); i++ {
		c := p[i]
		var d uint64
		switch {
		case '0' <= c && c <= '9':
			d = uint64(c - '0')
		case base == 16 && pct.IsHex(c):
			d = uint64(pct.Unhex(c))
		default:
			return 0, 0, false
		}
		if d >= uint64(base) {
			return 0, 0, false
		}
		v = v*uint64(base) + d
	}
	return v, base, true
}

func (h *hazards) userinfo() {
	r := h.r
	b, e, ok := r.Span(uri.Userinfo)
	if !ok {
		return
	}
	ui := r.Input()[b:e]
	user, pass, hasPass := strings.Cut(ui, ":")
	if pb, pe, ok := r.Span(uri.Password); ok { // url-syntax-05 and RFC 1738 name the parts
		pass, hasPass = r.Input()[pb:pe], true
		user = r.Value(uri.User)
	}
	if hasPass && pass != "" {
		off := b + len(user) + 1
		h.add(UserinfoPassword, off, len(pass), "the userinfo holds a password (%s after the \":\"); \"user:password\" is deprecated and URIs are logged and displayed in clear text", count(len(pass), "1 byte", "bytes"))
	}
	hostB, hostE, _ := hostSpan(r)
	if why := misleadingUserinfo(ui, r.Input()[hostB:hostE]); why != "" {
		h.add(MisleadingUserinfo, b, e-b, "userinfo %q %s, but the host is %q", ui, why, r.Input()[hostB:hostE])
	}
}

// misleadingUserinfo says how a userinfo could be taken for the authority by a person
// (RFC 3986 7.6: "ftp://cnn.example.com&story=breaking_news@10.0.0.1/..."), or "". A
// userinfo misleads when its user name (before the first ":"), decoded, holds "/" or "\"
// (it looks like a URL or a path), or begins with a dotted name (two or more labels, the last with a letter) or with
// a dotted-decimal IPv4 address, that is not the host itself.
func misleadingUserinfo(ui, host string) string {
	// Only the user name is read as a name: a password is not displayed as one (and
	// userinfo-password flags it), so a "/" in "user:pa%2Fss" misleads no one.
	user, _, _ := strings.Cut(pct.DecodeString(ui), ":")
	if strings.ContainsAny(user, `/\`) {
		return `holds "/" or "\" and looks like a URL or path`
	}
	name := leadingDottedName(user)
	if name == "" || strings.EqualFold(name, host) {
		return ""
	}
	if _, err := netip.ParseAddr(name); err == nil {
		return fmt.Sprintf("begins with the IPv4 address %q", name)
	}
	return fmt.Sprintf("begins with the host-like name %q", name)
}

// leadingDottedName returns the longest prefix of s made of two or more labels of
// letters, digits and "-" joined by ".", whose last label has a letter or which is a
// dotted-decimal IPv4 address; "" when there is none.
func leadingDottedName(s string) string {
	end := 0
	for end < len(s) && (isAlnum(s[end]) || s[end] == '-' || s[end] == '.') {
		end++
	}
	name := strings.Trim(s[:end], ".-")
	if !strings.HasPrefix(s, name) {
		return ""
	}
	labels := strings.Split(name, ".")
	if len(labels) < 2 {
		return ""
	}
	for _, l := range labels {
		if l == "" {
			return ""
		}
	}
	if _, err := netip.ParseAddr(name); err == nil {
		return name
	}
	last := labels[len(labels)-1]
	if len(last) < 2 || strings.IndexFunc(last, func(c rune) bool { return c < 0x80 && isAlpha(byte(c)) }) < 0 {
		return ""
	}
	return name
}

func isAlpha(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isAlnum(c byte) bool { return isAlpha(c) || '0' <= c && c <= '9' }

func (h *hazards) port() {
	r := h.r
	b, e, ok := r.Span(uri.Port)
	if !ok || b == e || !r.IsAbsolute() {
		return
	}
	scheme := strings.ToLower(r.Value(uri.Scheme))
	def := defaultPort(scheme)
	if def == "" {
		return
	}
	port, err := strconv.Atoi(r.Input()[b:e])
	if err != nil || port > 1023 || strconv.Itoa(port) == def {
		return
	}
	h.add(UnexpectedPort, b, e-b, "port %d is in the well-known range (0-1023) and is not %s's default port %s: the client may talk %s to a service of another protocol", port, scheme, def, scheme)
}

// escapeComponents are the components whose escapes are checked, in input order.
var escapeComponents = []uri.Component{uri.Userinfo, uri.Host, uri.Path, uri.Query, uri.Fragment}

func (h *hazards) escapes() {
	r := h.r
	for _, c := range escapeComponents {
		b, e, ok := r.Span(c)
		if !ok {
			continue
		}
		text := r.Input()[b:e]
		if !strings.Contains(text, "%") {
			continue
		}
		var lineBreaks [][2]int
		if c == uri.Query {
			lineBreaks = mailtoLineBreaks(r)
		}
		h.escapesIn(c, b, text, lineBreaks)
	}
	// A registry-based authority (RFC 2396) has no host or userinfo spans.
	if !r.Has(uri.Host) && !r.Has(uri.Userinfo) {
		if b, e, ok := r.Span(uri.Authority); ok && strings.Contains(r.Input()[b:e], "%") {
			h.escapesIn(uri.Authority, b, r.Input()[b:e], nil)
		}
	}
}

// escapesIn checks the escapes of one component's text, which starts at byte base. In
// the spans lineBreaks (input offsets), "%0D%0A" is a line break of the text and no
// encoded control (mailtoLineBreaks).
func (h *hazards) escapesIn(c uri.Component, base int, text string, lineBreaks [][2]int) {
	var (
		nul, ctl, dbl  int
		nulAt, ctlAt   = -1, -1
		dblAt          = -1
		ctlByte        byte
		sawEscapedUTF8 bool
		// The text decoded, and the input offset of each decoded byte: at most one of
		// each a byte of text, allocated once at that size rather than grown by a
		// quarter at a time.
		decoded = make([]byte, 0, len(text))
		origin  = make([]int, 0, len(text))
	)
	for i := 0; i < len(text); i++ {
		if text[i] != '%' || i+2 >= len(text) || !pct.IsHex(text[i+1]) || !pct.IsHex(text[i+2]) {
			decoded = append(decoded, text[i])
			origin = append(origin, base+i)
			continue
		}
		v := pct.Unhex(text[i+1])<<4 | pct.Unhex(text[i+2])
		if v == '\r' && i+5 < len(text) && strings.EqualFold(text[i+3:i+6], "%0A") && inSpans(lineBreaks, base+i) {
			decoded = append(decoded, '\r', '\n')
			origin = append(origin, base+i, base+i+3)
			i += 5
			continue
		}
		switch {
		case v == 0:
			if nul == 0 {
				nulAt = base + i
			}
			nul++
		case v < 0x20 || v == 0x7f:
			if ctl == 0 {
				ctlAt, ctlByte = base+i, v
			}
			ctl++
		case v == '%' && i+4 < len(text) && pct.IsHex(text[i+3]) && pct.IsHex(text[i+4]):
			if dbl == 0 {
				dblAt = base + i
			}
			dbl++
		}
		if v >= 0x80 {
			sawEscapedUTF8 = true
		}
		decoded = append(decoded, v)
		origin = append(origin, base+i)
		i += 2
	}
	if nul > 0 {
		h.add(EncodedNUL, nulAt, 3, "the %s holds %s: a back end that decodes it may cut the string there or pass a NUL to the file system", c, count(nul, "an encoded NUL (%00)", "encoded NULs (%00)"))
	}
	if ctl > 0 {
		h.add(EncodedControl, ctlAt, 3, "the %s holds %s, the first %s: decoded before transmission, it can end a protocol line or add a header", c, count(ctl, "an encoded control character", "encoded control characters"), controlName(ctlByte))
	}
	if dbl > 0 {
		h.add(DoubleEncoding, dblAt, 5, "the %s holds %s (%s): decoded twice, it gives %q", c, count(dbl, "a double-encoded octet", "double-encoded octets"), text[dblAt-base:dblAt-base+5], pct.DecodeString(pct.DecodeString(text[dblAt-base:dblAt-base+5])))
	}
	if sawEscapedUTF8 && !utf8.Valid(decoded) {
		at := invalidUTF8At(decoded)
		h.add(EncodedNonUTF8, origin[at], 3, "the %s's escapes decode to bytes that are not UTF-8 (from byte 0x%02X): decoders differ on them (an overlong %%C0%%AF is \"/\" to a lax one)", c, decoded[at])
	}
	if c == uri.Path {
		h.pathEscapes(base, text)
	}
}

// count writes "an encoded NUL" or "3 encoded NULs": one is written with its article.
func count(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// controlName names a C0 control or DEL: "%0A (LF)".
func controlName(b byte) string {
	names := map[byte]string{0x09: "TAB", 0x0A: "LF", 0x0D: "CR", 0x7F: "DEL", 0x1B: "ESC", 0x08: "BS", 0x0C: "FF", 0x0B: "VT"}
	if n, ok := names[b]; ok {
		return fmt.Sprintf("%%%02X (%s)", b, n)
	}
	return fmt.Sprintf("%%%02X", b)
}

// invalidUTF8At is the index of the first byte of b that does not begin a valid UTF-8
// sequence.
func invalidUTF8At(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return 0
}

// pathEscapes flags an encoded "/" or "\" and segments that decode to a dot-segment.
func (h *hazards) pathEscapes(base int, path string) {
	lower := strings.ToLower(path)
	for _, esc := range []string{"%2f", "%5c"} {
		if i := strings.Index(lower, esc); i >= 0 {
			ch := "/"
			if esc == "%5c" {
				ch = `\`
			}
			h.add(EncodedSlash, base+i, 3, "an encoded %q in a path segment: a back end that decodes before splitting the path sees one more segment (path traversal past a prefix check)", ch)
		}
	}
	off := 0
	for _, seg := range strings.Split(path, "/") {
		if strings.Contains(seg, "%") {
			if d := pct.DecodeString(seg); d == "." || d == ".." {
				h.add(EncodedDotSegment, base+off, len(seg), "path segment %q decodes to %q: RFC 3986 resolution keeps it, a back end or a browser that decodes first removes it as a dot-segment", seg, d)
			}
		}
		off += len(seg) + 1
	}
}

// path flags ".." segments that climb above the root of an absolute path.
func (h *hazards) path() {
	r := h.r
	b, e, ok := r.Span(uri.Path)
	// A ".." segment of an absolute path follows a "/": most paths have none, and are let
	// go before the split.
	if !ok || !strings.HasPrefix(r.Input()[b:e], "/") || !strings.Contains(r.Input()[b:e], "/..") {
		return
	}
	path := r.Input()[b:e]
	depth := 0
	off := 1
	segs := strings.Split(path[1:], "/")
	for i, seg := range segs {
		switch seg {
		case ".":
		case "..":
			if depth == 0 {
				h.add(DotSegmentsAboveRoot, b+off, 2, "a \"..\" segment climbs above the root of the path %q: RFC 3986 drops it, earlier specs and many servers keep it, and a file system reads it as the parent directory", path)
				return
			}
			depth--
		default:
			if i < len(segs)-1 || seg != "" {
				depth++
			}
		}
		off += len(seg) + 1
	}
}
