package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"sort"
	"strconv"
	"strings"
)

// classTables speeds up peg's -switch output without changing what it accepts.
//
// For a choice between characters, peg writes
//
//	switch buffer[position] {
//	case '@':
//		if buffer[position] != rune('@') { ...fail... }
//		position++
//	case '0', ..., '9':
//		if c := buffer[position]; c < rune('0') || c > rune('9') { ...fail... }
//		position++
//	case '%':
//		...a rule call...
//	default:
//		if c := buffer[position]; c < rune('a') || c > rune('z') { ...fail... }
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
//	if c := uint32(buffer[position]); c < 128 && classN[c] != 0 {
//		position++
//	} else {
//		switch buffer[position] { ...the other cases, unchanged... }
//	}
//
// A consuming default clause adds the characters of its range that no case lists (only
// those reach it); the clause itself stays, for the characters outside its range (when
// it is all that is left, its statements are written without the switch).
// The tables are constant strings appended to the file, one per distinct set; byteBuffer
// later makes them 256 bytes long and drops c < 128 (bytebuf.go).
func classTables(code []byte, sets map[string]*byteSet) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "parser.go", code, parser.ParseComments)
	if err != nil {
		return nil, fmt.Errorf("peg output does not parse: %w", err)
	}
	text := func(n ast.Node) string {
		return string(code[fset.Position(n.Pos()).Offset:fset.Position(n.End()).Offset])
	}
	type replacement struct {
		begin, end int
		text       string
	}
	var reps []replacement
	// The byte-set pass has declared tables already: one set, one name, across passes.
	tables := newTableSet()
	if err := tables.read(f); err != nil {
		return nil, err
	}
	ast.Inspect(f, func(n ast.Node) bool {
		sw, ok := n.(*ast.SwitchStmt)
		if !ok || sw.Init != nil || sw.Tag == nil || text(sw.Tag) != "buffer[position]" {
			return true
		}
		var set [128]bool
		listed := map[rune]bool{}
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
			if ok && (consumes(cc.Body, chars, text) || callsByteSet(cc.Body, chars, sets, text)) {
				for _, c := range chars {
					set[c] = true
				}
				continue
			}
			keep = append(keep, cc)
		}
		if def != nil {
			if lo, hi, ok := consumedRange(def.Body, text); ok {
				// Only the ASCII part of the range goes into the table; the default
				// clause stays for the rest (rfc3987's UTF-8 bytes 0x80-0xFF).
				for c := lo; c <= hi && c < 128; c++ {
					if !listed[c] {
						set[c] = true
					}
				}
			} else if bs := byteSetCall(def.Body, sets, text); bs != nil {
				// Likewise the bytes that the called byte-set rule consumes with no
				// failing test first; the clause stays for the others, which fail there
				// or record Parser.far before they are accepted.
				for c := range bs.accept {
					if !listed[rune(c)] && bs.plain([]rune{rune(c)}) {
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
			return true
		}
		name := tables.name(&set, "classes.go")
		var b strings.Builder
		fmt.Fprintf(&b, "if c := uint32(buffer[position]); c < 128 && %s[c] != 0 {\nposition++\n} else {\n", name)
		if len(keep) == 1 && keep[0] == def {
			// Only the default is left: its statements need no switch.
			for _, s := range def.Body {
				b.WriteString(text(s))
				b.WriteString("\n")
			}
		} else {
			b.WriteString("switch buffer[position] {\n")
			for _, s := range keep {
				b.WriteString(text(s))
				b.WriteString("\n")
			}
			b.WriteString("}\n")
		}
		b.WriteString("}")
		reps = append(reps, replacement{fset.Position(sw.Pos()).Offset, fset.Position(sw.End()).Offset, b.String()})
		return true
	})
	if len(reps) == 0 {
		return code, nil
	}
	sort.Slice(reps, func(i, j int) bool { return reps[i].begin > reps[j].begin })
	for _, r := range reps {
		code = append(code[:r.begin:r.begin], append([]byte(r.text), code[r.end:]...)...)
	}
	return tables.appendDecls(code), nil
}

// callsByteSet reports whether body is a call of a byte-set rule (byteset.go) that
// consumes each of chars with no failing test first:
//
//	if !_rules[ruleX]() {
//		goto lN
//	}
//
// Such a case is the same as a table of chars: the call cannot fail on them, consumes
// one byte, and records nothing in Parser.far. A byte-set rule records Parser.far before
// accepting some bytes (noted): a case with one of those stays a call.
func callsByteSet(body []ast.Stmt, chars []rune, sets map[string]*byteSet, text func(ast.Node) string) bool {
	bs := byteSetCall(body, sets, text)
	return bs != nil && bs.plain(chars)
}

// byteSetCall returns the byte set of the rule that body calls, if body is only peg's
// call of a byte-set rule.
func byteSetCall(body []ast.Stmt, sets map[string]*byteSet, text func(ast.Node) string) *byteSet {
	if len(body) != 1 {
		return nil
	}
	s, ok := body[0].(*ast.IfStmt)
	if !ok || s.Init != nil || s.Else != nil || len(s.Body.List) != 1 {
		return nil
	}
	if g, ok := s.Body.List[0].(*ast.BranchStmt); !ok || g.Tok != token.GOTO {
		return nil
	}
	m := callTest.FindStringSubmatch(text(s.Cond))
	if m == nil {
		return nil
	}
	return sets[m[1]]
}

// tableSet names the class tables of a parser, one constant per distinct set, shared by
// the passes that write them (byteset.go, classes.go): the names must not collide, and
// probeClasses and noteTests read any constant named class<N>.
type tableSet struct {
	names map[string]string // contents -> name
	decls []string          // the declarations not yet written
	next  int
}

// newTableSet is a tableSet with no tables yet.
func newTableSet() *tableSet { return &tableSet{names: map[string]string{}} }

// read adds the class tables already declared in f.
func (t *tableSet) read(f *ast.File) error {
	tables, err := classTableDecls(f)
	if err != nil {
		return err
	}
	for name, v := range tables {
		// The lowest name for a set, so that the choice does not follow map order.
		if old, dup := t.names[v]; !dup || tableNumber(name) < tableNumber(old) {
			t.names[v] = name
		}
		t.next = max(t.next, tableNumber(name)+1)
	}
	return nil
}

// tableNumber is N of a table named class<N> (classTableDecls checked the form).
func tableNumber(name string) int {
	n, _ := strconv.Atoi(strings.TrimPrefix(name, "class"))
	return n
}

// classTableDecls returns the class tables declared in f by name: every constant named
// class<N> (the passes that write tables name them so, and probeClasses and noteTests
// read them) must be one 128-byte string, one byte per ASCII character, else a pass
// could misread a character test.
func classTableDecls(f *ast.File) (map[string]string, error) { return tableDecls(f, 128) }

// tableDecls is classTableDecls for tables of size bytes (byteBuffer's are 256).
func tableDecls(f *ast.File, size int) (map[string]string, error) {
	tables := map[string]string{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			for _, id := range vs.Names {
				if _, err := strconv.Atoi(strings.TrimPrefix(id.Name, "class")); err != nil || !strings.HasPrefix(id.Name, "class") {
					continue // not a table name: class<N> only
				}
				var v string
				if len(vs.Names) == 1 && len(vs.Values) == 1 {
					if lit, ok := vs.Values[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						v, _ = strconv.Unquote(lit.Value)
					}
				}
				if len(v) != size {
					return nil, fmt.Errorf("class table %s is not one %d-byte string", id.Name, size)
				}
				tables[id.Name] = v
			}
		}
	}
	return tables, nil
}

// name returns the constant holding set, declaring it if it is new; by names the pass,
// for its comment.
func (t *tableSet) name(set *[128]bool, by string) string {
	var b strings.Builder
	for _, in := range set {
		if in {
			b.WriteByte(1)
		} else {
			b.WriteByte(0)
		}
	}
	if name, ok := t.names[b.String()]; ok {
		return name
	}
	name := "class" + strconv.Itoa(t.next)
	t.next++
	t.names[b.String()] = name
	t.decls = append(t.decls, fmt.Sprintf("// %s is the table of the characters %s (see internal/pegwrap/%s).\nconst %s = %q\n",
		name, describe(set), by, name, b.String()))
	return name
}

// appendDecls writes the new declarations after code.
func (t *tableSet) appendDecls(code []byte) []byte {
	var b strings.Builder
	b.Write(code)
	for _, d := range t.decls {
		b.WriteString("\n")
		b.WriteString(d)
	}
	t.decls = nil
	return []byte(b.String())
}

// caseChars returns the ASCII characters a case clause lists; ok is false if one is not
// an ASCII character literal (such a clause stays in the switch).
func caseChars(cc *ast.CaseClause) (chars []rune, ok bool) {
	all, ok := caseLiterals(cc)
	for _, c := range all {
		if c >= 128 {
			ok = false
			continue
		}
		chars = append(chars, c)
	}
	return chars, ok
}

// caseLiterals returns the characters a case clause lists; ok is false if one is not a
// character literal.
func caseLiterals(cc *ast.CaseClause) (chars []rune, ok bool) {
	ok = true
	for _, e := range cc.List {
		lit, isLit := e.(*ast.BasicLit)
		if !isLit || lit.Kind != token.CHAR {
			ok = false
			continue
		}
		v, _, tail, err := strconv.UnquoteChar(lit.Value[1:len(lit.Value)-1], '\'')
		if err != nil || tail != "" {
			ok = false
			continue
		}
		chars = append(chars, v)
	}
	return chars, ok
}

// consumes reports whether body is peg's test of exactly chars followed by position++:
// a single character compared with !=, or a range whose characters are exactly chars.
func consumes(body []ast.Stmt, chars []rune, text func(ast.Node) string) bool {
	if len(chars) == 1 && len(body) == 2 && isIncrement(body[1], text) {
		if s, ok := body[0].(*ast.IfStmt); ok && s.Init == nil && s.Else == nil &&
			text(s.Cond) == "buffer[position] != rune("+strconv.QuoteRune(chars[0])+")" {
			return true
		}
	}
	lo, hi, ok := consumedRange(body, text)
	if !ok || int(hi-lo)+1 != len(chars) {
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
func consumedRange(body []ast.Stmt, text func(ast.Node) string) (lo, hi rune, ok bool) {
	if len(body) != 2 || !isIncrement(body[1], text) {
		return 0, 0, false
	}
	s, isIf := body[0].(*ast.IfStmt)
	if !isIf || s.Init == nil || s.Else != nil || text(s.Init) != "c := buffer[position]" {
		return 0, 0, false
	}
	lo, hi, ok = rangeTest(s.Cond, text)
	return lo, hi, ok && lo <= hi && hi < 128
}

// rangeTest recognizes peg's range test c < rune('a') || c > rune('z').
func rangeTest(cond ast.Expr, text func(ast.Node) string) (lo, hi rune, ok bool) {
	or, isOr := cond.(*ast.BinaryExpr)
	if !isOr || or.Op != token.LOR {
		return 0, 0, false
	}
	lo, ok1 := bound(or.X, "c < rune(", text)
	hi, ok2 := bound(or.Y, "c > rune(", text)
	return lo, hi, ok1 && ok2
}

// bound reads the character of a comparison written prefix + 'x' + ")".
func bound(e ast.Expr, prefix string, text func(ast.Node) string) (rune, bool) {
	t := text(e)
	if !strings.HasPrefix(t, prefix) || !strings.HasSuffix(t, ")") {
		return 0, false
	}
	lit := t[len(prefix) : len(t)-1]
	v, err := strconv.Unquote(lit)
	if err != nil || len(lit) < 3 || lit[0] != '\'' {
		return 0, false
	}
	r := []rune(v)
	if len(r) != 1 {
		return 0, false
	}
	return r[0], true
}

func isIncrement(s ast.Stmt, text func(ast.Node) string) bool {
	_, ok := s.(*ast.IncDecStmt)
	return ok && text(s) == "position++"
}

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
