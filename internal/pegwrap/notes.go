package main

import (
	"fmt"
	"go/ast"
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
// runs at the probe's position, records its set of bytes (Parser.note) in the order
// they run:
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
// parses prefix+c). The test of . records that it ran there (Parser.dot), since the end
// of input is what it tells apart.
//
// The probe is the byte 0, which no test accepts (emit checks), so every point that runs
// at the probe's position takes its failing branch: the failing body of a character
// test, the else of a table lookup (or what follows one whose body leaves), the default
// clause of a switch. That is where the notes go, so a parse whose tests succeed runs
// none of them, and one that fails a test compares one more position; the parser needs
// no second copy of its rules for Collect. Measured against such a copy, see
// docs/design.md.
//
// Every read of buffer[position] must belong to one of these shapes: an unknown one
// stops generation, since a byte could be treated apart unrecorded.
func noteTests(p *program) error {
	n := &noteSet{ids: map[mask]int{}}
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
						x.Body.List = append([]ast.Stmt{n.note(m, !look)}, x.Body.List...)
					default:
						if name, ok := tableTest(x); ok {
							known++
							for c, in := range p.tables.sets[name] {
								if in {
									m.add(c, c)
								}
							}
							switch {
							case x.Else != nil:
								eb, ok := x.Else.(*ast.BlockStmt)
								if !ok {
									fault = fmt.Errorf("a table test whose else is not a block")
									break
								}
								eb.List = append([]ast.Stmt{n.note(m, !look)}, eb.List...)
							case terminates(x.Body):
								after = []ast.Stmt{n.note(m, !look)}
							default:
								x.Else = &ast.BlockStmt{List: []ast.Stmt{n.note(m, !look)}}
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
	}
	if reads != known {
		return fmt.Errorf("notes: %d reads of the current byte are in no test this pass knows", reads-known)
	}
	p.notes = n
	return nil
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

// noteSet is what noteTests writes beside the code: the distinct byte sets, numbered.
type noteSet struct {
	masks             []mask
	ids               map[mask]int
	lookaheads, calls int
}

// note returns the statement that records m at Collect's position.
func (n *noteSet) note(m mask, sure bool) ast.Stmt {
	k, ok := n.ids[m]
	if !ok {
		k = len(n.masks)
		n.ids[m] = k
		n.masks = append(n.masks, m)
	}
	return parseStmts(fmt.Sprintf("p.note(position, %d, %v)", k, sure))[0]
}

// decl declares noteMask.
func (n *noteSet) decl() string {
	var b strings.Builder
	fmt.Fprintf(&b, "\n// noteMask holds the byte sets that Parser.note records (internal/pegwrap/notes.go):\n"+
		"// %d lookaheads, %d rule calls inside them.\nvar noteMask = [...][4]uint64{\n", n.lookaheads, n.calls)
	for _, m := range n.masks {
		fmt.Fprintf(&b, "\t{%#x, %#x, %#x, %#x},\n", m[0], m[1], m[2], m[3])
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
