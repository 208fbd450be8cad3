package main

import (
	"fmt"
	"go/ast"
)

// localPosition makes each rule function work on local copies of position and
// tokenIndex, and hand them to the Parser's fields only around the code that reads or
// moves those: the calls of other rules, and the function's returns.
//
// The fields are shared by every rule function, so Go keeps them in memory: every
// position++ of a character loop was a load, an add and a store, and each iteration
// waited for the store of the one before (a segment, a reg-name and the speculative
// userinfo scan were most of an rfc3986 parse). A local lives in a register.
//
// The copy is exact because the fields are read or written only by that code: before a
// call, p.position = position; after a rule call that succeeded, position = p.position
// (one that fails leaves the field where it was, at the local: a rule restores it);
// before every return, the fields take the locals (the caller reads them back). The same
// holds of tokenIndex: every choice point and every turn of a loop saves it, and only
// rule calls and add move it (add takes and returns it). Without this pass the rules
// read and write the fields.
//
// This pass runs last: the others read the tests and calls as lowering writes them.
func localPosition(p *program) error {
	for _, r := range p.rules {
		// A rule that does not read the token index (tokens.go) leaves it in the field.
		state, fields := "position, tokenIndex", "p.position, p.tokenIndex"
		if !mentions(r.body, "tokenIndex") {
			state, fields = "position", "p.position"
		}
		var fault error
		editLists(r.body, func(list []ast.Stmt) []ast.Stmt {
			out := make([]ast.Stmt, 0, len(list))
			for _, s := range list {
				labels, inner := unlabel(s)
				if _, _, _, ok := callSite(inner); ok {
					is := inner.(*ast.IfStmt)
					is.Init = parseStmts(fields + " = " + state)[0]
					out = append(out, s, parseStmts(state + " = " + fields)[0])
					continue
				}
				if _, ok := inner.(*ast.ReturnStmt); ok {
					out = append(out, relabel(labels, parseStmts(fields + " = " + state)[0]), inner)
					continue
				}
				out = append(out, s)
			}
			return out
		})
		// Every rule call must have been a call site.
		ast.Inspect(r.body, func(n ast.Node) bool {
			if is, ok := n.(*ast.IfStmt); ok && is.Init != nil {
				if _, _, _, ok := callSite(&ast.IfStmt{Cond: is.Cond, Body: is.Body}); ok {
					return false // handed over
				}
			}
			if _, ok := ruleCall(asExpr(n)); ok && fault == nil {
				fault = fmt.Errorf("localpos: rule %s calls a rule outside the shape of a call site", r.name)
			}
			return true
		})
		if fault != nil {
			return fault
		}
		r.body.List = append(parseStmts(state+" := "+fields), r.body.List...)
	}
	return nil
}

// fieldState makes the rule functions read and write the Parser's fields where
// localPosition did not give them local copies.
func fieldState(p *program) {
	for _, r := range p.rules {
		mapExprs(r.body, func(e ast.Expr) ast.Expr {
			if id, ok := e.(*ast.Ident); ok && (id.Name == "position" || id.Name == "tokenIndex") {
				return &ast.SelectorExpr{X: ast.NewIdent("p"), Sel: ast.NewIdent(id.Name)}
			}
			return e
		})
	}
}

// mentions reports whether the identifier name occurs in n.
func mentions(n ast.Node, name string) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		found = found || isIdent(asExpr(x), name)
		return !found
	})
	return found
}
