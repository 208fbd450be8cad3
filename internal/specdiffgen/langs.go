package main

// A language is the top rule of one grammar file, as specdiff compares it.
type language struct {
	// name is the language's ID: the spec's ID, or the scheme's name.
	name, title string
	// file is the ABNF (relative to the grammar directory), top its top rule, and
	// document where the grammar comes from: the document's name, a comma, and the part
	// (a section number of a rule is read in that document).
	file, top, document string
	// fragment appends RFC 3986's [ "#" fragment ] to the top rule: a scheme grammar
	// that does not derive the fragment itself is checked without it (package uri sets
	// the fragment aside), so a reference of the scheme is its top rule and a fragment.
	fragment bool
	// override holds ABNF rules that replace the file's rules of the same name: a check
	// the document defines by procedure and that an automaton can hold; overrideSection
	// is where the document defines it.
	override, overrideSection string
	// bounds caps the nesting of rules that recur other than at their end (the only
	// recursion a finite automaton cannot unroll): rule name to deepest nesting.
	bounds map[string]int
	notes  []string
	// components maps the rules whose text is a component to the component (as package
	// uri names them: scheme, userinfo, user, password, host, port, authority for an
	// authority that names no host, path, query, fragment). A byte belongs to the
	// component of the innermost such rule around it, and to none outside them (a
	// delimiter): specdiff compares the components of the bytes both languages accept.
	// "-" marks a rule whose bytes count as no component, whatever rules it holds: a
	// news article's host, which package uri reports as part of the path.
	components map[string]string
}

// Component maps shared by grammars that spell RFC 3986's or RFC 2396's rules.
var (
	rfc3986Components = map[string]string{"scheme": "scheme", "userinfo": "userinfo", "host": "host", "port": "port",
		"path-abempty": "path", "path-absolute": "path", "path-noscheme": "path", "path-rootless": "path", "path-empty": "path",
		"query": "query", "fragment": "fragment"}
	rfc2396Components = map[string]string{"scheme": "scheme", "userinfo": "userinfo", "host": "host", "port": "port",
		"reg-name": "authority", "abs-path": "path", "rel-path": "path", "opaque-part": "path", "query": "query", "fragment": "fragment"}
	httpComponents = map[string]string{"userinfo": "userinfo", "host": "host", "port": "port",
		"path-abempty": "path", "query": "query", "fragment": "fragment"}
)

// portRange is the URL Standard's "16-bit unsigned integer" for a port (4.3), which
// grammar/whatwg.abnf leaves to a check after the parse (URL-port-string = *DIGIT):
// leading zeros, then nothing or a number from 1 to 65535.
const portRange = "URL-port-string = *\"0\" [ port-1-65535 ]\r\n" +
	"port-1-65535 = %x31-39 0*3DIGIT / %x31-35 4DIGIT / \"6\" %x30-34 3DIGIT / \"65\" %x30-34 2DIGIT / \"655\" %x30-32 DIGIT / \"6553\" %x30-35\r\n"

var languages = []language{
	{name: "url-1993", file: "url-1993.abnf", top: "prefixedaddress", document: "URL WG Internet-Draft (July 1993), BNF syntax",
		title: "Uniform Resource Locators, 1993 draft",
		components: map[string]string{"scheme": "scheme", "path": "path", "search": "query", "fragmentid": "fragment",
			"host": "host", "port": "port", "article": "-"}},
	{name: "rfc1630", file: "rfc1630.abnf", top: "rfc1630", document: "RFC 1630, BNF of Generic URI Syntax and BNF for specific URL schemes",
		title: "RFC 1630",
		components: map[string]string{"other-scheme": "scheme", "path": "path", "search": "query", "fragmentid": "fragment",
			"url-path": "path", "url-search": "query", "url-fragmentid": "fragment", "host": "host", "port": "port",
			"article": "-"}},
	{name: "rfc1738", file: "rfc1738.abnf", top: "url", document: "RFC 1738, section 5",
		title: "RFC 1738",
		notes: []string{"The generic syntax (url = genericurl): urispec's default for rfc1738 also makes each of its ten schemes match that scheme's rule; check -schemes=false reads this language."}},
	{name: "rfc1808", file: "rfc1808.abnf", top: "URL", document: "RFC 1808, section 2.2", title: "RFC 1808"},
	{name: "url-syntax-05", file: "url-syntax-05.abnf", top: "URL-reference", document: "draft-fielding-url-syntax-05, Appendix A", title: "draft-fielding-url-syntax-05",
		components: map[string]string{"scheme": "scheme", "user": "user", "password": "password", "host": "host", "port": "port",
			"path-segments": "path", "abs-path": "path", "query": "query", "fragment": "fragment"}},
	{name: "rfc2396", file: "rfc2396.abnf", top: "URI-reference", document: "RFC 2396, Appendix A", title: "RFC 2396",
		components: rfc2396Components},
	{name: "rfc2732", file: "rfc2732.abnf", top: "URI-reference", document: "RFC 2396, Appendix A as amended by RFC 2732 section 3", title: "RFC 2396 with RFC 2732",
		components: rfc2396Components},
	{name: "rfc2396bis-01", file: "rfc2396bis-01.abnf", top: "URI-reference", document: "draft-fielding-uri-rfc2396bis-01, sections 2 to 5", title: "draft-fielding-uri-rfc2396bis-01",
		components: rfc2396Components},
	{name: "rfc3986", file: "rfc3986.abnf", top: "URI-reference", document: "RFC 3986, Appendix A", title: "RFC 3986",
		components: rfc3986Components,
		notes:      []string{"The generic syntax: urispec's default for rfc3986 also checks the scheme grammars (check -schemes=false reads this language)."}},
	{name: "rfc3987", file: "rfc3987.abnf", top: "IRI-reference", document: "RFC 3987, section 2.2", title: "RFC 3987",
		components: map[string]string{"scheme": "scheme", "iuserinfo": "userinfo", "ihost": "host", "port": "port",
			"ipath-abempty": "path", "ipath-absolute": "path", "ipath-noscheme": "path", "ipath-rootless": "path", "ipath-empty": "path",
			"iquery": "query", "ifragment": "fragment"},
		notes: []string{"The generic syntax: urispec's default for rfc3987 also checks the scheme grammars (check -schemes=false reads this language)."}},
	{name: "rfc6874", file: "rfc6874.abnf", top: "URI-reference", document: "RFC 3986, Appendix A as updated by RFC 6874 section 2", title: "RFC 3986 with RFC 6874",
		components: rfc3986Components},
	{name: "whatwg", file: "whatwg.abnf", top: "valid-URL-string-for-special-base", document: "URL Standard, sections 4.3 and 3.4", title: "URL Standard, valid URL string",
		override: portRange, overrideSection: "4.3",
		components: map[string]string{"special-scheme-not-file": "scheme", "non-special-scheme": "scheme",
			"valid-host-string": "host", "valid-opaque-host-string": "host", "URL-port-string": "port",
			"path-absolute-URL-string": "path", "path-absolute-non-authority-URL-string": "path",
			"path-relative-scheme-less-URL-string": "path", "opaque-path-URL-string": "path",
			"URL-query-string": "query", "URL-fragment-string": "fragment"},
		notes: []string{
			"Relative-URL strings are judged against a base whose scheme is special (check -spec whatwg -base https://example.com/).",
			"Inside the automaton: a port is a 16-bit unsigned integer, 0 to 65535 (URL Standard section 4.3).",
			"Outside the automaton: a host of a special URL read as a domain must be a valid domain (URL Standard section 3.4: UTS #46 ToASCII, not ending in a number), which no finite automaton of this size expresses; a witness whose host fails it is valid to the grammar only.",
		}},
	{name: "rfc6570", file: "rfc6570.abnf", top: "URI-Template", document: "RFC 6570, section 2", title: "RFC 6570 URI Template"},

	{name: "http", file: "schemes/http.abnf", top: "http-URI", fragment: true, components: httpComponents, document: "RFC 9110, section 4.2.1", title: "http URI"},
	{name: "https", file: "schemes/http.abnf", top: "https-URI", fragment: true, components: httpComponents, document: "RFC 9110, section 4.2.2", title: "https URI"},
	{name: "urn", file: "schemes/urn.abnf", top: "namestring", document: "RFC 8141, section 2", title: "urn URI"},
	{name: "mailto", file: "schemes/mailto.abnf", top: "mailtoURI", fragment: true, document: "RFC 6068, section 2", title: "mailto URI",
		bounds: map[string]int{"comment": 3, "ccontent": 3},
		notes:  []string{"RFC 5322 comments nest (comment = \"(\" *([FWS] ccontent) [FWS] \")\", ccontent = ... / comment): the automaton derives them nested at most 3 deep. Every comment sits in a quoted-string, whose DQUOTE RFC 3986 never derives, so mailto's difference with the generic syntax is exact; only the counts of mailto's own strings of 19 bytes or more leave out deeper comments."}},
	{name: "file", file: "schemes/file.abnf", top: "file-URI", fragment: true, components: map[string]string{"host": "host", "path-absolute": "path", "fragment": "fragment"}, document: "RFC 8089, section 2", title: "file URI"},
	{name: "file-F", file: "schemes/file.abnf", top: "file-URI-F", fragment: true, document: "RFC 8089, Appendix F", title: "file URI, RFC 8089 Appendix F (not checked by default)"},
	{name: "data", file: "schemes/data.abnf", top: "dataurl", fragment: true, document: "RFC 2397, section 3", title: "data URL"},
	{name: "tel", file: "schemes/tel.abnf", top: "telephone-uri", fragment: true, document: "RFC 3966, section 3", title: "tel URI"},
	{name: "geo", file: "schemes/geo.abnf", top: "geo-URI", fragment: true, document: "RFC 5870, section 3.3", title: "geo URI"},
}
