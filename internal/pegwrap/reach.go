package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"sort"
)

// reachTests lets package uri skip the second parse that makes an error's offset exact.
//
// After a failed Run on s, Farthest gives off, the farthest failing character test. The
// error is at off unless s[:off+1] is still the beginning of a valid reference, which
// package uri checked with one more parse (viable): a position past off can be read
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
// A block taken for a lookahead that is not one only records more (a parse more).
func reachTests(code []byte) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "parser.go", code, parser.ParseComments)
	if err != nil {
		return nil, fmt.Errorf("reach: code does not parse: %w", err)
	}
	off := func(p token.Pos) int { return fset.Position(p).Offset }
	notPeek, _ := blockKinds(f)
	var at []int
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt:
			if notPeek[n] || !isLookahead(n) {
				break
			}
			last := n.List[len(n.List)-1]
			if g := gotoStmt(n.List[len(n.List)-2]); g != nil {
				at = append(at, off(g.Pos())) // !e: before its goto (after a copy's label)
			} else if l, ok := last.(*ast.LabeledStmt); ok {
				at = append(at, off(l.Stmt.Pos())) // &e: before the restore, after the label
			} else {
				at = append(at, off(last.Pos())) // &e: before the restore
			}
		case *ast.IfStmt:
			if isPredicate(n) {
				at = append(at, off(n.Body.Lbrace)+1)
			}
		}
		return true
	})
	if len(at) == 0 {
		return code, nil
	}
	sort.Ints(at)
	const record = "if int(position)-1 > p.reach {\np.reach = int(position) - 1\n}\n"
	out := make([]byte, 0, len(code)+len(at)*len(record))
	last := 0
	for _, a := range at {
		out = append(append(out, code[last:a]...), record...)
		last = a
	}
	return append(out, code[last:]...), nil
}
