package uri

import "github.com/urispec/urispec/gen/rfc6874"

// RFC 3986 as updated by RFC 6874 (grammar/rfc6874.peg): its binding is RFC 3986's, plus
// RFC 6874's two rules: an IPv6addrz host has the kind IPv6Zone (its IPv6address token
// lies inside it and comes first in post-order, so the enclosing IPv6addrz decides the
// kind), and its ZoneID is the Zone component.
var rfc6874Spec = specDesc{
	spec: RFC6874,
	// RFC 6874's header: "Updates: 3986". RFC 9844 (August 2025) obsoletes it and takes
	// zone identifiers out of URI syntax again.
	title: "Representing IPv6 Zone Identifiers in Address Literals and Uniform Resource Identifiers", date: "2013-02",
	document: "RFC 3986, Appendix A, as updated by RFC 6874, section 2",
	name:     "RFC 6874", status: "Standards Track",
	updates: []string{"RFC 3986"}, obsoletedElsewhere: []string{"RFC 9844"},

	grammar: rfc6874Grammar,
	// RFC 6874 changes the syntax of a host, not RFC 3986's unreserved, normalization or
	// resolution.
	unreserved:   rfc3986Unreserved,
	removeDots:   removeDotSegments,
	rootlessDots: true,
	family:       famRFC3986,
	resolution:   resolvesRFC3986, // RFC 6874 changes no step of it
}

// rfc6874Grammar binds gen/rfc6874: a function, called when the
// grammar is first compiled (grammar.go), so that initialising the package links no parser.
func rfc6874Grammar() binding {
	return binding{
		newMachine: func() machine { return &rfc6874.Parser{} },
		ruleID:     rfc6874.RuleID,
		pegName:    rfc6874.RuleName,
		numRules:   rfc6874.NumRules,
		top:        "URI_reference",
		ruleName:   hyphenated,
		classes:    rfc3986Classes,
		reportAs:   map[string]string{"userinfo": "authority"},
		roles: extendRoles(rfc3986Grammar().roles, map[string]role{
			"IPv6addrz": roleIPv6Zone,
			"ZoneID":    roleZone,
		}),
	}
}
