package uri

import (
	"strconv"

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
	}
}

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
