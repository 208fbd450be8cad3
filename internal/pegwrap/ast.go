package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"strconv"
	"strings"
)

// The passes work on the rule functions as go/ast trees. peg's output is parsed once;
// positions are then dropped (stripPositions), since nodes move between functions and
// new ones are built, and the file is printed and formatted once at the end (emit.go).

var (
	posType  = reflect.TypeOf(token.NoPos)
	nodeType = reflect.TypeOf((*ast.Node)(nil)).Elem()
)

// stripPositions sets every position in the tree under n to token.NoPos.
func stripPositions(n ast.Node) {
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem())
			}
		case reflect.Slice:
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i))
			}
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				f := v.Field(i)
				if f.Type() == posType {
					f.SetInt(0)
					continue
				}
				if f.Type() == reflect.TypeOf((*ast.Object)(nil)) || f.Type() == reflect.TypeOf((*ast.Scope)(nil)) {
					continue
				}
				walk(f)
			}
		}
	}
	walk(reflect.ValueOf(n))
}

// clone returns a deep copy of the tree under n (which holds no object resolution).
func clone[T ast.Node](n T) T {
	var cp func(v reflect.Value) reflect.Value
	cp = func(v reflect.Value) reflect.Value {
		switch v.Kind() {
		case reflect.Pointer:
			if v.IsNil() {
				return v
			}
			out := reflect.New(v.Type().Elem())
			out.Elem().Set(cp(v.Elem()))
			return out
		case reflect.Interface:
			if v.IsNil() {
				return v
			}
			out := reflect.New(v.Type()).Elem()
			out.Set(cp(v.Elem()))
			return out
		case reflect.Slice:
			if v.IsNil() {
				return v
			}
			out := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
			for i := 0; i < v.Len(); i++ {
				out.Index(i).Set(cp(v.Index(i)))
			}
			return out
		case reflect.Struct:
			out := reflect.New(v.Type()).Elem()
			for i := 0; i < v.NumField(); i++ {
				out.Field(i).Set(cp(v.Field(i)))
			}
			return out
		}
		return v
	}
	return cp(reflect.ValueOf(n)).Interface().(T)
}

// editLists calls f on every statement list under n (blocks and case clauses), inner
// lists first, and puts back the list f returns.
func editLists(n ast.Node, f func([]ast.Stmt) []ast.Stmt) {
	ast.Inspect(n, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.BlockStmt:
			for _, s := range x.List {
				editLists(s, f)
			}
			x.List = f(x.List)
			return false
		case *ast.CaseClause:
			for _, s := range x.Body {
				editLists(s, f)
			}
			x.Body = f(x.Body)
			return false
		}
		return true
	})
}

// mapExprs replaces every expression e under n by f(e), inner expressions first (f
// returns e to keep it).
func mapExprs(n ast.Node, f func(ast.Expr) ast.Expr) {
	exprType := reflect.TypeOf((*ast.Expr)(nil)).Elem()
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer:
			if !v.IsNil() {
				walk(v.Elem())
			}
		case reflect.Interface:
			if v.IsNil() {
				return
			}
			walk(v.Elem())
			if v.Type() == exprType && v.CanSet() {
				v.Set(reflect.ValueOf(f(v.Interface().(ast.Expr))))
			}
		case reflect.Slice:
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i))
			}
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				if ft := v.Field(i).Type(); ft == reflect.TypeOf((*ast.Object)(nil)) || ft == reflect.TypeOf((*ast.Scope)(nil)) {
					continue
				}
				walk(v.Field(i))
			}
		}
	}
	walk(reflect.ValueOf(n))
}

// parseStmts parses Go statements written as text (the shapes the passes add), with
// positions dropped.
func parseStmts(src string) []ast.Stmt {
	f, err := parser.ParseFile(token.NewFileSet(), "", "package p\nfunc _() {\n"+src+"\n}\n", parser.SkipObjectResolution)
	if err != nil {
		panic(fmt.Sprintf("pegwrap: statements do not parse: %v\n%s", err, src))
	}
	body := f.Decls[0].(*ast.FuncDecl).Body
	stripPositions(body)
	return body.List
}

// parseExpr parses a Go expression written as text, with positions dropped.
func parseExpr(src string) ast.Expr {
	e, err := parser.ParseExpr(src)
	if err != nil {
		panic(fmt.Sprintf("pegwrap: expression does not parse: %v\n%s", err, src))
	}
	stripPositions(e)
	return e
}

// Markers are statements that carry what the passes know about the code they sit in:
// a comment for the reader (provenance, emit.go turns it into a comment), or the kind of
// the block they begin (a lookahead: "look!" for !e, "look&" for &e; "pred" for a block
// that holds a semantic predicate), which lowering reads from peg's shapes while they
// are peg's and which later passes trust. emit.go removes them.
const markerFunc = "pegwrapMarker"

// marker returns a marker statement.
func marker(kind, text string) ast.Stmt {
	return &ast.ExprStmt{X: &ast.CallExpr{Fun: ast.NewIdent(markerFunc), Args: []ast.Expr{
		&ast.BasicLit{Kind: token.STRING, Value: strconv.Quote(kind)},
		&ast.BasicLit{Kind: token.STRING, Value: strconv.Quote(text)},
	}}}
}

// markerOf reads a marker statement.
func markerOf(s ast.Stmt) (kind, text string, ok bool) {
	e, ok := s.(*ast.ExprStmt)
	if !ok {
		return "", "", false
	}
	c, ok := e.X.(*ast.CallExpr)
	if !ok || !isIdent(c.Fun, markerFunc) || len(c.Args) != 2 {
		return "", "", false
	}
	k, err1 := strconv.Unquote(c.Args[0].(*ast.BasicLit).Value)
	t, err2 := strconv.Unquote(c.Args[1].(*ast.BasicLit).Value)
	return k, t, err1 == nil && err2 == nil
}

// blockKind returns the kind marker that begins b ("" if none).
func blockKind(b *ast.BlockStmt) string {
	for _, s := range b.List {
		k, _, ok := markerOf(s)
		if !ok {
			return ""
		}
		if k != "comment" {
			return k
		}
	}
	return ""
}

// withoutMarkers returns list without its marker statements.
func withoutMarkers(list []ast.Stmt) []ast.Stmt {
	out := make([]ast.Stmt, 0, len(list))
	for _, s := range list {
		if _, _, ok := markerOf(s); !ok {
			out = append(out, s)
		}
	}
	return out
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

// isSel matches x.name with x the identifier recv.
func isSel(e ast.Expr, recv, name string) bool {
	s, ok := e.(*ast.SelectorExpr)
	return ok && isIdent(s.X, recv) && s.Sel.Name == name
}

// isBufferPosition matches buffer[position], the read of the current byte.
func isBufferPosition(e ast.Expr) bool {
	ix, ok := e.(*ast.IndexExpr)
	return ok && isIdent(ix.X, "buffer") && isIdent(ix.Index, "position")
}

// charLit reads a character literal 'x' (or peg's rune('x')) as a byte value.
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

// byteLit writes a byte as a character literal.
func byteLit(c int) *ast.BasicLit {
	return &ast.BasicLit{Kind: token.CHAR, Value: strconv.QuoteRuneToASCII(rune(c))}
}

// charTest matches peg's test of one character, which fails (runs its body) on any other:
//
//	if buffer[position] != 'x' {
func charTest(s *ast.IfStmt) (int, bool) {
	if s.Init != nil {
		return 0, false
	}
	b, ok := s.Cond.(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ || !isBufferPosition(b.X) {
		return 0, false
	}
	return charLit(b.Y)
}

// currentByteInit matches the initialisation c := buffer[position].
func currentByteInit(s ast.Stmt) bool {
	a, ok := s.(*ast.AssignStmt)
	return ok && a.Tok == token.DEFINE && len(a.Lhs) == 1 && isIdent(a.Lhs[0], "c") && len(a.Rhs) == 1 && isBufferPosition(a.Rhs[0])
}

// rangeTest matches peg's test of a range, which fails on a byte outside it:
//
//	if c := buffer[position]; c < 'a' || c > 'z' {
func rangeTest(s *ast.IfStmt) (lo, hi int, ok bool) {
	if s.Init == nil || !currentByteInit(s.Init) {
		return 0, 0, false
	}
	or, ok := s.Cond.(*ast.BinaryExpr)
	if !ok || or.Op != token.LOR {
		return 0, 0, false
	}
	l, ok1 := or.X.(*ast.BinaryExpr)
	h, ok2 := or.Y.(*ast.BinaryExpr)
	if !ok1 || !ok2 || l.Op != token.LSS || h.Op != token.GTR || !isIdent(l.X, "c") || !isIdent(h.X, "c") {
		return 0, 0, false
	}
	lo, ok1 = charLit(l.Y)
	hi, ok2 = charLit(h.Y)
	return lo, hi, ok1 && ok2
}

// tableTest matches the lookup in a class table that the passes write (classes.go,
// byteset.go), which succeeds (runs its body) on a byte in the table:
//
//	if c := buffer[position]; classN[c] != 0 {
func tableTest(s *ast.IfStmt) (string, bool) {
	if s.Init == nil || !currentByteInit(s.Init) {
		return "", false
	}
	ne, ok := s.Cond.(*ast.BinaryExpr)
	if !ok || ne.Op != token.NEQ {
		return "", false
	}
	if lit, ok := ne.Y.(*ast.BasicLit); !ok || lit.Value != "0" {
		return "", false
	}
	ix, ok := ne.X.(*ast.IndexExpr)
	if !ok || !isIdent(ix.Index, "c") {
		return "", false
	}
	name, ok := ix.X.(*ast.Ident)
	if !ok || !strings.HasPrefix(name.Name, "class") {
		return "", false
	}
	return name.Name, true
}

// endTest matches the test of . (any byte), which fails at the end of the input:
//
//	if int(position) >= p.end {
func endTest(s *ast.IfStmt) bool {
	if s.Init != nil {
		return false
	}
	b, ok := s.Cond.(*ast.BinaryExpr)
	if !ok || b.Op != token.GEQ || !isSel(b.Y, "p", "end") {
		return false
	}
	c, ok := b.X.(*ast.CallExpr)
	return ok && isIdent(c.Fun, "int") && len(c.Args) == 1 && isIdent(c.Args[0], "position")
}

// isIncrement matches position++.
func isIncrement(s ast.Stmt) bool {
	inc, ok := s.(*ast.IncDecStmt)
	return ok && inc.Tok == token.INC && isIdent(inc.X, "position")
}

// isFail matches p.fail(position, k), the record of a failing character test.
func isFail(s ast.Stmt) bool { return failCall(s) != nil }

// failCall returns the call of p.fail(position, k) if s is one.
func failCall(s ast.Stmt) *ast.CallExpr {
	e, ok := s.(*ast.ExprStmt)
	if !ok {
		return nil
	}
	c, ok := e.X.(*ast.CallExpr)
	if !ok || !isSel(c.Fun, "p", "fail") || len(c.Args) != 2 || !isIdent(c.Args[0], "position") {
		return nil
	}
	return c
}

// ruleCall matches a call of a rule's function, p.rX(), and returns X.
func ruleCall(e ast.Expr) (string, bool) {
	c, ok := e.(*ast.CallExpr)
	if !ok || len(c.Args) != 0 {
		return "", false
	}
	s, ok := c.Fun.(*ast.SelectorExpr)
	if !ok || !isIdent(s.X, "p") || !strings.HasPrefix(s.Sel.Name, "r") {
		return "", false
	}
	return s.Sel.Name[1:], true
}

// callSite matches peg's call of a rule, and the same call inside a lookahead (notes.go):
//
//	if !p.rX() {                 if !p.unlook(p.rX()) {
//		goto L                      goto L
//	}                            }
func callSite(s ast.Stmt) (name, label string, look bool, ok bool) {
	is, isIf := s.(*ast.IfStmt)
	if !isIf || is.Init != nil || is.Else != nil || len(is.Body.List) != 1 {
		return "", "", false, false
	}
	g, isGoto := is.Body.List[0].(*ast.BranchStmt)
	if !isGoto || g.Tok != token.GOTO {
		return "", "", false, false
	}
	u, isNot := is.Cond.(*ast.UnaryExpr)
	if !isNot || u.Op != token.NOT {
		return "", "", false, false
	}
	call := u.X
	if c, ok := call.(*ast.CallExpr); ok && isSel(c.Fun, "p", "unlook") && len(c.Args) == 1 {
		call, look = c.Args[0], true
	}
	name, ok = ruleCall(call)
	return name, g.Label.Name, look, ok
}

// saveStmt matches peg's save of the position (and token index) in a variable:
//
//	positionN, tokenIndexN := position, tokenIndex      positionN := position
func saveStmt(s ast.Stmt) (name string, ok bool) {
	a, isAssign := s.(*ast.AssignStmt)
	if !isAssign || a.Tok != token.DEFINE || len(a.Lhs) != len(a.Rhs) || len(a.Lhs) > 2 {
		return "", false
	}
	id, isID := a.Lhs[0].(*ast.Ident)
	if !isID || !strings.HasPrefix(id.Name, "position") || !isIdent(a.Rhs[0], "position") {
		return "", false
	}
	if len(a.Lhs) == 2 && !isIdent(a.Rhs[1], "tokenIndex") {
		return "", false
	}
	return id.Name, true
}

// restoreStmt matches peg's restore of a saved position and token index:
//
//	position, tokenIndex = positionN, tokenIndexN
func restoreStmt(s ast.Stmt) (name string, ok bool) {
	a, isAssign := s.(*ast.AssignStmt)
	if !isAssign || a.Tok != token.ASSIGN || len(a.Lhs) != 2 || len(a.Rhs) != 2 ||
		!isIdent(a.Lhs[0], "position") || !isIdent(a.Lhs[1], "tokenIndex") {
		return "", false
	}
	id, isID := a.Rhs[0].(*ast.Ident)
	if !isID {
		return "", false
	}
	return id.Name, true
}

// unlabel returns the labels of st, outermost first, and the statement they label.
func unlabel(st ast.Stmt) ([]string, ast.Stmt) {
	var names []string
	for {
		l, ok := st.(*ast.LabeledStmt)
		if !ok {
			return names, st
		}
		names, st = append(names, l.Label.Name), l.Stmt
	}
}

// gotoOf returns the target of st if it is a goto, also when it is labeled.
func gotoOf(st ast.Stmt) (string, bool) {
	_, st = unlabel(st)
	if g, ok := st.(*ast.BranchStmt); ok && g.Tok == token.GOTO {
		return g.Label.Name, true
	}
	return "", false
}

// gotoStmt returns the statement goto label.
func gotoStmt(label string) *ast.BranchStmt {
	return &ast.BranchStmt{Tok: token.GOTO, Label: ast.NewIdent(label)}
}

// isPredicate reports whether st is peg's test of a semantic predicate &{e},
// "if !(e) { goto lN }", possibly labeled.
func isPredicate(st ast.Stmt) bool {
	_, st = unlabel(st)
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
