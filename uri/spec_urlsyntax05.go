package uri

import (
	"strings"

	"github.com/urispec/urispec/gen/urlsyntax05"
)

// draft-fielding-url-syntax-05 (grammar/url-syntax-05.peg) names the parts of a URL
// differently from RFC 3986; they map onto the JSON contract's keys as follows:
//
//	scheme     scheme
//	authority  site (the text between "//" and the path; only under net_path)
//	userinfo   user [ ":" password ] (not a rule of the draft: the span of both)
//	user       user, password: password (components of their own)
//	host       host, whose kind is hostname (HostName) or hostnumber (IPv4)
//	port       port of hostport
//	path       abs_path or path_segments without the "?" query that rel_path holds
//	query      query
//	fragment   fragment
//
// The draft's grammar derives most strings in several ways (see grammar/NOTES.md): the
// components are those of the PEG's derivation, which follows section 4.4 (the leftmost
// alternative; "the site component wins").
var urlSyntax05Spec = specDesc{
	spec:  URLSyntax05,
	title: "Uniform Resource Locators (URL): Generic Syntax and Semantics", date: "1997-05",
	document: "draft-fielding-url-syntax-05, Appendix A",
	name:     "draft-fielding-url-syntax-05", status: "Internet-Draft",
	became: "RFC 2396",

	grammar: urlSyntax05Grammar,
	// Appendix A: unreserved = alpha | digit | mark.
	unreserved: alnum + "$-_.!~*'(),",
	removeDots: removeDotSegmentsBuffer,
	family:     famSyntax05,
	resolution: resolvesURLSyntax05,
}

// urlSyntax05Grammar binds gen/urlsyntax05: a function, called when the
// grammar is first compiled (grammar.go), so that initialising the package links no parser.
func urlSyntax05Grammar() binding {
	return binding{
		newMachine: func() machine { return &urlsyntax05.Parser{} },
		ruleID:     urlsyntax05.RuleID,
		pegName:    urlsyntax05.RuleName,
		numRules:   urlsyntax05.NumRules,
		top:        "URL_reference",
		ruleName:   hyphenURINames,
		classes:    urlSyntax05Classes,
		reportAs:   map[string]string{"user": "site", "password": "site"},
		roles: map[string]role{
			"scheme":        roleScheme,
			"site":          roleAuthority,
			"user":          roleUser,
			"password":      rolePassword,
			"host":          roleHost,
			"hostname":      roleHostName,
			"hostnumber":    roleIPv4,
			"port":          rolePort,
			"path_segments": rolePath,
			"abs_path":      rolePath,
			"query":         roleQuery,
			"fragment":      roleFragment,
		},
		fixup: urlSyntax05Fixup,
	}
}

// The classes of the draft's character rules (2.2-2.4), largest first.
var urlSyntax05Classes = []charClass{
	{"urlc", alnum + "$-_.!~*'()," + ";/?:@&=+" + "%"},
	{"pchar", alnum + "$-_.!~*'()," + ":@&=+" + "%"},
	{"unreserved", alnum + "$-_.!~*'(),"},
	{"reserved", ";/?:@&=+"},
	{"mark", "$-_.!~*'(),"},
	{"alphanum", alnum},
	{"alpha", alpha},
	{"hex", digits + "ABCDEFabcdef"},
	{"digit", digits},
}

// urlSyntax05Fixup cuts the query off the path (abs_path and rel_path include it) and
// spans userinfo over user and password.
func urlSyntax05Fixup(r Reference) Reference {
	if q := r.spans[Query]; q.defined() && r.spans[Path].end >= q.start() {
		r.spans[Path].end = q.start() - 1
	}
	if u := r.spans[User]; u.defined() {
		end := u.end
		if p := r.spans[Password]; p.defined() {
			end = p.end
		}
		r.spans[Userinfo] = mkSpan(u.start(), end)
	}
	return r
}

// hyphenURINames spells names as the drafts and RFC 2396 print them: "URI-reference",
// "generic-URL" with a hyphen, but "abs_path", "net_path" with an underscore.
func hyphenURINames(name string) string {
	if strings.Contains(name, "URI") || strings.Contains(name, "URL") {
		return hyphenated(name)
	}
	return name
}
