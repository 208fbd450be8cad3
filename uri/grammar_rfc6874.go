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
	roles: map[string]role{
		"scheme":        roleScheme,
		"authority":     roleAuthority,
		"userinfo":      roleUserinfo,
		"host":          roleHost,
		"port":          rolePort,
		"path_abempty":  rolePath,
		"path_absolute": rolePath,
		"path_noscheme": rolePath,
		"path_rootless": rolePath,
		"path_empty":    rolePath,
		"query":         roleQuery,
		"fragment":      roleFragment,
		"reg_name":      roleRegName,
		"IPv4address":   roleIPv4,
		"IPv6address":   roleIPv6,
		"IPv6addrz":     roleIPv6Zone,
		"ZoneID":        roleZone,
		"IPvFuture":     roleIPvFuture,
	},
}
