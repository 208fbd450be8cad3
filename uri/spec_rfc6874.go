package uri

import "github.com/urispec/urispec/gen/rfc6874"

// rfc6874Binding is RFC 3986's, plus RFC 6874's two rules: an IPv6addrz host has the kind
// IPv6Zone (its IPv6address token lies inside it and comes first in post-order, so the
// enclosing IPv6addrz decides the kind), and its ZoneID is the Zone component.
var rfc6874Binding = binding{
	spec:       RFC6874,
	newMachine: func() machine { return &rfc6874.Parser{} },
	top:        "URI_reference",
	ruleName:   hyphenated,
	classes:    rfc3986Classes,
	reportAs:   map[string]string{"userinfo": "authority"},
	roles: extendRoles(rfc3986Binding.roles, map[string]role{
		"IPv6addrz": roleIPv6Zone,
		"ZoneID":    roleZone,
	}),
}
