package main

import (
	"fmt"
	"regexp"
	"strings"
)

// ruleMethods turns peg's closures into methods of Parser: each rule function of _rules,
// add and matchDot. peg declares the parser's state (position, tokenIndex, the buffer,
// the farthest token) as variables of Init that every closure captures by reference,
// and calls every rule through the array _rules: an indirect call that Go cannot
// inline, and add and matchDot, small enough to inline, were called as closures too (add
// was a tenth of a parse with components). As methods, the state is Parser's fields,
// rule calls are direct (Go inlines the small ones), add and matchDot are inlined, and
// each rule reads the buffer through a local copy of the slice.
//
// The rewrite renames and nothing else: every use of a captured variable becomes the
// field of the same name, every call _rules[ruleX]() becomes p.rX() (the method holding
// the same body), and _rules keeps one method value per rule, built once by Init, for
// peg's own Parse and for lookaheads (p.peek); Run starts its rule through matchRule
// (entryMethods). It runs after byteBuffer, before twinRules.
func ruleMethods(code []byte) ([]byte, error) {
	lines := strings.Split(string(code), "\n")
	start, end := -1, -1
	for i, l := range lines {
		if l == "\t_rules = [...]func() bool{" {
			start = i
		}
		if start >= 0 && i > start && l == "\t}" {
			end = i
			break
		}
	}
	if start < 0 || end < 0 {
		return nil, fmt.Errorf("rule methods: no _rules table")
	}
	var table []string // the new _rules literal
	var methods, names []string
	var comment string
	for i := start + 1; i < end; i++ {
		l := lines[i]
		switch {
		case strings.HasPrefix(l, "\t\t/* "):
			comment = strings.TrimSpace(l)
			table = append(table, l)
		case l == "\t\tnil,":
			table = append(table, l)
		case l == "\t\tfunc() bool {":
			m := ruleHeader.FindStringSubmatch("\t\t" + comment)
			if m == nil {
				return nil, fmt.Errorf("rule methods: line %d: a rule function without its comment", i+1)
			}
			j := i + 1
			for j < end && lines[j] != "\t\t}," {
				j++
			}
			if j == end {
				return nil, fmt.Errorf("rule methods: line %d: rule %s does not end", i+1, m[2])
			}
			body := strings.Join(lines[i+1:j], "\n")
			if strings.Contains(body, "func(") {
				return nil, fmt.Errorf("rule methods: rule %s holds a closure", m[2])
			}
			body = stateUse(body)
			head := "func (p *Parser) r" + m[2] + "() bool {"
			if bufferWord.MatchString(body) {
				head += "\n\tbuffer := p.buffer"
			}
			methods = append(methods, "", "// r"+m[2]+" is rule "+strings.TrimSuffix(strings.TrimPrefix(comment, "/* "), " */"), head, body, "}")
			table = append(table, "\t\tp.r"+m[2]+",")
			names = append(names, m[2])
			comment, i = "", j
		default:
			return nil, fmt.Errorf("rule methods: line %d: %q in the rule table", i+1, strings.TrimSpace(l))
		}
	}
	out := append(append(append([]string{}, lines[:start+1]...), table...), lines[end:]...)
	code = []byte(strings.Join(out, "\n") + strings.Join(methods, "\n") + "\n" + stateMethods)
	code, err := applyEdits(code, methodEdits, "rule methods")
	if err != nil {
		return nil, err
	}
	return entryMethods(code, names)
}

// entryMethods makes methods of the two closures that Run calls for every input:
// p.reset (the state and the buffer) becomes resetInput, and p.match matchRule, whose
// call of the entry rule through _rules (a method value: two calls through pointers)
// becomes a switch of direct calls. Run calls them directly (api); the closures
// stay for peg's Reset and Parse, as method values. Validate of the corpus: 74 to 70
// ns/URI.
func entryMethods(code []byte, names []string) ([]byte, error) {
	text := string(code)
	var methods strings.Builder
	for _, c := range []struct{ field, method, sig string }{
		{"reset", "resetInput", "()"},
		{"match", "matchRule", "(rule int) bool"},
	} {
		head := "\tp." + c.field + " = func" + c.sig + " {\n"
		if strings.Count(text, head) != 1 {
			return nil, fmt.Errorf("rule methods: %q is not there once", strings.TrimSpace(head))
		}
		a := strings.Index(text, head)
		n := strings.Index(text[a:], "\n\t}\n")
		if n < 0 {
			return nil, fmt.Errorf("rule methods: p.%s's closure does not end", c.field)
		}
		body := text[a+len(head) : a+n+1]
		text = text[:a] + "\tp." + c.field + " = p." + c.method + "\n" + text[a+n+len("\n\t}\n"):]
		body = strings.ReplaceAll("\n"+body, "\n\t", "\n")[1:]
		if c.field == "match" {
			if strings.Count(body, "matches := p.rules[rule]()") != 1 {
				return nil, fmt.Errorf("rule methods: p.match does not call p.rules[rule]() once")
			}
			var sw strings.Builder
			sw.WriteString("var matches bool\nswitch rule {\n")
			for _, name := range names {
				fmt.Fprintf(&sw, "case int(rule%s):\nmatches = p.r%s()\n", name, name)
			}
			sw.WriteString("default:\nmatches = p.rules[rule]()\n}")
			body = strings.Replace(body, "matches := p.rules[rule]()", sw.String(), 1)
		}
		fmt.Fprintf(&methods, "\nfunc (p *Parser) %s%s {\n%s}\n", c.method, c.sig, body)
	}
	return []byte(text + methods.String()), nil
}

var (
	bufferWord = regexp.MustCompile(`\bbuffer\b`)
	ruleCall   = regexp.MustCompile(`\b_rules\[rule(\w+)\]\(\)`)
	stateWord  = regexp.MustCompile(`\b(position|tokenIndex)\b`)
	closure    = regexp.MustCompile(`\b(add|matchDot)\(`)
)

// stateUse rewrites a body that used Init's variables to use the fields.
func stateUse(body string) string {
	body = ruleCall.ReplaceAllString(body, "p.r$1()")
	body = strings.ReplaceAll(body, "_rules[", "p.rules[") // p.peek(_rules[ruleX])
	body = stateWord.ReplaceAllString(body, "p.$1")
	return closure.ReplaceAllString(body, "p.$1(")
}

// stateMethods are add and matchDot as peg and the passes before wrote them (edits and
// notes.go's p.dot, bytebuf.go's end), on the fields.
const stateMethods = `
// add records a token of rule from begin to the current position. It writes the tree
// up to its capacity and leaves its length to Trim at the end of a match, so a token is
// one store; peg's Add also stored the slice header (a write barrier check) for every
// token past the length of the previous match.
func (p *Parser) add(rule pegRule, begin uint32) {
	tree, i := p.tokens32.tree, int(p.tokenIndex)
	if i < cap(tree) {
		tree[:cap(tree)][i] = token32{rule, begin, p.position}
	} else {
		p.tokens32.tree = append(tree[:i], token32{rule, begin, p.position})
	}
	p.tokenIndex++
	if begin != p.position && p.position > p.max.end {
		p.max = token32{rule, begin, p.position}
	}
}

// matchDot consumes any byte before the end.
func (p *Parser) matchDot() bool {
	if int(p.position) < p.end {
		if int(p.position) == p.at {
			p.dot = true
		}
		p.position++
		return true
	}
	return false
}
`

// methodEdits take Init's variables and closures out of Init.
var methodEdits = []edit{
	{regexp.MustCompile(`(?m)^\tvar \(\n\t\tmax +token32\n\t\tposition, tokenIndex uint32\n\t\tbuffer +\[\]byte\n\t\)\n`), "", 1},
	{regexp.MustCompile(`(?m)^(\t\t)max = token32\{\}\n\t\tposition, tokenIndex = 0, 0\n`), "${1}p.max = token32{}\n${1}p.position, p.tokenIndex = 0, 0\n", 1},
	{regexp.MustCompile(`(?m)^\t\tbuffer = p\.buffer\n`), "", 1},
	{regexp.MustCompile(`(?m)^\ttree := p\.tokens32\n`), "", 1},
	{regexp.MustCompile(`(?m)^\t\tp\.tokens32 = tree\n`), "", 2},
	{regexp.MustCompile(`p\.Trim\(tokenIndex\)`), "p.Trim(p.tokenIndex)", 2},
	{regexp.MustCompile(`return &parseError\{p, max\}`), "return &parseError{p, p.max}", 1},
	{regexp.MustCompile(`(?m)^\tadd := func\(rule pegRule, begin uint32\) \{\n\t\ttree\.Add\(rule, begin, position, tokenIndex\)\n\t\ttokenIndex\+\+\n\t\tif begin != position && position > max\.end \{\n\t\t\tmax = token32\{rule, begin, position\}\n\t\t\}\n\t\}\n`), "", 1},
	{regexp.MustCompile(`(?m)^\tmatchDot := func\(\) bool \{\n\t\tif int\(position\) < p\.end \{\n\t\t\tif int\(position\) == p\.at \{\n\t\t\t\tp\.dot = true\n\t\t\t\}\n\t\t\tposition\+\+\n\t\t\treturn true\n\t\t\}\n\t\treturn false\n\t\}\n`), "", 1},
}
