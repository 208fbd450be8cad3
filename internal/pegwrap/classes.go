package main

import (
	"fmt"
	"go/ast"
	"go/token"
	"strconv"
	"strings"
)

// classTables speeds up peg's -switch output without changing what it accepts.
//
// For a choice between characters, peg writes
//
//	switch buffer[position] {
//	case '@':
//		if buffer[position] != '@' { ...fail... }
//		position++
//	case '0', ..., '9':
//		if c := buffer[position]; c < '0' || c > '9' { ...fail... }
//		position++
//	case '%':
//		...a rule call...
//	default:
//		if c := buffer[position]; c < 'a' || c > 'z' { ...fail... }
//		position++
//	}
//
// Go compiles that into a binary search over the case values, whose branches the CPU
// cannot predict on varied text: it was a third of the time of parsing a URI. A case
// whose body only consumes the characters it lists (its test cannot fail once the case
// is chosen; or it calls a byte-set rule, byteset.go, that accepts them all with no
// failing test first) is the same as one lookup in a table of those characters, so such
// cases are taken out of the switch and tested first:
//
//	if c := buffer[position]; classN[c] != 0 {
//		position++
//	} else {
//		switch buffer[position] { ...the other cases, unchanged... }
//	}
//
// A consuming default clause adds the characters of its range that no case lists (only
// those reach it); the clause itself stays, for the characters outside its range (when
// it is all that is left, its statements are written without the switch). The tables
// are constant strings of 256 bytes, one per distinct set, indexed by the byte with no
// bounds check; only ASCII characters are ever in one (a byte from 0x80 up fails the
// lookup and reaches the else branch, as it reached the switch: rfc3987's UTF-8).
func classTables(p *program) error {
	for _, r := range p.rules {
		editLists(r.body, func(list []ast.Stmt) []ast.Stmt {
			for i, s := range list {
				labels, inner := unlabel(s)
				sw, ok := inner.(*ast.SwitchStmt)
				if !ok || sw.Init != nil || sw.Tag == nil || !isBufferPosition(sw.Tag) {
					continue
				}
				if repl := p.classSwitch(sw); repl != nil {
					list[i] = relabel(labels, repl)
				}
			}
			return list
		})
	}
	return nil
}

// classSwitch returns the table test that replaces sw, or nil if no case moves into a
// table.
func (p *program) classSwitch(sw *ast.SwitchStmt) ast.Stmt {
	var set [128]bool
	listed := map[int]bool{}
	var keep []ast.Stmt
	var def *ast.CaseClause
	for _, s := range sw.Body.List {
		cc := s.(*ast.CaseClause)
		if cc.List == nil {
			def = cc
			keep = append(keep, cc)
			continue
		}
		chars, ok := caseChars(cc)
		for _, c := range chars {
			listed[c] = true
		}
		if ok && (consumes(cc.Body, chars) || p.callsByteSet(cc.Body, chars)) {
			for _, c := range chars {
				set[c] = true
			}
			continue
		}
		keep = append(keep, cc)
	}
	if def != nil {
		if lo, hi, ok := consumedRange(def.Body); ok {
			// Only the ASCII part of the range goes into the table; the default clause
			// stays for the rest (rfc3987's UTF-8 bytes 0x80-0xFF).
			for c := lo; c <= hi && c < 128; c++ {
				if !listed[c] {
					set[c] = true
				}
			}
		} else if bs := p.byteSetCall(def.Body); bs != nil {
			// Likewise the bytes that the called byte-set rule consumes with no failing
			// test first; the clause stays for the others, which fail there or record
			// their failure before they are accepted.
			for c := range bs.accept {
				if !listed[c] && bs.plain([]int{c}) {
					set[c] = true
				}
			}
		}
	}
	count := 0
	for _, in := range set {
		if in {
			count++
		}
	}
	if count == 0 {
		return nil
	}
	var rest []ast.Stmt
	if len(keep) == 1 && keep[0] == def {
		rest = def.Body // only the default is left: its statements need no switch
	} else {
		sw.Body.List = keep
		rest = []ast.Stmt{sw}
	}
	return tableIf(p.tables.name(&set, "classes.go"), []ast.Stmt{&ast.IncDecStmt{X: ast.NewIdent("position"), Tok: token.INC}}, rest)
}

// tableIf writes "if c := buffer[position]; table[c] != 0 { body } else { rest }" (no
// else when rest is empty).
func tableIf(table string, body, rest []ast.Stmt) *ast.IfStmt {
	s := parseStmts("if c := buffer[position]; " + table + "[c] != 0 {\n}")[0].(*ast.IfStmt)
	s.Body.List = body
	if len(rest) > 0 {
		s.Else = &ast.BlockStmt{List: rest}
	}
	return s
}

// callsByteSet reports whether body is a call of a byte-set rule (byteset.go) that
// consumes each of chars with no failing test first. Such a case is the same as a table
// of chars: the call cannot fail on them, consumes one byte, and records no failure. A
// byte-set rule records a failure before accepting some bytes (noted): a case with one
// of those stays a call.
func (p *program) callsByteSet(body []ast.Stmt, chars []int) bool {
	bs := p.byteSetCall(body)
	return bs != nil && bs.plain(chars)
}

// byteSetCall returns the byte set of the rule that body calls, if body is only peg's
// call of a byte-set rule.
func (p *program) byteSetCall(body []ast.Stmt) *byteSet {
	if len(body) != 1 {
		return nil
	}
	name, _, look, ok := callSite(body[0])
	if !ok || look {
		return nil
	}
	return p.sets[name]
}

// caseChars returns the ASCII characters a case clause lists; ok is false if one is not
// an ASCII character literal (such a clause stays in the switch).
func caseChars(cc *ast.CaseClause) (chars []int, ok bool) {
	ok = true
	for _, e := range cc.List {
		c, isChar := charLit(e)
		if !isChar || c >= 128 {
			ok = false
			continue
		}
		chars = append(chars, c)
	}
	return chars, ok
}

// consumes reports whether body is peg's test of exactly chars followed by position++:
// a single character compared with !=, or a range whose characters are exactly chars.
func consumes(body []ast.Stmt, chars []int) bool {
	if len(chars) == 1 && len(body) == 2 && isIncrement(body[1]) {
		if s, ok := body[0].(*ast.IfStmt); ok && s.Else == nil {
			if c, ok := charTest(s); ok && c == chars[0] {
				return true
			}
		}
	}
	lo, hi, ok := consumedRange(body)
	if !ok || hi-lo+1 != len(chars) {
		return false
	}
	for _, c := range chars {
		if c < lo || c > hi {
			return false
		}
	}
	return true // len(chars) distinct values, all in a range of that size
}

// consumedRange recognizes peg's range test followed by position++ and returns the range.
func consumedRange(body []ast.Stmt) (lo, hi int, ok bool) {
	if len(body) != 2 || !isIncrement(body[1]) {
		return 0, 0, false
	}
	s, isIf := body[0].(*ast.IfStmt)
	if !isIf || s.Else != nil {
		return 0, 0, false
	}
	lo, hi, ok = rangeTest(s)
	return lo, hi, ok && lo <= hi && hi < 128
}

// tableSet names the class tables of a parser, one constant per distinct set, shared by
// the passes that write them (byteset.go, classes.go): probeClasses and noteTests read
// the sets by name.
type tableSet struct {
	names map[[128]bool]string // contents -> name
	sets  map[string]*[128]bool
	decls []string // the declarations, in the order the names were given
}

// newTableSet is a tableSet with no tables yet.
func newTableSet() *tableSet {
	return &tableSet{names: map[[128]bool]string{}, sets: map[string]*[128]bool{}}
}

// name returns the constant holding set, declaring it if it is new; by names the pass,
// for its comment.
func (t *tableSet) name(set *[128]bool, by string) string {
	if name, ok := t.names[*set]; ok {
		return name
	}
	name := "class" + strconv.Itoa(len(t.decls))
	t.names[*set] = name
	cp := *set
	t.sets[name] = &cp
	var v [256]byte
	for c, in := range set {
		if in {
			v[c] = 1
		}
	}
	t.decls = append(t.decls, fmt.Sprintf("\n// %s is the table of the characters %s (internal/pegwrap/%s).\nconst %s = %q\n",
		name, describe(set), by, name, v[:]))
	return name
}

// decls returns the declarations of the tables.
func (t *tableSet) decl() string { return strings.Join(t.decls, "") }

// describe writes a set of characters for a comment, separated by spaces, with runs of
// three or more written first-last.
func describe(set *[128]bool) string {
	var items []string
	for c := 0; c < 128; c++ {
		if !set[c] {
			continue
		}
		e := c
		for e+1 < 128 && set[e+1] {
			e++
		}
		if e-c >= 2 {
			items = append(items, printable(c)+"-"+printable(e))
			c = e
		} else {
			items = append(items, printable(c))
		}
	}
	return strings.Join(items, " ")
}

func printable(c int) string {
	if c > ' ' && c < 0x7f {
		return string(rune(c))
	}
	return fmt.Sprintf("\\x%02x", c)
}
