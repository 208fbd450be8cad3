package main

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	goabnf "github.com/pandatix/go-abnf"
)

// byteSet is a set of bytes.
type byteSet [4]uint64

func (s *byteSet) add(lo, hi byte) {
	for c := int(lo); c <= int(hi); c++ {
		s[c/64] |= 1 << (c % 64)
	}
}

func (s byteSet) has(c byte) bool { return s[c/64]&(1<<(c%64)) != 0 }

// edge is a transition of the NFA on one byte of a set. frame is the rule stack of the
// terminal that reads it.
type edge struct {
	set   int32 // index into nfa.sets
	to    int32
	frame int32
}

// nfa is a nondeterministic automaton over bytes with ε-moves, built from a grammar by
// inlining its rules; every state records the rule stack (frame) it was built in.
type nfa struct {
	eps    [][]int32
	edges  [][]edge
	frame  []int32
	sets   []byteSet
	setIDs map[byteSet]int32
	final  int32
}

func (n *nfa) state(frame int32) int32 {
	n.eps = append(n.eps, nil)
	n.edges = append(n.edges, nil)
	n.frame = append(n.frame, frame)
	return int32(len(n.frame) - 1)
}

func (n *nfa) set(s byteSet) int32 {
	if id, ok := n.setIDs[s]; ok {
		return id
	}
	n.sets = append(n.sets, s)
	n.setIDs[s] = int32(len(n.sets) - 1)
	return int32(len(n.sets) - 1)
}

// frames interns rule stacks: a frame is a rule pushed on a parent frame.
type frames struct {
	list  [][2]int32 // parent, rule
	index map[[2]int32]int32
	rules []string
	ruleX map[string]int32
}

func (f *frames) rule(name string) int32 {
	if id, ok := f.ruleX[name]; ok {
		return id
	}
	f.rules = append(f.rules, name)
	f.ruleX[name] = int32(len(f.rules) - 1)
	return int32(len(f.rules) - 1)
}

func (f *frames) push(parent int32, rule string) int32 {
	k := [2]int32{parent, f.rule(rule)}
	if id, ok := f.index[k]; ok {
		return id
	}
	f.list = append(f.list, k)
	f.index[k] = int32(len(f.list) - 1)
	return int32(len(f.list) - 1)
}

// depth is the number of frames of rule in the stack ending at frame.
func (f *frames) depth(frame int32, rule int32) int {
	d := 0
	for ; frame >= 0; frame = f.list[frame][0] {
		if f.list[frame][1] == rule {
			d++
		}
	}
	return d
}

// builder builds the NFA of a rule in continuation-passing style: build(x, k) returns a
// state from which the strings of x followed by those from k are read. A rule called
// with the same continuation as an instance of it that is still being built is a call
// in tail position (right recursion): it jumps back to that instance's start, which reads
// the same language (R = X [ Y R ] is then *( X Y ) X, as Arden's lemma says). Any
// other recursion is unrolled to the depth lang.bounds allows and fails beyond it.
type builder struct {
	g      *goabnf.Grammar
	n      *nfa
	f      *frames
	bounds map[string]int
	active map[[2]int32]int32 // (rule, continuation) -> start state, while being built
	dead   int32              // a state from which nothing is accepted
	err    error
}

func (b *builder) fail(format string, args ...any) int32 {
	if b.err == nil {
		b.err = fmt.Errorf(format, args...)
	}
	return b.dead
}

func (b *builder) alt(a goabnf.Alternation, k, frame int32) int32 {
	if len(a.Concatenations) == 1 {
		return b.conc(a.Concatenations[0], k, frame)
	}
	s := b.n.state(frame)
	for _, c := range a.Concatenations {
		t := b.conc(c, k, frame)
		b.n.eps[s] = append(b.n.eps[s], t)
	}
	return s
}

func (b *builder) conc(c goabnf.Concatenation, k, frame int32) int32 {
	for i := len(c.Repetitions) - 1; i >= 0; i-- {
		k = b.rep(c.Repetitions[i], k, frame)
	}
	return k
}

func (b *builder) rep(r goabnf.Repetition, k, frame int32) int32 {
	lo, hi := r.Min, r.Max
	if hi == 0 { // 0<prose> and 0*0x: the empty string whatever the element
		return k
	}
	if hi < 0 { // unbounded: a loop state before k
		loop := b.n.state(frame)
		b.n.eps[loop] = append(b.n.eps[loop], k)
		body := b.elem(r.Element, loop, frame)
		b.n.eps[loop] = append(b.n.eps[loop], body)
		k = loop
	} else {
		for range hi - lo { // the optional copies, nested: [ x [ x ... ] ]
			s := b.n.state(frame)
			b.n.eps[s] = append(b.n.eps[s], k, b.elem(r.Element, k, frame))
			k = s
		}
	}
	for range lo {
		k = b.elem(r.Element, k, frame)
	}
	return k
}

func (b *builder) elem(e goabnf.ElemItf, k, frame int32) int32 {
	switch e := e.(type) {
	case goabnf.ElemGroup:
		return b.alt(e.Alternation, k, frame)
	case goabnf.ElemOption:
		s := b.n.state(frame)
		b.n.eps[s] = append(b.n.eps[s], k, b.alt(e.Alternation, k, frame))
		return s
	case goabnf.ElemRulename:
		return b.call(e.Name, k, frame)
	case goabnf.ElemCharVal:
		for i := len(e.Values) - 1; i >= 0; i-- {
			r := e.Values[i]
			if r >= utf8.RuneSelf {
				k = b.runeRange(r, r, k, frame)
				continue
			}
			var s byteSet
			s.add(byte(r), byte(r))
			if !e.Sensitive && 'a' <= r|0x20 && r|0x20 <= 'z' {
				s.add(byte(r|0x20), byte(r|0x20))
				s.add(byte(r&^0x20), byte(r&^0x20))
			}
			k = b.terminal(s, k, frame)
		}
		return k
	case goabnf.ElemNumVal:
		base := map[string]int{"b": 2, "d": 10, "x": 16}[e.Base]
		vals := make([]rune, len(e.Elems))
		for i, v := range e.Elems {
			n, err := strconv.ParseUint(v, base, 32)
			if err != nil {
				return b.fail("num-val %v: %v", e, err)
			}
			vals[i] = rune(n)
		}
		if e.Status == goabnf.StatRange {
			return b.runeRange(vals[0], vals[1], k, frame)
		}
		for i := len(vals) - 1; i >= 0; i-- {
			k = b.runeRange(vals[i], vals[i], k, frame)
		}
		return k
	default:
		return b.fail("element %v (%T) cannot be read", e, e)
	}
}

// call inlines the rule name.
func (b *builder) call(name string, k, frame int32) int32 {
	r := goabnf.GetRule(name, b.g.Rulemap)
	if r == nil {
		return b.fail("no rule %s", name)
	}
	id := b.f.rule(r.Name)
	if s, ok := b.active[[2]int32{id, k}]; ok {
		return s // tail position: right recursion
	}
	if d := b.f.depth(frame, id); d > 0 {
		max, ok := b.bounds[r.Name]
		if !ok {
			return b.fail("rule %s recurs other than at its end; give it a bound", r.Name)
		}
		if d >= max {
			return b.dead
		}
	}
	inner := b.f.push(frame, r.Name)
	s := b.n.state(inner)
	b.active[[2]int32{id, k}] = s
	body := b.alt(r.Alternation, k, inner)
	delete(b.active, [2]int32{id, k})
	b.n.eps[s] = append(b.n.eps[s], body)
	return s
}

func (b *builder) terminal(s byteSet, k, frame int32) int32 {
	from := b.n.state(frame)
	b.n.edges[from] = append(b.n.edges[from], edge{set: b.n.set(s), to: k, frame: frame})
	return from
}

// runeRange reads one code point from lo to hi as UTF-8: the ranges of byte sequences
// that encode it (Go's regexp/syntax splits ranges the same way).
func (b *builder) runeRange(lo, hi rune, k, frame int32) int32 {
	var alts []int32
	for _, seq := range utf8Ranges(lo, hi) {
		t := k
		for i := len(seq) - 1; i >= 0; i-- {
			var s byteSet
			s.add(seq[i][0], seq[i][1])
			t = b.terminal(s, t, frame)
		}
		alts = append(alts, t)
	}
	if len(alts) == 1 {
		return alts[0]
	}
	s := b.n.state(frame)
	b.n.eps[s] = alts
	return s
}

// utf8Ranges splits the code points lo..hi (surrogates excluded) into sequences of byte
// ranges, each sequence one UTF-8 length and every byte a range.
func utf8Ranges(lo, hi rune) [][][2]byte {
	var out [][][2]byte
	if lo <= 0xD7FF && hi >= 0xE000 {
		return append(utf8Ranges(lo, 0xD7FF), utf8Ranges(0xE000, hi)...)
	}
	if lo >= 0xD800 && hi <= 0xDFFF {
		return nil
	}
	lo, hi = max(lo, 0), min(hi, utf8.MaxRune)
	bounds := []rune{0x7F, 0x7FF, 0xFFFF}
	for _, m := range bounds {
		if lo <= m && hi > m {
			return append(utf8Ranges(lo, m), utf8Ranges(m+1, hi)...)
		}
	}
	if hi < utf8.RuneSelf {
		return [][][2]byte{{{byte(lo), byte(hi)}}}
	}
	// Split until every byte position but the first is either a full continuation range
	// or fixed: for i continuation bytes, the low 6*i bits.
	n := utf8.RuneLen(lo)
	for i := 1; i < n; i++ {
		m := rune(1)<<(6*i) - 1
		if lo&^m != hi&^m {
			if lo&m != 0 {
				return append(utf8Ranges(lo, lo|m), utf8Ranges((lo|m)+1, hi)...)
			}
			if hi&m != m {
				return append(utf8Ranges(lo, (hi&^m)-1), utf8Ranges(hi&^m, hi)...)
			}
		}
	}
	a, z := make([]byte, n), make([]byte, n)
	utf8.EncodeRune(a, lo)
	utf8.EncodeRune(z, hi)
	seq := make([][2]byte, n)
	for i := range n {
		seq[i] = [2]byte{a[i], z[i]}
	}
	return append(out, seq)
}

// build returns the NFA of lang's top rule (and of RFC 3986's fragment after it, where
// lang.fragment says so), with the frames of its rules.
func build(g *goabnf.Grammar, lang language, frag *goabnf.Grammar) (*nfa, *frames, error) {
	n := &nfa{setIDs: map[byteSet]int32{}}
	f := &frames{index: map[[2]int32]int32{}, ruleX: map[string]int32{}}
	top := goabnf.GetRule(lang.top, g.Rulemap)
	if top == nil {
		return nil, nil, fmt.Errorf("%s: no rule %s", lang.file, lang.top)
	}
	b := &builder{g: g, n: n, f: f, bounds: lang.bounds, active: map[[2]int32]int32{}}
	b.dead = n.state(-1)
	n.final = n.state(-1)
	k := n.final
	if lang.fragment {
		// [ "#" fragment ], RFC 3986's fragment read in frames of its own.
		fb := &builder{g: frag, n: n, f: f, active: map[[2]int32]int32{}, dead: b.dead}
		var hash byteSet
		hash.add('#', '#')
		opt := n.state(-1)
		body := fb.call("fragment", k, -1)
		if fb.err != nil {
			return nil, nil, fb.err
		}
		n.eps[opt] = append(n.eps[opt], k, fb.terminal(hash, body, -1))
		k = opt
	}
	start := b.call(top.Name, k, -1)
	if b.err != nil {
		return nil, nil, fmt.Errorf("%s: %w", lang.file, b.err)
	}
	// The start state is kept first after Dead and final (see determinize).
	n.eps[0] = nil
	n.eps = append(n.eps, []int32{start})
	n.edges = append(n.edges, nil)
	n.frame = append(n.frame, -1)
	return n, f, nil
}

// startState is the NFA's entry: the last state build adds.
func (n *nfa) startState() int32 { return int32(len(n.frame) - 1) }

// isCharRule reports whether every string of the rule is one character (one byte, one
// UTF-8 code point) or a percent-encoded octet: ALPHA, unreserved, pchar, pct-encoded.
func isCharRule(g *goabnf.Grammar, name string, seen map[string]bool) bool {
	r := goabnf.GetRule(name, g.Rulemap)
	if r == nil || seen[strings.ToLower(r.Name)] {
		return false
	}
	seen[strings.ToLower(r.Name)] = true
	defer delete(seen, strings.ToLower(r.Name))
	return charAlt(g, r.Alternation, seen)
}

func charAlt(g *goabnf.Grammar, a goabnf.Alternation, seen map[string]bool) bool {
	for _, c := range a.Concatenations {
		if !charConc(g, c, seen) {
			return false
		}
	}
	return len(a.Concatenations) > 0
}

func charConc(g *goabnf.Grammar, c goabnf.Concatenation, seen map[string]bool) bool {
	reps := c.Repetitions
	// "%" HEXDIG HEXDIG, however the two digits are written.
	if len(reps) == 3 || len(reps) == 2 {
		if cv, ok := reps[0].Element.(goabnf.ElemCharVal); ok && len(cv.Values) == 1 && cv.Values[0] == '%' {
			return true
		}
	}
	if len(reps) != 1 || reps[0].Min != 1 || reps[0].Max != 1 {
		return false
	}
	switch e := reps[0].Element.(type) {
	case goabnf.ElemCharVal:
		return len(e.Values) == 1
	case goabnf.ElemNumVal:
		return e.Status == goabnf.StatRange || len(e.Elems) == 1
	case goabnf.ElemRulename:
		return isCharRule(g, e.Name, seen)
	case goabnf.ElemGroup:
		return charAlt(g, e.Alternation, seen)
	}
	return false
}
