package uri

import (
	"slices"
	"testing"
)

// TestRunRecording checks that the run of Parse, which records the tokens of the rules
// with a role only (RunRecording), gives the result and Farthest of a full Run and, on a
// match, Run's syntax tree without the tokens of the other rules, on every input that
// TestExplainMatchesProbing compares.
func TestRunRecording(t *testing.T) {
	for _, spec := range Specs() {
		t.Run(spec.String(), func(t *testing.T) {
			p, err := NewParser(spec)
			if err != nil {
				t.Fatal(err)
			}
			checked := 0
			for _, s := range explainInputs(t, spec) {
				ok := p.m.Run(s, p.top)
				far, rule := p.m.Farthest()
				var want [][3]int32
				for _, tok := range p.tokens() {
					if p.g.roles[tok[0]] != roleNone {
						want = append(want, tok)
					}
				}
				gotOK := p.run(s)
				gotFar, gotRule := p.m.Farthest()
				if gotOK != ok || gotFar != far || gotRule != rule {
					t.Fatalf("%v %q: RunRecording %v at %d in rule %d, Run %v at %d in rule %d", spec, s, gotOK, gotFar, gotRule, ok, far, rule)
				}
				if !ok {
					continue
				}
				if got := p.tokens(); !slices.Equal(got, want) {
					t.Fatalf("%v %q: RunRecording's tokens %v, Run's with a role %v", spec, s, got, want)
				}
				checked++
			}
			if checked == 0 {
				t.Errorf("%v: no input matched", spec)
			}
		})
	}
}
