package main

import (
	"fmt"
	"go/ast"
	"go/token"
	"strconv"
	"strings"
)

// noteTests lets package uri find what may follow a prefix in one parse instead of one
// parse per class of characters (Parser.Collect and Parser.Expected, in api.go).
//
// Collect runs the parser on prefix followed by a probe byte that no character test
// accepts (the test of . does: it is not the end). On prefix+c, for any byte c, the
// parser does exactly what it does on prefix+probe until the first point, at the
// probe's position, where c is treated otherwise: a character test that c passes, a
// table lookup that holds c, or a switch with a case for c. So each such point, when it
// runs at the probe's position, records its set of bytes in the order they run:
//   - a character test (buffer[position] != 'x', or a range): its byte or range;
//   - a class table lookup (classes.go, byteset.go): the table's bytes;
//   - a switch on the byte: the bytes of its cases;
//
// and marks whether the point is sure: a character test or table that consumes c outside
// any lookahead (!e, &e) and outside any block with a semantic predicate is followed by
// a test of the next position or by the end of a successful parse, so c is allowed
// there; a switch (its case body is not read here) or a point inside a lookahead
// (lexically, by lowering's marks, and through Parser.look for the rules a lookahead
// calls) is not. package uri then knows, for each byte: never treated apart from the
// probe (allowed as the probe was), first met at a sure point (allowed), or neither (it
// parses prefix+c). The test of . records that it ran there (Parser.noteDot), since the
// end of input is what it tells apart.
//
// The probe is the byte 0, which no test accepts (emit checks), so every point that runs
// at the probe's position takes its failing branch, and that is where its note goes: a
// parse whose tests succeed runs none. Better, a note rides on the record of the failure
// it ends in: a character test's note is the second argument of its p.fail, which looks
// at the probe's position only when the failure is the farthest yet (and Collect keeps
// every failure at or past the probe the farthest yet, api.go). The note of a table or a
// switch is carried, on the probe's path (the else of a table, the default of a switch,
// into blocks, past saved positions), to the next note or failure there, and merged
// into it (an entry of noteMask holds the bytes seen and those sure); where that path
// meets anything else first (a rule call, a label, the test of .) it stays a statement,
// p.note, that compares the position itself. So a failing test costs what it cost
// without notes, and the parser needs no second copy of its rules for Collect (measured
// against such a copy: docs/design.md).
//
// Every read of buffer[position] must belong to one of these shapes: an unknown one
// stops generation, since a byte could be treated apart unrecorded.
func noteTests(p *program) error {
	n := &noteSet{}
	reads, known := 0, 0
	for _, r := range p.rules {
		ast.Inspect(r.body, func(x ast.Node) bool {
			if e, ok := x.(ast.Expr); ok && isBufferPosition(e) {
				reads++
			}
			return true
		})
		var fault error
		var walk func(list []ast.Stmt, look bool) []ast.Stmt
		walk = func(list []ast.Stmt, look bool) []ast.Stmt {
			out := make([]ast.Stmt, 0, len(list))
			for _, s := range list {
				labels, inner := unlabel(s)
				var after []ast.Stmt
				switch x := inner.(type) {
				case *ast.BlockStmt:
					k := blockKind(x)
					if !look && k != "" {
						n.lookaheads++
					}
					x.List = walk(x.List, look || k != "")
				case *ast.IfStmt:
					if name, _, _, ok := callSite(x); ok && look {
						// A rule called inside a lookahead: its tests run in the lookahead.
						n.calls++
						x.Cond = parseExpr("!p.unlook(p.r" + name + "())")
						out = append(out, relabel(labels, parseStmts("p.look++")[0]))
						labels = nil
						break
					}
					var m mask
					switch {
					case endTest(x):
						after = parseStmts("p.noteDot(position)")
					case charOrRange(x, &m):
						known++
						if len(x.Body.List) == 0 || failCall(x.Body.List[0]) == nil {
							fault = fmt.Errorf("a character test whose failure is not recorded first")
							break
						}
						failCall(x.Body.List[0]).Args[1] = n.entry(m, !look)
					default:
						if name, ok := tableTest(x); ok {
							known++
							for c, in := range p.tables.sets[name] {
								if in {
									m.add(c, c)
								}
							}
							note := n.note(m, !look)
							switch {
							case x.Else != nil:
								eb, ok := x.Else.(*ast.BlockStmt)
								if !ok {
									fault = fmt.Errorf("a table test whose else is not a block")
									break
								}
								eb.List = append([]ast.Stmt{note}, eb.List...)
							case terminates(x.Body):
								after = []ast.Stmt{note}
							default:
								x.Else = &ast.BlockStmt{List: []ast.Stmt{note}}
							}
						}
					}
					x.Body.List = walk(x.Body.List, look)
					if eb, ok := x.Else.(*ast.BlockStmt); ok {
						eb.List = walk(eb.List, look)
					}
				case *ast.SwitchStmt:
					if x.Init == nil && x.Tag != nil && isBufferPosition(x.Tag) {
						known++
						var m mask
						var def *ast.CaseClause
						for _, c := range x.Body.List {
							cc := c.(*ast.CaseClause)
							if cc.List == nil {
								def = cc
							}
							for _, e := range cc.List {
								v, ok := charLit(e)
								if !ok {
									fault = fmt.Errorf("a switch case that is not a character: %s", exprString(e))
								}
								m.add(v, v)
							}
						}
						if def == nil {
							def = &ast.CaseClause{}
							x.Body.List = append(x.Body.List, def)
						}
						def.Body = append([]ast.Stmt{n.note(m, false)}, def.Body...)
					}
					for _, c := range x.Body.List {
						cc := c.(*ast.CaseClause)
						cc.Body = walk(cc.Body, look)
					}
				}
				out = append(out, relabel(labels, inner))
				out = append(out, after...)
			}
			return out
		}
		r.body.List = walk(r.body.List, false)
		if fault != nil {
			return fmt.Errorf("notes: rule %s: %w", r.name, fault)
		}
		n.merge(r.body)
	}
	if reads != known {
		return fmt.Errorf("notes: %d reads of the current byte are in no test this pass knows", reads-known)
	}
	n.number(p.rules)
	p.notes = n
	return nil
}

// merge carries each note statement of body along the probe's path to the next note or
// failure, where it is merged (see noteTests), in the order the statements come: a
// table's note merges into the note of the switch that follows it, which then merges on.
func (n *noteSet) merge(body *ast.BlockStmt) {
	var walk func(list []ast.Stmt) []ast.Stmt
	walk = func(list []ast.Stmt) []ast.Stmt {
		out := list[:0:0]
		for i, s := range list {
			if k, ok := noteStmt(s); ok && len(out) >= 2 {
				// After a failure and a table test that leaves when it takes the byte (a
				// byte-set rule whose second table holds the bytes a test failed on
				// first), the probe meets the failure, then the table, then this note:
				// the failure's record can take the table's note.
				if c := failCall(out[len(out)-2]); c != nil {
					if t, ok := out[len(out)-1].(*ast.IfStmt); ok && t.Else == nil && terminates(t.Body) {
						if _, ok := tableTest(t); ok {
							c.Args[1] = n.entryOf(n.merged(entryNumber(c.Args[1]), k))
							continue
						}
					}
				}
			}
			if k, ok := noteStmt(s); ok {
				if target := nextNote(list[i+1:]); target != nil {
					target.Args[1] = n.entryOf(n.merged(k, entryNumber(target.Args[1])))
					continue
				}
			}
			out = append(out, s)
			ast.Inspect(s, func(x ast.Node) bool {
				switch x := x.(type) {
				case *ast.BlockStmt:
					x.List = walk(x.List)
					return false
				case *ast.CaseClause:
					x.Body = walk(x.Body)
					return false
				}
				return true
			})
		}
		return out
	}
	body.List = walk(body.List)
}

// nextNote returns the call that records the next note on the probe's path through
// list (a p.note statement, or the p.fail of a failing test), or nil when the path
// meets anything else first: what runs between must neither record nor test, and the
// target must have no other way in (no label).
func nextNote(list []ast.Stmt) *ast.CallExpr {
	for _, s := range list {
		if _, _, ok := markerOf(s); ok {
			continue
		}
		if _, ok := saveStmt(s); ok {
			continue
		}
		switch x := s.(type) {
		case *ast.BlockStmt:
			return nextNote(x.List)
		case *ast.ExprStmt:
			if c := failCall(x); c != nil {
				return c
			}
			if _, ok := noteStmt(x); ok {
				return x.X.(*ast.CallExpr)
			}
		case *ast.IfStmt:
			var m mask
			if charOrRange(x, &m) {
				return nextNote(x.Body.List)
			}
			if _, ok := tableTest(x); ok {
				if eb, ok := x.Else.(*ast.BlockStmt); ok {
					return nextNote(eb.List)
				}
				if x.Else == nil && terminates(x.Body) {
					continue // the probe goes on after the table test
				}
			}
		case *ast.SwitchStmt:
			if x.Init == nil && x.Tag != nil && isBufferPosition(x.Tag) {
				for _, c := range x.Body.List {
					if cc := c.(*ast.CaseClause); cc.List == nil {
						return nextNote(cc.Body)
					}
				}
			}
		}
		return nil
	}
	return nil
}

// noteStmt matches p.note(position, k).
func noteStmt(s ast.Stmt) (int, bool) {
	e, ok := s.(*ast.ExprStmt)
	if !ok {
		return 0, false
	}
	c, ok := e.X.(*ast.CallExpr)
	if !ok || !isSel(c.Fun, "p", "note") || len(c.Args) != 2 {
		return 0, false
	}
	return entryNumber(c.Args[1]), true
}

// entryNumber reads the note number argument of p.note or p.fail (-1: none).
func entryNumber(e ast.Expr) int {
	switch x := e.(type) {
	case *ast.UnaryExpr:
		return -entryNumber(x.X)
	case *ast.BasicLit:
		v, _ := strconv.Atoi(x.Value)
		return v
	}
	return -1
}

// charOrRange reports whether s is a character or range test, and adds its bytes to m.
func charOrRange(s *ast.IfStmt, m *mask) bool {
	if c, ok := charTest(s); ok {
		m.add(c, c)
		return true
	}
	if lo, hi, ok := rangeTest(s); ok {
		m.add(lo, hi)
		return true
	}
	return false
}

// mask is a set of bytes.
type mask [4]uint64

func (m *mask) add(lo, hi int) {
	for c := lo; c <= hi; c++ {
		m[c>>6] |= 1 << (c & 63)
	}
}

func (m *mask) has(c int) bool { return m[c>>6]&(1<<(c&63)) != 0 }

// noteEntry is one entry of noteMask: the bytes a note records as seen, and those of
// them it records as sure (unless a lookahead's rule is running: Parser.look).
type noteEntry struct{ seen, sure mask }

// noteSet is what noteTests writes beside the code: the distinct notes, numbered.
type noteSet struct {
	entries           []noteEntry // by temporary number, until number
	lookaheads, calls int
}

// entryOf returns the temporary number of e, as an argument.
func (n *noteSet) entryOf(e noteEntry) ast.Expr {
	n.entries = append(n.entries, e)
	return &ast.BasicLit{Kind: token.INT, Value: strconv.Itoa(len(n.entries) - 1)}
}

// entry returns the number of the note of one point: bytes m, sure or not.
func (n *noteSet) entry(m mask, sure bool) ast.Expr {
	e := noteEntry{seen: m}
	if sure {
		e.sure = m
	}
	return n.entryOf(e)
}

// note returns the statement that records m at Collect's position.
func (n *noteSet) note(m mask, sure bool) ast.Stmt {
	return &ast.ExprStmt{X: &ast.CallExpr{Fun: parseExpr("p.note"), Args: []ast.Expr{ast.NewIdent("position"), n.entry(m, sure)}}}
}

// merged is the note of entry a followed by entry b (-1: none): a byte first seen by a
// is sure as a says, any other as b says.
func (n *noteSet) merged(a, b int) noteEntry {
	if a < 0 {
		return n.entries[b]
	}
	e := n.entries[a]
	if b >= 0 {
		o := n.entries[b]
		for i := range e.seen {
			e.sure[i] |= o.sure[i] &^ e.seen[i]
			e.seen[i] |= o.seen[i]
		}
	}
	return e
}

// number gives the notes that the rules record their final numbers: one per distinct
// entry, in the order they first appear.
func (n *noteSet) number(rules []*rule) {
	var final []noteEntry
	ids := map[noteEntry]int{}
	for _, r := range rules {
		ast.Inspect(r.body, func(x ast.Node) bool {
			c, ok := x.(*ast.CallExpr)
			if !ok || !(isSel(c.Fun, "p", "note") || isSel(c.Fun, "p", "fail")) || len(c.Args) != 2 {
				return true
			}
			k := entryNumber(c.Args[1])
			if k < 0 {
				return true
			}
			e := n.entries[k]
			id, seen := ids[e]
			if !seen {
				id = len(final)
				ids[e] = id
				final = append(final, e)
			}
			c.Args[1] = &ast.BasicLit{Kind: token.INT, Value: strconv.Itoa(id)}
			return true
		})
	}
	n.entries = final
}

// decl declares noteMask.
func (n *noteSet) decl() string {
	var b strings.Builder
	fmt.Fprintf(&b, "\n// noteMask holds the notes that Parser.note and Parser.fail record, the bytes seen\n"+
		"// and those sure (internal/pegwrap/notes.go): %d lookaheads, %d rule calls inside them.\n"+
		"var noteMask = [...][2][4]uint64{\n", n.lookaheads, n.calls)
	for _, e := range n.entries {
		fmt.Fprintf(&b, "\t{{%#x, %#x, %#x, %#x}, {%#x, %#x, %#x, %#x}},\n",
			e.seen[0], e.seen[1], e.seen[2], e.seen[3], e.sure[0], e.sure[1], e.sure[2], e.sure[3])
	}
	b.WriteString("}\n")
	return b.String()
}

// tested returns, for every read of the current byte in the program's functions, the
// set of bytes that its test tells apart from the others (one per switch case), and
// fails on a read in a shape pegwrap does not know. The probe classes (probes.go) and
// the check that no test accepts the filler (emit) read it.
func tested(p *program) ([]mask, error) {
	var sets []mask
	reads, known := 0, 0
	for _, r := range p.rules {
		ast.Inspect(r.body, func(x ast.Node) bool {
			switch x := x.(type) {
			case ast.Expr:
				if isBufferPosition(x) {
					reads++
				}
			case *ast.IfStmt:
				var m mask
				if charOrRange(x, &m) {
					known++
					sets = append(sets, m)
				} else if name, ok := tableTest(x); ok {
					known++
					for c, in := range p.tables.sets[name] {
						if in {
							m.add(c, c)
						}
					}
					sets = append(sets, m)
				}
			case *ast.SwitchStmt:
				if x.Init == nil && x.Tag != nil && isBufferPosition(x.Tag) {
					known++
					for _, c := range x.Body.List {
						var m mask
						for _, e := range c.(*ast.CaseClause).List {
							if v, ok := charLit(e); ok {
								m.add(v, v)
							}
						}
						sets = append(sets, m)
					}
				}
			}
			return true
		})
	}
	if reads != known {
		return nil, fmt.Errorf("%d reads of buffer[position] are in no character test pegwrap knows", reads-known)
	}
	return sets, nil
}

// checkFiller fails if a test accepts the filler byte 0, which marks the end of the
// input and is Collect's probe: the end would then be consumed as input, and the notes
// would miss what tells the probe apart.
func checkFiller(p *program) error {
	sets, err := tested(p)
	if err != nil {
		return err
	}
	for _, m := range sets {
		if m.has(0) {
			return fmt.Errorf("a character test accepts byte 0x00, the filler of the end and the probe")
		}
	}
	return nil
}
