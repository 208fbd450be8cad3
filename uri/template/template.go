// Package template parses and expands RFC 6570 URI Templates.
//
// Parse reads a template from the RFC's grammar (grammar/rfc6570.peg, section 2) into
// its literals and expressions (Template, Part, Varspec) and the level of section 1.2
// that expands it; an invalid template is a *uri.Error of the template grammar, which
// says where and in which rule it stops being one. uri.CheckURITemplate checks a
// template without parsing it (the JSON Schema format "uri-template").
//
// Template.Expand expands a template with variables (section 3): a Value is a string
// (String), a list (List) or an associative array of Pairs (Assoc), and DecodeVars reads
// them from JSON (its errors are *VarsError). An expression that has no expansion is an
// *ExpandError, and the ExpandOption MaxExpansion bounds the length of the result
// (ErrExpansionLimit).
package template

import (
	"slices"
	"strconv"

	"github.com/urispec/urispec/gen/rfc6570"
	"github.com/urispec/urispec/internal/engine"
	_ "github.com/urispec/urispec/uri" // runs the template grammar (internal/engine)
)

// rules are the rules of gen/rfc6570 that Parse reads, and the set of them (parts) that
// its run records.
var rules = func() (r struct {
	top, expression, operator, varspec, varname, maxLength, explode int
	parts                                                           [4]uint64
}) {
	for _, x := range []struct {
		name string
		id   *int
	}{{"URI_Template", &r.top}, {"expression", &r.expression}, {"operator", &r.operator}, {"varspec", &r.varspec},
		{"varname", &r.varname}, {"max_length", &r.maxLength}, {"explode", &r.explode}} {
		if *x.id = rfc6570.RuleID(x.name); *x.id < 0 {
			panic("uri/template: gen/rfc6570 has no rule " + x.name)
		}
		if x.id != &r.top {
			r.parts[*x.id/64] |= 1 << (*x.id % 64)
		}
	}
	return r
}()

// Template is a parsed RFC 6570 URI Template: its literals and expressions in order.
// The zero Template is the empty template.
type Template struct {
	raw   string
	parts []Part
	level int
}

// Part is one literal or one expression of a Template.
type Part struct {
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

// Parse parses s as an RFC 6570 URI-Template, or returns the *uri.Error of the
// template grammar (as uri.CheckURITemplate does): where and in which rule s stops being
// one, and on demand what the grammar would have accepted there.
func Parse(s string) (Template, error) {
	var t Template
	err := engine.Run(engine.Template, rules.top, s, &rules.parts, func(tokens [][3]int32) { t = read(s, tokens) })
	return t, err
}

// read builds the Template from the syntax tree of s.
func read(s string, tokens [][3]int32) Template {
	t := Template{raw: s, level: 1}
	tr := &rules
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
	t.parts = make([]Part, 0, 2*nexpr+1)
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
				t.parts = append(t.parts, Part{Offset: last, Text: s[last:start]})
			}
			part := Part{Offset: start, Text: s[start:end], Expression: true, Operator: op, Vars: all[from:len(all):len(all)]}
			t.level = max(t.level, part.level())
			t.parts = append(t.parts, part)
			op, from, last = 0, len(all), end
		}
	}
	if last < len(s) {
		t.parts = append(t.parts, Part{Offset: last, Text: s[last:]})
	}
	return t
}

// level is the lowest level of section 1.2 that has everything the expression uses:
// 1 simple string expansion of one variable; 2 the operators "+" and "#"; 3 several
// variables and the operators "./;?&"; 4 the prefix and explode modifiers. A reserved
// operator belongs to no level: 0.
func (p Part) level() int {
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
func (t Template) Parts() []Part {
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
	n := 0
	for _, p := range t.parts {
		n += len(p.Vars)
	}
	if n == 0 {
		return nil
	}
	names := make([]string, 0, n)
	for _, p := range t.parts {
		for _, v := range p.Vars {
			names = append(names, v.Name)
		}
	}
	out := distinct(names)
	if len(out) < cap(out)/2 {
		return slices.Clone(out) // many references to few names: not the room of all
	}
	return out
}
