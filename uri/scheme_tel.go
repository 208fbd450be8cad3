package uri

import (
	"slices"
	"sort"
	"strings"

	telgrammar "github.com/urispec/urispec/gen/schemes/tel"

	"github.com/urispec/urispec/uri/scheme"
)

// The "tel" scheme of RFC 3966 (grammar/schemes/tel.peg), section 3: "tel:", a global
// number ("+" and digits) or a local number with its phone-context, and parameters.
//
// Under rfc3987 an IRI is checked as it is: RFC 3966 says nothing of IRIs, so a
// character outside ASCII is an error of the grammar at its offset.

// pnameParameters lists the parameters of m whose name and value are the tokens of the
// rules pname and pvalue (tel and geo spell them alike), in input order. Both lists are
// in input order, so one pass pairs each name with the value that follows its "=", in
// time linear in the number of parameters.
func pnameParameters(m *schemeMatch) []scheme.Parameter {
	names, values := m.all("pname"), m.all("pvalue")
	out := make([]scheme.Parameter, 0, len(names))
	vals := make([]string, len(values)) // what the Values point at, in one allocation
	j := 0
	for _, n := range names {
		p := scheme.Parameter{Name: m.text[n[0]:n[1]]}
		for j < len(values) && values[j][0] <= n[1] {
			j++
		}
		if j < len(values) && values[j][0] == n[1]+1 { // pname "=" pvalue
			vals[j] = m.text[values[j][0]:values[j][1]]
			p.Value = &vals[j]
		}
		out = append(out, p)
	}
	return out
}

func telScheme() *schemeDesc {
	return &schemeDesc{
		name: "tel", document: "RFC 3966", section: "3",
		grammar: binding{
			newMachine: func() machine { return &telgrammar.Parser{} },
			ruleID:     telgrammar.RuleID,
			pegName:    telgrammar.RuleName,
			numRules:   telgrammar.NumRules,
			top:        "telephone_uri",
			ruleName:   hyphenated,
			classes: []charClass{
				{"uric", alnum + "-_.!~*'()" + ";/?:@&=+$," + "%"},
				{"paramchar", alnum + "-_.!~*'()" + "[]/:&+$" + "%"},
				{"phonedigit-hex", digits + "ABCDEFabcdef" + "*#" + "-.()"},
				{"alphanum", alnum},
				{"phonedigit", digits + "-.()"},
				{"HEXDIG", digits + "ABCDEFabcdef"},
				{"DIGIT", digits},
			},
		},
		failures: []schemeFailure{{
			section: "RFC 3966 section 5.1.5",
			rule:    "Local numbers MUST have a 'phone-context' parameter",
			problem: "local number without a phone-context",
			entry:   "local_number_without_context",
		}},
		checks:      []schemeCheck{telSubaddressOrExtension, telParameterOrder},
		checkTokens: []string{"isdn_subaddress", "isdn_subaddress_l", "extension", "context", "parameter"},
		parts:       telParts,
		shortcut:    telShortcut,
	}
}

// telShortcut accepts s, a "tel" reference of ASCII characters that the generic grammar
// of rfc3986 or rfc3987 accepted (schemeDesc.shortcut), when, without its fragment, it
// is "tel:" and a global-number-digits without parameters, and leaves the rest to the
// grammar. Why that is exact (grammar/schemes/tel.peg): local-number, tried first, fails
// at the "+", which local-number-digits does not begin with; global-number is then
// global-number-digits ("+" *visual-separator DIGIT *phonedigit) and no par, which no
// check reads.
//
// TestSchemeShortcuts checks it against the grammar and the ABNF oracle.
func telShortcut(s string) (shortVerdict, int) {
	rest := withoutFragment(s[len("tel:"):])
	if rest == "" || rest[0] != '+' {
		return shortUndecided, 0
	}
	rest = rest[1+telSeparator.prefix(rest[1:]):]
	if rest == "" || rest[0] < '0' || rest[0] > '9' || telPhonedigit.prefix(rest) != len(rest) {
		return shortUndecided, 0
	}
	return shortAccept, 0
}

var (
	telSeparator  = newByteSet("-.()")
	telPhonedigit = newByteSet(digits + "-.()")
)

// telPars lists the parameters of m in input order: the name and the span of each
// isdn-subaddress ("isub"), extension ("ext"), context ("phone-context") and parameter.
func telPars(m *schemeMatch) []telPar {
	rules := []struct{ rule, name string }{{"isdn_subaddress", "isub"}, {"isdn_subaddress_l", "isub"},
		{"extension", "ext"}, {"context", "phone-context"}, {"parameter", ""}}
	spans := make([][][2]int, len(rules))
	n := 0
	for i, r := range rules {
		spans[i] = m.all(r.rule)
		n += len(spans[i])
	}
	out := make([]telPar, 0, n)
	for i, r := range rules {
		for _, sp := range spans[i] {
			name := r.name
			if name == "" { // ";" pname [ "=" pvalue ]
				name, _, _ = strings.Cut(m.text[sp[0]+1:sp[1]], "=")
			}
			out = append(out, telPar{name: strings.ToLower(name), begin: sp[0], end: sp[1]})
		}
	}
	if !slices.IsSortedFunc(out, func(a, b telPar) int { return a.begin - b.begin }) {
		sort.Slice(out, func(i, j int) bool { return out[i].begin < out[j].begin })
	}
	return out
}

type telPar struct {
	name       string
	begin, end int
}

// The parameter rules of RFC 3966 sections 3 and 5.3 that the grammar does not state.
var (
	telSubaddressOrExtension = schemeCheck{
		section: "RFC 3966 section 5.3",
		rule:    "at most one of the isdn-subaddress and extension parameters can appear",
		check: func(m *schemeMatch) (int, string, bool) {
			var seen string
			for _, p := range telPars(m) {
				if p.name != "isub" && p.name != "ext" {
					continue
				}
				if seen != "" && seen != p.name {
					return p.begin, "both an isdn-subaddress and an extension", false
				}
				seen = p.name
			}
			return 0, "", true
		},
	}
	telParameterOrder = schemeCheck{
		section: "RFC 3966 section 3",
		rule: "each parameter name, the isdn-subaddress, the extension and the context appear at most once; " +
			"the isdn-subaddress or extension first, then the context, then the other parameters in " +
			"lexicographical order",
		check: func(m *schemeMatch) (int, string, bool) {
			rank := func(name string) int {
				switch name {
				case "isub", "ext":
					return 0
				case "phone-context":
					return 1
				}
				return 2
			}
			pars := telPars(m)
			for i, p := range pars {
				if i == 0 {
					continue
				}
				q := pars[i-1]
				switch {
				case p.name == q.name || (rank(p.name) < 2 && rank(p.name) == rank(q.name)):
					return p.begin, `parameter "` + p.name + `" given twice`, false
				case rank(p.name) < rank(q.name):
					return p.begin, `parameter "` + p.name + `" after "` + q.name + `"`, false
				case rank(p.name) == 2 && rank(q.name) == 2 && p.name < q.name:
					return p.begin, `parameter "` + p.name + `" after "` + q.name + `", out of lexicographical order`, false
				}
			}
			return 0, "", true
		},
	}
)

func telParts(m *schemeMatch, g scheme.Grammar) scheme.Parts {
	p := scheme.Tel{Grammar: g, PhoneContext: m.opt("descriptor"), Extension: m.opt("ext_value")}
	p.Number, p.Global = m.get("local_number_digits"), false
	if _, _, ok := m.span("global_number"); ok {
		// The descriptor of a context may be global-number-digits too: the number is the
		// first.
		p.Global = true
		all := m.all("global_number_digits")
		p.Number = m.text[all[0][0]:all[0][1]]
	}
	p.Digits = strings.Map(func(r rune) rune {
		if strings.ContainsRune("-.()", r) {
			return -1
		}
		return r
	}, p.Number)
	p.ISDNSubaddress = m.opt("isub_value")
	if p.ISDNSubaddress == nil {
		p.ISDNSubaddress = m.opt("isub_value_l")
	}
	p.Parameters = pnameParameters(m)
	return p
}
