package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// program is a grammar's parser while the passes work on it: one function per rule, in
// peg's shapes as lowering leaves them (below), and what the passes learn on the way.
type program struct {
	grammar *grammarFile
	pkg     string
	names   []string // rule names by rule number (peg's rul3s), 0 is Unknown
	rules   []*rule  // the rules peg compiled a function for, by number
	byName  map[string]*rule
	tokens  map[string]bool // the rules that record tokens

	tables *tableSet           // class tables, by the passes that write them
	sets   map[string]*byteSet // byte-set rules (byteset.go)
	notes  *noteSet            // Collect's byte sets (notes.go); nil without the notes pass
	reach  bool                // reach records were written (reach.go)
	probes string              // the probe class table (probes.go); "" without the pass
	ran    []string            // the passes that ran, in order
}

// rule is one rule's function.
type rule struct {
	num  int
	name string
	peg  string // the rule as peg printed it in its comment (after its own rewrites)
	body *ast.BlockStmt
}

// pegRuleComment matches the comment peg writes before each rule's function in the
// _rules table: "/* N name <- expression */". (A regular expression over a comment's
// text, which peg prints on one line, not over Go code.)
var pegRuleComment = regexp.MustCompile(`^/\* (\d+) (\w+) <- (.*) \*/$`)

// lower reads peg's output and makes the program that the passes start from. peg
// writes each rule as a closure in a table, over variables of its Init (position,
// tokenIndex, buffer), calling other rules through the table; its runtime (the syntax
// tree's printers, Parse, Reset, its error type) is the rest of the file. lower keeps
// the closures' bodies only (api.go is the runtime) and changes what peg's own code
// cannot do for package uri:
//   - every rule becomes a method of Parser, and a call of a rule a direct call, p.rX():
//     Go can then inline the small ones;
//   - the input is bytes: a test compares bytes ('x', not rune('x')), and . compares the
//     position with the end (the byte there, filler, may be a 0 of the input);
//   - only the rules of the grammar's tokens line record tokens, and only when the
//     running parse records them (RunRecording): add's call is
//     "if p.records(ruleX) { tokenIndex = p.add(ruleX, begin, position, tokenIndex) }";
//     the others record nothing (a token for every pchar was most of peg's parse time);
//   - every failing character test records its position (p.fail; -1 is the number of
//     its note, which the notes pass gives): the farthest one is where the error is;
//   - a token rule sets p.comp to itself while it runs, so that p.fail can say which
//     token rule a failure was in.
//
// Lowering also marks what later passes must know of peg's shapes while they are peg's
// (markers, ast.go): which blocks are lookaheads (!e, &e) and which hold a semantic
// predicate, and which alternative of a rule's top-level choice each branch is.
func lower(code []byte, g *grammarFile, pkg string) (*program, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "peg.go", code, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("peg output does not parse: %w", err)
	}
	p := &program{grammar: g, pkg: pkg, byName: map[string]*rule{}, tokens: map[string]bool{}, tables: newTableSet()}
	if p.names, err = ruleNames(f); err != nil {
		return nil, err
	}
	if len(p.names) > 256 {
		return nil, fmt.Errorf("%d rules: RunRecording's rule set holds 256", len(p.names))
	}
	table, err := ruleTable(f)
	if err != nil {
		return nil, err
	}
	if len(table.Elts) != len(p.names) {
		return nil, fmt.Errorf("peg output changed: %d rule functions for %d rules", len(table.Elts), len(p.names))
	}
	for _, name := range g.tokens {
		if !slices.Contains(p.names, name) {
			return nil, fmt.Errorf("tokens names %q, which is not a rule that peg compiled", name)
		}
		p.tokens[name] = true
	}
	// The comment before each element names its rule.
	comments := f.Comments
	for i, e := range table.Elts {
		if i == 0 {
			if !isIdent(e, "nil") {
				return nil, fmt.Errorf("peg output changed: rule 0 has a function")
			}
			continue
		}
		var text string
		for len(comments) > 0 && comments[0].End() <= e.Pos() {
			text = comments[0].List[len(comments[0].List)-1].Text
			comments = comments[1:]
		}
		m := pegRuleComment.FindStringSubmatch(text)
		if m == nil || m[2] != p.names[i] || m[1] != strconv.Itoa(i-1) {
			return nil, fmt.Errorf("peg output changed: no comment naming rule %d (%s)", i, p.names[i])
		}
		lit, ok := e.(*ast.FuncLit)
		if !ok {
			if !isIdent(e, "nil") {
				return nil, fmt.Errorf("peg output changed: rule %s is neither a function nor nil", p.names[i])
			}
			continue // a rule peg did not compile: used but not defined, or unreachable
		}
		stripPositions(lit.Body)
		r := &rule{num: i, name: p.names[i], peg: m[2] + " <- " + m[3], body: lit.Body}
		if err := p.lowerRule(r); err != nil {
			return nil, fmt.Errorf("rule %s: %w", r.name, err)
		}
		p.rules = append(p.rules, r)
		p.byName[r.name] = r
	}
	for _, name := range g.entries {
		if p.byName[name] == nil {
			return nil, fmt.Errorf("entries names %q, which is not a rule that peg compiled", name)
		}
	}
	return p, nil
}

// ruleNames reads peg's rul3s, the rule names by number.
func ruleNames(f *ast.File) ([]string, error) {
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		for _, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			if len(vs.Names) != 1 || vs.Names[0].Name != "rul3s" || len(vs.Values) != 1 {
				continue
			}
			lit, ok := vs.Values[0].(*ast.CompositeLit)
			if !ok {
				break
			}
			var names []string
			for _, e := range lit.Elts {
				b, ok := e.(*ast.BasicLit)
				if !ok || b.Kind != token.STRING {
					return nil, fmt.Errorf("peg output changed: rul3s holds %T", e)
				}
				s, _ := strconv.Unquote(b.Value)
				names = append(names, s)
			}
			return names, nil
		}
	}
	return nil, fmt.Errorf("peg output changed: no rul3s")
}

// ruleTable finds peg's table of rule closures, _rules = [...]func() bool{...}.
func ruleTable(f *ast.File) (*ast.CompositeLit, error) {
	var table *ast.CompositeLit
	ast.Inspect(f, func(n ast.Node) bool {
		a, ok := n.(*ast.AssignStmt)
		if ok && len(a.Lhs) == 1 && isIdent(a.Lhs[0], "_rules") && len(a.Rhs) == 1 {
			if lit, ok := a.Rhs[0].(*ast.CompositeLit); ok {
				table = lit
			}
		}
		return table == nil
	})
	if table == nil {
		return nil, fmt.Errorf("peg output changed: no _rules table")
	}
	return table, nil
}

// lowerRule lowers one rule's body in place (see lower).
func (p *program) lowerRule(r *rule) error {
	markBlocks(r.body)
	p.markAlternatives(r)
	var fault error
	editLists(r.body, func(list []ast.Stmt) []ast.Stmt {
		out := make([]ast.Stmt, 0, len(list))
		for _, s := range list {
			labels, inner := unlabel(s)
			var repl []ast.Stmt
			switch st := inner.(type) {
			case *ast.IfStmt:
				if u, ok := st.Cond.(*ast.UnaryExpr); ok && u.Op == token.NOT {
					if c, ok := u.X.(*ast.CallExpr); ok && isIdent(c.Fun, "matchDot") && len(c.Args) == 0 {
						// . : any byte before the end.
						st.Cond = parseExpr("int(position) >= p.end")
						repl = []ast.Stmt{st, &ast.IncDecStmt{X: ast.NewIdent("position"), Tok: token.INC}}
					}
				}
			case *ast.ExprStmt:
				if c, ok := st.X.(*ast.CallExpr); ok && isIdent(c.Fun, "add") && len(c.Args) == 2 {
					rn, ok1 := c.Args[0].(*ast.Ident)
					begin, ok2 := c.Args[1].(*ast.Ident)
					if !ok1 || !ok2 || !strings.HasPrefix(rn.Name, "rule") {
						fault = fmt.Errorf("peg output changed: add with arguments %T, %T", c.Args[0], c.Args[1])
						break
					}
					repl = []ast.Stmt{}
					if p.tokens[strings.TrimPrefix(rn.Name, "rule")] {
						repl = parseStmts(fmt.Sprintf("if p.records(%s) {\ntokenIndex = p.add(%s, %s, position, tokenIndex)\n}", rn.Name, rn.Name, begin.Name))
					}
				}
			}
			if repl == nil {
				out = append(out, s)
				continue
			}
			if len(repl) == 0 {
				if len(labels) > 0 {
					repl = []ast.Stmt{&ast.EmptyStmt{}}
				} else {
					continue
				}
			}
			out = append(out, relabel(labels, repl[0]))
			out = append(out, repl[1:]...)
		}
		return out
	})
	if fault != nil {
		return fault
	}
	mapExprs(r.body, func(e ast.Expr) ast.Expr {
		switch x := e.(type) {
		case *ast.CallExpr:
			// _rules[ruleX]() -> p.rX()
			if ix, ok := x.Fun.(*ast.IndexExpr); ok && isIdent(ix.X, "_rules") && len(x.Args) == 0 {
				if id, ok := ix.Index.(*ast.Ident); ok && strings.HasPrefix(id.Name, "rule") {
					return &ast.CallExpr{Fun: &ast.SelectorExpr{X: ast.NewIdent("p"), Sel: ast.NewIdent("r" + strings.TrimPrefix(id.Name, "rule"))}}
				}
			}
			// rune('x') -> 'x': the buffer holds bytes.
			if isIdent(x.Fun, "rune") && len(x.Args) == 1 {
				if c, ok := charLit(x.Args[0]); ok {
					return byteLit(c)
				}
				if fault == nil {
					fault = fmt.Errorf("a character test of a character above 0xFF (the parser reads bytes)")
				}
			}
		}
		return e
	})
	if fault != nil {
		return fault
	}
	// The remaining calls must be rule calls: any other (matchString, a closure) is a
	// shape pegwrap does not know.
	ast.Inspect(r.body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && fault == nil {
			if _, ok := ruleCall(c); ok || isIdent(c.Fun, markerFunc) || isIdent(c.Fun, "int") || isSel(c.Fun, "p", "records") || isSel(c.Fun, "p", "add") {
				return true
			}
			if !insidePredicate(r.body, c) {
				fault = fmt.Errorf("peg output changed: a call of %s", exprString(c.Fun))
			}
		}
		return true
	})
	if fault != nil {
		return fault
	}
	// Every failing character test records its position.
	editLists(r.body, func(list []ast.Stmt) []ast.Stmt {
		for _, s := range list {
			_, inner := unlabel(s)
			is, ok := inner.(*ast.IfStmt)
			if !ok {
				continue
			}
			_, isChar := charTest(is)
			_, _, isRange := rangeTest(is)
			if isChar || isRange || endTest(is) {
				is.Body.List = append(parseStmts("p.fail(position, -1)"), is.Body.List...)
			}
		}
		return list
	})
	// A token rule tracks itself as the component running.
	if p.tokens[r.name] {
		editLists(r.body, func(list []ast.Stmt) []ast.Stmt {
			out := make([]ast.Stmt, 0, len(list)+1)
			for _, s := range list {
				labels, inner := unlabel(s)
				if _, ok := inner.(*ast.ReturnStmt); ok {
					out = append(out, relabel(labels, parseStmts("p.comp = comp")[0]), inner)
					continue
				}
				out = append(out, s)
			}
			return out
		})
		r.body.List = append(parseStmts(fmt.Sprintf("comp := p.comp\np.comp = uint32(rule%s)", r.name)), r.body.List...)
	}
	return nil
}

// relabel puts labels back on s.
func relabel(labels []string, s ast.Stmt) ast.Stmt {
	for i := len(labels) - 1; i >= 0; i-- {
		s = &ast.LabeledStmt{Label: ast.NewIdent(labels[i]), Stmt: s}
	}
	return s
}

// insidePredicate reports whether call is part of a semantic predicate's expression,
// which is the grammar's own Go code.
func insidePredicate(body *ast.BlockStmt, call *ast.CallExpr) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if s, ok := n.(ast.Stmt); ok && isPredicate(s) {
			ast.Inspect(s.(ast.Node), func(m ast.Node) bool {
				found = found || m == call
				return !found
			})
		}
		return !found
	})
	return found
}

// markBlocks marks the blocks of peg's lookaheads and of semantic predicates (see
// lower). peg writes &e and !e as
//
//	{ positionN, tokenIndexN := position, tokenIndex; e; position, tokenIndex = positionN, tokenIndexN }
//	{ positionN, tokenIndexN := position, tokenIndex; e; goto lKO; lN: position, tokenIndex = positionN, tokenIndexN }
//
// The second shape is also that of e? (whose goto goes to the label of the statement
// after the block) and of e* (whose goto goes to the block's own label), which are told
// apart by those labels. A block taken for a lookahead that is not one can only cost
// speed (a note inside it is not sure, and a reach record makes package uri parse once
// more); the reverse cannot happen, since every block of these shapes that is not e? or
// e* is taken. A block that holds a semantic predicate &{e}, which can fail right after
// a consuming test without reading the next byte ((pchar &{false})? in rfc3986's
// path-empty), is marked too.
func markBlocks(body *ast.BlockStmt) {
	notPeek := map[*ast.BlockStmt]bool{}
	target := func(b *ast.BlockStmt) string {
		if len(b.List) < 2 {
			return ""
		}
		l, _ := gotoOf(b.List[len(b.List)-2])
		return l
	}
	lists := func(list []ast.Stmt) {
		for i, st := range list {
			names, inner := unlabel(st)
			b, ok := inner.(*ast.BlockStmt)
			if !ok {
				continue
			}
			t := target(b)
			if t != "" && slices.Contains(names, t) {
				notPeek[b] = true // e*
			}
			if i+1 < len(list) {
				if next, _ := unlabel(list[i+1]); t != "" && slices.Contains(next, t) {
					notPeek[b] = true // e?
				}
			}
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt:
			lists(n.List)
		case *ast.CaseClause:
			lists(n.Body)
		}
		return true
	})
	var blocks []*ast.BlockStmt
	ast.Inspect(body, func(n ast.Node) bool {
		if b, ok := n.(*ast.BlockStmt); ok && b != body {
			blocks = append(blocks, b)
		}
		return true
	})
	for _, b := range blocks {
		kind := ""
		if !notPeek[b] {
			kind = lookaheadKind(b)
		}
		if kind == "" && slices.ContainsFunc(b.List, isPredicate) {
			kind = "pred"
		}
		if kind != "" {
			b.List = append([]ast.Stmt{marker(kind, "")}, b.List...)
		}
	}
}

// lookaheadKind returns "look&" or "look!" if b has the shape of peg's &e or !e (see
// markBlocks), else "".
func lookaheadKind(b *ast.BlockStmt) string {
	if len(b.List) < 2 {
		return ""
	}
	saved, ok := saveStmt(b.List[0])
	if !ok || len(b.List[0].(*ast.AssignStmt).Lhs) != 2 {
		return ""
	}
	restores := func(s ast.Stmt) bool {
		n, ok := restoreStmt(s)
		return ok && n == saved
	}
	last := b.List[len(b.List)-1]
	if restores(last) {
		return "look&"
	}
	l, ok := last.(*ast.LabeledStmt)
	if !ok || !restores(l.Stmt) {
		return ""
	}
	if _, ok := gotoOf(b.List[len(b.List)-2]); ok {
		return "look!"
	}
	return ""
}

// markAlternatives marks the branches of a rule whose expression is an ordered choice
// with the alternative each is: peg writes every rule as
//
//	{ positionN := position; EXPRESSION; add(ruleX, positionN) }
//
// and an ordered choice as a block that saves the position, tries each alternative, and
// restores the position at a label before each next one. The alternatives are the
// grammar's as written where peg kept them (so many, in that order), else peg's.
func (p *program) markAlternatives(r *rule) {
	var push *ast.BlockStmt
	for _, s := range r.body.List {
		if b, ok := s.(*ast.BlockStmt); ok {
			push = b
			break
		}
	}
	if push == nil || len(push.List) < 2 {
		return
	}
	if _, ok := saveStmt(push.List[0]); !ok {
		return
	}
	choice, ok := push.List[1].(*ast.BlockStmt)
	if !ok || len(choice.List) == 0 {
		return
	}
	saved, ok := saveStmt(choice.List[0])
	if !ok {
		return
	}
	starts := []int{1}
	for i, s := range choice.List {
		if l, ok := s.(*ast.LabeledStmt); ok {
			if n, ok := restoreStmt(l.Stmt); ok && n == saved && i+1 < len(choice.List) {
				starts = append(starts, i+1)
			}
		}
	}
	if len(starts) < 2 {
		return
	}
	alts := alternatives(p.grammar.rules[r.name].text)
	if len(alts) != len(starts) {
		inner := strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(r.peg, r.name+" <- "), "<("), ")>")
		alts = alternatives("x <- " + inner)
	}
	if len(alts) != len(starts) {
		return
	}
	out := make([]ast.Stmt, 0, len(choice.List)+len(starts))
	for i, s := range choice.List {
		if k := slices.Index(starts, i); k >= 0 {
			out = append(out, marker("comment", fmt.Sprintf("%s, alternative %d of %d: %s", r.name, k+1, len(starts), alts[k])))
		}
		out = append(out, s)
	}
	choice.List = out
}
