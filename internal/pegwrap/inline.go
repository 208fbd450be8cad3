package main

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// inlineBudget is the largest rule body, in lines of formatted code, that is copied into
// its callers. pchar with pct-encoded and HEXDIG inside it fits; rules that contain
// whole components do not.
const inlineBudget = 120

var (
	callSite  = regexp.MustCompile(`^\s*if !_rules\[rule(\w+)\]\(\) \{$`)
	gotoLine  = regexp.MustCompile(`^\s*goto (\w+)$`)
	caseLine  = regexp.MustCompile(`^\s*(case .*|default):$`)
	localName = regexp.MustCompile(`\b((?:l|lok|position|tokenIndex)\d+(?:_\d+)*)\b`)
)

// ruleFunc is one compiled rule in the formatted output: the lines of its function body.
type ruleFunc struct {
	name  string
	first int // index of the "func() bool {" line
	body  []string
}

// inlineRules copies small rules into the places that call them. peg calls every rule
// through the array _rules, an indirect call that Go cannot inline: pchar alone was
// called once per character of every path, query and fragment. A call
//
//	if !_rules[ruleX]() {
//		goto lK
//	}
//
// becomes X's body in a block, with its labels and saved positions renamed apart,
// "return true" leaving the block and "return false" becoming "goto lK". That is what
// the call did: X restored position and tokenIndex before returning false.
//
// A rule that records a token and tracks its component is copied with them: its local
// comp, which saves the caller's component, is renamed apart like the labels, so the
// copy sets and restores Parser.comp and calls add as the call did. Only rules that do
// not call themselves, directly or not, are copied. Callees are copied before their callers, so a
// copied body already holds its own small callees. Every rule keeps its function in
// _rules, as an entry point and for the calls that are too large to copy.
func inlineRules(code []byte) ([]byte, error) {
	lines := strings.Split(string(code), "\n")
	rules, err := ruleFuncs(lines)
	if err != nil {
		return nil, err
	}
	byName := map[string]*ruleFunc{}
	for _, r := range rules {
		byName[r.name] = r
	}
	done := map[string]bool{}
	inlinable := map[string]bool{}
	site := 0
	// Process rules whose callees are all processed; what remains is in a cycle and is
	// processed last, never copied.
	for len(done) < len(rules) {
		progress := false
		for _, r := range rules {
			if done[r.name] || !calleesDone(r, done, byName) {
				continue
			}
			r.body = inlineCalls(r.body, inlinable, byName, &site)
			done[r.name], progress = true, true
			inlinable[r.name] = copyable(r.body) && len(r.body) <= inlineBudget
		}
		if !progress {
			for _, r := range rules {
				if !done[r.name] {
					r.body = inlineCalls(r.body, inlinable, byName, &site)
					done[r.name] = true
				}
			}
		}
	}
	// Write the bodies back, last rule first so that earlier indexes stay valid.
	for i := len(rules) - 1; i >= 0; i-- {
		r := rules[i]
		end := r.first + 1
		for lines[end] != "\t\t}," {
			end++
		}
		lines = append(lines[:r.first+1], append(append([]string{}, r.body...), lines[end:]...)...)
	}
	return []byte(strings.Join(lines, "\n")), nil
}

// ruleFuncs finds each compiled rule's function in peg's formatted output.
func ruleFuncs(lines []string) ([]*ruleFunc, error) {
	var rules []*ruleFunc
	for i, line := range lines {
		m := ruleHeader.FindStringSubmatch(line)
		if m == nil || i+1 >= len(lines) || lines[i+1] != "\t\tfunc() bool {" {
			continue
		}
		r := &ruleFunc{name: m[2], first: i + 1}
		j := i + 2
		for j < len(lines) && lines[j] != "\t\t}," {
			j++
		}
		if j == len(lines) {
			return nil, fmt.Errorf("peg output changed: rule %s has no end", r.name)
		}
		r.body = append([]string(nil), lines[i+2:j]...)
		rules = append(rules, r)
	}
	return rules, nil
}

func calleesDone(r *ruleFunc, done map[string]bool, byName map[string]*ruleFunc) bool {
	for _, line := range r.body {
		if m := callSite.FindStringSubmatch(line); m != nil && byName[m[1]] != nil && !done[m[1]] {
			return false
		}
	}
	return true
}

// copyable reports whether a body may be copied into its callers: it returns only at
// its own top level. (A copy of a rule that cannot fail, such as segment <- pchar*,
// starts with a goto to the caller's failure label that is never taken: the label may
// have had no other, and Go rejects an unused label.)
func copyable(body []string) bool {
	for _, line := range body {
		switch {
		case strings.Contains(line, "return ") && line != "\t\t\treturn true" && line != "\t\t\treturn false":
			return false
		}
	}
	return true
}

// inlineCalls replaces the calls in body of the rules marked inlinable by their bodies.
func inlineCalls(body []string, inlinable map[string]bool, byName map[string]*ruleFunc, site *int) []string {
	var out []string
	for i := 0; i < len(body); i++ {
		m := callSite.FindStringSubmatch(body[i])
		if m == nil || !inlinable[m[1]] || i+2 >= len(body) || strings.TrimSpace(body[i+2]) != "}" {
			out = append(out, body[i])
			continue
		}
		g := gotoLine.FindStringSubmatch(body[i+1])
		if g == nil {
			out = append(out, body[i])
			continue
		}
		*site++
		suffix := "_" + strconv.Itoa(*site)
		ok := "lok" + strconv.Itoa(*site)
		callee := byName[m[1]].body
		out = append(out, "{ // "+m[1])
		if !slices.Contains(callee, "\t\t\treturn false") {
			// A copy that cannot fail: the caller's failure label may have no other goto,
			// and Go rejects an unused label; this one is never taken.
			out = append(out, "if false {", "goto "+g[1], "}")
		}
		for _, line := range callee {
			switch {
			case line == "\t\t\treturn true":
				out = append(out, "goto "+ok)
			case line == "\t\t\treturn false":
				out = append(out, "goto "+g[1])
			case strings.TrimSpace(line) == "comp := p.comp":
				out = append(out, "comp"+suffix+" := p.comp")
			case strings.TrimSpace(line) == "p.comp = comp":
				out = append(out, "p.comp = comp"+suffix)
			default:
				out = append(out, localName.ReplaceAllString(line, "${1}"+suffix))
			}
		}
		out = append(out, "}")
		i += 2
		// A label needs a statement after it: before a case clause, an empty one.
		if i+1 < len(body) && caseLine.MatchString(body[i+1]) {
			out = append(out, ok+": ;")
		} else {
			out = append(out, ok+":")
		}
	}
	return out
}
