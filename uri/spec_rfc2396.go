package uri

import "github.com/urispec/urispec/gen/rfc2396"

// RFC 2396 (grammar/rfc2396.peg) maps onto the JSON contract's keys as follows:
//
//	scheme     scheme
//	authority  authority (inside net_path): a server or a reg_name
//	userinfo   userinfo of server
//	host       host of a server, whose kind is hostname (HostName) or IPv4address (IPv4);
//	           undefined for a registry-based authority (reg_name has no host)
//	port       port of hostport
//	path       the outermost of abs_path, rel_path and opaque_part (an opaque URI's whole
//	           scheme-specific part, "?" included: "a:b?c" has no query)
//	query      query
//	fragment   fragment
var rfc2396Spec = specDesc{
	spec: RFC2396,
	// RFC 2396's header: "Updates: 1808, 1738".
	title: "Uniform Resource Identifiers (URI): Generic Syntax", date: "1998-08",
	document: "RFC 2396, Appendix A", name: "RFC 2396", status: "Standards Track",
	updates: []string{"RFC 1808", "RFC 1738"},

	grammar: rfc2396Grammar,
	// 2.3: unreserved = alphanum | mark.
	unreserved: rfc2396Unreserved,
	removeDots: removeDotSegmentsBuffer,
	family:     famRFC2396,
	resolution: resolvesRFC2396,
}

// rfc2396Unreserved is RFC 2396's unreserved (2.3), which RFC 2732 keeps: a constant, as
// rfc3986Unreserved is.
const rfc2396Unreserved = alnum + "-_.!~*'()"

// rfc2396Grammar binds gen/rfc2396: a function, called when the
// grammar is first compiled (grammar.go), so that initialising the package links no parser.
func rfc2396Grammar() binding {
	return binding{
		newMachine: func() machine { return &rfc2396.Parser{} },
		ruleID:     rfc2396.RuleID,
		pegName:    rfc2396.RuleName,
		numRules:   rfc2396.NumRules,
		top:        "URI_reference",
		ruleName:   hyphenURINames,
		classes:    rfc2396Classes,
		reportAs:   map[string]string{"userinfo": "authority"},
		roles: map[string]role{
			"scheme":      roleScheme,
			"authority":   roleAuthority,
			"userinfo":    roleUserinfo,
			"host":        roleHost,
			"hostname":    roleHostName,
			"IPv4address": roleIPv4,
			"port":        rolePort,
			"abs_path":    rolePath,
			"rel_path":    rolePath,
			"opaque_part": rolePath,
			"query":       roleQuery,
			"fragment":    roleFragment,
		},
	}
}

// The classes of RFC 2396's character rules (1.6, 2.2-2.4, 3.3), largest first.
var rfc2396Classes = []charClass{
	{"uric", alnum + "-_.!~*'()" + ";/?:@&=+$," + "%"},
	{"pchar", alnum + "-_.!~*'()" + ":@&=+$," + "%"},
	{"unreserved", rfc2396Unreserved},
	{"reserved", ";/?:@&=+$,"},
	{"mark", "-_.!~*'()"},
	{"alphanum", alnum},
	{"alpha", alpha},
	{"hex", digits + "ABCDEFabcdef"},
	{"digit", digits},
}
