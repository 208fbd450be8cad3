package main

import (
	"fmt"
	"go/ast"
)

// reachTests lets package uri skip the second parse that makes an error's offset exact.
//
// After a failed Run on s, Farthest gives off, the farthest failing character test. The
// error is at off unless s[:off+1] is still the beginning of a valid reference, which
// Parser.ErrorAt checks with one more parse (viable): a position past off can be read
// without a failing test there when what read it was then undone without one, by a
// lookahead (!. after "telnet://h/x" reads the x and fails; &e reads ahead and puts the
// position back) or by a semantic predicate. Every other way back from a position past
// off goes through a failing test there, which Farthest would have recorded.
//
// So each of those points records how far its reads went, in Parser.reach: where a
// lookahead's expression succeeds (before &e puts the position back, or !e fails), the
// position before the current one; where a predicate fails, the same. If the failed
// Run's reach is at most off, it read no byte past off, so on s[:off+1] it reads the
// same bytes, fails the same way and is not viable: the second parse is not needed.
// (Proof in short: take a successful read at q > off; until the position falls below
// q+1, every failure is at q+1 or later; the first fall is a failure's backtrack, which
// Farthest or reach saw at or past q+1, or a lookahead's restore, which reach saw.)
//
// The lookaheads are the blocks lowering marked; a block taken for a lookahead that is
// not one only records more (a parse more). Without this pass, Reach is past every
// position, and ErrorAt always parses again.
func reachTests(p *program) error {
	record := func() ast.Stmt { return parseStmts("p.reached(position)")[0] }
	var fault error
	for _, r := range p.rules {
		ast.Inspect(r.body, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.BlockStmt:
				list := x.List
				last, i := lastStmt(list)
				switch blockKind(x) {
				case "look&": // before the restore, after its labels
					labels, inner := unlabel(last)
					if _, ok := restoreStmt(inner); !ok {
						fault = fmt.Errorf("rule %s: &e does not end with its restore", r.name)
						return false
					}
					x.List = append(append(list[:i:i], relabel(labels, record()), inner), list[i+1:]...)
				case "look!": // before the goto that fails !e
					if labels, inner := unlabel(last); len(labels) > 0 {
						if _, ok := restoreStmt(inner); ok {
							last, i = lastStmt(list[:i])
						}
					}
					labels, inner := unlabel(last)
					if _, ok := gotoOf(inner); !ok {
						fault = fmt.Errorf("rule %s: !e does not fail by a goto", r.name)
						return false
					}
					x.List = append(append(list[:i:i], relabel(labels, record()), inner), list[i+1:]...)
				}
			case *ast.IfStmt:
				if isPredicate(x) {
					x.Body.List = append([]ast.Stmt{record()}, x.Body.List...)
				}
			}
			return true
		})
		if fault != nil {
			return fault
		}
	}
	p.reach = true
	return nil
}
