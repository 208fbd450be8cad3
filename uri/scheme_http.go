package uri

import (
	"strconv"
	"strings"

	httpgrammar "github.com/urispec/urispec/gen/schemes/http"

	"github.com/urispec/urispec/uri/scheme"
)

// The "http" and "https" schemes of RFC 9110 (grammar/schemes/http.peg), sections 4.2.1
// and 4.2.2: "http" "://" authority path-abempty [ "?" query ], with authority, path and
// query as RFC 3986 defines them.
//
// Under rfc3987 an IRI is checked by the URI it maps to (RFC 3987 3.1): RFC 9110 defines
// URIs and says nothing of IRIs, and RFC 3987 3.1 is how an IRI is used where a URI is
// expected, which is how http and https IRIs are met (HTML, where the IRI form is the
// one written).

func httpBinding() binding {
	return binding{
		newMachine: func() machine { return &httpgrammar.Parser{} },
		ruleID:     httpgrammar.RuleID,
		pegName:    httpgrammar.RuleName,
		numRules:   httpgrammar.NumRules,
		ruleName:   hyphenated,
		classes:    rfc3986Classes,
		reportAs:   map[string]string{"userinfo": "authority"},
	}
}

func httpScheme() *schemeDesc {
	return &schemeDesc{
		name: "http", document: "RFC 9110", section: "4.2.1",
		grammar:     withTop(httpBinding(), "http_URI"),
		iriMapped:   true,
		checks:      []schemeCheck{nonEmptyHost("http", "RFC 9110 section 4.2.1")},
		checkTokens: []string{"host"},
		parts:       func(m *schemeMatch, g scheme.Grammar) scheme.Parts { return httpParts(m, g, 80) },
		shortcut:    httpShortcut,
	}
}

func httpsScheme() *schemeDesc {
	return &schemeDesc{
		name: "https", document: "RFC 9110", section: "4.2.2",
		grammar:     withTop(httpBinding(), "https_URI"),
		iriMapped:   true,
		checks:      []schemeCheck{nonEmptyHost("https", "RFC 9110 section 4.2.2")},
		checkTokens: []string{"host"},
		parts:       func(m *schemeMatch, g scheme.Grammar) scheme.Parts { return httpParts(m, g, 443) },
		shortcut:    httpShortcut,
	}
}

// httpShortcut decides s, an "http" or "https" reference that the generic grammar of
// rfc3986 or rfc3987 accepted (schemeDesc.shortcut), without the grammar. It accepts s
// when "//" follows the scheme's ":" and the host is not empty, and leaves the rest to
// the grammar, whose errors it does not reproduce. Why that is exact:
//
//   - http-URI and https-URI are "http" / "https" "://" authority path-abempty
//     [ "?" query ], with RFC 3986's authority, path-abempty and query (RFC 9110 4.1 takes
//     them from RFC 3986), and the fragment is set aside. RFC 3986's URI with scheme
//     "http" and a hier-part that begins with "//" is its "//" authority path-abempty
//     alternative (path-absolute does not begin with "//", path-rootless and path-empty
//     do not begin with "/"): the same string, rule for rule.
//   - Under rfc3987, the URI that an IRI maps to (RFC 3987 3.1) is checked: mapping
//     percent-encodes characters outside ASCII, which the IRI has only where iunreserved
//     or iprivate stands for unreserved and the URI then has pct-encoded, so the mapped
//     text is a URI with the same delimiters, and the same empty or non-empty host.
//   - The host is empty when the authority, without the userinfo up to its "@" (which no
//     other part of it holds), is empty or begins with the ":" of a port.
//
// TestSchemeShortcuts checks it against the grammar and the ABNF oracle.
func httpShortcut(s string) (shortVerdict, int) {
	i := strings.IndexByte(s, ':') + 1 // the scheme's: the generic grammar found it
	if len(s) < i+2 || s[i] != '/' || s[i+1] != '/' {
		return shortUndecided, 0
	}
	auth := s[i+2:]
	host, end := 0, len(auth) // where the host begins and the authority ends, in auth
	for j := 0; j < len(auth); j++ {
		if k := authorityByte[auth[j]]; k != 0 {
			if k == authorityEnds {
				end = j
				break
			}
			if host == 0 { // the userinfo's "@"
				host = j + 1
			}
		}
	}
	if host == end || auth[host] == ':' {
		return shortUndecided, 0 // the empty host, which the grammar's check reports
	}
	return shortAccept, 0
}

// authorityByte tells, for httpShortcut, the bytes that end an authority ("/", "?" and
// "#") and the "@" that ends its userinfo from every other byte (0), so that its loop
// over the authority looks each byte up once.
var authorityByte = [256]uint8{'/': authorityEnds, '?': authorityEnds, '#': authorityEnds, '@': authorityAt}

const (
	authorityEnds = 1 + iota
	authorityAt
)

// withTop returns a copy of b whose top rule is top: schemes that share a grammar file
// (http and https) differ in their top rule only.
func withTop(b binding, top string) binding {
	b.top = top
	return b
}

// nonEmptyHost is the rule of RFC 9110 4.2.1 and 4.2.2 that the grammar does not state
// (RFC 3986's host may be empty): "A sender MUST NOT generate an "http" URI with an empty
// host identifier. A recipient that processes such a URI reference MUST reject it as
// invalid."
func nonEmptyHost(scheme, section string) schemeCheck {
	return schemeCheck{
		section: section,
		rule:    `a recipient MUST reject an "` + scheme + `" URI with an empty host identifier as invalid`,
		check: func(m *schemeMatch) (int, string, bool) {
			b, e, _ := m.span("host")
			return b, "empty host", e > b
		},
	}
}

func httpParts(m *schemeMatch, g scheme.Grammar, defaultPort int) scheme.HTTP {
	p := scheme.HTTP{Grammar: g, Userinfo: m.opt("userinfo"), Host: m.get("host"),
		Port: m.opt("port"), DefaultPort: defaultPort, Path: m.get("path_abempty"), Query: m.opt("query")}
	p.EffectivePort = strconv.Itoa(defaultPort)
	if p.Port != nil && *p.Port != "" {
		p.EffectivePort = *p.Port
	}
	return p
}
