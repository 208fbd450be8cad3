package main

import (
	"bytes"
	"go/ast"
	"go/printer"
	"go/token"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// The limits of copyRules, in lines of the printed function.
const (
	// copyCallee is the largest rule that is copied: pchar with pct-encoded and HEXDIG
	// inside it fits, and a segment or a reg-name; rules that hold whole components do
	// not, and IPv6address (whose nine alternatives call h16 thirty times) is never
	// copied. Counted in instructions over the benchmark corpora (docs/performance.md),
	// 120 cost 2% more than 150 in geometric mean; 200 cost the file URLs of rfc2396bis-01
	// 11% more, their path loop copied into a larger function that keeps more of its
	// values in memory.
	copyCallee = 150
	// copyGrowth is how much the copies may add to one function: a caller that calls
	// many small rules keeps calling those that do not fit (the sites in loops are served
	// first).
	copyGrowth = 400
	// copyFunc is the largest a function may become by copies, with room for what the
	// later passes add; no generated function may exceed 1,000 lines (gen/budget_test.go).
	copyFunc = 800
)

// copyRules copies small rules into the places that call them. A call of a rule is a
// call Go may not inline (it does not inline a function with labels), and pchar alone
// was called once per character of every path, query and fragment. A call
//
//	if !p.rX() {
//		goto lK
//	}
//
// becomes X's body in a block, with its labels and saved positions renamed apart,
// "return true" going to a label after the block and "return false" to lK. That is what
// the call did: X restored position and tokenIndex before returning false, and a token
// rule copied with its token sets and restores Parser.comp as the call did.
//
// Only rules that do not call themselves, directly or not, are copied, and a callee is
// copied with its own copies (callees first). How much is copied is bounded by the
// caller: copies of rules of at most copyCallee lines, adding at most copyGrowth lines
// to it, and never beyond copyFunc lines. The call sites inside a loop (e* and e+) are
// served first, then the smaller rules.
// Every rule keeps its function, as an entry point and for the calls that are not
// copied.
func copyRules(p *program) error {
	calls := map[string][]string{}
	for _, r := range p.rules {
		ast.Inspect(r.body, func(n ast.Node) bool {
			if name, ok := ruleCall(asExpr(n)); ok && p.byName[name] != nil {
				calls[r.name] = append(calls[r.name], name)
			}
			return true
		})
	}
	recursive := map[string]bool{}
	for _, r := range p.rules {
		recursive[r.name] = reaches(calls, r.name, r.name)
	}
	size := map[string]int{}
	done := map[string]bool{}
	site := 0
	process := func(r *rule) {
		p.copyInto(r, size, recursive, &site)
		tidy(r.body)
		size[r.name] = lines(r.body)
		done[r.name] = true
	}
	for len(done) < len(p.rules) {
		progress := false
		for _, r := range p.rules {
			if done[r.name] {
				continue
			}
			ready := true
			for _, c := range calls[r.name] {
				if !done[c] && !recursive[c] {
					ready = false
				}
			}
			if ready {
				process(r)
				progress = true
			}
		}
		if !progress { // what remains waits on a rule in a cycle of calls, which is never copied
			for _, r := range p.rules {
				if !done[r.name] {
					process(r)
				}
			}
		}
	}
	return nil
}

// reaches reports whether rule from calls rule to, directly or not.
func reaches(calls map[string][]string, from, to string) bool {
	seen := map[string]bool{}
	var walk func(string) bool
	walk = func(r string) bool {
		for _, c := range calls[r] {
			if c == to {
				return true
			}
			if !seen[c] {
				seen[c] = true
				if walk(c) {
					return true
				}
			}
		}
		return false
	}
	return walk(from)
}

// copyInto chooses the call sites of r to copy (see copyRules) and copies them.
func (p *program) copyInto(r *rule, size map[string]int, recursive map[string]bool, site *int) {
	type candidate struct {
		stmt   ast.Stmt
		callee string
		loop   bool
		order  int
	}
	var cands []candidate
	loops := loopBlocks(r.body)
	var walk func(list []ast.Stmt, loop bool)
	walk = func(list []ast.Stmt, loop bool) {
		for _, s := range list {
			_, inner := unlabel(s)
			if name, _, look, ok := callSite(inner); ok && !look && !recursive[name] && p.byName[name] != nil && size[name] <= copyCallee {
				cands = append(cands, candidate{s, name, loop, len(cands)})
				continue
			}
			ast.Inspect(inner, func(n ast.Node) bool {
				switch x := n.(type) {
				case *ast.BlockStmt:
					walk(x.List, loop || loops[x])
					return false
				case *ast.CaseClause:
					walk(x.Body, loop)
					return false
				}
				return true
			})
		}
	}
	walk(r.body.List, false)
	sort.SliceStable(cands, func(i, j int) bool {
		a, b := cands[i], cands[j]
		if a.loop != b.loop {
			return a.loop
		}
		return size[a.callee] < size[b.callee]
	})
	chosen := map[ast.Stmt]bool{}
	grown, base := 0, lines(r.body)
	limit := min(base+copyGrowth, copyFunc)
	for _, c := range cands {
		add := size[c.callee] + 2
		if base+grown+add > limit {
			continue
		}
		grown += add
		chosen[c.stmt] = true
	}
	if len(chosen) == 0 {
		return
	}
	editLists(r.body, func(list []ast.Stmt) []ast.Stmt {
		var out []ast.Stmt
		for _, s := range list {
			if !chosen[s] {
				out = append(out, s)
				continue
			}
			labels, inner := unlabel(s)
			name, fail, _, _ := callSite(inner)
			*site++
			block, ok := p.copyOf(p.byName[name], fail, *site)
			out = append(out, relabel(labels, block), &ast.LabeledStmt{Label: ast.NewIdent(ok), Stmt: &ast.EmptyStmt{Implicit: true}})
		}
		return out
	})
}

// copyOf returns a copy of callee's body for a call site numbered n whose failure goes
// to fail, and the label its success goes to.
func (p *program) copyOf(callee *rule, fail string, n int) (*ast.BlockStmt, string) {
	body := clone(callee.body)
	suffix := "_" + strconv.Itoa(n)
	ok := "ok" + strconv.Itoa(n)
	// Rename apart the labels and the variables the body declares.
	names := map[string]bool{}
	ast.Inspect(body, func(x ast.Node) bool {
		switch s := x.(type) {
		case *ast.LabeledStmt:
			names[s.Label.Name] = true
		case *ast.AssignStmt:
			if s.Tok == token.DEFINE {
				for _, l := range s.Lhs {
					if id := l.(*ast.Ident); id.Name != "c" { // c := buffer[position] is the if's own
						names[id.Name] = true
					}
				}
			}
		}
		return true
	})
	ast.Inspect(body, func(x ast.Node) bool {
		switch s := x.(type) {
		case *ast.Ident:
			if names[s.Name] {
				s.Name += suffix
			}
		case *ast.SelectorExpr:
			ast.Inspect(s.X, func(y ast.Node) bool {
				if id, ok := y.(*ast.Ident); ok && names[id.Name] {
					id.Name += suffix
				}
				return true
			})
			return false // a field name is no variable
		}
		return true
	})
	editLists(body, func(list []ast.Stmt) []ast.Stmt {
		for i, s := range list {
			labels, inner := unlabel(s)
			if ret, isRet := inner.(*ast.ReturnStmt); isRet {
				target := fail
				if isIdent(ret.Results[0], "true") {
					target = ok
				}
				list[i] = relabel(labels, gotoStmt(target))
			}
		}
		return list
	})
	where := ""
	if src, found := p.grammar.rules[callee.name]; found {
		where = ", " + p.grammar.path + ":" + strconv.Itoa(src.line)
	}
	body.List = append([]ast.Stmt{marker("comment", "copy of "+callee.name+where)}, body.List...)
	return body, ok
}

// loopBlocks returns the blocks that are the body of a loop: peg writes e* and e+ as a
// labeled block that ends by going back to its label.
func loopBlocks(body *ast.BlockStmt) map[*ast.BlockStmt]bool {
	loops := map[*ast.BlockStmt]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		l, ok := n.(*ast.LabeledStmt)
		if !ok {
			return true
		}
		labels, inner := unlabel(l)
		b, ok := inner.(*ast.BlockStmt)
		if !ok {
			return true
		}
		ast.Inspect(b, func(m ast.Node) bool {
			if g, ok := m.(*ast.BranchStmt); ok && g.Tok == token.GOTO && slices.Contains(labels, g.Label.Name) {
				loops[b] = true
			}
			return !loops[b]
		})
		return true
	})
	return loops
}

// lines is the number of lines of body as printed.
func lines(body *ast.BlockStmt) int {
	var b bytes.Buffer
	printer.Fprint(&b, token.NewFileSet(), body)
	return strings.Count(b.String(), "\n") + 1
}
