package uri

import (
	"strings"

	urngrammar "github.com/urispec/urispec/gen/schemes/urn"

	"github.com/urispec/urispec/uri/scheme"
)

// The "urn" scheme of RFC 8141 (grammar/schemes/urn.peg), section 2: "urn" ":" NID ":"
// NSS, then the optional r-, q- and f-components. The f-component is part of the
// scheme's grammar ("#" f-component), so the reference is checked with its fragment.
//
// Under rfc3987 an IRI is checked as it is: RFC 8141 does not extend the URN syntax to
// characters outside ASCII (section 2: "any such characters need to be
// percent-encoded"; 2.2: URNs "MUST use only Unicode characters encoded in UTF-8 and
// further encoded as required by RFC 3986"), so such a character is an error of the
// grammar at its offset.

func urnScheme() *schemeDesc {
	return &schemeDesc{
		name: "urn", document: "RFC 8141", section: "2",
		grammar: binding{
			newMachine: func() machine { return &urngrammar.Parser{} },
			ruleID:     urngrammar.RuleID,
			pegName:    urngrammar.RuleName,
			numRules:   urngrammar.NumRules,
			top:        "namestring",
			ruleName:   hyphenated,
			classes: []charClass{
				{"pchar", alnum + "-._~" + "!$&'()*+,;=" + ":@%"},
				{"ldh", alnum + "-"},
				{"alphanum", alnum},
				{"HEXDIG", digits + "ABCDEFabcdef"},
			},
		},
		withFragment: true,
		checks:       []schemeCheck{urnInformalNID, urnShortNID, urnCountryNID, urnExperimentalNID},
		checkTokens:  []string{"NID"},
		shortcut:     urnShortcut,
		parts: func(m *schemeMatch, g scheme.Grammar) scheme.Parts {
			nid := m.get("NID")
			return scheme.URN{Grammar: g, NID: nid, NSS: m.get("NSS"), RComponent: m.opt("r_component"),
				QComponent: m.opt("q_component"), FComponent: m.opt("f_component"), Informal: hasPrefixFold(nid, "urn-")}
		},
	}
}

// urnShortcut accepts s, a "urn" reference of ASCII characters that the generic grammar
// of rfc3986 or rfc3987 accepted (schemeDesc.shortcut), when it is "urn:" NID ":" NSS
// with an NID of three to 32 letters, digits and "-" that the checks of sections 5.1 and
// 5.2 allow, and no "?" before a fragment, and leaves the rest to the grammar. Why that is exact (grammar/schemes/urn.peg):
//
//   - NID is an alphanum, up to 30 ldh each followed by an ldh, and an alphanum: the
//     run of ldh up to the second ":" whole, when it has 2 to 32 of them and begins
//     and ends with an alphanum.
//   - The reference begins with the scheme and an alphanum, so its hier-part is
//     path-rootless and every character after the scheme's ":" up to a "?" or "#" is a
//     pchar or "/" (RFC 3986 3.3); after a "#", a pchar, "/" or "?" (3.5). NSS is
//     pchar (pchar / "/")*: everything after the NID's ":", when it is not empty and does
//     not begin with "/". Without a "?", rq-components is empty, and "#" f-component,
//     f-component being RFC 3986's fragment, takes the rest.
//   - The checks of sections 5.1 and 5.2 read the NID alone: the shortcut asks their
//     questions (urnInformalOK, urnCountry, the "X-" prefix, a length above two).
//
// TestSchemeShortcuts checks it against the grammar and the ABNF oracle.
func urnShortcut(s string) (shortVerdict, int) {
	rest := s[len("urn:"):]
	n := ldhSet.prefix(rest)
	if n < 3 || n > 32 || n == len(rest) || rest[n] != ':' || rest[0] == '-' || rest[n-1] == '-' {
		return shortUndecided, 0
	}
	if nid := rest[:n]; !urnInformalOK(nid) || urnCountry(nid) || hasPrefixFold(nid, "x-") {
		return shortUndecided, 0 // the checks' errors
	}
	nss := withoutFragment(rest[n+1:])
	if nss == "" || nss[0] == '/' || strings.IndexByte(nss, '?') >= 0 {
		return shortUndecided, 0
	}
	return shortAccept, 0
}

var ldhSet = newByteSet(alnum + "-")

// The NID restrictions of RFC 8141 sections 5.1 and 5.2, beyond the syntax of section 2.
// An NID that starts with "urn-" names an informal namespace (5.2); any other names a
// formal one (5.1). NIDs are case-insensitive (2.1), so the prefixes are too.
var (
	urnInformalNID = schemeCheck{
		section: "RFC 8141 section 5.2",
		rule:    `an informal NID is "urn-" followed by a number without leading zeros`,
		check: func(m *schemeMatch) (int, string, bool) {
			b, e, _ := m.span("NID")
			return b, "informal NID not of the form urn-<number>", urnInformalOK(m.text[b:e])
		},
	}
	urnShortNID = schemeCheck{
		section: "RFC 8141 section 5.1",
		rule:    "a formal NID MUST be more than two characters long",
		check: func(m *schemeMatch) (int, string, bool) {
			b, e, _ := m.span("NID")
			return b, "two-character NID", e-b > 2
		},
	}
	urnCountryNID = schemeCheck{
		section: "RFC 8141 section 5.1",
		rule:    `a formal NID MUST NOT start with two letters and "-" (reserved for country codes and, with "--", for A-labels)`,
		check: func(m *schemeMatch) (int, string, bool) {
			b, e, _ := m.span("NID")
			return b, "NID starting with two letters and \"-\"", !urnCountry(m.text[b:e])
		},
	}
	urnExperimentalNID = schemeCheck{
		section: "RFC 8141 section 5.1",
		rule:    `a formal NID MUST NOT start with "X-" (the experimental namespaces of RFC 3406)`,
		check: func(m *schemeMatch) (int, string, bool) {
			b, e, _ := m.span("NID")
			return b, `NID starting with "X-"`, !hasPrefixFold(m.text[b:e], "x-")
		},
	}
)

// urnInformalOK reports whether nid is formal or of the form "urn-" and a number
// without leading zeros (5.2).
func urnInformalOK(nid string) bool {
	if !hasPrefixFold(nid, "urn-") {
		return true
	}
	n := nid[len("urn-"):]
	return n != "" && n[0] != '0' && strings.Trim(n, digits) == ""
}

// urnCountry reports whether nid starts with two letters and "-" (5.1).
func urnCountry(nid string) bool {
	return len(nid) > 3 && isAlpha(nid[0]) && isAlpha(nid[1]) && nid[2] == '-'
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

func isAlpha(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
