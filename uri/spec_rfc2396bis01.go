package uri

import "github.com/urispec/urispec/gen/rfc2396bis01"

// draft-fielding-uri-rfc2396bis-01 (grammar/rfc2396bis-01.peg) still has RFC 2396's
// shape in ABNF; it maps onto the JSON contract's keys as follows:
//
//	scheme     scheme
//	authority  authority (after "//"): a server or a reg-name
//	userinfo   userinfo of server
//	host       host of a server, brackets included for an IPv6reference; its kind is
//	           IPv6address, IPv4address or hostname (HostName); undefined for a
//	           registry-based authority (reg-name has no host)
//	port       port of hostport
//	path       the outermost of abs-path, rel-path and opaque-part (an opaque URI's
//	           whole scheme-specific part: "mailto:a?subject=b" has no query)
//	query      query
//	fragment   fragment
var rfc2396bis01Spec = specDesc{
	spec:  RFC2396bis01,
	title: "Uniform Resource Identifier (URI): Generic Syntax", date: "2003-03",
	document: "draft-fielding-uri-rfc2396bis-01, sections 2-5",
	name:     "draft-fielding-uri-rfc2396bis-01", status: "Internet-Draft",
	became: "RFC 3986",

	grammar: rfc2396bis01Grammar,
	// 2.3: unreserved = ALPHA / DIGIT / mark.
	unreserved: alnum + "-_.!~*'()",
	// 6.2.2.3 splits "the URI just after the "/" that starts the path", which a rootless
	// path does not have: the merge steps, for a path that begins with "/".
	removeDots: removeDotSegmentsBuffer,
	family:     famBis01,
	resolution: resolvesRFC2396bis01,
}

// rfc2396bis01Grammar binds gen/rfc2396bis01: a function, called when the
// grammar is first compiled (grammar.go), so that initialising the package links no parser.
func rfc2396bis01Grammar() binding {
	return binding{
		newMachine: func() machine { return &rfc2396bis01.Parser{} },
		ruleID:     rfc2396bis01.RuleID,
		pegName:    rfc2396bis01.RuleName,
		numRules:   rfc2396bis01.NumRules,
		top:        "URI_reference",
		ruleName:   hyphenated,
		classes:    rfc2396bis01Classes,
		reportAs:   map[string]string{"userinfo": "authority"},
		roles: map[string]role{
			"scheme":      roleScheme,
			"authority":   roleAuthority,
			"userinfo":    roleUserinfo,
			"host":        roleHost,
			"hostname":    roleHostName,
			"IPv4address": roleIPv4,
			"IPv6address": roleIPv6,
			"port":        rolePort,
			"abs_path":    rolePath,
			"rel_path":    rolePath,
			"opaque_part": rolePath,
			"query":       roleQuery,
			"fragment":    roleFragment,
		},
	}
}

// The classes of the draft's character rules (section 2), largest first.
var rfc2396bis01Classes = []charClass{
	{"uric", alnum + "-_.!~*'()" + "[];/?:@&=+$," + "%"},
	{"pchar", alnum + "-_.!~*'()" + ";:@&=+$," + "%"},
	{"unreserved", alnum + "-_.!~*'()"},
	{"reserved", "[];/?:@&=+$,"},
	{"mark", "-_.!~*'()"},
	{"ALPHA", alpha},
	{"HEXDIG", digits + "ABCDEFabcdef"},
	{"DIGIT", digits},
}
