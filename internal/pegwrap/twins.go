package main

import (
	"fmt"
	"regexp"
	"strings"
)

// Collect (notes.go) needs a check before or after most character tests: "is this
// Collect's position?", `if int(pos) == p.at { p.note(k, sure) }`. Run and Accepts never
// have a position to note (p.at is -1), yet paid for the checks: about a tenth of an
// rfc3986 Validate (71 to 64 ns per URI of the corpus with the checks compiled out).
// twinRules gives every rule method two bodies: rX without the checks, which Run,
// Accepts, peg's closures and the rules table call, and nX with them, which only
// matchNoted (Collect) starts and which calls only noted rules. The plain body is the
// noted one with each check deleted, nothing else: the two parse alike, as the checks
// only record.

var (
	ruleMethodHead = regexp.MustCompile(`(?m)^func \(p \*Parser\) r(\w+)\(\) bool \{$`)
	noteCheck      = regexp.MustCompile(`(?m)^[ \t]*if int\(pos\) == p\.at \{\n[ \t]*p\.note\(\d+, (?:true|false)\)\n[ \t]*\}\n`)
	matchRuleFunc  = regexp.MustCompile(`(?ms)^func \(p \*Parser\) matchRule\(rule int\) bool \{\n.*?^\}\n`)
)

func twinRules(code []byte) ([]byte, error) {
	text := string(code)
	heads := ruleMethodHead.FindAllStringSubmatchIndex(text, -1)
	if len(heads) == 0 {
		return nil, fmt.Errorf("twin rules: no rule method")
	}
	names := map[string]bool{}
	for _, h := range heads {
		names[text[h[2]:h[3]]] = true
	}
	// A rule's calls and peeks of other rules, in a noted body, go to their noted bodies.
	calls := regexp.MustCompile(`\bp\.r(\w+)\(\)|\bp\.peek\(p\.rules\[rule(\w+)\]\)`)
	noted := func(body string) (string, error) {
		out := calls.ReplaceAllStringFunc(body, func(c string) string {
			m := calls.FindStringSubmatch(c)
			if m[1] != "" && names[m[1]] {
				return "p.n" + m[1] + "()"
			}
			if m[2] != "" && names[m[2]] {
				return "p.peek(p.n" + m[2] + ")"
			}
			return c // resetInput, ...
		})
		// Any other use of the rules table would run a plain rule inside a noted one.
		if n := strings.Count(out, "p.rules["); n != strings.Count(out, "matches = p.rules[rule]()") {
			return "", fmt.Errorf("twin rules: a noted body uses the rules table otherwise than matchRule's default")
		}
		return out, nil
	}
	var b strings.Builder
	last, checks := 0, 0
	for i, h := range heads {
		n := strings.Index(text[h[0]:], "\n}\n")
		end := h[0] + n + len("\n}\n")
		if n < 0 || (i+1 < len(heads) && end > heads[i+1][0]) {
			return nil, fmt.Errorf("twin rules: r%s does not end before the next rule", text[h[2]:h[3]])
		}
		method := text[h[0]:end]
		checks += len(noteCheck.FindAllStringIndex(method, -1))
		plain := noteCheck.ReplaceAllString(method, "")
		if strings.Contains(plain, "p.at") || strings.Contains(plain, "p.note(") {
			return nil, fmt.Errorf("twin rules: r%s keeps a note in a shape this pass does not know", text[h[2]:h[3]])
		}
		twin, err := noted(method)
		if err != nil {
			return nil, err
		}
		twin = "func (p *Parser) n" + strings.TrimPrefix(twin, "func (p *Parser) r")
		b.WriteString(text[last:h[0]])
		b.WriteString(plain)
		b.WriteString("\n" + twin)
		last = end
	}
	b.WriteString(text[last:])
	out := b.String()
	if total := strings.Count(text, "p.note("); checks != total {
		return nil, fmt.Errorf("twin rules: %d note checks in rule methods, %d in all", checks, total)
	}
	// matchNoted starts a noted rule, for Collect.
	m := matchRuleFunc.FindString(out)
	if m == "" {
		return nil, fmt.Errorf("twin rules: no matchRule")
	}
	match, err := noted(m)
	if err != nil {
		return nil, err
	}
	if strings.Count(match, "matches = p.rules[rule]()") != 1 {
		return nil, fmt.Errorf("twin rules: matchRule's default is not p.rules[rule]()")
	}
	match = strings.Replace(match, "matches = p.rules[rule]()", "matches = false // no such rule", 1)
	match = strings.Replace(match, "func (p *Parser) matchRule(", "func (p *Parser) matchNoted(", 1)
	return []byte(out + "\n// matchNoted is matchRule with the noted rules, for Collect.\n" + match), nil
}
