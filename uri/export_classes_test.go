package uri

// GrammarClasses is what one grammar's descriptor says of its characters, for
// TestCharClasses, which computes the same sets from the grammar's ABNF.
type GrammarClasses struct {
	// ABNF names the grammar's ABNF: a spec's ID or "rfc6570" (grammar/<ABNF>.abnf), or a
	// scheme grammar's top rule as printed (an oracle-top of grammar/schemes/*.abnf).
	ABNF string
	// Classes are the binding's classes, largest first: each a name and its bytes.
	Classes [][2]string
	// Unreserved is a spec's unreserved set ("" for the other grammars).
	Unreserved string
}

// AllGrammarClasses lists the classes of every spec's grammar, every scheme grammar in
// schemeTable and the URI Template grammar.
func AllGrammarClasses() []GrammarClasses {
	classes := func(b binding) [][2]string {
		out := make([][2]string, len(b.classes))
		for i, c := range b.classes {
			out[i] = [2]string{c.name, c.chars}
		}
		return out
	}
	var out []GrammarClasses
	for _, s := range Specs() {
		d := s.desc()
		out = append(out, GrammarClasses{ABNF: s.String(), Classes: classes(d.grammar()), Unreserved: d.unreserved})
	}
	list := compiledSchemes()
	for _, sg := range list {
		out = append(out, GrammarClasses{ABNF: sg.info().Rule, Classes: classes(sg.grammar)})
	}
	return append(out, GrammarClasses{ABNF: "rfc6570", Classes: classes(templateBinding())})
}
