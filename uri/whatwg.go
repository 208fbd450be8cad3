package uri

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urispec/urispec/internal/ipv4num"
	"github.com/urispec/urispec/internal/pct"
	"github.com/urispec/urispec/internal/uts46"
)

// The parts of the WHATWG URL Standard's valid URL string that it defines by procedure,
// checked after grammar/whatwg.peg accepts a string, and the standard's validation-error
// names given to the errors of both. Section numbers are those of url.bs (see
// spec_whatwg.go).

// baseKind is what a base URL's scheme and path make of a relative-URL string (4.3).
type baseKind uint8

const (
	noBase         baseKind = iota
	specialBase             // a special scheme other than "file"
	fileBase                // "file"
	otherBase               // any other scheme, with a path that is not opaque
	opaquePathBase          // any other scheme, with an opaque path
	numBaseKinds
)

// whatwgEntries are the entry rules of grammar/whatwg.peg by baseKind.
var whatwgEntries = [numBaseKinds]string{
	noBase:         "valid_URL_string_without_base",
	specialBase:    "valid_URL_string_for_special_base",
	fileBase:       "valid_URL_string_for_file_base",
	otherBase:      "valid_URL_string_for_other_base",
	opaquePathBase: "valid_URL_string_for_opaque_path_base",
}

// isSpecialScheme reports whether scheme is one of the standard's special schemes
// (4.2), in any case.
func isSpecialScheme(scheme string) bool {
	switch strings.ToLower(scheme) {
	case "ftp", "file", "http", "https", "ws", "wss":
		return true
	}
	return false
}

// urlSchemeOf returns the URL-scheme string that begins s and is followed by ":", or "".
// A URL-scheme string (4.3) is RFC 3986's scheme, which schemePrefix reads.
func urlSchemeOf(s string) string {
	if i, ok := schemePrefix(s); ok {
		return s[:i]
	}
	return ""
}

// kindOfBase says how a base URL reads a relative-URL string: by its scheme, and for a
// scheme that is not special, by whether its path is opaque (what follows "scheme:" does
// not begin with "/", as the URL parser's scheme state decides). The base is read as the
// URL parser reads a URL record's scheme, not checked for validity: a relative-URL
// string's validity depends only on these two properties of its base.
func kindOfBase(base string) (baseKind, error) {
	scheme := urlSchemeOf(base)
	if scheme == "" {
		return noBase, fmt.Errorf("uri: base %q has no scheme (a base URL is absolute)", base)
	}
	switch {
	case strings.EqualFold(scheme, "file"):
		return fileBase, nil
	case isSpecialScheme(scheme):
		return specialBase, nil
	case strings.HasPrefix(base[len(scheme)+1:], "/"):
		return otherBase, nil
	}
	return opaquePathBase, nil
}

// whatwgCheck runs the procedures of a valid URL string on a Reference that the grammar
// accepted: a host of a special URL must be a valid domain (3.4) unless the grammar read
// it as an IPv4 or IPv6 address, and a port must be a 16-bit unsigned integer (4.3).
func whatwgCheck(r Reference) *Error {
	if h := r.spans[Host]; h.defined() && r.hostKind == HostName {
		if e := checkDomain(r.input, int(h.start()), int(h.end)); e != nil {
			return e
		}
	}
	if p := r.spans[Port]; p.defined() && p.end > p.start() {
		digits := r.input[p.start():p.end]
		if n, err := strconv.ParseUint(digits, 10, 64); err != nil || n > 65535 {
			return (&Error{Spec: WHATWG, Input: r.input, Offset: int(p.start()), Rule: "URL-port string",
				Validation: "port-out-of-range",
				Section:    "URL Standard section 4.3", Reason: digits + " is not a 16-bit unsigned integer (0 to 65535)"}).
				withSource(portExpected)
		}
	}
	return nil
}

// The expected sets of whatwg's checks after the grammar: a port, a domain.
var (
	portExpected   = fixedExpected("16-bit unsigned integer")
	domainExpected = fixedExpected("valid domain", "valid IPv4-address string")
)

// checkDomain is "valid domain" (3.4) for input[start:end]: the domain parser with
// beStrict true must not fail (UTS #46 ToASCII with CheckHyphens, CheckBidi,
// CheckJoiners, UseSTD3ASCIIRules and VerifyDnsLength set, nontransitional:
// internal/uts46, which corrects golang.org/x/net/idna's departures from UTS #46 and its
// conformance data), and its result must not end in a number. Of the validation errors
// the URL parser reports for such a host, the error names the first.
func checkDomain(input string, start, end int) *Error {
	host := input[start:end]
	fail := func(name, reason string) *Error {
		return (&Error{Spec: WHATWG, Input: input, Offset: start, Rule: "valid domain string",
			Validation: name, Section: "URL Standard section 3.4", Reason: reason}).withSource(domainExpected)
	}
	ascii, err := validDomainASCII(host)
	if err != nil {
		// Concatenated rather than formatted: every rejection of a host by UTS #46 pays
		// for its message, and fmt's was a tenth of such a rejection.
		return fail("domain-to-ASCII", strconv.Quote(host)+" is not a valid domain: "+err.Error())
	}
	if ipv4num.EndsInANumber(ascii) {
		return fail(ipv4Error(ascii), strconv.Quote(host)+" ends in a number, so it is read as an IPv4 address, and is not a valid IPv4-address string")
	}
	return nil
}

// validDomainASCII is the domain parser of 3.3 with beStrict true: UTS #46 ToASCII,
// which decides most hosts (ASCII letters, digits and hyphens) without the Unicode
// tables. With beStrict true the parser returns ToASCII's result as it is; its forbidden
// domain code points, which it checks only with beStrict false, are ASCII code points
// that UseSTD3ASCIIRules refuses (TestIdnaTestV2Domains checks that none remains).
func validDomainASCII(host string) (string, error) {
	return uts46.ToASCII(host, true)
}

// ipv4Error is the first validation error the IPv4 parser (3.5) reports for s, a host
// that ends in a number; "" if it reports none.
func ipv4Error(s string) string {
	parts := strings.Split(s, ".")
	first := ""
	note := func(name string) {
		if first == "" {
			first = name
		}
	}
	if parts[len(parts)-1] == "" {
		note("IPv4-empty-part")
		if len(parts) > 1 {
			parts = parts[:len(parts)-1]
		}
	}
	if len(parts) < 4 {
		note("IPv4-too-few-parts")
	}
	if len(parts) > 4 {
		note("IPv4-too-many-parts")
		return first
	}
	for _, p := range parts {
		n, nonDecimal, ok := ipv4num.Parse(p)
		if !ok {
			note("IPv4-non-numeric-part")
			return first
		}
		if nonDecimal {
			note("IPv4-non-decimal-part")
		}
		if n > 255 {
			note("IPv4-out-of-range-part")
		}
	}
	return first
}

// whatwgName gives a grammar error the validation-error name the URL parser reports for
// the same fault, where there is one: the character at the error, the rule that was
// being parsed and the base (the ParserOption Base, "" for none) decide. "" where the
// URL parser reports no validation error there: a fault that only the writing rules see
// (the standard says the two can differ).
func whatwgName(s string, off int, rule, base string) string {
	// The URL parser first strips leading and trailing C0 controls and spaces and
	// removes every tab and newline, each time reporting invalid-URL-unit.
	if hasStrippedUnit(s) {
		return "invalid-URL-unit"
	}
	scheme := urlSchemeOf(s)
	special := isSpecialScheme(scheme)
	k := noBase
	if base != "" {
		k, _ = kindOfBase(base)
	}
	if scheme == "" {
		special = k == specialBase || k == fileBase
	}
	if strings.Contains(rule, "IPv6") || rule == "ls32" || strings.HasPrefix(rule, "pieces") ||
		rule == "valid host string" && strings.LastIndexByte(s[:off], '[') > strings.LastIndexByte(s[:off], ']') {
		return ipv6Name(s, off)
	}
	inHost := strings.Contains(rule, "host") || rule == "valid domain string"
	afterScheme := len(scheme) + 1 // where the part after "scheme:" begins
	switch {
	case scheme == "" && (k == noBase || k == opaquePathBase && !strings.HasPrefix(s, "#")):
		// A relative string without a base, or other than "#" and a fragment after a
		// base with an opaque path: the URL parser fails at once.
		return "missing-scheme-non-relative-URL"
	case special && scheme != "" && off <= afterScheme+1 &&
		!strings.HasPrefix(s[afterScheme:], "//"):
		return "special-scheme-missing-following-solidus"
	case off >= len(s):
		if inHost && special {
			return "host-missing"
		}
		return ""
	}
	c := s[off]
	switch {
	case c == '\\' && special:
		return "invalid-reverse-solidus"
	case inAuthorityWithAt(s, off, special):
		// The URL parser's authority state finds the "@" before it reads the host.
		return "invalid-credentials"
	case inHost && c == ':' && s[off-1] == '/':
		return "host-missing"
	case inHost && special && c == '%' && !brokenPercent(s, off):
		return "domain-percent-encoded"
	case inHost && special && (c == '/' || c == '?' || c == '#') && s[off-1] == '/':
		return "host-missing"
	case inHost && special:
		// Any other character the grammar refuses in a special URL's host fails UTS #46
		// ToASCII with UseSTD3ASCIIRules.
		return "domain-to-ASCII"
	case brokenPercent(s, off):
		return "invalid-URL-unit"
	case inHost && isForbiddenHost(c):
		return "host-invalid-code-point"
	case rule == "URL-port string" && c != '/' && c != '?' && c != '#':
		return "port-invalid"
	case !isURLUnitAt(s, off):
		return "invalid-URL-unit"
	}
	return ""
}

// hasStrippedUnit reports whether the URL parser strips a code point of s: a C0 control
// or space at either end (a byte at most ' ': no byte of a character outside ASCII is
// one), or a tab or newline anywhere.
func hasStrippedUnit(s string) bool {
	if s == "" {
		return false
	}
	if s[0] <= ' ' || s[len(s)-1] <= ' ' {
		return true
	}
	// Three vector scans cost less than one loop over the bytes.
	return strings.IndexByte(s, '\t') >= 0 || strings.IndexByte(s, '\n') >= 0 || strings.IndexByte(s, '\r') >= 0
}

// inAuthorityWithAt reports whether off lies in the authority of s (after the first
// "//", up to "/", "?", "#", or for a special URL "\\") and that authority holds an "@".
func inAuthorityWithAt(s string, off int, special bool) bool {
	i := strings.Index(s, "//")
	if i < 0 || off < i+2 || i > 0 && urlSchemeOf(s) != s[:i-1] {
		return false
	}
	end := i + 2
	for ; end < len(s); end++ {
		if c := s[end]; c == '/' || c == '?' || c == '#' || c == '\\' && special {
			break
		}
	}
	return off <= end && strings.IndexByte(s[i+2:end], '@') >= 0
}

// brokenPercent reports whether s[off] is a "%" that does not begin a percent-encoded
// byte, or one of the two code points after such a "%".
func brokenPercent(s string, off int) bool {
	for i := max(off-2, 0); i <= off; i++ {
		if s[i] == '%' && !(i+2 < len(s) && pct.IsHex(s[i+1]) && pct.IsHex(s[i+2])) {
			return true
		}
	}
	return false
}

// ipv6Name names the fault of the IPv6 address that s holds in brackets before off: the
// first validation error of the IPv6 parser (3.5) on it, or IPv6-unclosed where the
// address is well-formed for the parser but has no "]".
func ipv6Name(s string, off int) string {
	open := strings.LastIndexByte(s[:min(off, len(s))], '[')
	if open < 0 {
		return ""
	}
	in := s[open+1:]
	end := strings.IndexByte(in, ']')
	if end < 0 {
		if name := ipv6Error(in); name != "" {
			return name
		}
		return "IPv6-unclosed"
	}
	return ipv6Error(in[:end])
}

// ipv6Error is the first validation error the IPv6 parser (3.5) reports on s; "" if
// none.
func ipv6Error(s string) string {
	first := ""
	note := func(name string) {
		if first == "" {
			first = name
		}
	}
	at := func(i int) byte { // the code point at i, 0 for EOF
		if i < len(s) {
			return s[i]
		}
		return 0
	}
	piece, compress, i := 0, -1, 0
	if at(0) == ':' {
		if at(1) != ':' {
			note("IPv6-invalid-compression")
			return first
		}
		i += 2
		piece++
		compress = piece
	}
	for at(i) != 0 {
		if piece == 8 {
			note("IPv6-too-many-pieces")
			return first
		}
		if at(i) == ':' {
			if compress >= 0 {
				note("IPv6-multiple-compression")
				return first
			}
			i++
			piece++
			compress = piece
			continue
		}
		value, length := 0, 0
		for length < 4 && pct.IsHex(at(i)) {
			v, _ := strconv.ParseUint(s[i:i+1], 16, 8)
			value = value*16 + int(v)
			i++
			length++
		}
		switch at(i) {
		case '.':
			if length == 0 {
				note("IPv4-in-IPv6-invalid-code-point")
				return first
			}
			i -= length
			if piece > 6 {
				note("IPv4-in-IPv6-too-many-pieces")
				return first
			}
			note(ipv4InIPv6Error(s[i:]))
			return first
		case ':':
			i++
			if at(i) == 0 {
				note("IPv6-invalid-code-point")
				return first
			}
		case 0:
		default:
			note("IPv6-invalid-code-point")
			return first
		}
		if length > 1 && value < 1<<(4*(length-1)) {
			note("IPv6-piece-leading-zero")
		}
		piece++
	}
	if compress < 0 && piece != 8 {
		note("IPv6-too-few-pieces")
	}
	return first
}

// ipv4InIPv6Error is the first validation error of the IPv4 part of the IPv6 parser
// (3.5), on the rest of its input; "" if none.
func ipv4InIPv6Error(s string) string {
	numbers, i := 0, 0
	for i < len(s) {
		if numbers > 0 {
			if s[i] != '.' || numbers >= 4 {
				return "IPv4-in-IPv6-invalid-code-point"
			}
			i++
		}
		if i >= len(s) || s[i] < '0' || s[i] > '9' {
			return "IPv4-in-IPv6-invalid-code-point"
		}
		v := -1
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			switch {
			case v < 0:
				v = int(s[i] - '0')
			case v == 0:
				return "IPv4-in-IPv6-invalid-code-point"
			default:
				v = v*10 + int(s[i]-'0')
			}
			if v > 255 {
				return "IPv4-in-IPv6-out-of-range-part"
			}
			i++
		}
		numbers++
	}
	if numbers != 4 {
		return "IPv4-in-IPv6-too-few-parts"
	}
	return ""
}

// isForbiddenHost is a forbidden host code point (3.2).
func isForbiddenHost(c byte) bool {
	return strings.IndexByte("\x00\t\n\r #/:<>?@[\\]^|", c) >= 0
}

// isURLUnitAt reports whether a URL unit (4.3) begins at s[i]: a URL code point, or a
// percent-encoded byte.
func isURLUnitAt(s string, i int) bool {
	c := s[i]
	switch {
	case c == '%':
		return !brokenPercent(s, i)
	case c < utf8.RuneSelf:
		return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
			strings.IndexByte("!$&'()*+,-./:;=?@_~", c) >= 0
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && size <= 1 {
		return false
	}
	// U+00A0 to U+10FFFD less the surrogates (which UTF-8 cannot hold) and the
	// noncharacters.
	return r >= 0xa0 && !(r >= 0xfdd0 && r <= 0xfdef) && r&0xfffe != 0xfffe
}

// resolveWHATWG resolves a reference that is valid against its base (the ParserOption
// Base) by RFC 3986's section 5.2.2. The standard's own resolution is its URL parser,
// which on valid URL strings differs from 5.2.2 in reading "%2e" and "%2e%2e" (any case)
// as dot-segments too; urispec's `compare -with whatwg` runs that parser. The base must
// be an absolute-URL-with-fragment string.
func resolveWHATWG(d *specDesc, base, ref string, o resolveOptions) (Result, error) {
	b, err := parseParts(d.spec, base, o)
	if err != nil {
		return Result{}, err
	}
	r := splitGeneric(ref)
	if !o.unvalidated {
		p, err := NewParser(d.spec, Base(base))
		if err != nil {
			return Result{}, err
		}
		ref, err := p.Parse(ref)
		if err != nil {
			return Result{}, err
		}
		r = partsOf(ref)
	}
	return transform3986(b, r, o), nil
}
