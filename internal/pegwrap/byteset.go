package main

import (
	"fmt"
	"go/ast"
	"go/token"
	"strconv"
)

// byteSet is what a byte-set rule does with the byte at its position: it consumes exactly
// one byte, those in accept, and fails on every other value. noted holds the accepted
// bytes on which peg's code fails a test before a later one accepts them (alpha <-
// lowalpha / upalpha, on 'A'): that failing test records the position as a failure,
// which a parse that fails later can still report, so the table test must do it too.
// Every byte outside accept fails a test, and only bytes below 128 are ever accepted.
type byteSet struct {
	accept, noted [128]bool
}

// plain reports whether every byte of chars is accepted with no failing test before.
func (s *byteSet) plain(chars []int) bool {
	for _, c := range chars {
		if c < 0 || c >= 128 || !s.accept[c] || s.noted[c] {
			return false
		}
	}
	return len(chars) > 0
}

// byteSetRules compiles byte-set rules into table tests.
//
// Per-character rules (rfc1738's xchar <- escape / reserved / unreserved, unreserved <-
// alpha / digit / safe / extra, alpha <- lowalpha / hialpha) cost one call per level for
// every character, and peg's bodies for them are too big, or not of a shape, for the
// table and copying passes. A rule that only ever consumes exactly one byte of a fixed
// set S, or fails without consuming, is the same as one lookup in a table of S: so, with
// K the table of the accepted bytes on which no test fails first and N the table of the
// others (noted, usually empty),
//
//	if c := buffer[position]; classK[c] != 0 {
//		position++
//		return true
//	}
//	p.fail(position, -1)
//	if c := buffer[position]; classN[c] != 0 {
//		position++
//		return true
//	}
//	return false
//
// The table shape is classes.go's, so noteTests records each table as a sure point (it
// consumes its bytes) and probeClasses reads it; the rule can fail, so copyRules may
// copy it. This pass runs before classTables, which takes switch cases that call these
// rules into its tables.
//
// S is read from the code peg generated, not from the grammar: an abstract run of the
// rule's body for each value of the byte (0-255) says what it does, through exactly the
// statements peg wrote, so that nothing depends on reading peg's grammar syntax the way
// peg does. The run knows only peg's statements for character tests, switches, calls of
// rules already found to be byte-set rules, saved and restored positions, the record of
// a failure, gotos and returns; any other statement (a token, a component, ., a
// predicate), a test of a second byte, a call of any other rule (recursion included), a
// success that does not consume exactly one byte, a failure that does not restore the
// position or records no failing test, or an accepted byte above 127 (rfc3987's UTF-8
// bytes: the tables, as Collect and probeClasses read them, are ASCII) leaves the rule as
// peg wrote it. refused gives the reason for each rule left so. A lookahead is made of
// the same tests, saves and restores, so a rule with one is converted when the run shows
// that it does what a table does on every byte (&[9-=] [:=] does; !'x' [w-y] fails on
// 'x' with no failing test, so it does not).
//
// Nothing that Run, Farthest or Collect report can change: on every byte the table test
// accepts what the rule accepted, consumes one byte as it did, and records a failure
// exactly when a test of the rule failed (always at the rule's position, with the
// caller's component, since a byte-set rule tracks none); a byte outside the set fails
// as the probe does, so Collect may leave it unseen.
func byteSetRules(p *program) error {
	_, err := p.findByteSets()
	return err
}

// findByteSets is byteSetRules, returning why each rule that is not converted was not.
func (p *program) findByteSets() (refused map[string]string, err error) {
	p.sets, refused = map[string]*byteSet{}, map[string]string{}
	callees := func(r *rule) []string {
		var names []string
		ast.Inspect(r.body, func(n ast.Node) bool {
			if name, ok := ruleCall(asExpr(n)); ok {
				names = append(names, name)
			}
			return true
		})
		return names
	}
	// Callees first: a call is understood only once its rule has a byte set. What is
	// left when nothing progresses is in a cycle of calls, or waits on one.
	for done := 0; done < len(p.rules); {
		progress := false
		for _, r := range p.rules {
			if p.sets[r.name] != nil || refused[r.name] != "" {
				continue
			}
			ready := true
			for _, c := range callees(r) {
				if p.byName[c] != nil && p.sets[c] == nil && refused[c] == "" {
					ready = false
				}
			}
			if !ready {
				continue
			}
			progress = true
			done++
			if s, why := ruleByteSet(r.body, p.sets); s != nil {
				p.sets[r.name] = s
			} else {
				refused[r.name] = why
			}
		}
		if !progress {
			for _, r := range p.rules {
				if p.sets[r.name] == nil && refused[r.name] == "" {
					refused[r.name] = "recursive, or calls a recursive rule"
					done++
				}
			}
		}
	}
	for _, r := range p.rules {
		if s := p.sets[r.name]; s != nil {
			r.body = &ast.BlockStmt{List: byteSetBody(s, p.tables)}
		}
	}
	return refused, nil
}

// byteSetBody writes the table test of a byte-set rule (see byteSetRules).
func byteSetBody(s *byteSet, tables *tableSet) []ast.Stmt {
	var plain, noted [128]bool
	anyPlain, anyNoted := false, false
	for c := range s.accept {
		plain[c] = s.accept[c] && !s.noted[c]
		noted[c] = s.accept[c] && s.noted[c]
		anyPlain = anyPlain || plain[c]
		anyNoted = anyNoted || noted[c]
	}
	accept := func(set *[128]bool) ast.Stmt {
		return tableIf(tables.name(set, "byteset.go"), parseStmts("position++\nreturn true"), nil)
	}
	var body []ast.Stmt
	if anyPlain {
		body = append(body, accept(&plain))
	}
	body = append(body, parseStmts("p.fail(position, -1)")...)
	if anyNoted {
		body = append(body, accept(&noted))
	}
	return append(body, parseStmts("return false")...)
}

// The abstract run: peg's body flattened into a list of steps with labels.
type stepKind int

const (
	stepTest    stepKind = iota // a test of the current byte: go to target when it is false
	stepCall                    // !p.rX(): go to target when the call succeeds
	stepFail                    // the record of a failing test
	stepSave                    // positionN := position
	stepRestore                 // position = positionN
	stepInc                     // position++
	stepGoto
	stepSwitch // switch buffer[position]: go to the case holding the byte, or target
	stepReturn
)

type step struct {
	kind   stepKind
	test   func(v int) bool // stepTest
	rule   string           // stepCall
	name   string           // stepSave, stepRestore: the saved variable
	target string           // stepTest, stepCall, stepGoto, stepSwitch
	ret    bool             // stepReturn
	cases  map[int]string   // stepSwitch: byte -> label of its case
}

// ruleByteSet runs body abstractly for every value of the current byte and returns its
// byte set, or nil and why it is not a byte-set rule.
func ruleByteSet(body *ast.BlockStmt, sets map[string]*byteSet) (*byteSet, string) {
	c := &flattener{labels: map[string]int{}}
	c.block(body.List)
	if c.err != "" {
		return nil, c.err
	}
	for _, s := range c.steps {
		if _, ok := c.labels[s.target]; s.target != "" && !ok {
			return nil, "jumps to an unknown label " + s.target
		}
		for _, l := range s.cases {
			if _, ok := c.labels[l]; !ok {
				return nil, "switches to an unknown label " + l
			}
		}
	}
	var set byteSet
	accepted := 0
	for v := 0; v < 256; v++ {
		ok, far, why := c.run(v, sets)
		if why != "" {
			return nil, why
		}
		switch {
		case ok && v >= 128:
			return nil, fmt.Sprintf("accepts %#x, not an ASCII byte", v)
		case ok:
			set.accept[v], set.noted[v] = true, far
			accepted++
		case !far:
			return nil, fmt.Sprintf("fails on %#x without a failing test", v)
		}
	}
	if accepted == 0 {
		return nil, "accepts no byte"
	}
	return &set, ""
}

type flattener struct {
	steps  []step
	labels map[string]int // label -> index of the step it precedes
	n      int            // synthetic labels
	err    string
}

func (c *flattener) refuse(n ast.Node, what string) {
	if c.err == "" {
		c.err = fmt.Sprintf("%s: %s", what, nodeString(n))
	}
}

// label places a label before the next step. Synthetic labels hold a space, which no Go
// label does.
func (c *flattener) label(name string) { c.labels[name] = len(c.steps) }

func (c *flattener) fresh() string {
	c.n++
	return " " + strconv.Itoa(c.n)
}

func (c *flattener) block(list []ast.Stmt) {
	for _, s := range list {
		c.stmt(s)
	}
}

func (c *flattener) stmt(s ast.Stmt) {
	if c.err != "" {
		return
	}
	if _, _, ok := markerOf(s); ok {
		return
	}
	switch s := s.(type) {
	case *ast.BlockStmt:
		c.block(s.List)
	case *ast.LabeledStmt:
		if _, dup := c.labels[s.Label.Name]; dup {
			c.refuse(s, "label defined twice")
			return
		}
		c.label(s.Label.Name)
		c.stmt(s.Stmt)
	case *ast.EmptyStmt:
	case *ast.AssignStmt:
		if n, ok := saveStmt(s); ok {
			c.steps = append(c.steps, step{kind: stepSave, name: n})
		} else if n, ok := restoreStmt(s); ok {
			c.steps = append(c.steps, step{kind: stepRestore, name: n})
		} else {
			c.refuse(s, "unknown assignment")
		}
	case *ast.IncDecStmt:
		if !isIncrement(s) {
			c.refuse(s, "unknown increment")
			return
		}
		c.steps = append(c.steps, step{kind: stepInc})
	case *ast.ExprStmt:
		if !isFail(s) {
			c.refuse(s, "unknown statement")
			return
		}
		c.steps = append(c.steps, step{kind: stepFail})
	case *ast.ReturnStmt:
		if len(s.Results) != 1 || !isIdent(s.Results[0], "true") && !isIdent(s.Results[0], "false") {
			c.refuse(s, "unknown return")
			return
		}
		c.steps = append(c.steps, step{kind: stepReturn, ret: isIdent(s.Results[0], "true")})
	case *ast.BranchStmt:
		if s.Tok != token.GOTO || s.Label == nil {
			c.refuse(s, "unknown branch")
			return
		}
		c.steps = append(c.steps, step{kind: stepGoto, target: s.Label.Name})
	case *ast.IfStmt:
		cond := step{target: c.fresh()}
		if name, _, look, ok := callSite(s); ok && !look {
			// The body runs when the call fails; the rest when it succeeds.
			cond.kind, cond.rule = stepCall, name
		} else if test := byteTest(s); test != nil {
			cond.kind, cond.test = stepTest, test
		} else {
			c.refuse(s, "unknown test")
			return
		}
		c.steps = append(c.steps, cond)
		c.block(s.Body.List)
		if s.Else == nil {
			c.label(cond.target)
			return
		}
		end := c.fresh()
		c.steps = append(c.steps, step{kind: stepGoto, target: end})
		c.label(cond.target)
		c.stmt(s.Else)
		c.label(end)
	case *ast.SwitchStmt:
		if s.Init != nil || s.Tag == nil || !isBufferPosition(s.Tag) {
			c.refuse(s, "unknown switch")
			return
		}
		sw := step{kind: stepSwitch, cases: map[int]string{}}
		end := c.fresh()
		sw.target = end
		type clause struct {
			label string
			body  []ast.Stmt
		}
		var clauses []clause
		for _, cs := range s.Body.List {
			cc := cs.(*ast.CaseClause)
			l := c.fresh()
			clauses = append(clauses, clause{l, cc.Body})
			if cc.List == nil {
				sw.target = l
				continue
			}
			for _, e := range cc.List {
				v, ok := charLit(e)
				if !ok {
					c.refuse(cc, "unknown case")
					return
				}
				if _, dup := sw.cases[v]; dup {
					c.refuse(cc, "duplicate case")
					return
				}
				sw.cases[v] = l
			}
		}
		c.steps = append(c.steps, sw)
		for _, cl := range clauses {
			c.label(cl.label)
			c.block(cl.body)
			c.steps = append(c.steps, step{kind: stepGoto, target: end})
		}
		c.label(end)
	default:
		c.refuse(s, "unknown statement")
	}
}

// byteTest reads peg's failing character tests, true when the byte is not accepted.
func byteTest(s *ast.IfStmt) func(v int) bool {
	if x, ok := charTest(s); ok {
		return func(v int) bool { return v != x }
	}
	if a, z, ok := rangeTest(s); ok {
		return func(v int) bool { return v < a || v > z }
	}
	return nil
}

// run executes the steps with byte v at the rule's position and reports whether the rule
// succeeds and whether a failing test recorded the position on the way; why is not
// empty if the run did anything a byte-set rule does not.
func (c *flattener) run(v int, sets map[string]*byteSet) (ok, far bool, why string) {
	pos := 0
	saved := map[string]int{}
	read := func() bool {
		if pos != 0 {
			why = "tests a second byte"
		}
		return pos == 0
	}
	for pc, n := 0, 0; ; n++ {
		if n > 10000 {
			return false, false, "does not return"
		}
		if pc >= len(c.steps) {
			return false, false, "ends without a return"
		}
		s := c.steps[pc]
		pc++
		switch s.kind {
		case stepTest:
			if !read() {
				return
			}
			if !s.test(v) {
				pc = c.labels[s.target]
			}
		case stepCall:
			if !read() {
				return
			}
			set := sets[s.rule]
			if set == nil {
				return false, false, "calls " + s.rule + ", not a byte-set rule"
			}
			in := v < 128 && set.accept[v]
			if !in || set.noted[v] {
				far = true
			}
			if in {
				pos++
				pc = c.labels[s.target]
			}
		case stepFail:
			if pos != 0 {
				return false, false, "records a failing test after a byte"
			}
			far = true
		case stepSave:
			saved[s.name] = pos
		case stepRestore:
			p, ok := saved[s.name]
			if !ok {
				return false, false, "restores " + s.name + " before saving it"
			}
			pos = p
		case stepInc:
			pos++
		case stepGoto:
			pc = c.labels[s.target]
		case stepSwitch:
			if !read() {
				return
			}
			if l, ok := s.cases[v]; ok {
				pc = c.labels[l]
			} else {
				pc = c.labels[s.target]
			}
		case stepReturn:
			switch {
			case s.ret && pos != 1:
				return false, false, fmt.Sprintf("succeeds on %#x after %d bytes", v, pos)
			case !s.ret && pos != 0:
				return false, false, fmt.Sprintf("fails on %#x without restoring its position", v)
			}
			return s.ret, far, ""
		}
	}
}
