package main

import (
	"fmt"
	"regexp"
	"strings"
)

var (
	positionWord = regexp.MustCompile(`\bposition\b`)
	tokenWord    = regexp.MustCompile(`\btokenIndex\b`)
	// The three statements that hand position to other code, as peg and the passes
	// before write them (a call of a rule, directly or through a lookahead, always as
	// "if !CALL {", "goto L", "}"; matchDot as "if !matchDot() {" with the failure
	// bookkeeping and a goto; add as a statement). Anything else stops generation.
	ruleCallLine  = regexp.MustCompile(`^(\s*)if !(_rules\[rule\w+\]\(\)|p\.peek\(_rules\[rule\w+\]\)) \{$`)
	matchDotLine  = regexp.MustCompile(`^(\s*)if !matchDot\(\) \{$`)
	addLine       = regexp.MustCompile(`^(\s*)add\(rule\w+, position\d+(?:_\d+)*\)$`)
	returnLine    = regexp.MustCompile(`^(\s*)return (true|false)$`)
	otherCallLike = regexp.MustCompile(`_rules\[|matchDot\(|p\.peek\(|\badd\(|\breturn\b|\bfunc\(`)
)

// localPosition makes each rule function work on a local copy of position, pos (and of
// tokenIndex, ti), and hand it back to the shared variable only around the code that reads or moves it:
// the calls of other rules, matchDot, add, and the function's returns.
//
// position is shared by every rule closure, so Go keeps it in memory: every position++
// of a character loop was a load, an add and a store, and each iteration waited for
// the store of the one before (a segment, a reg-name and the speculative userinfo scan
// were most of an rfc3986 parse). A local lives in a register.
//
// The copy is exact because the shared variable is read or written only by that code:
// before a call, position = pos; after a rule call or matchDot that succeeded, pos =
// position (one that fails leaves position where it was, at pos: a rule restores it,
// matchDot does not move it); before add, position = pos (add reads the end of the
// token from it); before every return, position = pos (the caller reads it back).
//
// tokenIndex gets the same treatment, as ti: every choice point and every turn of a
// loop saves it, and as a field (methods.go) each save was a load from memory. Only
// rule calls and add move it: before them tokenIndex = ti, after them ti = tokenIndex
// (a rule that fails restores it, so the copy still holds), and before every return.
// This pass runs after probeClasses, which reads the tests as buffer[position].
func localPosition(code []byte) ([]byte, error) {
	lines := strings.Split(string(code), "\n")
	var out []string
	inRules, inBody := false, false
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		switch {
		case !inRules:
			out = append(out, l)
			inRules = strings.HasPrefix(l, "\t_rules = [...]func() bool{")
			continue
		case l == "\t}":
			inRules = false
			out = append(out, l)
			continue
		case l == "\t\tfunc() bool {":
			inBody = true
			out = append(out, l, "\t\t\tpos, ti := position, tokenIndex")
			continue
		case l == "\t\t},":
			inBody = false
			out = append(out, l)
			continue
		case !inBody:
			out = append(out, l)
			continue
		}
		local := tokenWord.ReplaceAllString(positionWord.ReplaceAllString(l, "pos"), "ti")
		switch m := ruleCallLine.FindStringSubmatch(l); {
		case m != nil:
			if i+2 >= len(lines) || !strings.HasPrefix(strings.TrimSpace(lines[i+1]), "goto ") || lines[i+2] != m[1]+"}" {
				return nil, fmt.Errorf("local position: line %d: a rule call not followed by goto and }", i+1)
			}
			out = append(out, m[1]+"if position, tokenIndex = pos, ti; !"+m[2]+" {", lines[i+1], lines[i+2], m[1]+"pos, ti = position, tokenIndex")
			i += 2
			continue
		}
		if m := matchDotLine.FindStringSubmatch(l); m != nil {
			end := i + 1
			for end < len(lines) && lines[end] != m[1]+"}" {
				end++
			}
			if end == len(lines) {
				return nil, fmt.Errorf("local position: line %d: matchDot's block does not end", i+1)
			}
			out = append(out, m[1]+"if position = pos; !matchDot() {")
			for _, b := range lines[i+1 : end+1] {
				if otherCallLike.MatchString(b) {
					return nil, fmt.Errorf("local position: line %d: a call inside matchDot's failure block", i+1)
				}
				out = append(out, tokenWord.ReplaceAllString(positionWord.ReplaceAllString(b, "pos"), "ti"))
			}
			out = append(out, m[1]+"pos = position")
			i = end
			continue
		}
		if m := addLine.FindStringSubmatch(l); m != nil {
			out = append(out, m[1]+"position, tokenIndex = pos, ti", l, m[1]+"ti = tokenIndex")
			continue
		}
		if m := returnLine.FindStringSubmatch(l); m != nil {
			out = append(out, m[1]+"position, tokenIndex = pos, ti", l)
			continue
		}
		if otherCallLike.MatchString(l) {
			return nil, fmt.Errorf("local position: line %d: %q hands position on in a way this pass does not know", i+1, strings.TrimSpace(l))
		}
		out = append(out, local)
	}
	if inRules || inBody {
		return nil, fmt.Errorf("local position: the rule table does not end")
	}
	return []byte(strings.Join(out, "\n")), nil
}
