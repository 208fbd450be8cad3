package uri

import (
	"strings"

	"github.com/urispec/urispec/gen/rfc1630"
)

// RFC 1630 (grammar/rfc1630.peg) prints two grammars, "BNF of Generic URI Syntax" and
// "BNF for specific URL schemes". The top rule, rfc1630 (not an RFC rule), combines
// them: a URI whose scheme the URL BNF spells ("http:", "ftp:", ..., and the "url:" of
// prefixedurl) must match that scheme's production, any other the generic uri (the
// generic production "gives a higher level parsing of the same URIs as the other
// productions"). Under the ParserOption GenericOnly the top rule is the generic
// fragmentaddress alone, which derives no "//" and so none of the RFC's http or ftp URLs.
//
// The components (rules marked * are not the RFC's: the PEG adds them to give a component
// a span of its own):
//
//	prefix     preprefix*: the "url:" of prefixedurl
//	scheme     scheme (generic), or the scheme name written in an address rule
//	           (scheme_http* "http" of httpaddress, scheme_ftp* of ftpaddress, ...)
//	authority  the part after "//": login (ftpaddress, telnetaddress) or hostport
//	           (httpaddress, waisaddress, prosperolink, gopheraddress)
//	userinfo   userinfo*: "user [ : password ]" of login; user and password on their own
//	host       host within hostport; its kind is hostname (HostName) or hostnumber (IPv4:
//	           four digits, each of any length)
//	port       port of hostport
//	path       "/" and what follows the authority up to "?" (httppath*, ftppath*,
//	           waisindexpath*, waisdocpath*, prosperopath*, gopherpath*); newspath*
//	           (groupart), nntppath* (group "/" digits) and mailtopath* ("xalphas @
//	           hostname"); path for the generic uri; "" for telnetaddress
//	query      search after "?" (generic uri, httpaddress, waisindex)
//	fragment   fragmentid after "#"
//
// Where the BNF derives a string in several ways, the PEG picks one derivation and so
// decides the components: login's user is read when the hostport after its "@" ends the
// URL's run of characters ("ftp://u@h/" has the user "u", not the host "u@h"), and a news
// article or a mail address ends its first part at the first "@" followed by a letter.
// See the grammar's comments.

// The classes of RFC 1630's character rules, largest first. The URL BNF's xalpha and
// xpalpha are the generic xpalpha's set.
var rfc1630Classes = []charClass{
	{"xpalpha", rfc1630Xalpha + "+"},
	{"xalpha", rfc1630Xalpha},
	{"alphanum2", alnum + "-_.+"},
	{"alphanum", alnum},
	{"alpha", alpha},
	{"hex", digits + "abcdefABCDEF"},
	{"digit", digits},
	{"extra", "!*\"'(),"},
	{"safe", "$-_@.&"},
	{"escape", "%"},
}

// rfc1630Xalpha is the generic BNF's xalpha: alpha, digit, safe, extra and the "%" of
// escape.
const rfc1630Xalpha = alnum + "$-_@.&" + "!*\"'()," + "%"

var rfc1630Spec = specDesc{
	spec: RFC1630,
	// The header names no relations, and no later RFC names it in its own.
	title: "Universal Resource Identifiers in WWW", date: "1994-06",
	document: "RFC 1630, the generic and the URL schemes BNF sections",
	name:     "RFC 1630", status: "Informational",

	grammar: rfc1630Grammar,
	// The RFC has no unreserved set; only letters and digits, which no scheme gives a
	// special meaning, are decoded. (Its "REDUCED OR INCREASED SAFE CHARACTER SETS"
	// leaves the encoding level to the context.)
	unreserved: alnum,
	removeDots: removeDotElements1630,
	family:     famRFC3986, // "Security issues are not discussed in this memo."
	resolution: resolvesRFC1630,
	// "Fragment identifiers and relative URIs are not involved in the basic URL
	// definition": the grammar derives no partial form.
	noRelativeForm: true,
}

// rfc1630Grammar binds gen/rfc1630: a function, called when the
// grammar is first compiled (grammar.go), so that initialising the package links no parser.
func rfc1630Grammar() binding {
	return binding{
		newMachine: func() machine { return &rfc1630.Parser{} },
		ruleID:     rfc1630.RuleID,
		pegName:    rfc1630.RuleName,
		numRules:   rfc1630.NumRules,
		top:        "rfc1630",
		genericTop: "fragmentaddress",
		ruleName:   rfc1630RuleName,
		classes:    rfc1630Classes,
		reportAs: map[string]string{
			"scheme_http": "httpaddress", "scheme_ftp": "ftpaddress", "scheme_news": "newsaddress",
			"scheme_nntp": "nntpaddress", "scheme_mailto": "mailtoaddress", "scheme_wais": "waisaddress",
			"scheme_prospero": "prosperolink", "scheme_telnet": "telnetaddress", "scheme_gopher": "gopheraddress",
			"httppath": "httpaddress", "ftppath": "ftpaddress", "newspath": "newsaddress",
			"nntppath": "nntpaddress", "mailtopath": "mailtoaddress", "waisindexpath": "waisindex",
			"waisdocpath": "waisdoc", "prosperopath": "prosperolink", "gopherpath": "gopheraddress",
			// user and password are tried before the "@" that decides whether they are
			// there: an error inside them is an error in login.
			"userinfo": "login", "user": "login", "password": "login",
		},
		roles: map[string]role{
			"preprefix":       rolePrefix,
			"scheme":          roleScheme,
			"scheme_http":     roleScheme,
			"scheme_ftp":      roleScheme,
			"scheme_news":     roleScheme,
			"scheme_nntp":     roleScheme,
			"scheme_mailto":   roleScheme,
			"scheme_wais":     roleScheme,
			"scheme_prospero": roleScheme,
			"scheme_telnet":   roleScheme,
			"scheme_gopher":   roleScheme,
			"login":           roleAuthority,
			"hostport":        roleAuthority,
			"userinfo":        roleUserinfo,
			"user":            roleUser,
			"password":        rolePassword,
			"host":            roleHost,
			"hostname":        roleHostName,
			"hostnumber":      roleIPv4,
			"port":            rolePort,
			"path":            rolePath,
			"httppath":        rolePath,
			"ftppath":         rolePath,
			"newspath":        rolePath,
			"nntppath":        rolePath,
			"mailtopath":      rolePath,
			"waisindexpath":   rolePath,
			"waisdocpath":     rolePath,
			"prosperopath":    rolePath,
			"gopherpath":      rolePath,
			"search":          roleQuery,
			"url_search":      roleQuery,
			"fragmentid":      roleFragment,
			"url_fragmentid":  roleFragment,
		},
	}
}

// rfc1630RuleName spells a peg rule name as RFC 1630 prints it: the URL BNF's rules
// that the PEG prefixes with "url_" (url_path is the URL BNF's path) by their printed
// name.
func rfc1630RuleName(name string) string {
	if rest, ok := strings.CutPrefix(name, "url_"); ok {
		return rest
	}
	return name
}
