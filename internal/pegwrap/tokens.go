package main

import (
	"go/ast"
	"go/token"
)

// tokenSaves drops the saved token index where nothing can record a token before it is
// restored. peg saves the position and the token index together at every choice,
// option, repetition and lookahead, and restores both when an alternative fails, so
// that the tokens of the failed part are forgotten. But most rules record no token
// (only the grammar's token rules do), nor call a rule that does: in those, the token
// index never moves, and keeping its copies only crowds the registers (in a loop of
// pchar, the saved token index was a second value to keep per turn). A save of the
// token index is kept where, between it and the end of the block that holds it (peg
// restores a save only inside that block), a token is recorded (p.add) or a rule is
// called that may record one (directly or not); elsewhere the save and its restores
// keep the position only.
func tokenSaves(p *program) error {
	mayAdd := map[string]bool{}
	for changed := true; changed; {
		changed = false
		for _, r := range p.rules {
			if !mayAdd[r.name] && recordsToken(r.body, mayAdd) {
				mayAdd[r.name], changed = true, true
			}
		}
	}
	for _, r := range p.rules {
		dropped := map[string]bool{}
		var visit func(list []ast.Stmt)
		visit = func(list []ast.Stmt) {
			for i, s := range list {
				_, inner := unlabel(s)
				a, ok := inner.(*ast.AssignStmt)
				if !ok || a.Tok != token.DEFINE || len(a.Lhs) != 2 || !isIdent(a.Rhs[1], "tokenIndex") {
					continue
				}
				if _, ok := saveStmt(a); !ok {
					continue
				}
				rest := &ast.BlockStmt{List: list[i+1:]}
				if !recordsToken(rest, mayAdd) {
					dropped[a.Lhs[1].(*ast.Ident).Name] = true
					a.Lhs, a.Rhs = a.Lhs[:1], a.Rhs[:1]
				}
			}
		}
		ast.Inspect(r.body, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.BlockStmt:
				visit(x.List)
			case *ast.CaseClause:
				visit(x.Body)
			}
			return true
		})
		ast.Inspect(r.body, func(n ast.Node) bool {
			if a, ok := n.(*ast.AssignStmt); ok && a.Tok == token.ASSIGN && len(a.Lhs) == 2 {
				if _, ok := restoreStmt(a); ok && dropped[a.Rhs[1].(*ast.Ident).Name] {
					a.Lhs, a.Rhs = a.Lhs[:1], a.Rhs[:1]
				}
			}
			return true
		})
	}
	return nil
}

// recordsToken reports whether n records a token or calls a rule that may.
func recordsToken(n ast.Node, mayAdd map[string]bool) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if c, ok := x.(*ast.CallExpr); ok {
			if isSel(c.Fun, "p", "add") {
				found = true
			} else if name, ok := ruleCall(c); ok && mayAdd[name] {
				found = true
			}
		}
		return !found
	})
	return found
}
