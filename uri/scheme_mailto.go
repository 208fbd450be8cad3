package uri

import (
	"strings"

	mailtogrammar "github.com/urispec/urispec/gen/schemes/mailto"
)

// The "mailto" scheme of RFC 6068 (grammar/schemes/mailto.peg), section 2: "mailto:",
// addresses separated by ",", then "?" and header fields separated by "&". The fragment
// is no part of a mailto URI (section 2: fragment identifiers "SHOULD NOT be used on
// 'mailto' URIs").
//
// Under rfc3987 an IRI is checked by the URI it maps to (RFC 3987 3.1): RFC 6068 was
// written for compatibility with IRIs (its abstract), and its section 2 reads non-ASCII
// characters as percent-encoded UTF-8, which is what the mapping gives.

// MailtoParts are the parts of a mailto URI (RFC 6068 section 2), percent-decoded
// (section 5: "client software that reads URIs MUST decode strings before creating the
// mail message"). A decoded value may hold bytes that are not UTF-8, or any character:
// show it with care (section 7).
type MailtoParts struct {
	SchemeGrammar
	// To are the addresses before "?" (each an addr-spec), in order; empty when there
	// is none.
	To []string `json:"to"`
	// Headers are the header fields after "?", in order, as written (a name may occur
	// more than once; "body" is the message body; hfname is case-insensitive).
	Headers []MailtoHeader `json:"headers"`
}

// MailtoHeader is one hfield: hfname "=" hfvalue, percent-decoded.
type MailtoHeader struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

var mailtoScheme = schemeDesc{
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
	checks:      []schemeCheck{mailtoEncodedDelims},
	checkTokens: []string{"addr_spec"},
	parts: func(m *schemeMatch, g SchemeGrammar) SchemeParts {
		p := MailtoParts{SchemeGrammar: g, To: []string{}, Headers: []MailtoHeader{}}
		for _, sp := range m.all("addr_spec") {
			p.To = append(p.To, string(pctDecode(m.text[sp[0]:sp[1]])))
		}
		names, values := m.all("hfname"), m.all("hfvalue")
		for i := range names {
			p.Headers = append(p.Headers, MailtoHeader{
				Name:  string(pctDecode(m.text[names[i][0]:names[i][1]])),
				Value: string(pctDecode(m.text[values[i][0]:values[i][1]])),
			})
		}
		return p
	},
}

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
