package uri

import (
	"slices"
	"strings"
)

// ReadTSV lets the external tests (package uri_test) read test tables with the same code
// as the internal ones.
var ReadTSV = readTSV

// ExplainDiff compares p's error on s with the reference implementation's (explainProbing,
// which re-parses once per class of bytes): "" when Offset, Rule and Expected are the same.
func ExplainDiff(p *Parser, s string) string { return p.explainDiff(s) }

// Stage is a prefix of Parse's work, for BenchmarkParseStages.
type Stage struct {
	Name string
	F    func(string)
}

// ParseStages cuts p.Parse into cumulative stages: each does the work of the one before
// and one step more, so the differences of their times are the steps' costs. 4-fill-reused
// fills a Reference that lives on from one input to the next, as a ParseInto(s, &r)
// would: 5-parse against it is what returning the Reference by value costs.
func ParseStages(p *Parser) []Stage {
	var reused Reference
	return []Stage{
		{"1-accepts", func(s string) { p.m.Accepts(s, p.top) }},
		{"2-run", func(s string) { p.m.Run(s, p.top) }}, // records the syntax tree
		{"3-tokens", func(s string) { // copies it out
			if p.m.Run(s, p.top) {
				p.tokens()
			}
		}},
		{"4-fill-reused", func(s string) { // fills a Reference the caller keeps
			if p.run(s) {
				reused = Reference{}
				p.fill(s, &reused)
			}
		}},
		{"5-parse", func(s string) { p.Parse(s) }}, // fills the Reference it returns
	}
}

// NewTemplateParser is a Parser of the URI Template grammar (its errors are *Error with
// Spec 0), for the ABNF oracle.
func NewTemplateParser() *Parser { return newTemplateParser() }

// ValidateSchemeRule runs the scheme grammar whose top rule is rule (as printed:
// "http-URI") on s alone, without the checks its RFC adds in prose and without setting a
// fragment aside: nil, or the *Error of the grammar. found is false when no scheme has
// that rule.
func ValidateSchemeRule(rule, s string) (found bool, err error) {
	list := compiledSchemes()
	for _, sg := range append(list[:len(list):len(list)], fileGrammarF()) {
		if sg.info().Rule != rule {
			continue
		}
		p := sg.pool.Get().(*Parser)
		defer sg.pool.Put(p)
		if p.m.Accepts(s, sg.g.top) {
			return true, nil
		}
		return true, p.explain(s)
	}
	return false, nil
}

// SchemeShortcut runs the shortcut of s's scheme (schemeDesc.shortcut) as p.Validate
// would, on s that p's generic grammar accepted: decided is false when s's scheme has no
// shortcut or it leaves s to the grammar; err is the shortcut's verdict.
func SchemeShortcut(p *Parser, s string) (decided bool, err error) {
	sg := schemeGrammarOf(s)
	if sg == nil {
		return false, nil
	}
	return p.shortcut(sg, s)
}

// HasSchemeShortcut reports whether the scheme named has a shortcut.
func HasSchemeShortcut(name string) bool {
	sg := lookupScheme(name)
	return sg != nil && sg.shortcut != nil
}

// SchemeByGrammar checks s with the grammar of its scheme and the checks of its RFC,
// without its shortcut: the grammar's own verdict, which the shortcut must give.
func SchemeByGrammar(p *Parser, s string) error {
	sg := schemeGrammarOf(s)
	sp := sg.pool.Get().(*Parser)
	defer sg.pool.Put(sp)
	_, err := sg.run(sp, p.spec, p.iri, s, false)
	return err
}

// TokenMachine is what the tests run of a generated parser (gen/<pkg>.Parser).
type TokenMachine interface {
	Run(s string, rule int) bool
	Tokens(dst [][3]int32) [][3]int32
}

// GenGrammar is a spec's generated parser, read from its descriptor's binding: a new
// parser, and its rule names to numbers (ID) and back (Name), as peg spells them.
type GenGrammar struct {
	New  func() TokenMachine
	ID   func(name string) int
	Name func(id int) string
}

// GenParser returns spec's generated parser, or false for a Spec with no descriptor.
func GenParser(spec Spec) (GenGrammar, bool) {
	d := spec.desc()
	if d == nil || d.grammar == nil {
		return GenGrammar{}, false
	}
	b := d.grammar()
	return GenGrammar{func() TokenMachine { return b.newMachine() }, b.ruleID, b.pegName}, true
}

// CorpusSpecs returns the specs a row of a copied corpus (testdata/corpora) is checked
// under, by the row's spec column: each spec the column names ("rfc2396+rfc2732": both),
// and every spec whose document updates one of them and keeps its top rule, an amendment
// of that grammar in place (RFC 6874 of RFC 3986's, RFC 2732 of RFC 2396's): its rows
// hold there too, or are listed with the reason they do not. Derived from the spec table,
// so a new amendment is checked without a line here.
func CorpusSpecs(label string) []Spec {
	var out []Spec
	for _, id := range strings.Split(label, "+") {
		base, err := ParseSpec(id)
		if err != nil {
			continue
		}
		for _, s := range Specs() {
			amends := slices.Contains(s.desc().updates, base.desc().name) && s.TopRule() == base.TopRule()
			if (s == base || amends) && !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	return out
}
