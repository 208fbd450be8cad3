package uri

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/urispec/urispec/internal/pct"
)

// Level is a rung of the comparison ladder of section 6.2 of 2396bis-01 and RFC 3986.
type Level uint8

const (
	// LevelSimple is simple string comparison (6.2.1): nothing is changed.
	LevelSimple Level = iota + 1
	// LevelSyntax is syntax-based normalization (6.2.2): case normalization of the
	// scheme, the host and the hex digits of escapes; decoding of escapes of unreserved
	// characters; removal of dot-segments from the path.
	LevelSyntax
	// LevelScheme adds scheme-based normalization (6.2.3): an empty port or the
	// scheme's default port is removed, and an empty http or https path with an
	// authority becomes "/".
	LevelScheme
)

var levelNames = [...]string{LevelSimple: "simple", LevelSyntax: "syntax", LevelScheme: "scheme"}

// String returns "simple", "syntax" or "scheme".
func (l Level) String() string {
	if l < LevelSimple || l > LevelScheme {
		return fmt.Sprintf("Level(%d)", uint8(l))
	}
	return levelNames[l]
}

// ParseLevel returns the Level named "simple", "syntax" or "scheme".
func ParseLevel(s string) (Level, error) {
	for l := LevelSimple; l <= LevelScheme; l++ {
		if levelNames[l] == s {
			return l, nil
		}
	}
	return 0, fmt.Errorf("unknown level %q (known: simple, syntax, scheme)", s)
}

// defaultPorts are the default ports of the schemes RFC 1738 section 3 defines with a
// port, and of https (RFC 2818).
var defaultPorts = map[string]string{
	"http": "80", "https": "443", "ftp": "21", "gopher": "70", "telnet": "23",
	"nntp": "119", "wais": "210", "prospero": "1525",
}

// emptyPathIsSlash lists the schemes whose empty path is equivalent to "/" (RFC 3986
// 6.2.3, for http; RFC 2616 3.2.3; RFC 2818 for https).
var emptyPathIsSlash = map[string]bool{"http": true, "https": true}

// Normalize returns s, valid under spec's generic syntax, normalized up to level; a
// step whose result the grammar would reject is left out. Syntax-based normalization
// decodes escapes of the spec's unreserved characters, fixes case, and removes the
// dot-segments of a path that begins with "/" with the spec's own resolution routine.
func Normalize(spec Spec, s string, level Level) (string, error) {
	if level < LevelSimple || level > LevelScheme {
		return "", fmt.Errorf("uri: unknown level %v", level)
	}
	r, err := parsePlain(spec, s)
	if err != nil {
		return "", err
	}
	if level == LevelSimple {
		return s, nil
	}
	n := &normalizer{spec: spec, r: r}
	steps := []func(parts) parts{n.decodeUnreserved, n.caseNormalize, n.pathSegments}
	if level >= LevelScheme {
		steps = append(steps, n.schemeBased)
	}
	cur := s
	for _, step := range steps {
		r, err := parsePlain(spec, cur)
		if err != nil {
			return "", err // cannot happen: cur is always valid
		}
		n.r = r
		next := step(partsOf(r)).String()
		if next != cur && validatePlain(spec, next) == nil {
			cur = next
		}
	}
	return cur, nil
}

// Equal reports whether a and b are equivalent at level: both are normalized under spec
// and compared as strings (6.2.1).
func Equal(spec Spec, a, b string, level Level) (bool, error) {
	na, err := Normalize(spec, a, level)
	if err != nil {
		return false, err
	}
	nb, err := Normalize(spec, b, level)
	if err != nil {
		return false, err
	}
	return na == nb, nil
}

type normalizer struct {
	spec Spec
	r    Reference
}

// decodeUnreserved decodes each escape of an unreserved character (6.2.2.2) in every
// component.
func (n *normalizer) decodeUnreserved(p parts) parts {
	set := n.spec.desc().unreserved
	dec := func(s string) string { return decodeEscapes(s, set) }
	if n.spec.desc().iri {
		dec = func(s string) string { return decodeUCS(decodeEscapes(s, set)) }
	}
	p.authority, p.path, p.query, p.fragment = dec(p.authority), dec(p.path), dec(p.query), dec(p.fragment)
	return p
}

// decodeEscapes decodes each escape of a character in set.
func decodeEscapes(s, set string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && pct.IsHex(s[i+1]) && pct.IsHex(s[i+2]) {
			c := pct.Unhex(s[i+1])<<4 | pct.Unhex(s[i+2])
			if strings.IndexByte(set, c) >= 0 {
				b.WriteByte(c)
				i += 2
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// decodeUCS decodes each run of escapes that is the UTF-8 of one ucschar, the non-ASCII
// part of iunreserved (RFC 3987 5.3.2: "ros%C3%A9" is "ros&#xE9;"). An escaped iprivate
// character stays escaped: it is not iunreserved, and is allowed only in iquery.
func decodeUCS(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		n := ucsEscapes(s[i:])
		if n == 0 {
			b.WriteByte(s[i])
			i++
			continue
		}
		for k := 0; k < n; k, i = k+1, i+3 {
			b.WriteByte(pct.Unhex(s[i+1])<<4 | pct.Unhex(s[i+2]))
		}
	}
	return b.String()
}

// ucsEscapes returns how many escapes at the start of s are the UTF-8 of one ucschar, or 0.
func ucsEscapes(s string) int {
	var buf [utf8.UTFMax]byte
	for n := 0; n < len(buf) && 3*n+2 < len(s) && s[3*n] == '%' && pct.IsHex(s[3*n+1]) && pct.IsHex(s[3*n+2]); n++ {
		buf[n] = pct.Unhex(s[3*n+1])<<4 | pct.Unhex(s[3*n+2])
		if r, size := utf8.DecodeRune(buf[:n+1]); size == n+1 && r != utf8.RuneError {
			if isUCSChar(r) {
				return n + 1
			}
			return 0
		}
	}
	return 0
}

// isASCII reports whether s has no byte above 0x7F.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// isUCSChar reports whether r is in RFC 3987's ucschar.
func isUCSChar(r rune) bool {
	switch {
	case r >= 0xA0 && r <= 0xD7FF, r >= 0xF900 && r <= 0xFDCF, r >= 0xFDF0 && r <= 0xFFEF:
		return true
	case r >= 0x10000 && r <= 0xDFFFD:
		return r&0xFFFF <= 0xFFFD
	case r >= 0xE1000 && r <= 0xEFFFD:
		return r&0xFFFF <= 0xFFFD
	}
	return false
}

// caseNormalize lower-cases the scheme and the host, and upper-cases the hex digits of
// every escape (6.2.2.1).
//
// An rfc6874 zone identifier keeps its case: 6.2.2.1 makes the host case-insensitive
// because a reg-name is a DNS name and an IP literal is hexadecimal, but a ZoneID names a
// zone (an interface, on most systems) whose format RFC 4007 section 11.2 leaves to the
// implementation, and interface names are case-sensitive on common systems. Only the
// address before "%25" is lower-cased.
func (n *normalizer) caseNormalize(p parts) parts {
	p.scheme = strings.ToLower(p.scheme)
	if host, ok := n.r.Get(Host); ok && p.hasAuthority {
		i := strings.LastIndexByte(p.authority, '@') + 1
		// RFC 3987 5.3.2.1: only a "US-ASCII only host" is case-insensitive.
		if strings.HasPrefix(p.authority[i:], host) && (!n.spec.desc().iri || isASCII(host)) {
			lowered := lowerOutsideEscapes(host)
			if zone, ok := n.r.Get(Zone); ok {
				lowered = lowerOutsideEscapes(host[:len(host)-len(zone)-1]) + host[len(host)-len(zone)-1:]
			}
			p.authority = p.authority[:i] + lowered + p.authority[i+len(host):]
		}
	}
	p.authority, p.path, p.query, p.fragment = upperEscapes(p.authority), upperEscapes(p.path), upperEscapes(p.query), upperEscapes(p.fragment)
	return p
}

// pathSegments removes dot-segments (6.2.2.3), unless the result would begin with "//"
// where there is no authority (it would become one).
//
// Which paths: RFC 3986 6.2.2.3 says normalizers "should remove dot-segments by applying
// the remove_dot_segments algorithm to the path", any path of a URI, so a rootless one
// too ("foo:a/../b" becomes "foo:/b", as resolution of that URI gives). 2396bis-01's
// 6.2.2.3 splits "the URI just after the "/" that starts the path", which a rootless path
// (its opaque-part) does not have, and the older specs define no normalization beyond
// their resolution steps, which begin at a "/": for them only a path beginning with "/"
// is touched. A relative-path reference is never touched under any spec: its dot-segments
// take part in resolution against a base ("../g" is not "g"), and both texts speak of
// URIs, not references.
func (n *normalizer) pathSegments(p parts) parts {
	d := n.spec.desc()
	if !strings.HasPrefix(p.path, "/") && !(p.hasScheme && d.rootlessDots) {
		return p
	}
	path := d.removeDots(p.path)
	if !p.hasAuthority && strings.HasPrefix(path, "//") {
		return p
	}
	p.path = path
	return p
}

// schemeBased removes an empty port and the scheme's default port, and writes an empty
// http(s) path as "/" (6.2.3).
func (n *normalizer) schemeBased(p parts) parts {
	scheme := strings.ToLower(p.scheme)
	if port, ok := n.r.Get(Port); ok && p.hasAuthority && strings.HasSuffix(p.authority, ":"+port) {
		if port == "" || port == defaultPorts[scheme] {
			p.authority = p.authority[:len(p.authority)-len(port)-1]
		}
	}
	if p.hasAuthority && p.path == "" && emptyPathIsSlash[scheme] {
		p.path = "/"
	}
	return p
}

// upperEscapes upper-cases the two hex digits after each "%".
func upperEscapes(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	b := []byte(s)
	for i := 0; i+2 < len(b); i++ {
		if b[i] == '%' && pct.IsHex(b[i+1]) && pct.IsHex(b[i+2]) {
			b[i+1], b[i+2] = upper(b[i+1]), upper(b[i+2])
			i += 2
		}
	}
	return string(b)
}

// lowerOutsideEscapes lower-cases ASCII letters, except the hex digits of escapes.
func lowerOutsideEscapes(s string) string {
	b := []byte(s)
	for i := 0; i < len(b); i++ {
		if b[i] == '%' && i+2 < len(b) && pct.IsHex(b[i+1]) && pct.IsHex(b[i+2]) {
			i += 2
			continue
		}
		if 'A' <= b[i] && b[i] <= 'Z' {
			b[i] += 'a' - 'A'
		}
	}
	return string(b)
}

func upper(c byte) byte {
	if 'a' <= c && c <= 'f' {
		return c - 'a' + 'A'
	}
	return c
}
