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
	// rfc3986Unreserved is RFC 3986's unreserved (2.3), which specs that build on it share:
	// a constant, not the descriptor's field, so that their descriptors are data the
	// compiler lays out, which initialising the package does not touch (grammar.go).
	rfc3986Unreserved = alnum + "-._~"

	digits = "0123456789"
	alpha  = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	alnum  = alpha + digits
)

// RFC 3986 (grammar/rfc3986.peg): the components are its own (section 3).
var rfc3986Spec = specDesc{
	spec: RFC3986,
	// RFC 3986's header: "STD: 66", "Updates: 1738", "Obsoletes: 2732, 2396, 1808".
	title: "Uniform Resource Identifier (URI): Generic Syntax", date: "2005-01",
	document: "RFC 3986, Appendix A", name: "RFC 3986", status: "Standards Track (STD 66)",
	updates: []string{"RFC 1738"}, obsoletes: []string{"RFC 2732", "RFC 2396", "RFC 1808"},

	grammar: rfc3986Grammar,
	// 2.3: unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~".
	unreserved:   rfc3986Unreserved,
	removeDots:   removeDotSegments,
	rootlessDots: true,
	family:       famRFC3986,
	resolution:   resolvesRFC3986,
	// The scheme RFCs with a grammar here (RFC 9110, 8141, 6068, ...) build on RFC 3986.
	schemeGrammars: true,
}

// rfc3986Grammar binds gen/rfc3986: a function, called when the
// grammar is first compiled (grammar.go), so that initialising the package links no parser.
func rfc3986Grammar() binding {
	return binding{
		newMachine: func() machine { return &rfc3986.Parser{} },
		ruleID:     rfc3986.RuleID,
		pegName:    rfc3986.RuleName,
		numRules:   rfc3986.NumRules,
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
}
