package uri

import (
	"slices"
	"strconv"
	"sync"

	"github.com/urispec/urispec/gen/rfc6570"
)

// RFC 6570 URI Templates (grammar/rfc6570.peg, section 2 of the RFC). The template
// grammar is no spec version of URI references, so it has no Spec constant: it is
// compiled like one (the same generated-parser binding, the same error finding) and
// read through ParseTemplate and CheckURITemplate.

// templateBinding ties gen/rfc6570 to package uri. Its roles are empty: a template
// builds no Reference; ParseTemplate reads the tokens of its own rules.
var templateBinding = binding{
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

var templateGrammar = compileTemplate()

// templateRules is the compiled template grammar with the rules whose tokens
// ParseTemplate reads, and the set of those rules (parts) that its run records.
type templateRules struct {
	*grammar
	expression, operator, varspec, varname, maxLength, explode int
	parts                                                      [4]uint64
}

func compileTemplate() *templateRules {
	g := compile("rfc6570", templateBinding)
	t := &templateRules{grammar: g}
	for _, r := range []struct {
		name string
		id   *int
	}{{"expression", &t.expression}, {"operator", &t.operator}, {"varspec", &t.varspec},
		{"varname", &t.varname}, {"max_length", &t.maxLength}, {"explode", &t.explode}} {
		if *r.id = rfc6570.RuleID(r.name); *r.id < 0 {
			panic("uri: rfc6570: no rule " + r.name)
		}
		t.parts[*r.id/64] |= 1 << (*r.id % 64)
	}
	return t
}

// templatePool keeps Parsers of the template grammar for CheckURITemplate and
// ParseTemplate, as pools does for the specs.
var templatePool = sync.Pool{New: func() any { return newTemplateParser() }}

func newTemplateParser() *Parser {
	g := templateGrammar.grammar
	return &Parser{g: g, top: g.top, m: g.newMachine()}
}

// CheckURITemplate reports whether s is an RFC 6570 URI-Template (section 2; the JSON
// Schema format "uri-template"): nil, or a *TemplateError that says where and in which
// rule s stops being one. It allocates nothing for a valid s. A template that uses a
// reserved operator of section 2.2 ("{=var}") is valid: the grammar derives it; only
// its expansion fails (see Template.Expand).
func CheckURITemplate(s string) error {
	p := templatePool.Get().(*Parser)
	defer templatePool.Put(p)
	if p.m.Accepts(s, p.top) {
		return nil
	}
	return templateError(p.explain(s))
}

// TemplateError describes why a string is not an RFC 6570 URI-Template: where
// (Offset), in which rule (Rule), and on demand what the grammar would have accepted
// there (Expected). Its methods are safe for concurrent use.
type TemplateError struct {
	Input string
	// Offset is the byte offset of the first character with which no template goes on;
	// len(Input) when Input is the beginning of a template that stops too early.
	Offset int
	// Rule is the grammar rule (as RFC 6570 spells it) that was being parsed at Offset.
	Rule string

	err *Error // the same error as the spec grammars make, which finds Expected
}

func templateError(e *Error) *TemplateError {
	return &TemplateError{Input: e.Input, Offset: e.Offset, Rule: e.Rule, err: e}
}

// Error returns a message such as `rfc6570: invalid character ' ' at byte 5 in
// varname`.
func (e *TemplateError) Error() string {
	return formatError("rfc6570", e.Input, e.Offset, e.Rule)
}

// Expected lists what the grammar would have accepted at Offset: names of character
// classes ("varchar"), quoted characters ("\"}\""), and "end of input"; nil when Offset
// is beyond 64 KiB. It is found on the first call, as Error.Expected.
func (e *TemplateError) Expected() []string {
	if e.err == nil {
		return nil
	}
	return e.err.Expected()
}

// Template is a parsed RFC 6570 URI Template: its literals and expressions in order.
// The zero Template is the empty template.
type Template struct {
	raw   string
	parts []TemplatePart
	level int
}

// TemplatePart is one literal or one expression of a Template.
type TemplatePart struct {
	// Offset is the part's byte offset in the template; Text is the part as written (an
	// expression with its braces).
	Offset int
	Text   string
	// Expression is true for an expression, false for a run of literals.
	Expression bool
	// Operator is the expression's operator (section 2.2: one of "+#./;?&" or a
	// reserved one of "=,!@|"), 0 for none (simple string expansion).
	Operator byte
	// Vars are the expression's variable specifiers, in order.
	Vars []Varspec
}

// Varspec is a variable of an expression and its modifier (section 2.4).
type Varspec struct {
	// Name is the varname as written (pct-encoded triplets are not decoded: 2.3).
	Name string
	// Prefix is the max-length of a prefix modifier (1 to 9999), 0 without one.
	Prefix int
	// Explode is true for the explode modifier "*".
	Explode bool
}

// ParseTemplate parses s as an RFC 6570 URI-Template, or returns a *TemplateError.
func ParseTemplate(s string) (Template, error) {
	p := templatePool.Get().(*Parser)
	defer templatePool.Put(p)
	tr := templateGrammar
	if !p.m.RunRecording(s, p.top, &tr.parts) {
		return Template{}, templateError(p.explain(s))
	}
	t := Template{raw: s, level: 1}
	tokens := p.tokens()
	// The parts and the variables of every expression in one allocation each: a
	// template of many expressions would otherwise grow its slices by copying them over
	// and over.
	nexpr, nvars := 0, 0
	for _, tok := range tokens {
		switch int(tok[0]) {
		case tr.expression:
			nexpr++
		case tr.varspec:
			nvars++
		}
	}
	t.parts = make([]TemplatePart, 0, 2*nexpr+1)
	all := make([]Varspec, 0, nvars)
	var (
		op   byte
		v    Varspec
		from int // the first variable of the expression being read, in all
		last int // end of the previous expression
	)
	for _, tok := range tokens { // post-order: an expression's parts come before it
		rule, start, end := int(tok[0]), int(tok[1]), int(tok[2])
		switch rule {
		case tr.operator:
			op = s[start]
		case tr.varname:
			v.Name = s[start:end]
		case tr.maxLength:
			v.Prefix, _ = strconv.Atoi(s[start:end]) // 1*4 digits: always a number
		case tr.explode:
			v.Explode = true
		case tr.varspec:
			all = append(all, v)
			v = Varspec{}
		case tr.expression:
			if start > last {
				t.parts = append(t.parts, TemplatePart{Offset: last, Text: s[last:start]})
			}
			part := TemplatePart{Offset: start, Text: s[start:end], Expression: true, Operator: op, Vars: all[from:len(all):len(all)]}
			t.level = max(t.level, part.level())
			t.parts = append(t.parts, part)
			op, from, last = 0, len(all), end
		}
	}
	if last < len(s) {
		t.parts = append(t.parts, TemplatePart{Offset: last, Text: s[last:]})
	}
	return t, nil
}

// level is the lowest level of section 1.2 that has everything the expression uses:
// 1 simple string expansion of one variable; 2 the operators "+" and "#"; 3 several
// variables and the operators "./;?&"; 4 the prefix and explode modifiers. A reserved
// operator belongs to no level: 0.
func (p TemplatePart) level() int {
	l := 1
	switch p.Operator {
	case 0:
	case '+', '#':
		l = 2
	case '.', '/', ';', '?', '&':
		l = 3
	default:
		return 0
	}
	if len(p.Vars) > 1 {
		l = max(l, 3)
	}
	for _, v := range p.Vars {
		if v.Prefix > 0 || v.Explode {
			l = 4
		}
	}
	return l
}

// String returns the template as written.
func (t Template) String() string { return t.raw }

// Parts returns the template's literals and expressions in order (a copy).
func (t Template) Parts() []TemplatePart {
	out := slices.Clone(t.parts)
	for i := range out {
		out[i].Vars = slices.Clone(out[i].Vars)
	}
	return out
}

// Level is the lowest level of RFC 6570 section 1.2 (1 to 4) whose processors expand
// the template: 1 for a template of literals and simple {var} expressions only. It is
// 0 when an expression uses a reserved operator of section 2.2, which no level expands.
// It is read from the syntax: a list or associative array value also needs Level 4
// (1.2: "{list}" is in its table), which the template does not show.
func (t Template) Level() int {
	for _, p := range t.parts {
		if p.Expression && p.level() == 0 {
			return 0
		}
	}
	return t.level
}

// Variables returns the names of the template's variables, each once, in the order they
// first appear.
func (t Template) Variables() []string {
	var out []string
	seen := map[string]bool{}
	for _, p := range t.parts {
		for _, v := range p.Vars {
			if !seen[v.Name] {
				seen[v.Name] = true
				out = append(out, v.Name)
			}
		}
	}
	return out
}
