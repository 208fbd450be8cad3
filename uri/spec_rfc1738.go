package uri

import (
	"strings"

	"github.com/urispec/urispec/gen/rfc1738"
)

// RFC 1738 (grammar/rfc1738.peg) and the components of a Reference.
//
// The top rule is url_strict (the strict reading of docs/specs.md): a URL whose scheme is one
// of the ten of section 5 must match that scheme's rule (httpurl, ftpurl, ...); other
// schemes match otherurl. Under the ParserOption GenericOnly the top rule is genericurl,
// the generic syntax alone (the same strings as the RFC's own url rule).
//
// RFC 1738 has no fragment and no generic query. The components are:
//   - scheme: the text before the first ":" (every RFC 1738 URL begins scheme ":"; the
//     scheme rules spell it as part of a literal such as "http://", so it is not a token);
//   - authority: the part after "//": login (ftpurl, telneturl, ip-schemepart), hostport
//     (httpurl, gopherurl, nntpurl, waisurl, prosperourl), or [ host | "localhost" ] of
//     fileurl (file_host; defined and empty in "file:///x"). A generic URL has an
//     authority only where its schemepart matches ip-schemepart ("//" login ["/" urlpath]);
//     "x:///a" has none, since login requires a host;
//   - userinfo: user [ ":" password ], without the "@" (from the user and password
//     tokens); user and password are also given on their own (Component User, Password);
//   - host: host, whose kind is HostName (hostname) or IPv4 (hostnumber); port: port. A
//     news article's "@" host is not an authority: its host is left to the scheme
//     validator (NewsURL) and the component is undefined;
//   - path: everything after the authority (or after "scheme:" when there is none) up to
//     the "?" of a query or the end, the "/" that follows hostport included: "/" fpath
//     [";type=" ftptype] for ftp, "/" hpath for http, "/" gtype selector for gopher,
//     the grouppart of news, the encoded822addr of mailto, and so on. Including the "/"
//     makes the components recompose into the input (Reference.String), as in RFC 3986;
//   - query: the search after "?" of httpurl and waisindex, the only rules where "?"
//     delimits a part. Elsewhere "?" is an ordinary character of the path (fsegment,
//     psegment, urlpath, article, encoded822addr...), and gopher's search follows "%09"
//     inside the selector: it is a field of GopherURL, not a query;
//   - fragment: always undefined ("#" is not part of a URL, section 2.2).
//
// Appendix B of RFC 3986 splits at every "?", so for the URLs where "?" is part of a path
// (ftp://h/a?b, foo://h/a?b, mailto:a?b) the components differ from it by design. The
// Appendix B check of uri/appendixb_test.go (checkParsed) is applied unchanged to the
// examples of testdata/examples/rfc1738.tsv, none of which has a "?", and the shared
// corpora have no rfc1738 row; uri/spec_rfc1738_test.go checks the "?" cases and the
// recomposition (Reference.String) of every case.
var rfc1738Spec = specDesc{
	spec:  RFC1738,
	title: "Uniform Resource Locators (URL)", date: "1994-12",
	document: "RFC 1738", name: "RFC 1738", status: "Standards Track",

	grammar: rfc1738Grammar,
	// 2.2: unreserved = alpha | digit | safe | extra.
	unreserved:     alnum + "$-_.+" + "!*'(),",
	removeDots:     removeDotSegmentsBuffer,
	family:         famRFC1738,
	resolution:     resolvesRFC1808, // RFC 1808 section 4, which RFC 1738 defers to for relative URLs
	noFragment:     true,            // 2.2: "#" is not part of a URL
	noRelativeForm: true,            // its url rule derives absolute URLs only
}

// rfc1738Grammar binds gen/rfc1738: a function, called when the
// grammar is first compiled (grammar.go), so that initialising the package links no parser.
func rfc1738Grammar() binding {
	return binding{
		newMachine: func() machine { return &rfc1738.Parser{} },
		ruleID:     rfc1738.RuleID,
		pegName:    rfc1738.RuleName,
		numRules:   rfc1738.NumRules,
		top:        "url_strict",
		genericTop: "genericurl",
		ruleName:   rfc1738RuleName,
		classes:    rfc1738Classes,
		// user and password are tried before the "@" that decides whether they are there:
		// an error inside them is an error in login. strict_otherurl (not in the RFC)
		// fails on its own only in its test of the scheme (!defined_scheme).
		reportAs: map[string]string{"user": "login", "password": "login", "strict_otherurl": "scheme"},
		roles: map[string]role{
			"login":      roleAuthority,
			"hostport":   roleAuthority,
			"file_host":  roleAuthority,
			"user":       roleUser,
			"password":   rolePassword,
			"host":       roleHost,
			"hostname":   roleHostName,
			"hostnumber": roleIPv4,
			"port":       rolePort,
			"search":     roleQuery,
		},
		fixup: rfc1738Fixup,
	}
}

// rfc1738RuleName spells a peg rule name as RFC 1738 prints it: the RFC's names use "_"
// already, except ip-schemepart and gopher+_string.
func rfc1738RuleName(name string) string {
	switch name {
	case "ip_schemepart":
		return "ip-schemepart"
	case "gopher_plus_string":
		return "gopher+_string"
	}
	return name
}

// The classes of RFC 1738's character rules (section 5), largest first.
var rfc1738Classes = []charClass{
	{"xchar", alnum + "$-_.+" + "!*'()," + ";/?:@&=" + "%"},
	{"uchar", alnum + "$-_.+" + "!*'()," + "%"},
	{"unreserved", alnum + "$-_.+" + "!*'(),"},
	{"reserved", ";/?:@&="},
	{"alphadigit", alnum},
	{"alpha", alpha},
	{"hex", digits + "ABCDEFabcdef"},
	{"lowalpha", "abcdefghijklmnopqrstuvwxyz"},
	{"digit", digits},
	{"safe", "$-_.+"},
	{"extra", "!*'(),"},
}

// rfc1738Fixup sets the components that are not spans of a single token (see above).
func rfc1738Fixup(r Reference) Reference {
	in := r.input
	colon := int32(strings.IndexByte(in, ':'))
	r.spans[Scheme] = mkSpan(0, colon)
	if u := r.spans[User]; u.defined() {
		end := u.end
		if p := r.spans[Password]; p.defined() {
			end = p.end
		}
		r.spans[Userinfo] = mkSpan(u.start(), end)
	}
	start := colon + 1
	if a := r.spans[Authority]; a.defined() {
		start = a.end
	} else {
		r.spans[Host], r.spans[Port] = span{}, span{}
		r.hostKind = NoHost
	}
	end := int32(len(in))
	if q := r.spans[Query]; q.defined() {
		end = q.start() - 1
	}
	r.spans[Path] = mkSpan(start, end)
	return r
}
