package main

import (
	"go/ast"
	"go/token"
)

// tidy removes what a rule's function no longer needs, until nothing changes: a goto to
// the statement that follows it anyway, a goto to a goto (it goes to the second's label),
// a label on an empty statement (it labels the next), a label no goto names, a statement no path
// reaches (after a return or a goto, before the next label), an empty block, and a
// variable that is saved and never read (peg's saved positions whose restore went with
// a removed branch; the begin of a token no longer recorded). Lowering and the passes
// leave such code (a copied rule that cannot fail makes its caller's failure label
// unused; dropping a token leaves its begin unread), and Go rejects an unused label or
// variable, and go vet unreachable code. None of it changes what the function does.
func tidy(body *ast.BlockStmt) {
	for changed := true; changed; {
		changed = false
		changed = threadGotos(body) || changed
		changed = retarget(body) || changed
		changed = mergeEmptyLabels(body) || changed
		changed = dropUnusedLabels(body) || changed
		changed = dropUnreachable(body) || changed
		changed = dropEmptyBlocks(body) || changed
		changed = dropUnusedVars(body) || changed
	}
	// A label must label a statement; before a case clause it needs an explicit one.
	ast.Inspect(body, func(n ast.Node) bool {
		if l, ok := n.(*ast.LabeledStmt); ok {
			if e, ok := l.Stmt.(*ast.EmptyStmt); ok {
				e.Implicit = false
			}
		}
		return true
	})
}

// lastStmt returns the last statement of list that is not a marker, and its index.
func lastStmt(list []ast.Stmt) (ast.Stmt, int) {
	for i := len(list) - 1; i >= 0; i-- {
		if _, _, ok := markerOf(list[i]); !ok {
			return list[i], i
		}
	}
	return nil, -1
}

// threadGotos removes a goto whose label is on the next statement, also when the goto
// ends a block (or blocks) that the labeled statement follows.
func threadGotos(body *ast.BlockStmt) bool {
	changed := false
	// dropTrailing removes a trailing goto label from s, a block or the goto itself; it
	// reports whether it did, and what s becomes (nil: nothing).
	var dropTrailing func(s ast.Stmt, label string) (ast.Stmt, bool)
	dropTrailing = func(s ast.Stmt, label string) (ast.Stmt, bool) {
		labels, inner := unlabel(s)
		switch x := inner.(type) {
		case *ast.BranchStmt:
			if x.Tok == token.GOTO && x.Label.Name == label {
				if len(labels) > 0 {
					return relabel(labels, &ast.EmptyStmt{}), true
				}
				return nil, true
			}
		case *ast.BlockStmt:
			last, i := lastStmt(x.List)
			if last == nil {
				return s, false
			}
			repl, ok := dropTrailing(last, label)
			if !ok {
				return s, false
			}
			if repl == nil {
				x.List = append(x.List[:i:i], x.List[i+1:]...)
			} else {
				x.List[i] = repl
			}
			return s, true
		}
		return s, false
	}
	editLists(body, func(list []ast.Stmt) []ast.Stmt {
		for i := 0; i+1 < len(list); i++ {
			names, _ := unlabel(list[i+1])
			for _, name := range names {
				repl, ok := dropTrailing(list[i], name)
				if !ok {
					continue
				}
				changed = true
				if repl == nil {
					list = append(list[:i:i], list[i+1:]...)
					i--
				} else {
					list[i] = repl
				}
				break
			}
		}
		return list
	})
	return changed
}

// dropUnusedLabels unwraps the labels that no goto names (a labeled empty statement
// goes with its label).
func dropUnusedLabels(body *ast.BlockStmt) bool {
	used := map[string]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		if b, ok := n.(*ast.BranchStmt); ok && b.Label != nil {
			used[b.Label.Name] = true
		}
		return true
	})
	changed := false
	editLists(body, func(list []ast.Stmt) []ast.Stmt {
		out := list[:0:0]
		for _, s := range list {
			labels, inner := unlabel(s)
			var keep []string
			for _, l := range labels {
				if used[l] {
					keep = append(keep, l)
				}
			}
			if len(keep) == len(labels) {
				out = append(out, s)
				continue
			}
			changed = true
			if _, empty := inner.(*ast.EmptyStmt); empty && len(keep) == 0 {
				continue
			}
			out = append(out, relabel(keep, inner))
		}
		return out
	})
	return changed
}

// terminates reports whether s is a terminating statement as the Go specification
// defines it, for the statements peg writes: control never flows past it.
func terminates(s ast.Stmt) bool {
	switch x := s.(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return x.Tok == token.GOTO
	case *ast.BlockStmt:
		last, _ := lastStmt(x.List)
		return last != nil && terminates(last)
	case *ast.IfStmt:
		return x.Else != nil && terminates(x.Body) && terminates(x.Else)
	case *ast.LabeledStmt:
		return terminates(x.Stmt)
	case *ast.SwitchStmt:
		hasDefault, breaks := false, false
		ast.Inspect(x.Body, func(n ast.Node) bool {
			if b, ok := n.(*ast.BranchStmt); ok && b.Tok == token.BREAK {
				breaks = true
			}
			return true
		})
		if breaks {
			return false
		}
		for _, c := range x.Body.List {
			cc := c.(*ast.CaseClause)
			if cc.List == nil {
				hasDefault = true
			}
			last, _ := lastStmt(cc.Body)
			if last == nil || !terminates(last) {
				return false
			}
		}
		return hasDefault
	}
	return false
}

// dropUnreachable removes the statements after a terminating one, up to the next label.
func dropUnreachable(body *ast.BlockStmt) bool {
	changed := false
	editLists(body, func(list []ast.Stmt) []ast.Stmt {
		out := list[:0:0]
		dead := false
		for _, s := range list {
			if _, ok := s.(*ast.LabeledStmt); ok {
				dead = false
			}
			if dead {
				changed = true
				continue
			}
			out = append(out, s)
			if terminates(s) {
				dead = true
			}
		}
		return out
	})
	return changed
}

// dropEmptyBlocks removes blocks that hold nothing but markers.
func dropEmptyBlocks(body *ast.BlockStmt) bool {
	changed := false
	editLists(body, func(list []ast.Stmt) []ast.Stmt {
		out := list[:0:0]
		for _, s := range list {
			labels, inner := unlabel(s)
			if b, ok := inner.(*ast.BlockStmt); ok {
				if last, _ := lastStmt(b.List); last == nil {
					changed = true
					if len(labels) > 0 {
						out = append(out, relabel(labels, &ast.EmptyStmt{}))
					}
					continue
				}
			}
			out = append(out, s)
		}
		return out
	})
	return changed
}

// dropUnusedVars removes the variables that a := declares and nothing reads, when their
// values have no effect (names and fields).
func dropUnusedVars(body *ast.BlockStmt) bool {
	used := map[string]bool{}
	var uses func(n ast.Node)
	uses = func(n ast.Node) {
		ast.Inspect(n, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.LabeledStmt:
				uses(x.Stmt)
				return false
			case *ast.BranchStmt:
				return false
			case *ast.SelectorExpr:
				uses(x.X)
				return false
			case *ast.AssignStmt:
				if x.Tok == token.DEFINE {
					for _, r := range x.Rhs {
						uses(r)
					}
					return false
				}
			case *ast.Ident:
				used[x.Name] = true
			}
			return true
		})
	}
	uses(body)
	pure := func(e ast.Expr) bool {
		switch x := e.(type) {
		case *ast.Ident, *ast.BasicLit:
			return true
		case *ast.SelectorExpr:
			return isIdent(x.X, "p")
		}
		return false
	}
	changed := false
	editLists(body, func(list []ast.Stmt) []ast.Stmt {
		out := list[:0:0]
		for _, s := range list {
			labels, inner := unlabel(s)
			a, ok := inner.(*ast.AssignStmt)
			if !ok || a.Tok != token.DEFINE || len(a.Lhs) != len(a.Rhs) {
				out = append(out, s)
				continue
			}
			var lhs, rhs []ast.Expr
			for i, l := range a.Lhs {
				if used[l.(*ast.Ident).Name] || !pure(a.Rhs[i]) {
					lhs, rhs = append(lhs, l), append(rhs, a.Rhs[i])
				}
			}
			if len(lhs) == len(a.Lhs) {
				out = append(out, s)
				continue
			}
			changed = true
			if len(lhs) > 0 {
				a.Lhs, a.Rhs = lhs, rhs
				out = append(out, s)
			} else if len(labels) > 0 {
				out = append(out, relabel(labels, &ast.EmptyStmt{}))
			}
		}
		return out
	})
	return changed
}

// retarget makes a goto to a label whose statement is a goto go to that goto's label.
// That is legal where the two were: the variables in scope at the last label were in
// scope at each goto before it, and its block encloses theirs.
func retarget(body *ast.BlockStmt) bool {
	next := map[string]string{} // label -> the label its statement goes to
	ast.Inspect(body, func(n ast.Node) bool {
		if l, ok := n.(*ast.LabeledStmt); ok {
			if t, ok := gotoOf(l.Stmt); ok {
				next[l.Label.Name] = t
			}
		}
		return true
	})
	final := func(l string) string {
		for i := 0; i < len(next); i++ { // a cycle of gotos is left alone
			t, ok := next[l]
			if !ok {
				return l
			}
			l = t
		}
		return l
	}
	changed := false
	ast.Inspect(body, func(n ast.Node) bool {
		if b, ok := n.(*ast.BranchStmt); ok && b.Tok == token.GOTO {
			if t := final(b.Label.Name); t != b.Label.Name {
				b.Label.Name, changed = t, true
			}
		}
		return true
	})
	return changed
}

// mergeEmptyLabels moves the labels of an empty statement onto the statement after it.
func mergeEmptyLabels(body *ast.BlockStmt) bool {
	changed := false
	editLists(body, func(list []ast.Stmt) []ast.Stmt {
		out := list[:0:0]
		for i := 0; i < len(list); i++ {
			labels, inner := unlabel(list[i])
			if _, empty := inner.(*ast.EmptyStmt); empty && len(labels) > 0 && i+1 < len(list) {
				if _, _, marker := markerOf(list[i+1]); !marker {
					list[i+1] = relabel(labels, list[i+1])
					changed = true
					continue
				}
			}
			out = append(out, list[i])
		}
		return out
	})
	return changed
}
