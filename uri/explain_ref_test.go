package uri

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/urispec/urispec/internal/testcorpus"
)

// explainProbing is the reference for Parser.explain: a slow, simple way to compute the
// Error, by re-parsing the prefix once per class of printable characters (and once
// per wide class, and once for the end of input), with none of the shortcuts of explain. Parser.explain must give the same
// Offset, Rule and Expected for every input (TestExplainMatchesProbing, and the oracle
// tests through ExplainDiff). It parses with Run, which records the syntax tree, where
// Validate uses Accepts, which does not: the comparison checks that they agree too.
func (p *Parser) explainProbing(s string) *Error {
	if p.m.Run(s, p.top) {
		return nil
	}
	off, rule := p.m.Farthest()
	if off < len(s) && p.viable(s[:off+1]) {
		lo, hi := off+1, len(s)
		for hi-lo > 1 {
			if mid := (lo + hi) / 2; p.viable(s[:mid]) {
				lo = mid
			} else {
				hi = mid
			}
		}
		off, rule = lo, p.ruleAtEnd(s[:lo])
	}
	off = charStart(s, off)
	e := &Error{Spec: p.spec, Input: s, Offset: off, Rule: p.g.names[rule]}
	if off <= maxProbe {
		e.withSource(fixedExpected(p.expectedProbing(s[:off])...))
	}
	return e
}

// viable reports whether s is a valid reference or the beginning of one: the parser
// accepts it, or its farthest failing test is at the end (it wanted more input).
func (p *Parser) viable(s string) bool {
	if p.m.Accepts(s, p.top) {
		return true
	}
	far, _ := p.m.Farthest()
	return far == len(s)
}

// ruleAtEnd names the token rule in which a viable s ends: the innermost token that ends
// there if s is valid, else the rule of the farthest failing test.
func (p *Parser) ruleAtEnd(s string) int {
	if p.m.Run(s, p.top) {
		for _, t := range p.tokens() { // post-order: inner tokens first
			if int(t[2]) == len(s) {
				return int(t[0])
			}
		}
		return 0
	}
	_, rule := p.m.Farthest()
	return rule
}

// expectedProbing is the reference's expected set, found by probing alone: a byte c is
// allowed after prefix if, on prefix+c, the parser tests a byte beyond c.
func (p *Parser) expectedProbing(prefix string) []string {
	off := len(prefix)
	var allowed [256]bool
	for c := byte(0x20); c < 0x7f; c++ {
		if p.m.Representative(c) != c {
			continue
		}
		probe := prefix + string(c)
		if p.m.Run(probe, p.top) {
			allowed[c] = true
		} else if f, _ := p.m.Farthest(); f > off {
			allowed[c] = true
		}
	}
	for c := byte(0x20); c < 0x7f; c++ {
		allowed[c] = allowed[p.m.Representative(c)]
	}
	out := summarize(&allowed, p.g.classes)
	for _, w := range p.g.wide {
		probe := prefix + w.sample
		if p.m.Run(probe, p.top) {
			out = append(out, w.name)
		} else if f, _ := p.m.Farthest(); f >= len(probe) {
			out = append(out, w.name)
		}
	}
	if p.m.Run(prefix, p.top) {
		out = append(out, "end of input")
	}
	return out
}

// explainDiff compares Parser.Validate's error on s with the reference's and describes
// a difference, or returns "".
func (p *Parser) explainDiff(s string) string {
	want := p.explainProbing(s)
	err := p.Validate(s)
	if want == nil {
		if err != nil {
			return fmt.Sprintf("%v %q: reference accepts, Validate: %v", p.spec, s, err)
		}
		return ""
	}
	got, ok := err.(*Error)
	if !ok {
		return fmt.Sprintf("%v %q: Validate gave %v (%T), reference %v", p.spec, s, err, err, want)
	}
	gotExp, wantExp := got.Expected(), want.Expected()
	if got.Offset != want.Offset || got.Rule != want.Rule || !slices.Equal(gotExp, wantExp) ||
		(gotExp == nil) != (wantExp == nil) {
		return fmt.Sprintf("%v %q:\n got offset %d rule %s expected %q\nwant offset %d rule %s expected %q",
			p.spec, s, got.Offset, got.Rule, gotExp, want.Offset, want.Rule, wantExp)
	}
	return ""
}

// probingSample is the share of explainInputs that TestExplainMatchesProbing checks: one
// in N, spread over every kind of input. Every input of every spec takes minutes on 2
// cores; make conformance runs them all.
var probingSample = flag.Int("probing.sample", 10,
	"TestExplainMatchesProbing, TestSchemeExplainMatchesProbing: check one input in N (1: every input, as make conformance does)")

// sampleEvery returns one element of in out of every n, from the first.
func sampleEvery(in []string, n int) []string {
	if n <= 1 {
		return in
	}
	out := make([]string, 0, len(in)/n+1)
	for i := 0; i < len(in); i += n {
		out = append(out, in[i])
	}
	return out
}

// explainInputs gathers, for spec, the inputs whose errors TestExplainMatchesProbing
// compares: every line of the real-world corpus, of validity.tsv and components.tsv,
// every example of every spec, the oracle regression strings, and near-misses of the
// examples (each byte of a delimiter-heavy alphabet inserted at, or replacing, each
// position).
func explainInputs(t *testing.T, spec Spec) []string {
	var in []string
	in = append(in, testcorpus.Lines(t, "testdata/corpora/realworld-urls.txt.gz")...)
	for _, name := range []string{"validity.tsv", "components.tsv"} {
		for _, row := range readTSV(t, testcorpus.Path(t, "testdata/corpora/"+name), true) {
			in = append(in, row.Fields...)
		}
	}
	var examples []string
	for _, sp := range Specs() {
		for _, row := range readTSV(t, testcorpus.Path(t, "testdata/examples/"+sp.String()+".tsv"), false) {
			examples = append(examples, row.Fields[0])
		}
	}
	in = append(in, examples...)
	if data, err := os.ReadFile(testcorpus.Path(t, "testdata/oracle/"+spec.String()+".txt")); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if line = strings.TrimSpace(line); line != "" && line[0] != '#' {
				if s, err := strconv.Unquote(line); err == nil {
					in = append(in, s)
				}
			}
		}
	}
	return append(in, nearMissesOf(examples, " \"#%-.09:;?@G[]^`g|~\x00\x7f\xc3\xa9\xef\xff")...)
}

// nearMissesOf returns, for each example of up to 80 bytes, every string made by
// inserting a byte of alphabet at, or putting it in place of, each position.
func nearMissesOf(examples []string, alphabet string) []string {
	var in []string
	for _, s := range examples {
		if len(s) > 80 {
			continue
		}
		for i := 0; i <= len(s); i++ {
			for j := 0; j < len(alphabet); j++ {
				in = append(in, s[:i]+alphabet[j:j+1]+s[i:])
				if i < len(s) {
					in = append(in, s[:i]+alphabet[j:j+1]+s[i+1:])
				}
			}
		}
	}
	return in
}

// TestExplainMatchesProbing requires Parser.explain to give exactly the reference's
// Offset, Rule and Expected on every input of explainInputs, under every spec (and
// rfc1738's generic syntax alone). The specs that check scheme grammars too are run
// with GenericOnly: the reference knows the spec's grammar only
// (TestSchemeExplainMatchesProbing compares the scheme grammars' errors).
// whatwg's grammar is run without the checks that follow it, whose errors are not the
// grammar's, without a base and against two. It checks one input in -probing.sample
// (ten by default, every one under make conformance) and logs how many.
func TestExplainMatchesProbing(t *testing.T) {
	if *probingSample < 1 {
		t.Fatalf("-probing.sample=%d: want 1 or more", *probingSample)
	}
	for _, spec := range Specs() {
		t.Run(spec.String(), func(t *testing.T) {
			opts := [][]ParserOption{nil}
			switch spec {
			case RFC1738:
				opts = append(opts, []ParserOption{GenericOnly()})
			case WHATWG:
				opts = [][]ParserOption{{GrammarOnly()}, {GrammarOnly(), Base("https://example.com/")}, {GrammarOnly(), Base("sc://h/")}}
			}
			if spec.desc().schemeGrammars {
				opts = [][]ParserOption{{GenericOnly()}}
			}
			for _, o := range opts {
				p, err := NewParser(spec, o...)
				if err != nil {
					t.Fatal(err)
				}
				all := explainInputs(t, spec)
				inputs := sampleEvery(all, *probingSample)
				rejected, bad := 0, 0
				for _, s := range inputs {
					if p.Validate(s) != nil {
						rejected++
					}
					if d := p.explainDiff(s); d != "" {
						if bad++; bad <= 10 {
							t.Error(d)
						}
					}
				}
				if bad > 10 {
					t.Errorf("%v: ... %d differences in all", spec, bad)
				}
				if rejected == 0 {
					t.Errorf("%v: no rejected input: the test compares nothing", spec)
				}
				t.Logf("%v (%d options): %d of %d inputs (one in %d: -probing.sample=1 checks every one), %d rejected, %d differ",
					spec, len(o), len(inputs), len(all), *probingSample, rejected, bad)
			}
		})
	}
}
