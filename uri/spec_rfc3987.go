package uri

import "github.com/urispec/urispec/gen/rfc3987"

// RFC 3987 (grammar/rfc3987.peg) maps onto the JSON contract's keys as RFC 3986 does:
// scheme, iauthority, iuserinfo, ihost (kinds as RFC 3986's, ireg-name being RegName),
// port, the ipath forms, iquery and ifragment. Offsets and spans are byte offsets into the
// UTF-8 input.
var rfc3987Spec = specDesc{
	spec:  RFC3987,
	title: "Internationalized Resource Identifiers (IRIs)", date: "2005-01",
	document: "RFC 3987, section 2.2", name: "RFC 3987", status: "Standards Track",

	grammar: rfc3987Grammar,
	// 5.3.2.3 decodes "any percent-encoded octet sequence that corresponds to an
	// unreserved character, as described in section 2.3 of [RFC3986]", and UTF-8
	// sequences of a ucschar (see decodeUCS).
	unreserved:   rfc3986Unreserved,
	removeDots:   removeDotSegments,
	rootlessDots: true,
	family:       famRFC3986,
	resolution:   resolvesRFC3986, // RFC 3987 6.5: RFC 3986 section 5 applies to IRIs
	iri:          true,
	// An IRI whose scheme has a grammar is checked against it: as the URI it maps to
	// where the scheme's RFC allows IRIs (schemeDesc.iriMapped), else as it is.
	schemeGrammars: true,
}

// rfc3987Grammar binds gen/rfc3987: a function, called when the
// grammar is first compiled (grammar.go), so that initialising the package links no parser.
func rfc3987Grammar() binding {
	return binding{
		newMachine: func() machine { return &rfc3987.Parser{} },
		ruleID:     rfc3987.RuleID,
		pegName:    rfc3987.RuleName,
		numRules:   rfc3987.NumRules,
		top:        "IRI_reference",
		ruleName:   hyphenated,
		// The ASCII classes are RFC 3986's (2.2 "closely follows the URI grammar"): pchar and
		// ucschar together are ipchar.
		classes: rfc3986Classes,
		wide: []wideClass{
			{"ucschar", "\u00a0"},  // every ucschar code point is accepted where this one is
			{"iprivate", "\ue000"}, // likewise for iprivate (iquery only)
		},
		reportAs: map[string]string{"iuserinfo": "iauthority"},
		roles: map[string]role{
			"scheme":         roleScheme,
			"iauthority":     roleAuthority,
			"iuserinfo":      roleUserinfo,
			"ihost":          roleHost,
			"port":           rolePort,
			"ipath_abempty":  rolePath,
			"ipath_absolute": rolePath,
			"ipath_noscheme": rolePath,
			"ipath_rootless": rolePath,
			"ipath_empty":    rolePath,
			"iquery":         roleQuery,
			"ifragment":      roleFragment,
			"ireg_name":      roleRegName,
			"IPv4address":    roleIPv4,
			"IPv6address":    roleIPv6,
			"IPvFuture":      roleIPvFuture,
		},
	}
}
