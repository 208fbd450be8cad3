package uri

import "github.com/urispec/urispec/gen/rfc3986"

// The classes of RFC 3986's character rules, largest first (2.1-2.3, 3.3).
var rfc3986Classes = []charClass{
	{"pchar", alnum + "-._~" + "!$&'()*+,;=" + ":@%"},
	{"unreserved", alnum + "-._~"},
	{"sub-delims", "!$&'()*+,;="},
	{"pct-encoded", "%"},
	{"ALPHA", alpha},
	{"HEXDIG", digits + "ABCDEFabcdef"},
	{"DIGIT", digits},
}

const (
	digits = "0123456789"
	alpha  = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	alnum  = alpha + digits
)

var rfc3986Binding = binding{
	spec:       RFC3986,
	newMachine: func() machine { return &rfc3986.Parser{} },
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
		"IPvFuture":     roleIPvFuture,
	},
}
