package uri

import "github.com/urispec/urispec/gen/rfc2732"

// RFC 2396 as amended by RFC 2732 (grammar/rfc2732.peg) maps onto the JSON contract's keys
// as RFC 2396 does (grammar_rfc2396.go), and an IPv6reference host ("[" IPv6address "]")
// has the kind IPv6, its brackets included in the host, as RFC 3986's IP-literal.
var rfc2732Binding = binding{
	spec:       RFC2732,
	newMachine: func() machine { return &rfc2732.Parser{} },
	top:        "URI_reference",
	ruleName:   hyphenURINames,
	classes:    rfc2732Classes,
	reportAs:   map[string]string{"userinfo": "authority"},
	roles:      extendRoles(rfc2396Binding.roles, map[string]role{"IPv6address": roleIPv6}),
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
