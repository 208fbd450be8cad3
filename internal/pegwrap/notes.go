package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// noteTests lets package uri find what may follow a prefix in one parse instead of one
// parse per class of characters (Parser.Collect, in api).
//
// Collect runs the parser on prefix followed by a probe symbol that no character test
// accepts (matchDot does: it is not the end). On prefix+c, for any byte c, the parser
// does exactly what it does on prefix+probe until the first point, at the probe's
// position, where c is treated otherwise: a character test that c passes, a table
// lookup that holds c, or a switch with a case for c. So the passes below make each such
// point, when it runs at the probe's position, record its set of bytes (Parser.note), in
// the order they run:
//   - a character test (buffer[position] != rune(X), or a range): its byte or range;
//   - a class table lookup (classes.go): the table's bytes;
//   - a switch on the byte: the bytes of its cases;
//
// and mark whether the point is sure: a character test or table that consumes c outside
// any lookahead (!e, &e) and outside any block with a semantic predicate is followed by a test of the next position or by the end of a
// successful parse, so c is allowed there; a switch (its case body is not read here) or
// a point inside a lookahead (checked lexically, and through Parser.look for the rules a
// lookahead calls) is not. package uri then knows, for each byte: never treated apart
// from the probe (allowed as the probe was), first met at a sure point (allowed), or
// neither (it parses prefix+c, as before). matchDot records that it ran there (Parser.dot),
// since the end of input is what it tells apart.
//
// Every read of buffer[position] must belong to one of these shapes (or to matchDot): an
// unknown one stops generation, since a byte could be treated apart unrecorded.
func noteTests(code []byte) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "parser.go", code, parser.ParseComments)
	if err != nil {
		return nil, fmt.Errorf("notes: code does not parse: %w", err)
	}
	off := func(p token.Pos) int { return fset.Position(p).Offset }
	tables, err := classTableDecls(f)
	if err != nil {
		return nil, err
	}

	type insertion struct {
		at, end, seq int // src[at:end] is replaced by text (end 0: inserted at at)
		text         string
	}
	var ins []insertion
	var masks []mask
	maskID := map[mask]int{}
	id := func(m mask) int {
		if k, ok := maskID[m]; ok {
			return k
		}
		maskID[m] = len(masks)
		masks = append(masks, m)
		return len(masks) - 1
	}
	note := func(at, seq int, m mask, sure bool) {
		ins = append(ins, insertion{at, 0, seq, fmt.Sprintf("if int(position) == p.at {\np.note(%d, %v)\n}\n", id(m), sure)})
	}
	covered := map[token.Pos]bool{} // the buffer[position] expressions accounted for
	peeks, calls := 0, 0

	notPeek, predicate := blockKinds(f)

	var walk func(n ast.Node, look bool)
	walk = func(n ast.Node, look bool) {
		ast.Inspect(n, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BlockStmt:
				if n != nil && !look && (predicate[n] || !notPeek[n] && isLookahead(n)) {
					peeks++
					for _, s := range n.List {
						walk(s, true)
					}
					return false
				}
			case *ast.CallExpr:
				if look && isRuleCall(n) {
					// A rule called inside a lookahead: its tests run in the lookahead.
					calls++
					fun := string(code[off(n.Fun.Pos()):off(n.Fun.End())])
					ins = append(ins, insertion{off(n.Pos()), off(n.Rparen) + 1, 0, "p.peek(" + fun + ")"})
				}
			case *ast.IfStmt:
				if m, kind, ok := testShape(n, tables); ok {
					covered[bufferRead(n)] = true
					switch kind {
					case "table":
						// The probe fails the lookup: record it where the probe goes on.
						if blk, ok := n.Else.(*ast.BlockStmt); ok {
							note(off(blk.Lbrace)+1, 0, m, !look)
						} else {
							note(off(n.Pos()), 0, m, !look)
						}
					default:
						note(off(n.Body.Lbrace)+1, 0, m, !look)
					}
				}
			case *ast.SwitchStmt:
				if m, ok := switchShape(n); ok {
					covered[n.Tag.Pos()] = true
					note(off(n.Pos()), 1, m, false)
				}
			}
			return true
		})
	}
	walk(f, false)

	// Every read of the current byte must be accounted for.
	var unknown []string
	ast.Inspect(f, func(n ast.Node) bool {
		if ix, ok := n.(*ast.IndexExpr); ok && isBufferPosition(ix) && !covered[ix.Pos()] {
			line := fset.Position(ix.Pos()).Line
			text := strings.Split(string(code), "\n")[line-1]
			if !strings.Contains(text, "!= endSymbol") { // matchDot, edited below
				unknown = append(unknown, fmt.Sprintf("line %d: %s", line, strings.TrimSpace(text)))
			}
		}
		return true
	})
	if len(unknown) > 0 {
		return nil, fmt.Errorf("notes: unknown reads of the current byte:\n%s", strings.Join(unknown, "\n"))
	}

	sort.SliceStable(ins, func(i, j int) bool {
		if ins[i].at != ins[j].at {
			return ins[i].at < ins[j].at
		}
		return ins[i].seq < ins[j].seq
	})
	var b strings.Builder
	last := 0
	src := string(code)
	for _, in := range ins {
		if in.at < last {
			return nil, fmt.Errorf("notes: overlapping rewrites at byte %d", in.at)
		}
		b.WriteString(src[last:in.at])
		b.WriteString(in.text)
		last = max(in.at, in.end)
	}
	b.WriteString(src[last:])
	out := b.String()

	// matchDot records that it ran at the probe's position.
	dot := regexp.MustCompile(`(?m)^(\s*)if buffer\[position\] != endSymbol \{\n(\s*)position\+\+\n`)
	if n := len(dot.FindAllStringIndex(out, -1)); n != 1 {
		return nil, fmt.Errorf("notes: matchDot matched %d times", n)
	}
	out = dot.ReplaceAllString(out, "${1}if buffer[position] != endSymbol {\n${2}if int(position) == p.at {\n${2}p.dot = true\n${2}}\n${2}position++\n")

	var t strings.Builder
	t.WriteString(out)
	fmt.Fprintf(&t, "\n// noteMask holds the byte sets that Parser.note records (internal/pegwrap/notes.go):\n"+
		"// %d lookaheads, %d rule calls inside them.\nvar noteMask = [...][4]uint64{\n", peeks, calls)
	for _, m := range masks {
		fmt.Fprintf(&t, "{%#x, %#x, %#x, %#x},\n", m[0], m[1], m[2], m[3])
	}
	t.WriteString("}\n")
	return []byte(t.String()), nil
}

// mask is a set of bytes.
type mask [4]uint64

func (m *mask) add(lo, hi int) {
	for c := lo; c <= hi; c++ {
		m[c>>6] |= 1 << (c & 63)
	}
}

// isLookahead reports whether b is the block peg writes for &e or !e:
//
//	{ positionN, tokenIndexN := position, tokenIndex; e; position, tokenIndex = positionN, tokenIndexN }
//	{ positionN, tokenIndexN := position, tokenIndex; e; goto lKO; lN: position, tokenIndex = positionN, tokenIndexN }
//
// where a copy of a rule at the end of e (inline.go) puts its exit label lokN on the
// goto of !e, or on the restore of &e.
// The second shape is also that of e? (whose goto goes to the statement after the block)
// and of e* (whose goto goes to the block's own label), which noteTests tells apart by
// their labels. A block taken for a lookahead that is not one can only cost speed (a
// point inside is not sure, and its bytes are parsed as before); the reverse cannot
// happen, since every block of these shapes that is not e? or e* is taken.
func isLookahead(b *ast.BlockStmt) bool {
	if len(b.List) < 2 {
		return false
	}
	first, ok := b.List[0].(*ast.AssignStmt)
	if !ok || first.Tok != token.DEFINE || len(first.Lhs) != 2 || !isIdent(first.Rhs[0], "position") {
		return false
	}
	saved := first.Lhs[0].(*ast.Ident).Name
	restores := func(s ast.Stmt) bool {
		a, ok := s.(*ast.AssignStmt)
		return ok && a.Tok == token.ASSIGN && len(a.Lhs) == 2 && isIdent(a.Lhs[0], "position") && isIdent(a.Rhs[0], saved)
	}
	last := b.List[len(b.List)-1]
	if restores(last) {
		return true // &e
	}
	l, ok := last.(*ast.LabeledStmt)
	if !ok || !restores(l.Stmt) {
		return false
	}
	// &e whose e ends with a copy of a rule: the copy's exit label marks the restore.
	return gotoStmt(b.List[len(b.List)-2]) != nil || strings.HasPrefix(l.Label.Name, "lok")
}

// labels returns the labels of st, outermost first, and the statement they label.
func labels(st ast.Stmt) ([]string, ast.Stmt) {
	var names []string
	for {
		l, ok := st.(*ast.LabeledStmt)
		if !ok {
			return names, st
		}
		names, st = append(names, l.Label.Name), l.Stmt
	}
}

// gotoStmt returns st if it is a goto, also when it is labeled: the label after a copy
// of a rule (inline.go) marks the statement that follows the copy.
func gotoStmt(st ast.Stmt) *ast.BranchStmt {
	_, st = labels(st)
	if g, ok := st.(*ast.BranchStmt); ok && g.Tok == token.GOTO {
		return g
	}
	return nil
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

// isRuleCall matches _rules[ruleX]().
func isRuleCall(c *ast.CallExpr) bool {
	ix, ok := c.Fun.(*ast.IndexExpr)
	return ok && len(c.Args) == 0 && isIdent(ix.X, "_rules")
}

func isBufferPosition(e ast.Expr) bool {
	ix, ok := e.(*ast.IndexExpr)
	return ok && isIdent(ix.X, "buffer") && isIdent(ix.Index, "position")
}

// bufferRead returns the position of the buffer[position] an if statement's test reads.
func bufferRead(n *ast.IfStmt) token.Pos {
	var pos token.Pos
	if n.Init == nil {
		ast.Inspect(n.Cond, func(x ast.Node) bool {
			if e, ok := x.(ast.Expr); ok && isBufferPosition(e) && pos == token.NoPos {
				pos = e.Pos()
			}
			return true
		})
		return pos
	}
	ast.Inspect(n.Init, func(x ast.Node) bool {
		if e, ok := x.(ast.Expr); ok && isBufferPosition(e) && pos == token.NoPos {
			pos = e.Pos()
		}
		return true
	})
	if pos == token.NoPos {
		ast.Inspect(n.Cond, func(x ast.Node) bool {
			if e, ok := x.(ast.Expr); ok && isBufferPosition(e) && pos == token.NoPos {
				pos = e.Pos()
			}
			return true
		})
	}
	return pos
}

// charLit reads rune('x') or 'x' as a byte value.
func charLit(e ast.Expr) (int, bool) {
	if c, ok := e.(*ast.CallExpr); ok && isIdent(c.Fun, "rune") && len(c.Args) == 1 {
		e = c.Args[0]
	}
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.CHAR {
		return 0, false
	}
	v, _, tail, err := strconv.UnquoteChar(lit.Value[1:len(lit.Value)-1], '\'')
	if err != nil || tail != "" || v > 0xff {
		return 0, false
	}
	return int(v), true
}

// testShape recognises the character tests of peg's output and classes.go's lookups:
//
//	if buffer[position] != rune('x') {                      (kind "char")
//	if c := buffer[position]; c < rune('a') || c > rune('z') {   (kind "range")
//	if c := uint32(buffer[position]); c < 128 && classN[c] != 0 {   (kind "table")
func testShape(n *ast.IfStmt, tables map[string]string) (mask, string, bool) {
	var m mask
	if n.Init == nil {
		b, ok := n.Cond.(*ast.BinaryExpr)
		if !ok || b.Op != token.NEQ || !isBufferPosition(b.X) {
			return m, "", false
		}
		c, ok := charLit(b.Y)
		if !ok {
			return m, "", false
		}
		m.add(c, c)
		return m, "char", true
	}
	init, ok := n.Init.(*ast.AssignStmt)
	if !ok || len(init.Rhs) != 1 {
		return m, "", false
	}
	cond, ok := n.Cond.(*ast.BinaryExpr)
	if !ok {
		return m, "", false
	}
	if isBufferPosition(init.Rhs[0]) && cond.Op == token.LOR {
		lo, ok1 := cond.X.(*ast.BinaryExpr)
		hi, ok2 := cond.Y.(*ast.BinaryExpr)
		if !ok1 || !ok2 || lo.Op != token.LSS || hi.Op != token.GTR {
			return m, "", false
		}
		a, ok1 := charLit(lo.Y)
		z, ok2 := charLit(hi.Y)
		if !ok1 || !ok2 {
			return m, "", false
		}
		m.add(a, z)
		return m, "range", true
	}
	if c, ok := init.Rhs[0].(*ast.CallExpr); ok && isIdent(c.Fun, "uint32") && len(c.Args) == 1 && isBufferPosition(c.Args[0]) && cond.Op == token.LAND {
		ne, ok := cond.Y.(*ast.BinaryExpr)
		if !ok {
			return m, "", false
		}
		ix, ok := ne.X.(*ast.IndexExpr)
		if !ok {
			return m, "", false
		}
		name, ok := ix.X.(*ast.Ident)
		if !ok {
			return m, "", false
		}
		table, ok := tables[name.Name]
		if !ok {
			return m, "", false
		}
		for i := 0; i < 128; i++ {
			if table[i] != 0 {
				m.add(i, i)
			}
		}
		return m, "table", true
	}
	return m, "", false
}

// switchShape reads the case bytes of switch buffer[position] { case 'a', 'b': ... }.
func switchShape(n *ast.SwitchStmt) (mask, bool) {
	var m mask
	if n.Init != nil || !isBufferPosition(n.Tag) {
		return m, false
	}
	for _, s := range n.Body.List {
		for _, e := range s.(*ast.CaseClause).List {
			c, ok := charLit(e)
			if !ok {
				return m, false
			}
			m.add(c, c)
		}
	}
	return m, true
}

// blockKinds finds the blocks of f that isLookahead cannot tell from a lookahead: those
// of e? and e* (notPeek), told apart from !e by where their goto goes, to the label of
// the statement after the block (e?) or to the block's own label (e*); and the blocks
// that hold a semantic predicate &{e} (predicate), which can fail right after a
// consuming test without reading the next byte ((pchar &{false})? in rfc3986's
// path-empty).
func blockKinds(f *ast.File) (notPeek, predicate map[*ast.BlockStmt]bool) {
	notPeek = map[*ast.BlockStmt]bool{}
	gotoTarget := func(b *ast.BlockStmt) string {
		if len(b.List) < 2 {
			return ""
		}
		if g := gotoStmt(b.List[len(b.List)-2]); g != nil {
			return g.Label.Name
		}
		return ""
	}
	// A statement can carry two labels: its own and the exit label of a copy of a rule
	// just before it (inline.go).
	stmtLists := func(list []ast.Stmt) {
		for i, st := range list {
			names, inner := labels(st)
			b, ok := inner.(*ast.BlockStmt)
			if !ok {
				continue
			}
			if slices.Contains(names, gotoTarget(b)) {
				notPeek[b] = true // e*
			}
			if i+1 < len(list) {
				if next, _ := labels(list[i+1]); slices.Contains(next, gotoTarget(b)) {
					notPeek[b] = true // e?
				}
			}
		}
	}
	predicate = map[*ast.BlockStmt]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt:
			for _, st := range n.List {
				if isPredicate(st) {
					predicate[n] = true
				}
			}
			stmtLists(n.List)
		case *ast.CaseClause:
			stmtLists(n.Body)
		}
		return true
	})
	return notPeek, predicate
}

// isPredicate reports whether st is peg's test of a semantic predicate &{e}:
// "if !(e) { goto lN }", possibly labeled.
func isPredicate(st ast.Stmt) bool {
	if l, ok := st.(*ast.LabeledStmt); ok {
		st = l.Stmt
	}
	is, ok := st.(*ast.IfStmt)
	if !ok {
		return false
	}
	u, ok := is.Cond.(*ast.UnaryExpr)
	if !ok || u.Op != token.NOT {
		return false
	}
	_, ok = u.X.(*ast.ParenExpr)
	return ok
}
