package uri

import "github.com/urispec/urispec/gen/rfc2732"

// RFC 2396 as amended by RFC 2732 (grammar/rfc2732.peg) maps onto the JSON contract's keys
// as RFC 2396 does (spec_rfc2396.go), and an IPv6reference host ("[" IPv6address "]")
// has the kind IPv6, its brackets included in the host, as RFC 3986's IP-literal.
var rfc2732Spec = specDesc{
	spec: RFC2732,
	// RFC 2732's header has no "Updates:" line; its section 3 says "This document updates
	// the generic syntax for Uniform Resource Identifiers defined in RFC 2396".
	title: "Format for Literal IPv6 Addresses in URL's", date: "1999-12",
	document: "RFC 2396, Appendix A, as amended by RFC 2732, section 3",
	name:     "RFC 2732", status: "Standards Track",
	updates: []string{"RFC 2396"},

	grammar: rfc2732Grammar,
	// RFC 2732 changes the syntax of a host, not RFC 2396's unreserved, normalization or
	// resolution.
	unreserved: rfc2396Unreserved,
	removeDots: removeDotSegmentsBuffer,
	family:     famRFC2396,
	resolution: resolvesRFC2396, // RFC 2732 changes no step of it
}

// rfc2732Grammar binds gen/rfc2732: a function, called when the
// grammar is first compiled (grammar.go), so that initialising the package links no parser.
func rfc2732Grammar() binding {
	return binding{
		newMachine: func() machine { return &rfc2732.Parser{} },
		ruleID:     rfc2732.RuleID,
		pegName:    rfc2732.RuleName,
		numRules:   rfc2732.NumRules,
		top:        "URI_reference",
		ruleName:   hyphenURINames,
		classes:    rfc2732Classes,
		reportAs:   map[string]string{"userinfo": "authority"},
		roles:      extendRoles(rfc2396Grammar().roles, map[string]role{"IPv6address": roleIPv6}),
	}
}

// The classes of RFC 2396's character rules with RFC 2732's reserved ("[" and "]"
// added), and the HEXDIG and DIGIT of RFC 2373's IPv6 rules, largest first.
var rfc2732Classes = []charClass{
	{"uric", alnum + "-_.!~*'()" + ";/?:@&=+$,[]" + "%"},
	{"pchar", alnum + "-_.!~*'()" + ":@&=+$," + "%"},
	{"unreserved", alnum + "-_.!~*'()"},
	{"reserved", ";/?:@&=+$,[]"},
	{"mark", "-_.!~*'()"},
	{"alphanum", alnum},
	{"alpha", alpha},
	{"hex", digits + "ABCDEFabcdef"},
	{"digit", digits},
}
