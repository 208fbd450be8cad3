package uri

import (
	"encoding/base64"
	"strings"

	datagrammar "github.com/urispec/urispec/gen/schemes/data"

	"github.com/urispec/urispec/internal/pct"
	"github.com/urispec/urispec/uri/scheme"
)

// The "data" scheme of RFC 2397 (grammar/schemes/data.peg), section 3: "data:", an
// optional media type with parameters, an optional ";base64", "," and the data. The
// media type's tokens are RFC 2045's (section 5.1), written with RFC 2396's escapes
// where a token character may not appear in a URI; that an escape there stands for a
// token character is a check of its own (dataTokens).
//
// Under rfc3987 an IRI is checked as it is: RFC 2397 defines data URLs in the
// characters of RFC 2396, and says nothing of IRIs, so a character outside ASCII is an
// error of the grammar at its offset.

func dataScheme() *schemeDesc {
	return &schemeDesc{
		name: "data", document: "RFC 2397", section: "3",
		grammar: binding{
			newMachine: func() machine { return &datagrammar.Parser{} },
			ruleID:     datagrammar.RuleID,
			pegName:    datagrammar.RuleName,
			numRules:   datagrammar.NumRules,
			top:        "dataurl",
			ruleName:   hyphenated,
			classes: []charClass{
				{"urlchar", alnum + "-_.!~*'()" + ";/?:@&=+$," + "%"},
				{"url-token", alnum + "!$&'*+-._~" + "%"},
				{"hex", digits + "ABCDEFabcdef"},
			},
		},
		checks:      []schemeCheck{dataTokens},
		checkTokens: []string{"type", "subtype", "attribute"},
		parts:       dataParts,
		shortcut:    dataShortcut,
	}
}

// dataShortcut accepts s, a "data" reference of ASCII characters that the generic grammar
// of rfc3986 or rfc3987 accepted (schemeDesc.shortcut), when, without its fragment, it
// is "data:", then optionally a type "/" subtype, then ";" attribute "=" value
// parameters, then optionally ";base64", then "," and the data, with type, subtype and
// attribute url-tokens without escapes; and leaves the rest to the grammar. Why that is
// exact (grammar/schemes/data.peg):
//
//   - url-token matches the longest run of its characters ("%" begins an escape: the
//     generic grammar read it as pct-encoded), and "/", ";", "=" and "," are none of
//     them; so mediatype's tokens are the runs between those delimiters, its parameter
//     loop stops at a ";" that no attribute "=" value follows (";base64"), and the data
//     begins after the first ",".
//   - The text after "data:" begins with a url-token character, ";" or ",", so the
//     reference's hier-part is path-rootless, and every character after its ":" is a
//     pchar, "/" or "?" (RFC 3986 3.3, 3.4): reserved, unreserved or escaped of RFC
//     2396, which urlchar is.
//   - dataTokens reads escapes in type, subtype and attribute, which have none.
//
// TestSchemeShortcuts checks it against the grammar and the ABNF oracle.
func dataShortcut(s string) (shortVerdict, int) {
	text := withoutFragment(s[len("data:"):])
	comma := strings.IndexByte(text, ',')
	if comma < 0 {
		return shortUndecided, 0
	}
	head := text[:comma]
	// A token without an escape, its length, or 0.
	plain := func(s string) int {
		n := dataToken.prefix(s)
		if strings.IndexByte(s[:n], '%') >= 0 {
			return 0
		}
		return n
	}
	i := 0
	if t := plain(head); t > 0 {
		if t == len(head) || head[t] != '/' {
			return shortUndecided, 0
		}
		u := plain(head[t+1:])
		if u == 0 {
			return shortUndecided, 0
		}
		i = t + 1 + u
	}
	for i < len(head) && head[i] == ';' {
		a := dataToken.prefix(head[i+1:])
		if a == 0 || i+1+a == len(head) || head[i+1+a] != '=' {
			break // no parameter here: ";base64" or the grammar's error
		}
		if plain(head[i+1:]) != a {
			return shortUndecided, 0
		}
		v := dataToken.prefix(head[i+2+a:])
		if v == 0 {
			return shortUndecided, 0
		}
		i += 2 + a + v
	}
	if hasPrefixFold(head[i:], ";base64") {
		i += len(";base64")
	}
	if i != len(head) {
		return shortUndecided, 0
	}
	return shortAccept, 0
}

// dataToken is url-token's characters, "%" for its escapes.
var dataToken = newByteSet(alnum + "!$&'*+-._~" + "%")

// dataTokens is RFC 2397 section 3's reading of RFC 2045's tokens: type, subtype and
// attribute "are the corresponding tokens from [RFC2045], represented using URL escaped
// encoding ... as necessary", so an escape in them stands for a character of a token:
// US-ASCII, no control, no space, no tspecial (RFC 2045 section 5.1). A value may hold
// escaped tspecials (section 3), so values are not checked.
var dataTokens = schemeCheck{
	section: "RFC 2397 section 3",
	rule:    "type, subtype and attribute are RFC 2045 tokens (section 5.1), escaped where necessary",
	check: func(m *schemeMatch) (int, string, bool) {
		for _, name := range []string{"type", "subtype", "attribute"} {
			for _, sp := range m.all(name) {
				if off, c, ok := firstNonTokenEscape(m.text[sp[0]:sp[1]]); !ok {
					return sp[0] + off, `"` + m.text[sp[0]+off:sp[0]+off+3] + `" in the ` + name + ` is ` +
						describeOctet(c) + `, not a token character`, false
				}
			}
		}
		return 0, "", true
	},
}

// firstNonTokenEscape finds the first escape in s (text that url-token matched) whose
// octet is no RFC 2045 token character: its offset, its octet, and ok false.
func firstNonTokenEscape(s string) (int, byte, bool) {
	for i := 0; i+2 < len(s); i++ {
		if s[i] != '%' {
			continue
		}
		c := pct.Unhex(s[i+1])<<4 | pct.Unhex(s[i+2])
		if c <= ' ' || c >= 0x7f || strings.IndexByte(`()<>@,;:\"/[]?=`, c) >= 0 {
			return i, c, false
		}
		i += 2
	}
	return 0, 0, true
}

// describeOctet names an octet for a message: the character in quotes where it is
// printable ASCII, its hexadecimal value otherwise.
func describeOctet(c byte) string {
	const hex = "0123456789ABCDEF"
	if c > ' ' && c < 0x7f {
		return `"` + string(rune(c)) + `"`
	}
	return "the octet 0x" + string([]byte{hex[c>>4], hex[c&15]})
}

func dataParts(m *schemeMatch, g scheme.Grammar) scheme.Parts {
	p := scheme.Data{Grammar: g, Type: m.opt("type"), Subtype: m.opt("subtype"), Data: m.get("data"),
		Parameters: []scheme.DataParameter{}}
	_, _, p.Base64 = m.span("base64")
	if p.Type != nil {
		p.MediaType = *p.Type + "/" + *p.Subtype
	}
	p.EffectiveMediaType = p.MediaType
	if p.EffectiveMediaType == "" {
		p.EffectiveMediaType = "text/plain"
	}
	attrs, values := m.all("attribute"), m.all("value")
	for i := range attrs {
		p.Parameters = append(p.Parameters, scheme.DataParameter{Attribute: m.text[attrs[i][0]:attrs[i][1]],
			Value: m.text[values[i][0]:values[i][1]]})
	}
	p.Payload = pct.Decode(p.Data)
	if p.Base64 {
		b, err := base64.StdEncoding.DecodeString(string(p.Payload))
		if err != nil {
			p.Payload, p.PayloadError = nil, err.Error()
		} else {
			p.Payload = b
		}
	}
	return p
}
