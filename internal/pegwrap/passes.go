package main

import (
	"fmt"
	"slices"
	"strings"
)

// pass is one optional step of the generator: lowering (lower.go) makes a parser that
// works from peg's output, and each pass makes it faster or gives package uri a
// shortcut, without changing the language it accepts, the error it reports or what it
// lists as expected there (passes_test.go proves it pass by pass). Any pass can be
// switched off (pegwrap -off NAME,...).
type pass struct {
	name string
	// after lists the passes that must run before this one when both run: what it
	// reads of their output, or what it would break of theirs if it ran first.
	after []string
	run   func(*program) error
	what  string // what it does, one line (pegwrap -passes, docs/design.md)
}

// passes is the generator's table of passes, in the order they run. checkPasses checks
// it when the generator starts.
var passes = []pass{
	{name: "bytesets", run: byteSetRules,
		what: "a rule that only ever consumes one byte of a fixed set becomes one table test"},
	{name: "classes", after: []string{"bytesets"}, run: classTables,
		what: "the cases of a switch on the byte that only consume it become one table lookup"},
	{name: "reach", after: []string{"bytesets"}, run: reachTests,
		what: "lookaheads and predicates record how far they read, so ErrorAt parses again only when needed"},
	{name: "copy", after: []string{"bytesets", "classes", "reach"}, run: copyRules,
		what: "small rules that do not call themselves are copied into their callers, bounded by the caller's growth"},
	{name: "tokens", after: []string{"copy"}, run: tokenSaves,
		what: "the token index is saved and restored only where a token may be recorded in between"},
	{name: "notes", after: []string{"copy"}, run: noteTests,
		what: "tests that fail at Collect's probe record what they would have taken, for the expected set in one parse"},
	{name: "probes", after: []string{"bytesets", "classes"}, run: probeClasses,
		what: "the printable characters that no test tells apart form classes, one probe each"},
	{name: "localpos", after: []string{"copy", "tokens", "notes"}, run: localPosition,
		what: "each rule works on local copies of the position and token index"},
}

// Why each after holds (the checks read the table; the reasons are here):
//   - classes after bytesets: it takes switch cases that call byte-set rules into its
//     tables;
//   - reach after bytesets: the abstract run of byteset.go knows no reach record, so a
//     byte-set rule with a lookahead (&[9-=] [:=]) would stay as peg wrote it;
//   - copy after bytesets and classes: both recognise a rule call in a switch case, which
//     a copy would replace, and a copied rule should be copied in its final, smaller form;
//   - copy after reach: reach finds the end of !e at the goto that fails it, which tidy
//     moves into a copied rule at the end of e (a goto to that goto goes straight on);
//   - tokens after copy: a copy brings its callee's saves into the caller, where the
//     caller's tokens may be recorded between them;
//   - notes after copy: a rule copied into a lookahead must have its notes made there,
//     where they are not sure; notes made in the rule's own function would be;
//   - probes after bytesets and classes: they replace tests by table lookups of other
//     sets, which partition the characters otherwise;
//   - localpos after copy, tokens and notes: they read the calls and the position as
//     lowering writes them, and localpos hands the token index over only in a rule that
//     still reads it.

// checkPasses checks a table of passes: names are unique, and each pass comes after the
// passes it names in after.
func checkPasses(table []pass) error {
	seen := map[string]bool{}
	for _, p := range table {
		if p.name == "" || strings.ContainsAny(p.name, ", ") {
			return fmt.Errorf("pass %q: a name is a word", p.name)
		}
		if seen[p.name] {
			return fmt.Errorf("pass %s is in the table twice", p.name)
		}
		for _, a := range p.after {
			if !seen[a] {
				if slices.ContainsFunc(table, func(q pass) bool { return q.name == a }) {
					return fmt.Errorf("pass %s runs before %s, which it must follow", p.name, a)
				}
				return fmt.Errorf("pass %s follows %s, which is no pass", p.name, a)
			}
		}
		if p.run == nil {
			return fmt.Errorf("pass %s does nothing", p.name)
		}
		seen[p.name] = true
	}
	return nil
}

// passSet reads the -off flag: the names of passes to switch off, separated by commas.
func passSet(off string) (map[string]bool, error) {
	set := map[string]bool{}
	for _, n := range strings.Split(off, ",") {
		n = strings.TrimSpace(n)
		if n == "" {
			continue
		}
		if !slices.ContainsFunc(passes, func(p pass) bool { return p.name == n }) {
			return nil, fmt.Errorf("-off %s: no such pass", n)
		}
		set[n] = true
	}
	return set, nil
}

// runPasses runs the passes of the table that are not off, in order.
func runPasses(p *program, off map[string]bool) error {
	for _, ps := range passes {
		if off[ps.name] {
			continue
		}
		if err := ps.run(p); err != nil {
			return fmt.Errorf("%s: %w", ps.name, err)
		}
		p.ran = append(p.ran, ps.name)
	}
	return nil
}
