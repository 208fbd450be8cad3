package uri

import (
	"strings"

	"github.com/urispec/urispec/gen/whatwg"
)

// The WHATWG URL Standard's valid URL string (grammar/whatwg.peg, from url.bs sections 4.3
// "URL writing" and 3.4 "Host writing"), with the checks of uri/whatwg.go for what the
// standard defines by procedure. Section numbers are url.bs's.
//
// A relative-URL string's validity depends on its base URL's scheme; the ParserOption Base
// picks the entry rule, and without a base only absolute-URL-with-fragment strings are
// valid (the URL parser fails on a relative string without a base).
//
// The components: scheme, the host and port (authority: the "//" part without the "//";
// userinfo is always undefined, since a valid URL string has none), path (a
// path-absolute-URL string, a path-relative-URL string or an opaque-path-URL string),
// query and fragment. A host's kind is HostName for a domain, IPv4 or IPv6 for an
// address, and RegName for an opaque host (a host of a URL whose scheme is not special).
var whatwgSpec = specDesc{
	spec: WHATWG,
	// A living standard: no RFC header, no updates or obsoletes. Its Goals section
	// aims to "obsolete" RFC 3986 and RFC 3987, which is no relation the IETF records.
	title: "URL Standard (living standard), snapshot of url.bs at commit 6ae8486, 2026-07-02", date: "2026-07",
	document: "URL Standard, sections 4.3 (URL writing) and 3.4 (Host writing)",
	name:     "URL Standard", status: "Living Standard",

	grammar: whatwgGrammar,
	// The standard defines no syntax-based normalization; RFC 3986's (6.2.2) is applied,
	// as for every spec, with RFC 3986's unreserved set (all of them URL code points).
	unreserved: rfc3986Unreserved,
	removeDots: removeDotSegments,
	// The standard's security considerations (section 2) name no hazard of their own that
	// urispec's hazards cite: they cite RFC 3986's sections.
	family:     famRFC3986,
	resolution: resolvesWHATWG,
}

// whatwgGrammar binds gen/whatwg: a function, called when the
// grammar is first compiled (grammar.go), so that initialising the package links no parser.
func whatwgGrammar() binding {
	return binding{
		newMachine: func() machine { return &whatwg.Parser{} },
		ruleID:     whatwg.RuleID,
		pegName:    whatwg.RuleName,
		numRules:   whatwg.NumRules,
		top:        whatwgEntries[noBase],
		ruleName:   whatwgRuleName,
		classes:    whatwgClasses,
		wide:       []wideClass{{"non-ASCII URL code point", "\u00a0"}},
		// A valid IPv4-address string is tried first and given back when a domain's
		// character follows ("1.2.3.4x", "%41"): an error there is one in the host.
		reportAs: map[string]string{"valid_IPv4_address_string": "valid_host_string"},
		roles: map[string]role{
			"URL_scheme_string":           roleScheme,
			"special_host_and_port":       roleAuthority,
			"opaque_host_and_port_string": roleAuthority,
			"file_host":                   roleAuthority,
			"valid_host_string":           roleHost,
			"valid_opaque_host_string":    roleHost,
			"valid_domain_string":         roleHostName,
			"valid_IPv4_address_string":   roleIPv4,
			"valid_IPv6_address_string":   roleIPv6,
			"URL_port_string":             rolePort,
			"path_absolute_URL_string":    rolePath,
			"path_relative_URL_string":    rolePath,
			"opaque_path_URL_string":      rolePath,
			"URL_query_string":            roleQuery,
			"URL_fragment_string":         roleFragment,
		},
		fixup:    whatwgFixup,
		entryFor: whatwgEntryFor,
		check:    whatwgCheck,
		name:     whatwgName,
	}
}

// whatwgEntryFor is the entry rule of grammar/whatwg.peg for a base URL.
func whatwgEntryFor(base string) (string, error) {
	k, err := kindOfBase(base)
	if err != nil {
		return "", err
	}
	return whatwgEntries[k], nil
}

// whatwgFixup gives an opaque host its kind, RegName: valid_opaque_host_string is both
// the host and, in its first form, the kind (a token rule has one role).
func whatwgFixup(r Reference) Reference {
	if r.spans[Host].defined() && r.hostKind == NoHost {
		r.hostKind = RegName
	}
	return r
}

// whatwgRuleName spells a rule of grammar/whatwg.peg as the standard names the definition:
// "URL_scheme_string" is "URL-scheme string", "valid_IPv4_address_string" is "valid
// IPv4-address string", and a rule written per kind of base keeps its kind in
// parentheses: "relative-URL string (for special base)".
func whatwgRuleName(name string) string {
	kind := ""
	if i := strings.Index(name, "_for_"); i >= 0 {
		name, kind = name[:i], " ("+strings.ReplaceAll(name[i+1:], "_", " ")+")"
	} else if strings.HasSuffix(name, "_without_base") {
		name, kind = strings.TrimSuffix(name, "_without_base"), " (without base)"
	}
	n := strings.ReplaceAll(name, "_", "-")
	n = strings.Replace(n, "valid-", "valid ", 1)
	if strings.HasSuffix(n, "-string") {
		n = strings.TrimSuffix(n, "-string") + " string"
	}
	for _, words := range []string{"URL code point", "URL unit", "non-ASCII URL code point", "percent-encoded byte", "special scheme", "domain character"} {
		if n == strings.ReplaceAll(words, " ", "-") || strings.HasPrefix(n, strings.ReplaceAll(words, " ", "-")+"-") {
			n = words + n[len(words):]
		}
	}
	return n + kind
}

// The classes of the standard's code point sets, largest first.
var whatwgClasses = []charClass{
	{"URL unit", alnum + "!$&'()*+,-./:;=?@_~" + "%"},
	{"URL code point", alnum + "!$&'()*+,-./:;=?@_~"},
	{"ASCII alphanumeric", alnum},
	{"ASCII alpha", alpha},
	{"ASCII hex digit", digits + "ABCDEFabcdef"},
	{"ASCII digit", digits},
}
