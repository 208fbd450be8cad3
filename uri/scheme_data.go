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
	}
}

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
