package main

import (
	"fmt"
	"regexp"
	"strings"
)

// grammarFile is what pegwrap reads from a .peg file itself, besides handing it to peg:
// its directive lines and where each rule is written, for the provenance comments of
// the generated code.
type grammarFile struct {
	path    string // as the generated code names it (grammar/rfc3986.peg)
	src     []byte
	entries []string // "# pegwrap: entries" names
	tokens  []string // "# pegwrap: tokens" names
	rules   map[string]ruleSource
}

// ruleSource is a rule as its grammar file writes it.
type ruleSource struct {
	line int    // 1-based line of the rule's name
	text string // the rule's lines, without comment lines and trailing blank space
}

// ruleStart matches the line that begins a rule: its name at the start of the line and
// peg's arrow. (A regular expression over the grammar's text, not over Go code.)
var ruleStart = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)\s*<-`)

// readGrammar reads the directives and the rules of a grammar file. A rule runs from
// the line that starts it to the line before the next blank line, comment line or rule.
func readGrammar(path string, src []byte) (*grammarFile, error) {
	g := &grammarFile{path: path, src: src, rules: map[string]ruleSource{}}
	g.entries = directive(src, "entries")
	g.tokens = directive(src, "tokens")
	if len(g.entries) == 0 {
		return nil, fmt.Errorf(`no "# pegwrap: entries" line`)
	}
	if len(g.tokens) == 0 {
		return nil, fmt.Errorf(`no "# pegwrap: tokens" line`)
	}
	lines := strings.Split(string(src), "\n")
	for i := 0; i < len(lines); i++ {
		m := ruleStart.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		j := i + 1
		for j < len(lines) {
			t := strings.TrimSpace(lines[j])
			if t == "" || t[0] == '#' || ruleStart.MatchString(lines[j]) {
				break
			}
			j++
		}
		if _, dup := g.rules[m[1]]; dup {
			return nil, fmt.Errorf("line %d: rule %s is defined twice", i+1, m[1])
		}
		text := make([]string, 0, j-i)
		for _, l := range lines[i:j] {
			text = append(text, strings.TrimRight(l, " \t\r"))
		}
		g.rules[m[1]] = ruleSource{line: i + 1, text: strings.Join(text, "\n")}
	}
	return g, nil
}

// directive reads the grammar's "# pegwrap: KEY NAME..." lines:
//   - entries: the rules Run may start from;
//   - tokens: the rules whose matches package uri reads from the syntax tree. Recording a
//     token for every rule (every pchar, every ALPHA) is most of peg's parsing time, so
//     no other rule records one.
func directive(grammar []byte, key string) []string {
	var names []string
	re := regexp.MustCompile(`(?m)^# pegwrap: ` + key + ` (.*)$`)
	for _, m := range re.FindAllSubmatch(grammar, -1) {
		names = append(names, strings.Fields(string(m[1]))...)
	}
	return names
}

// alternatives splits a rule's text after its arrow into its top-level choices, as
// written (each trimmed, lines joined by a space), or returns nil if it is not a choice.
// It knows peg's quoting: '...' and "..." literals with backslash escapes, [...] classes,
// {...} actions and predicates, and # comments to the end of a line.
func alternatives(text string) []string {
	_, body, ok := strings.Cut(text, "<-")
	if !ok {
		return nil
	}
	var alts []string
	depth, start := 0, 0
	for i := 0; i < len(body); i++ {
		switch c := body[i]; c {
		case '\'', '"', '[':
			end := c
			if c == '[' {
				end = ']'
			}
			for i++; i < len(body) && body[i] != end; i++ {
				if body[i] == '\\' {
					i++
				}
			}
		case '#':
			for i < len(body) && body[i] != '\n' {
				i++
			}
		case '(', '{':
			depth++
		case ')', '}':
			depth--
		case '/':
			if depth == 0 {
				alts = append(alts, body[start:i])
				start = i + 1
			}
		}
	}
	if len(alts) == 0 {
		return nil
	}
	alts = append(alts, body[start:])
	for i, a := range alts {
		alts[i] = strings.Join(strings.Fields(a), " ")
	}
	return alts
}
