package main

import (
	"regexp"
	"strings"
	"testing"
)

// twinBody matches a rule method, plain (r) or noted (n).
var twinBody = regexp.MustCompile(`(?ms)^func \(p \*Parser\) ([rn])(\w+)\(\) bool \{\n.*?^\}\n`)

// twinsOf returns the rule methods of generated code whose names begin with prefix: "r"
// for the plain rules, "n" for their noted twins (twins.go).
func twinsOf(code, prefix string) string {
	var b strings.Builder
	for _, m := range twinBody.FindAllStringSubmatch(code, -1) {
		if m[1] == prefix {
			b.WriteString(m[0])
		}
	}
	return b.String()
}

// TestTwinRules checks that every rule has a plain body without note checks and a noted
// body that, with its checks deleted and its calls sent back to plain rules, is the
// plain body; and that Collect alone starts noted rules.
func TestTwinRules(t *testing.T) {
	got := generate(t, "# pegwrap: entries top\n# pegwrap: tokens top big\n"+
		"top <- 'a'* ('b' 'c')? !big &'q' (dig / 'd') 'q' !.\nbig <- 'x' 'y' 'z'\ndig <- [0-9] [0-9]\n")
	plain, noted := map[string]string{}, map[string]string{}
	for _, m := range twinBody.FindAllStringSubmatch(got, -1) {
		if m[1] == "r" {
			plain[m[2]] = m[0]
		} else {
			noted[m[2]] = m[0]
		}
	}
	if len(plain) < 2 || len(plain) != len(noted) {
		t.Fatalf("%d plain rules, %d noted", len(plain), len(noted))
	}
	checks := 0
	for name, n := range noted {
		p, ok := plain[name]
		if !ok {
			t.Errorf("n%s has no plain twin", name)
			continue
		}
		if strings.Contains(p, "p.note(") || strings.Contains(p, "p.at") || strings.Contains(p, "p.n") {
			t.Errorf("r%s notes or calls a noted rule:\n%s", name, p)
		}
		for _, c := range regexp.MustCompile(`\bp\.r(\w+)\(\)|p\.rules\[`).FindAllStringSubmatch(n, -1) {
			if c[1] == "" || plain[c[1]] != "" {
				t.Errorf("n%s runs a plain rule: %s", name, c[0])
			}
		}
		checks += strings.Count(n, "p.note(")
		back := noteCheck.ReplaceAllString(n, "")
		back = regexp.MustCompile(`\bp\.n(\w+)\(\)`).ReplaceAllString(back, "p.r$1()")
		back = regexp.MustCompile(`\bp\.peek\(p\.n(\w+)\)`).ReplaceAllString(back, "p.peek(p.rules[rule$1])")
		back = strings.Replace(back, "func (p *Parser) n", "func (p *Parser) r", 1)
		if back != p {
			t.Errorf("n%s is not r%s with note checks:\n%s\n---\n%s", name, name, n, p)
		}
	}
	if checks == 0 {
		t.Error("no noted rule notes anything")
	}
	if !strings.Contains(got, "ok = p.matchNoted(rule)") || strings.Count(got, "p.matchNoted(") != 1 ||
		!strings.Contains(got, "func (p *Parser) matchNoted(rule int) bool {") {
		t.Error("Collect does not start the noted rules, or something else does too")
	}
}
