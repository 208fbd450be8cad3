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
	id: "rfc6874", title: "Representing IPv6 Zone Identifiers in Address Literals and Uniform Resource Identifiers", date: "2013-02",
	document: "RFC 3986, Appendix A, as updated by RFC 6874, section 2",
	name:     "RFC 6874", status: "Standards Track",
	updates: []string{"RFC 3986"}, obsoletedElsewhere: []string{"RFC 9844"},

	grammar: binding{
		newMachine: func() machine { return &rfc6874.Parser{} },
		ruleID:     rfc6874.RuleID,
		pegName:    rfc6874.RuleName,
		numRules:   rfc6874.NumRules,
		top:        "URI_reference",
		ruleName:   hyphenated,
		classes:    rfc3986Classes,
		reportAs:   map[string]string{"userinfo": "authority"},
		roles: extendRoles(rfc3986Spec.grammar.roles, map[string]role{
			"IPv6addrz": roleIPv6Zone,
			"ZoneID":    roleZone,
		}),
	},
	// RFC 6874 changes the syntax of a host, not RFC 3986's unreserved, normalization or
	// resolution.
	unreserved:   rfc3986Spec.unreserved,
	removeDots:   removeDotSegments,
	rootlessDots: true,
	resolve:      resolveRFC3986,
	family:       famRFC3986,
}
