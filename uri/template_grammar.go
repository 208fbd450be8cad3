package uri

import (
	"sync"

	"github.com/urispec/urispec/gen/rfc6570"
)

// RFC 6570 URI Templates (grammar/rfc6570.peg, section 2 of the RFC). The template
// grammar is no spec version of URI references, so it has no Spec constant: it is
// compiled like one (the same generated-parser binding, the same error finding), checked
// by CheckURITemplate, and read by package uri/template through internal/engine.

// templateBinding ties gen/rfc6570 to package uri. Its roles are empty: a template
// builds no Reference; package uri/template reads the tokens of its own rules.
func templateBinding() binding {
	return binding{
		newMachine: func() machine { return &rfc6570.Parser{} },
		ruleID:     rfc6570.RuleID,
		pegName:    rfc6570.RuleName,
		numRules:   rfc6570.NumRules,
		top:        "URI_Template",
		ruleName:   hyphenated,
		classes: []charClass{
			{"literals", alnum + "!#$&'()*+,-./:;=?@[]_~%"},
			{"operator", "+#./;?&=,!@|"},
			{"varchar", alnum + "_%"},
			{"ALPHA", alpha},
			{"HEXDIG", digits + "ABCDEFabcdef"},
			{"DIGIT", digits},
		},
		wide: []wideClass{
			{"ucschar", "\u00a0"},  // every ucschar code point is accepted where this one is
			{"iprivate", "\ue000"}, // likewise for iprivate (literals only)
		},
	}
}

// templateGrammar is the template grammar, compiled on first use (grammar.go).
var templateGrammar lazyGrammar

// templatePool keeps Parsers of the template grammar for CheckURITemplate and
// package uri/template, as pools does for the specs.
var templatePool = sync.Pool{New: func() any { return newTemplateParser() }}

func newTemplateParser() *Parser {
	g := templateGrammar.get("rfc6570", templateBinding)
	return &Parser{g: g, top: g.top, m: g.newMachine()}
}

// CheckURITemplate reports whether s is an RFC 6570 URI-Template (section 2; the JSON
// Schema format "uri-template"): nil, or an *Error whose Spec is zero and whose message
// begins with "rfc6570". "{=var}" (a reserved operator, 2.2) is valid; package
// uri/template parses and expands templates.
func CheckURITemplate(s string) error {
	p := templatePool.Get().(*Parser)
	defer templatePool.Put(p)
	if p.m.Accepts(s, p.top) {
		return nil
	}
	return p.explain(s)
}
