package uri

import (
	"fmt"
	"strings"
	"unicode/utf8"

	mailtogrammar "github.com/urispec/urispec/gen/schemes/mailto"

	"github.com/urispec/urispec/internal/pct"
	"github.com/urispec/urispec/uri/scheme"
)

// The "mailto" scheme of RFC 6068 (grammar/schemes/mailto.peg), section 2: "mailto:",
// addresses separated by ",", then "?" and header fields separated by "&". The fragment
// is no part of a mailto URI (section 2: fragment identifiers "SHOULD NOT be used on
// 'mailto' URIs").
//
// Under rfc3987 an IRI is checked by the URI it maps to (RFC 3987 3.1): RFC 6068 was
// written for compatibility with IRIs (its abstract), and its section 2 reads non-ASCII
// characters as percent-encoded UTF-8, which is what the mapping gives.

func mailtoScheme() *schemeDesc {
	return &schemeDesc{
		name: "mailto", document: "RFC 6068", section: "2",
		grammar: binding{
			newMachine: func() machine { return &mailtogrammar.Parser{} },
			ruleID:     mailtogrammar.RuleID,
			pegName:    mailtogrammar.RuleName,
			numRules:   mailtogrammar.NumRules,
			top:        "mailtoURI",
			ruleName:   hyphenated,
			classes: []charClass{
				{"atext", alnum + "!#$%&'*+-/=?^_`{|}~"},
				{"qchar", alnum + "-._~" + "%" + "!$'()*+,;:@"},
				{"unreserved", alnum + "-._~"},
				{"some-delims", "!$'()*+,;:@"},
				{"HEXDIG", digits + "ABCDEFabcdef"},
			},
		},
		iriMapped:   true,
		checks:      []schemeCheck{mailtoEncodedDelims, mailtoDomainEncoding, mailtoLocalPartEncoding, mailtoFieldName},
		checkTokens: []string{"addr_spec", "local_part", "domain", "hfname"},
		shortcut:    mailtoShortcut,
		parts: func(m *schemeMatch, g scheme.Grammar) scheme.Parts {
			addrs, names, values := m.all("addr_spec"), m.all("hfname"), m.all("hfvalue")
			p := scheme.Mailto{Grammar: g, To: make([]string, 0, len(addrs)), Headers: make([]scheme.MailtoHeader, 0, len(names))}
			for _, sp := range addrs {
				p.To = append(p.To, pct.DecodeString(m.text[sp[0]:sp[1]]))
			}
			for i := range names {
				p.Headers = append(p.Headers, scheme.MailtoHeader{
					Name:  pct.DecodeString(m.text[names[i][0]:names[i][1]]),
					Value: pct.DecodeString(m.text[values[i][0]:values[i][1]]),
				})
			}
			return p
		},
	}
}

// mailtoShortcut accepts s, a "mailto" reference that the generic grammar of rfc3986 or
// rfc3987 accepted (schemeDesc.shortcut), when, without its fragment, it is "mailto:",
// addresses separated by ",", each dot-atoms of mailtoAtom "@" dot-atoms of mailtoAtom,
// then optionally "?" and fields separated by "&", each a name of mailtoName "=" and a
// value of qchar; and leaves the rest to the grammar. Why that is exact
// (grammar/schemes/mailto.peg):
//
//   - mailtoAtom's characters are atext, and "@", ",", "." and "?" are not; so a local-part
//     is dot-atom-text up to the "@" (quoted-string is tried only when it fails), and a
//     domain is domain-dot-atom-text up to the "," or "?" after it: its "?" is a
//     domain-atext only where the rest is not hfield *( "&" hfield ), which it is
//     here (hfname and hfvalue are qchar*, and neither set has "=" or "&").
//   - With addresses, the first alternative of mailtoURI fails at their first character
//     and the second takes to, then hfields; without, hfields or nothing.
//   - The checks: mailtoAtom has none of the characters that item 1 requires encoded,
//     and no "%", so items 4 and 5 have no escape to read; mailtoName's characters are
//     printable ASCII without ":" or "%", so the field name is an RFC 5322 field-name.
//
// Escapes in a value are "%" HEXDIG HEXDIG: the generic grammar read them (a query's
// pct-encoded). No character outside ASCII is in the sets the scan accepts, so an IRI
// goes to the grammar, which reads the URI it maps to.
//
// TestSchemeShortcuts checks it against the grammar and the ABNF oracle.
func mailtoShortcut(s string) (shortVerdict, int) {
	to, fields, hasFields := strings.Cut(withoutFragment(s[len("mailto:"):]), "?")
	for to != "" {
		addr := to
		if i := strings.IndexByte(to, ','); i >= 0 {
			addr, to = to[:i], to[i+1:]
			if to == "" {
				return shortUndecided, 0 // an empty address after the ","
			}
		} else {
			to = ""
		}
		local, domain, ok := strings.Cut(addr, "@")
		if !ok || !mailtoDotAtoms(local) || !mailtoDotAtoms(domain) {
			return shortUndecided, 0
		}
	}
	for hasFields {
		field := fields
		if i := strings.IndexByte(fields, '&'); i >= 0 {
			field, fields = fields[:i], fields[i+1:]
		} else {
			hasFields = false
		}
		name, value, ok := strings.Cut(field, "=")
		if !ok || name == "" || mailtoName.prefix(name) != len(name) || mailtoQchar.prefix(value) != len(value) {
			return shortUndecided, 0
		}
	}
	return shortAccept, 0
}

// mailtoDotAtoms reports whether s is one or more runs of mailtoAtom separated by ".".
func mailtoDotAtoms(s string) bool {
	for {
		n := mailtoAtom.prefix(s)
		if n == 0 {
			return false
		}
		if n == len(s) {
			return true
		}
		if s[n] != '.' {
			return false
		}
		s = s[n+1:]
	}
}

var (
	// mailtoAtom: the atext that the generic syntax allows in a path, without "%" and
	// the delimiters of item 1.
	mailtoAtom = newByteSet(alnum + "!$'*+-_~")
	// mailtoQchar is qchar (pct-encoded by its "%"); mailtoName is qchar without "%"
	// and ":".
	mailtoQchar = newByteSet(alnum + "-._~" + "%" + "!$'()*+,;:@")
	mailtoName  = newByteSet(alnum + "-._~" + "!$'()*+,;@")
)

// mailtoEncodedDelims is the rule of RFC 6068 section 2 item 1 that the grammar does not
// state (RFC 5322's atext has "/", "?", "&" and "="): in an addr-spec, "the characters in
// gen-delims except "@" and ":" (i.e., "/", "?", "#", "[", and "]")" and of sub-delims "at
// least the following also have to be percent-encoded: "&", ";", and "="". Under the
// generic syntax "#", "[" and "]" cannot occur there; the others can.
var mailtoEncodedDelims = schemeCheck{
	section: "RFC 6068 section 2",
	rule:    `"/", "?", "#", "[", "]", "&", ";" and "=" in an address MUST be percent-encoded`,
	check: func(m *schemeMatch) (int, string, bool) {
		for _, sp := range m.all("addr_spec") {
			if i := strings.IndexAny(m.text[sp[0]:sp[1]], "/?#[]&;="); i >= 0 {
				return sp[0] + i, "unencoded " + `"` + m.text[sp[0]+i:sp[0]+i+1] + `"` + " in an address", false
			}
		}
		return 0, "", true
	},
}

// The rules of RFC 6068 section 2 on what the text of a mailto URI decodes to. What is
// left open there, and how urispec reads it, is in docs/schemes.md ("mailto").

// mailtoDomainEncoding is section 2 item 4: percent-encoding in a domain denotes an
// internationalized domain name, "non-ASCII characters MUST first be encoded according
// to UTF-8 [STD63], and then each octet of the corresponding UTF-8 sequence MUST be
// percent-encoded", and "URI-producing applications MUST NOT use percent-encoding in
// domain names unless it is used to represent a UTF-8 character sequence". An escape in
// a domain must therefore be part of the UTF-8 of a character outside ASCII (ASCII needs
// no escape in a domain name). A domain literal ("[" ... "]", escaped) is no domain
// name, and the item does not apply to it.
var mailtoDomainEncoding = schemeCheck{
	section: "RFC 6068 section 2 item 4",
	rule:    "URI-producing applications MUST NOT use percent-encoding in domain names unless it is used to represent a UTF-8 character sequence",
	check: func(m *schemeMatch) (int, string, bool) {
		for _, sp := range m.all("domain") {
			text := m.text[sp[0]:sp[1]]
			if d := pct.Decode(text); len(d) > 1 && d[0] == '[' && d[len(d)-1] == ']' {
				continue
			}
			if off, problem := badEscapes(text, false); off >= 0 {
				return sp[0] + off, problem + " in a domain", false
			}
		}
		return 0, "", true
	},
}

// mailtoLocalPartEncoding is section 2 item 5: in a local-part, "Non-ASCII characters
// MUST first be encoded according to UTF-8 [STD63], and then each octet of the
// corresponding UTF-8 sequence MUST be percent-encoded", and "Any other
// percent-encoding of non-ASCII characters is prohibited". Escapes of ASCII characters
// are what item 1 requires for some of them, and stay allowed.
var mailtoLocalPartEncoding = schemeCheck{
	section: "RFC 6068 section 2 item 5",
	rule:    "non-ASCII characters are percent-encoded octets of their UTF-8; any other percent-encoding of non-ASCII characters is prohibited",
	check: func(m *schemeMatch) (int, string, bool) {
		for _, sp := range m.all("local_part") {
			if off, problem := badEscapes(m.text[sp[0]:sp[1]], true); off >= 0 {
				return sp[0] + off, problem + " in a local-part", false
			}
		}
		return 0, "", true
	},
}

// mailtoFieldName is section 2's "<hfname> and <hfvalue> are encodings of an [RFC5322]
// header field name and value": decoded, an hfname is an RFC 5322 field-name (section
// 3.6.8: field-name = 1*ftext, ftext = %d33-57 / %d59-126, the printable US-ASCII
// characters but ":"). hfname = *qchar derives the empty name and escapes of any byte.
var mailtoFieldName = schemeCheck{
	section: "RFC 6068 section 2; RFC 5322 section 3.6.8",
	rule:    "an hfname encodes a header field name: one or more printable US-ASCII characters other than \":\"",
	check: func(m *schemeMatch) (int, string, bool) {
		for _, sp := range m.all("hfname") {
			text := m.text[sp[0]:sp[1]]
			if text == "" {
				return sp[0], "empty header field name", false
			}
			for i := 0; i < len(text); i++ {
				c, w := text[i], 1
				if c == '%' && i+2 < len(text) {
					c, w = pct.Unhex(text[i+1])<<4|pct.Unhex(text[i+2]), 3
				}
				if c < 33 || c > 126 || c == ':' {
					what := byteName(c)
					if w == 3 {
						what = text[i:i+w] + " (" + what + ")"
					}
					return sp[0] + i, what + " in a header field name", false
				}
				i += w - 1
			}
		}
		return 0, "", true
	},
}

// badEscapes finds the first escape of s (the text of a local-part or domain) that is
// not part of the percent-encoded UTF-8 of a character outside ASCII: its offset and
// what is wrong, or -1. With asciiOK, escapes of ASCII characters pass.
func badEscapes(s string, asciiOK bool) (int, string) {
	for i := 0; i < len(s); {
		if s[i] != '%' {
			i++
			continue
		}
		// The run of escapes that begins at i, decoded, and where each byte's escape is.
		var run []byte
		var at []int
		for j := i; j+2 < len(s) && s[j] == '%'; j += 3 {
			run = append(run, pct.Unhex(s[j+1])<<4|pct.Unhex(s[j+2]))
			at = append(at, j)
		}
		for k := 0; k < len(run); {
			if run[k] < utf8.RuneSelf {
				if !asciiOK {
					return at[k], fmt.Sprintf("%s (%s) escaped", s[at[k]:at[k]+3], byteName(run[k]))
				}
				k++
				continue
			}
			r, size := utf8.DecodeRune(run[k:])
			if r == utf8.RuneError && size <= 1 {
				return at[k], fmt.Sprintf("%s does not begin the escaped UTF-8 of a character", s[at[k]:at[k]+3])
			}
			k += size
		}
		i = at[len(at)-1] + 3
	}
	return -1, ""
}

// byteName names a byte of decoded text: a printable ASCII character quoted, any other
// byte by its value.
func byteName(c byte) string {
	if c >= 0x20 && c < 0x7f {
		return fmt.Sprintf("%q", string(rune(c)))
	}
	return fmt.Sprintf("byte 0x%02X", c)
}
