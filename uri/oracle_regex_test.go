package uri_test

// A fast recognizer for the ABNF oracle. go-abnf's IsValid costs about a
// millisecond a string (tens of milliseconds for long url-syntax-05 strings), which makes
// a million strings per spec take hours. go-abnf can also compile a rule whose dependency
// graph has no cycle into a regular expression (goabnf.Grammar.Regex: unanchored RE2
// syntax, case-insensitive strings as explicit [Xx] classes, ASCII folding only, as
// IsValid does); Go's regexp then decides membership in microseconds.
//
// The regexp is a derived recognizer, not the authority: TestOracle and the rfc1738
// oracle compare it with IsValid on every string of the default run and on a
// deterministic sample of a large one (-oracle.crosscheck), and fail on any difference.
// It is used only for well-formed UTF-8 input: Go's regexp and IsValid both match the
// decoded code points of such input (a num-val range such as rfc3987's %xA0-D7FF is a
// range of code points for both), but Go's regexp reads a byte that is not UTF-8 as
// U+FFFD, which IsValid does not match: such input goes to IsValid.
//
// Two grammars need a mechanical rewrite, made on a deep copy of the parsed ABNF (the
// grammar IsValid reads is untouched) and listed here:
//   - a repetition of at most zero occurrences matches only the empty string whatever its
//     element: rfc3986's path-empty = 0<pchar> is a prose-val, which Regex refuses;
//     it becomes the empty string.
//   - right recursion (url-1993: path, search, group, hostname, xalphas, xpalphas,
//     digits, alphanums, attributes) is a cycle, which Regex refuses. A rule
//     R = A1 / ... / X1 [ Y1 R ] / ... / X2 R / ... , where R occurs only as shown (last
//     in its alternative, or last in an optional group that ends its alternative), is
//     the regular language R = *( X1 Y1 / X2 ) ( A1 / ... / X1 ): Arden's lemma
//     (R = B R | A gives R = B* A). Any other shape of recursion is left alone, and
//     the spec keeps IsValid.

import (
	"errors"
	"flag"
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	goabnf "github.com/pandatix/go-abnf"
)

var oracleCrossCheck = flag.Int("oracle.crosscheck", 50,
	"in a run with -oracle.n or $URISPEC_ORACLE_N, cross-check the regexp recognizer against go-abnf's IsValid "+
		"on the strings of one generator seed in K (the default run cross-checks every string)")

// compileRegex returns rule of the grammar orig as an anchored regexp, or an error
// saying why it has none. orig is not modified.
func compileRegex(orig *goabnf.Grammar, rule string) (*regexp.Regexp, error) {
	g := &goabnf.Grammar{Rulemap: map[string]*goabnf.Rule{}}
	for k, r := range orig.Rulemap {
		g.Rulemap[k] = &goabnf.Rule{Name: r.Name, Alternation: copyAlt(r.Alternation)}
	}
	for _, r := range g.Rulemap {
		r.Alternation = emptyZeroReps(r.Alternation)
	}
	for _, r := range g.Rulemap {
		if alt, ok := unrollRightRecursion(r); ok {
			r.Alternation = alt
		}
	}
	re, err := g.Regex(rule, goabnf.WithMaxRegexLen(1<<20))
	if err != nil {
		return nil, err
	}
	return regexp.Compile("^(?:" + re + ")$")
}

// copyAlt returns a deep copy of a.
func copyAlt(a goabnf.Alternation) goabnf.Alternation {
	out := goabnf.Alternation{Concatenations: make([]goabnf.Concatenation, len(a.Concatenations))}
	for i, c := range a.Concatenations {
		reps := make([]goabnf.Repetition, len(c.Repetitions))
		for j, rep := range c.Repetitions {
			switch e := rep.Element.(type) {
			case goabnf.ElemGroup:
				rep.Element = goabnf.ElemGroup{Alternation: copyAlt(e.Alternation)}
			case goabnf.ElemOption:
				rep.Element = goabnf.ElemOption{Alternation: copyAlt(e.Alternation)}
			}
			reps[j] = rep
		}
		out.Concatenations[i] = goabnf.Concatenation{Repetitions: reps}
	}
	return out
}

// emptyZeroReps replaces every repetition of at most zero occurrences with the empty
// string (a char-val of no characters).
func emptyZeroReps(a goabnf.Alternation) goabnf.Alternation {
	for i, c := range a.Concatenations {
		for j, rep := range c.Repetitions {
			switch e := rep.Element.(type) {
			case goabnf.ElemGroup:
				e.Alternation = emptyZeroReps(e.Alternation)
				rep.Element = e
			case goabnf.ElemOption:
				e.Alternation = emptyZeroReps(e.Alternation)
				rep.Element = e
			}
			if rep.Max == 0 {
				rep = goabnf.Repetition{Min: 1, Max: 1, Element: goabnf.ElemCharVal{}}
			}
			a.Concatenations[i].Repetitions[j] = rep
		}
	}
	return a
}

// unrollRightRecursion rewrites a right-recursive rule as described in the file comment.
// It returns false, and the rule is kept, when r does not refer to itself or refers to
// itself other than in the two shapes handled.
func unrollRightRecursion(r *goabnf.Rule) (goabnf.Alternation, bool) {
	self := func(rep goabnf.Repetition) bool {
		e, ok := rep.Element.(goabnf.ElemRulename)
		return ok && rep.Min == 1 && rep.Max == 1 && strings.EqualFold(e.Name, r.Name)
	}
	var base, step []goabnf.Concatenation // R = *( step ) ( base )
	for _, c := range r.Alternation.Concatenations {
		reps := c.Repetitions
		if !refersTo(c, r.Name) {
			base = append(base, c)
			continue
		}
		n := len(reps)
		if n == 0 || refersTo(goabnf.Concatenation{Repetitions: reps[:n-1]}, r.Name) {
			return goabnf.Alternation{}, false
		}
		last := reps[n-1]
		if self(last) { // X R
			step = append(step, goabnf.Concatenation{Repetitions: reps[:n-1]})
			continue
		}
		opt, ok := last.Element.(goabnf.ElemOption)
		if !ok || last.Min != 1 || last.Max != 1 || len(opt.Alternation.Concatenations) != 1 {
			return goabnf.Alternation{}, false
		}
		inner := opt.Alternation.Concatenations[0].Repetitions
		m := len(inner)
		if m == 0 || !self(inner[m-1]) || refersTo(goabnf.Concatenation{Repetitions: inner[:m-1]}, r.Name) {
			return goabnf.Alternation{}, false
		}
		x := reps[: n-1 : n-1]
		base = append(base, goabnf.Concatenation{Repetitions: x}) // X
		xy := append(append([]goabnf.Repetition{}, x...), inner[:m-1]...)
		step = append(step, goabnf.Concatenation{Repetitions: xy}) // X Y
	}
	if len(step) == 0 || len(base) == 0 {
		return goabnf.Alternation{}, false
	}
	const unbounded = -1 // go-abnf's inf
	return goabnf.Alternation{Concatenations: []goabnf.Concatenation{{Repetitions: []goabnf.Repetition{
		{Min: 0, Max: unbounded, Element: goabnf.ElemGroup{Alternation: goabnf.Alternation{Concatenations: step}}},
		{Min: 1, Max: 1, Element: goabnf.ElemGroup{Alternation: goabnf.Alternation{Concatenations: base}}},
	}}}}, true
}

// refersTo reports whether c mentions the rule name (directly, in groups or options).
func refersTo(c goabnf.Concatenation, name string) bool {
	for _, rep := range c.Repetitions {
		var alt *goabnf.Alternation
		switch e := rep.Element.(type) {
		case goabnf.ElemRulename:
			if strings.EqualFold(e.Name, name) {
				return true
			}
		case goabnf.ElemGroup:
			alt = &e.Alternation
		case goabnf.ElemOption:
			alt = &e.Alternation
		}
		if alt != nil {
			for _, ci := range alt.Concatenations {
				if refersTo(ci, name) {
					return true
				}
			}
		}
	}
	return false
}

// regexpDecides reports whether the regexp may decide s (see the file comment).
func regexpDecides(s string) bool { return utf8.ValidString(s) }

// regexUnavailable describes why a spec has no regexp recognizer, for the log.
func regexUnavailable(err error) string {
	var cyc *goabnf.ErrCyclicRule
	if errors.As(err, &cyc) {
		return fmt.Sprintf("recursive rule (%v)", err)
	}
	return err.Error()
}
