package uri

import "github.com/urispec/urispec/gen/url1993"

// The 1993 URL draft (grammar/url-1993.peg) names no components the way RFC 3986 does;
// its address rules map onto the JSON contract's keys as follows (rules marked * are
// not the draft's: the PEG adds them to give a component a span of its own):
//
//	prefix     preprefix*: the "URL:" of the later draft's "PrePrefix" section; undefined
//	           when the string does not start with it (a component of its own)
//	scheme     scheme (generic), or the scheme name written in an address rule
//	           (scheme_http* "http" of httpaddress, scheme_ftp* of fileaddress, ...)
//	authority  the part after "//": hostport (httpaddress, waisaddress, prosperolink,
//	           gopheraddress), telnetsite* ("[ user @ ] hostport"), ftpsite* (host of
//	           fileaddress), afssite* (cellname); undefined for generic and newsaddress
//	userinfo   user of telnetaddress (userfirstat* reads the same rule, see the grammar)
//	host       host (fileaddress), cellname (afsaddress), or host within hostport
//	           (hostinhostport*); its kind is hostname (HostName) or hostnumber (IPv4:
//	           the draft's "IP address as a set of four decimal digits", each of any
//	           length)
//	port       port of hostport
//	path       "/" and what follows the authority up to "?" (httppath*, ftppath*,
//	           afspath*, waisindexpath*: "/" database, waisdocpath*: "/" database "/"
//	           wtype "/" digits "/" path, prosperopath*: "/" hsoname [...], gopherpath*:
//	           "/" gtype [selector]); groupart for newsaddress; path for generic; "" for
//	           telnetaddress (which has none)
//	query      search, after "?" (generic, httpaddress, waisindex, gopheraddress)
//	fragment   fragmentid, after "#" (fragmentaddress)
//
// Where the draft's BNF derives a string in several ways, the PEG picks one derivation
// and so decides the components: "http://a:80/" has host "a" and port "80" (not the host
// "a:80", which ialpha also derives), telnet's user ends at the last "@", the generic
// scheme at the first ":", and a string that is both a scheme-specific address and a
// generic one ("news:a") is read as the specific one. See the grammar's comments.
//
// The draft allows a space in every xalpha ("extra ... | space"): urispec check reads
// such a URL as one argument (quote it) or one line of standard input, whose spaces are
// kept (only the line's LF and a CR before it are removed).

// The classes of the draft's character rules, largest first.
var url1993Classes = []charClass{
	{"xpalpha", url1993Xalpha + "+"},
	{"xalpha", url1993Xalpha},
	{"alphanum", alnum},
	{"alpha", alpha},
	{"hex", digits + "abcdefABCDEF"},
	{"digit", digits},
	{"extra", "!*\"'():;, "},
	{"safe", "$-_@.&"},
	{"escape", "%"},
}

const url1993Xalpha = alnum + "$-_@.&" + "!*\"'():;, " + "%"

var url1993Spec = specDesc{
	spec: URL1993,
	// The draft's header names no relations; it became RFC 1738.
	title: "Uniform Resource Locators", date: "1993-07",
	document: "Berners-Lee, IETF URL WG Internet-Draft (BNF section)",
	name:     "IETF URL WG Internet-Draft of 1993", status: "Internet-Draft",
	became: "RFC 1738",

	grammar: url1993Grammar,
	// The draft has no unreserved set and no equivalence rules; only letters and digits,
	// which no scheme gives a special meaning, are decoded.
	unreserved: alnum,
	removeDots: removeDotElements1993,
	family:     famRFC3986, // no security section of its own
	resolution: resolvesURL1993,
	// "Fragment identifiers and partial URLs are not involved in the basic URL
	// definition".
	noRelativeForm: true,
}

// url1993Grammar binds gen/url1993: a function, called when the
// grammar is first compiled (grammar.go), so that initialising the package links no parser.
func url1993Grammar() binding {
	return binding{
		newMachine: func() machine { return &url1993.Parser{} },
		ruleID:     url1993.RuleID,
		pegName:    url1993.RuleName,
		numRules:   url1993.NumRules,
		top:        "prefixedaddress",
		ruleName:   asPrinted,
		classes:    url1993Classes,
		reportAs: map[string]string{
			"scheme_http": "httpaddress", "scheme_ftp": "fileaddress", "scheme_afs": "afsaddress",
			"scheme_news": "newsaddress", "scheme_wais": "waisaddress", "scheme_prospero": "prosperolink",
			"scheme_telnet": "telnetaddress", "scheme_gopher": "gopheraddress",
			"httppath": "httpaddress", "ftppath": "fileaddress", "afspath": "afsaddress",
			"waisindexpath": "waisindex", "waisdocpath": "waisdoc", "prosperopath": "prosperolink",
			"gopherpath": "gopheraddress", "telnetsite": "telnetaddress", "ftpsite": "fileaddress",
			"afssite": "afsaddress", "hostinhostport": "host", "hostnameinhostport": "hostname",
			"userfirstat": "user",
		},
		roles: map[string]role{
			"preprefix":          rolePrefix,
			"scheme":             roleScheme,
			"scheme_http":        roleScheme,
			"scheme_ftp":         roleScheme,
			"scheme_afs":         roleScheme,
			"scheme_news":        roleScheme,
			"scheme_wais":        roleScheme,
			"scheme_prospero":    roleScheme,
			"scheme_telnet":      roleScheme,
			"scheme_gopher":      roleScheme,
			"hostport":           roleAuthority,
			"telnetsite":         roleAuthority,
			"ftpsite":            roleAuthority,
			"afssite":            roleAuthority,
			"user":               roleUserinfo,
			"userfirstat":        roleUserinfo,
			"host":               roleHost,
			"hostinhostport":     roleHost,
			"cellname":           roleHost,
			"hostname":           roleHostName,
			"hostnameinhostport": roleHostName,
			"hostnumber":         roleIPv4,
			"port":               rolePort,
			"path":               rolePath,
			"httppath":           rolePath,
			"ftppath":            rolePath,
			"afspath":            rolePath,
			"waisindexpath":      rolePath,
			"waisdocpath":        rolePath,
			"prosperopath":       rolePath,
			"gopherpath":         rolePath,
			"groupart":           rolePath,
			"search":             roleQuery,
			"fragmentid":         roleFragment,
		},
	}
}
