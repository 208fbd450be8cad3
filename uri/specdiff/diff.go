package specdiff

import (
	"fmt"
	"math/big"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/urispec/urispec/internal/automaton"
)

// Verdict is how two languages compare.
type Verdict string

const (
	Equal        Verdict = "equal"        // the same strings
	Subset       Verdict = "subset"       // A ⊂ B: every string of A is in B, not the reverse
	Superset     Verdict = "superset"     // B ⊂ A
	Incomparable Verdict = "incomparable" // each holds a string the other does not
)

// Report is the exact difference of two languages.
type Report struct {
	A       *Language `json:"a"`
	B       *Language `json:"b"`
	Verdict Verdict   `json:"verdict"`
	// OnlyA is A ∖ B, the strings A accepts and B rejects; OnlyB is B ∖ A.
	OnlyA Side `json:"only_a"`
	OnlyB Side `json:"only_b"`
	// Split lists, for the strings both accept, the classes where a byte belongs to
	// different components under A and B.
	Split []SplitClass `json:"split"`
	// SplitSkipped says why Split was not computed ("" when it was): a language that
	// names no components (Language.Components is empty).
	SplitSkipped string `json:"split_skipped,omitempty"`
	// SplitIncomplete is true when the search of Split stopped at its bound before
	// exploring every pair of states: the classes listed are exact, others may exist.
	SplitIncomplete bool `json:"split_incomplete,omitempty"`

	coA, coB []bool
	// parted holds Classify's answers by where the automata part (partKey): the index
	// of the class in its side's Classes.
	parted sync.Map
}

// partKey is where Classify finds that two automata part: the side (0 for OnlyA), the
// states of X and Y, and the byte class of X that Y cannot step on (-1 at the end of
// the input). The class of a string depends on nothing else.
type partKey [4]int32

// Side is one difference X ∖ Y of two languages.
type Side struct {
	// X is the language that accepts the strings, Y the one that rejects them.
	X string `json:"accepted_by"`
	Y string `json:"rejected_by"`
	// Empty, or Finite with Size strings, or infinite.
	Empty  bool     `json:"empty"`
	Finite bool     `json:"finite"`
	Size   *big.Int `json:"size"`
	// Counts[n] is the number of strings of n bytes, for n up to the length asked for.
	Counts []*big.Int `json:"counts"`
	// Classes are the classes of the difference, by their shortest witness in shortlex
	// order.
	Classes []Class `json:"classes"`
}

// Class is a class of strings of X ∖ Y, keyed by the deciding rules: X's rule that goes
// on reading, Y's rule that stops, and the byte class at which it stops (or the end of
// the input, where Y has read everything and does not accept). Every string of X ∖ Y is
// in exactly one class; the class of a string is where Y's automaton stops on it.
type Class struct {
	// GoesOn is the rule of X that reads the byte at Offset (at the end of the input:
	// the rule that read the last byte, and X accepts); Stops is Y's rule that read the
	// byte before Offset and cannot go on.
	GoesOn RuleRef `json:"goes_on"`
	Stops  RuleRef `json:"stops"`
	// At is the byte class at Offset ("end of input" at the end), in the notation of
	// ByteClass; Bytes is the class as a string of its bytes ("" at the end).
	At    string `json:"at"`
	Bytes []byte `json:"-"`
	End   bool   `json:"end_of_input"`
	// Witness is the class's shortest string, the first in shortlex order (bytes as
	// unsigned numbers); Offset is where Y stops in it.
	Witness string `json:"witness"`
	Offset  int    `json:"offset"`
}

// RuleRef names a grammar rule: its name, the section of its document that defines it
// ("" where the grammar file does not say), and the rules around it, outermost first.
type RuleRef struct {
	Rule    string   `json:"rule"`
	Section string   `json:"section,omitempty"`
	Stack   []string `json:"stack"`
}

// Key is what identifies a class: the two rules and the byte class.
func (c Class) Key() string { return c.GoesOn.Rule + "\x00" + c.Stops.Rule + "\x00" + c.At }

// ruleRef names the set of frames set of d: for each frame, the innermost rule of its
// stack that is not a character rule (ALPHA, pchar: such a rule says nothing of where the
// string is); several names where the grammar can read the byte in several places.
func ruleRef(d *automaton.DFA, set int32) RuleRef {
	if refs, ok := refCache.Load(d); ok {
		return refs.([]RuleRef)[set]
	}
	refs := make([]RuleRef, len(d.Sets))
	for i := range refs {
		refs[i] = makeRuleRef(d, int32(i))
	}
	refCache.Store(d, refs)
	return refs[set]
}

// refCache holds the names of every frame set of each automaton, computed once.
var refCache sync.Map // *automaton.DFA -> []RuleRef

func makeRuleRef(d *automaton.DFA, set int32) RuleRef {
	var ref RuleRef
	var names, secs []string
	for _, f := range d.Sets[set] {
		var stack []int32
		for ; f >= 0; f = d.Frames[f].Parent {
			stack = append(stack, d.Frames[f].Rule)
		}
		i := 0 // stack is innermost first; skip the character rules
		for i < len(stack) && d.Rules[stack[i]].Char {
			i++
		}
		name, sec := d.Top, ""
		if i < len(stack) {
			name, sec = d.Rules[stack[i]].Name, d.Rules[stack[i]].Section
		} else {
			for _, r := range d.Rules {
				if r.Name == d.Top {
					sec = r.Section
				}
			}
		}
		names = append(names, name)
		if c := cite(d, sec); c != "" && !slices.Contains(secs, c) {
			secs = append(secs, c)
		}
		if ref.Stack == nil {
			for j := len(stack) - 1; j >= i; j-- {
				ref.Stack = append(ref.Stack, d.Rules[stack[j]].Name)
			}
			if len(ref.Stack) == 0 {
				ref.Stack = []string{d.Top}
			}
		}
	}
	slices.Sort(names)
	ref.Rule = strings.Join(slices.Compact(names), " or ")
	ref.Section = joinCitations(secs)
	return ref
}

// cite writes a rule's section as a reference to its document: a bare number is a
// section of the language's document ("RFC 3986 section 3.2.2"), a letter an appendix,
// and a section of another document names it ("RFC 3986 3.2" in a scheme grammar).
func cite(d *automaton.DFA, sec string) string {
	if sec == "" {
		return ""
	}
	doc, _, _ := strings.Cut(d.Document, ", ")
	isDigit := func(c byte) bool { return '0' <= c && c <= '9' }
	switch f := strings.Fields(sec); {
	case f[0] == "RFC" && len(f) == 3 && isDigit(f[2][0]):
		return f[0] + " " + f[1] + " section " + f[2]
	case f[0] == "RFC":
		return sec
	case isDigit(sec[0]):
		return doc + " section " + sec
	case len(f[0]) == 1 && 'A' <= sec[0] && sec[0] <= 'Z':
		return doc + " Appendix " + sec
	default:
		return doc + ", " + sec
	}
}

// joinCitations joins citations, writing the sections of one document once:
// "RFC 2396 sections 3.3, 3.2.1".
func joinCitations(cs []string) string {
	var out []string
	secs := map[string][]string{}
	for _, c := range cs {
		doc, sec, ok := strings.Cut(c, " section ")
		if !ok {
			out = append(out, c)
			continue
		}
		if secs[doc] == nil {
			out = append(out, doc+" section ")
		}
		secs[doc] = append(secs[doc], sec)
	}
	for i, o := range out {
		if doc, ok := strings.CutSuffix(o, " section "); ok {
			if len(secs[doc]) > 1 {
				out[i] = doc + " sections " + strings.Join(secs[doc], ", ")
			} else {
				out[i] = o + secs[doc][0]
			}
		}
	}
	return strings.Join(out, "; ")
}

// product is the synchronous product of two automata over their joint byte classes.
type product struct {
	a, b  *automaton.DFA
	class [256]uint16 // byte -> joint class, numbered by smallest byte
	rep   []byte      // smallest byte of each joint class
	bytes [][]byte
	ca    []int32 // joint class -> class of a, of b
	cb    []int32
	// The reachable states (pairs of states), in breadth-first order from the start
	// with classes tried in order, so that path[i] is the shortlex-least string that
	// reaches state i.
	sa, sb []int32
	next   []int32 // state*nj+class
	path   []string
	// co[X] is whether each state of a (b) reaches a final state of a (b).
	coA, coB []bool
	// comp[X][q] is the shortlex-least string that a (b) accepts from q.
	compA, compB []*string
}

func newProduct(a, b *automaton.DFA) *product {
	p := &product{a: a, b: b}
	ids := map[[2]uint8]uint16{}
	for c := range 256 {
		k := [2]uint8{a.Class[c], b.Class[c]}
		id, ok := ids[k]
		if !ok {
			id = uint16(len(p.rep))
			ids[k] = id
			p.rep = append(p.rep, byte(c))
			p.bytes = append(p.bytes, nil)
			p.ca = append(p.ca, int32(k[0]))
			p.cb = append(p.cb, int32(k[1]))
		}
		p.class[c] = id
		p.bytes[id] = append(p.bytes[id], byte(c))
	}
	nj := len(p.rep)
	index := map[[2]int32]int32{}
	push := func(x, y int32, path string) int32 {
		k := [2]int32{x, y}
		if id, ok := index[k]; ok {
			return id
		}
		id := int32(len(p.sa))
		index[k] = id
		p.sa, p.sb, p.path = append(p.sa, x), append(p.sb, y), append(p.path, path)
		return id
	}
	push(a.Start, b.Start, "")
	for i := 0; i < len(p.sa); i++ {
		x, y := p.sa[i], p.sb[i]
		for j := range nj {
			nx := a.Next[int(x)*a.NClass+int(p.ca[j])]
			ny := b.Next[int(y)*b.NClass+int(p.cb[j])]
			t := int32(-1)
			if nx != automaton.Dead || ny != automaton.Dead {
				t = push(nx, ny, p.path[i]+string([]byte{p.rep[j]}))
			}
			p.next = append(p.next, t)
		}
	}
	p.coA, p.compA = completions(a)
	p.coB, p.compB = completions(b)
	return p
}

// completions returns, for every state of d, whether it reaches a final state, and the
// shortlex-least string that takes it there.
func completions(d *automaton.DFA) ([]bool, []*string) {
	n := d.States()
	dist := make([]int, n)
	for i := range dist {
		dist[i] = -1
	}
	rev := make([][]int32, n)
	for s := range n {
		for c := range d.NClass {
			t := d.Next[s*d.NClass+c]
			rev[t] = append(rev[t], int32(s))
		}
	}
	var queue []int32
	for s := range n {
		if d.Final[s] {
			dist[s] = 0
			queue = append(queue, int32(s))
		}
	}
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		for _, s := range rev[t] {
			if dist[s] < 0 {
				dist[s] = dist[t] + 1
				queue = append(queue, s)
			}
		}
	}
	// Smallest byte of each class: classes are numbered by their smallest byte.
	rep := make([]byte, d.NClass)
	seen := make([]bool, d.NClass)
	for c := range 256 {
		if k := d.Class[c]; !seen[k] {
			seen[k], rep[k] = true, byte(c)
		}
	}
	co := make([]bool, n)
	comp := make([]*string, n)
	for s := range n {
		if dist[s] < 0 {
			continue
		}
		co[s] = true
		var b strings.Builder
		q := int32(s)
		for dist[q] > 0 {
			best := -1
			for c := range d.NClass {
				t := d.Next[int(q)*d.NClass+c]
				if dist[t] == dist[q]-1 && (best < 0 || rep[c] < rep[best]) {
					best = c
				}
			}
			b.WriteByte(rep[best])
			q = d.Next[int(q)*d.NClass+best]
		}
		str := b.String()
		comp[s] = &str
	}
	return co, comp
}

// shortlexLess orders strings by length, then bytes.
func shortlexLess(x, y string) bool {
	if len(x) != len(y) {
		return len(x) < len(y)
	}
	return x < y
}

// Diff computes the exact difference of a and b: each side empty, finite or infinite,
// the number of its strings of each length up to maxLen, and its classes with their
// shortest witnesses; the verdict; and the classes of strings both accept on whose
// components they differ.
func Diff(a, b *Language, maxLen int) *Report {
	r := diff(a, b, maxLen)
	r.Split, r.SplitSkipped, r.SplitIncomplete = splitClasses(a, b)
	return r
}

// Compare is Diff without the counts by length and the classes of strings both accept:
// what Classify needs, at a fraction of the cost. The report of two of the languages that
// Languages lists is computed once and shared by every call with that pair (a command
// that explains one input after another builds each product automaton once): read it,
// do not change it. Classify may be called on it from several goroutines.
func Compare(a, b *Language) *Report {
	if !listed(a) || !listed(b) {
		return diff(a, b, 0) // a language restricted to a scheme: as many as schemes
	}
	v, _ := compared.LoadOrStore([2]*Language{a, b}, &comparison{})
	c := v.(*comparison)
	c.once.Do(func() { c.r = diff(a, b, 0) })
	return c.r
}

// compared holds Compare's reports by pair of listed languages, each computed once on
// first use; the pairs are at most the square of the languages.
var compared sync.Map // [2]*Language -> *comparison

type comparison struct {
	once sync.Once
	r    *Report
}

// listed reports whether l is one of the languages that Languages lists (not a copy
// restricted to a scheme).
func listed(l *Language) bool { return load() == nil && byName[l.Name] == l }

func diff(a, b *Language, maxLen int) *Report {
	p := newProduct(a.d, b.d)
	r := &Report{A: a, B: b, coA: p.coA, coB: p.coB}
	r.OnlyA = p.side(false, maxLen)
	r.OnlyB = p.side(true, maxLen)
	r.OnlyA.X, r.OnlyA.Y = a.Name, b.Name
	r.OnlyB.X, r.OnlyB.Y = b.Name, a.Name
	switch {
	case r.OnlyA.Empty && r.OnlyB.Empty:
		r.Verdict = Equal
	case r.OnlyA.Empty:
		r.Verdict = Subset
	case r.OnlyB.Empty:
		r.Verdict = Superset
	default:
		r.Verdict = Incomparable
	}
	return r
}

// side computes X ∖ Y, X being a (or b when swap).
func (p *product) side(swap bool, maxLen int) Side {
	x, y := p.a, p.b
	sx, sy := p.sa, p.sb
	coX, compX := p.coA, p.compA
	if swap {
		x, y, sx, sy, coX, compX = p.b, p.a, p.sb, p.sa, p.coB, p.compB
	}
	n, nj := len(sx), len(p.rep)
	accept := func(i int) bool { return x.Final[sx[i]] && !y.Final[sy[i]] }
	// Useful states: reached, and reaching an accepted state.
	rev := make([][]int32, n)
	for i := range n {
		for j := range nj {
			if t := p.next[i*nj+j]; t >= 0 {
				rev[t] = append(rev[t], int32(i))
			}
		}
	}
	useful := make([]bool, n)
	var queue []int32
	for i := range n {
		if accept(i) {
			useful[i] = true
			queue = append(queue, int32(i))
		}
	}
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		for _, s := range rev[t] {
			if !useful[s] {
				useful[s] = true
				queue = append(queue, s)
			}
		}
	}
	s := Side{Empty: !useful[0]}
	weight := func(j int) *big.Int { return big.NewInt(int64(len(p.bytes[j]))) }
	// Counts by length.
	cur := make([]*big.Int, n)
	cur[0] = big.NewInt(1)
	for l := 0; l <= maxLen; l++ {
		total := new(big.Int)
		nxt := make([]*big.Int, n)
		for i, c := range cur {
			if c == nil || !useful[i] {
				continue
			}
			if accept(i) {
				total.Add(total, c)
			}
			for j := range nj {
				if t := p.next[i*nj+j]; t >= 0 && useful[t] {
					if nxt[t] == nil {
						nxt[t] = new(big.Int)
					}
					nxt[t].Add(nxt[t], new(big.Int).Mul(c, weight(j)))
				}
			}
		}
		s.Counts = append(s.Counts, total)
		cur = nxt
	}
	if s.Empty {
		s.Finite, s.Size = true, new(big.Int)
		return s
	}
	// Finite iff the useful states have no cycle; then count the paths.
	const white, grey, black = 0, 1, 2
	color := make([]int8, n)
	var order []int32 // post-order
	cyclic := false
	var visit func(i int32)
	visit = func(i int32) {
		color[i] = grey
		for j := range nj {
			t := p.next[int(i)*nj+j]
			if t < 0 || !useful[t] {
				continue
			}
			switch color[t] {
			case grey:
				cyclic = true
			case white:
				visit(t)
			}
		}
		color[i] = black
		order = append(order, i)
	}
	visit(0)
	if !cyclic {
		s.Finite = true
		ways := make([]*big.Int, n) // strings accepted from each state
		for _, i := range order {
			w := new(big.Int)
			if accept(int(i)) {
				w.SetInt64(1)
			}
			for j := range nj {
				if t := p.next[int(i)*nj+j]; t >= 0 && useful[t] {
					w.Add(w, new(big.Int).Mul(ways[t], weight(j)))
				}
			}
			ways[i] = w
		}
		s.Size = ways[0]
	}
	// Classes: where Y stops on a string that X goes on to accept.
	classes := map[string]*Class{}
	note := func(c Class) {
		k := c.Key()
		if old, ok := classes[k]; !ok || shortlexLess(c.Witness, old.Witness) {
			classes[k] = &c
		}
	}
	for i := range n {
		qx, qy := sx[i], sy[i]
		if qx == automaton.Dead || qy == automaton.Dead {
			continue
		}
		if accept(i) {
			note(Class{GoesOn: ruleRef(x, x.Kernel[qx]), Stops: ruleRef(y, y.Kernel[qy]),
				At: "end of input", End: true, Witness: p.path[i], Offset: len(p.path[i])})
		}
		for _, st := range stops(x, y, qx, qy, coX) {
			// The shortlex-least path c comp: the shortest completion, then the least
			// byte (the first that differs), then that byte's completion.
			best := -1
			for k, c := range st.bytes {
				if best < 0 || len(*compX[x.Step(qx, c)]) < len(*compX[x.Step(qx, st.bytes[best])]) {
					best = k
				}
			}
			c := st.bytes[best]
			note(Class{GoesOn: st.goesOn, Stops: st.stops, At: ByteClass(st.bytes), Bytes: st.bytes,
				Witness: p.path[i] + string([]byte{c}) + *compX[x.Step(qx, c)], Offset: len(p.path[i])})
		}
	}
	for _, c := range classes {
		s.Classes = append(s.Classes, *c)
	}
	sort.Slice(s.Classes, func(i, j int) bool {
		a, b := s.Classes[i], s.Classes[j]
		if a.Witness != b.Witness {
			return shortlexLess(a.Witness, b.Witness)
		}
		return a.Key() < b.Key()
	})
	return s
}

// stop is where Y stops in state qy on the bytes that X, in state qx, goes on to read
// towards a string it accepts, grouped by the rules that read and stop.
type stop struct {
	goesOn, stops RuleRef
	bytes         []byte
}

func stops(x, y *automaton.DFA, qx, qy int32, coX []bool) []stop {
	var out []stop
	index := map[string]int{}
	stopsRef := ruleRef(y, y.Kernel[qy])
	for c := range 256 {
		tx := x.Step(qx, byte(c))
		if y.Step(qy, byte(c)) != automaton.Dead || !coX[tx] {
			continue
		}
		on := ruleRef(x, x.Consume[int(qx)*x.NClass+int(x.Class[c])])
		i, ok := index[on.Rule]
		if !ok {
			i = len(out)
			index[on.Rule] = i
			out = append(out, stop{goesOn: on, stops: stopsRef})
		}
		out[i].bytes = append(out[i].bytes, byte(c))
	}
	return out
}

// Classify returns the class of r's difference that s belongs to, and false when both
// languages accept s or both reject it.
func (r *Report) Classify(s string) (Class, bool) {
	x, y, side, co, sideN := r.A.d, r.B.d, &r.OnlyA, r.coA, int32(0)
	if !x.Accepts(s) {
		x, y, side, co, sideN = y, x, &r.OnlyB, r.coB, 1
	}
	if !x.Accepts(s) || y.Accepts(s) {
		return Class{}, false
	}
	qx, qy := x.Start, y.Start
	var key string
	var pk partKey
	for i := 0; i <= len(s); i++ {
		if i == len(s) {
			pk = partKey{sideN, qx, qy, -1}
			if c, ok := r.parted.Load(pk); ok {
				return side.Classes[c.(int)], true
			}
			key = Class{GoesOn: ruleRef(x, x.Kernel[qx]), Stops: ruleRef(y, y.Kernel[qy]), At: "end of input"}.Key()
			break
		}
		ty := y.Step(qy, s[i])
		if ty == automaton.Dead {
			pk = partKey{sideN, qx, qy, int32(x.Class[s[i]])}
			if c, ok := r.parted.Load(pk); ok {
				return side.Classes[c.(int)], true
			}
			on := ruleRef(x, x.Consume[int(qx)*x.NClass+int(x.Class[s[i]])])
			for _, st := range stops(x, y, qx, qy, co) {
				if st.goesOn.Rule == on.Rule {
					key = Class{GoesOn: st.goesOn, Stops: st.stops, At: ByteClass(st.bytes)}.Key()
				}
			}
			break
		}
		qx, qy = x.Step(qx, s[i]), ty
	}
	for i, c := range side.Classes {
		if c.Key() == key {
			r.parted.Store(pk, i)
			return c, true
		}
	}
	panic(fmt.Sprintf("specdiff: %q is in %s ∖ %s but in none of its classes", s, side.X, side.Y))
}

// ByteClass writes a set of bytes: one byte quoted ("@"), or a bracketed list of ranges
// ([0-9A-Za-z]); bytes that are not printable ASCII as \xNN.
func ByteClass(bs []byte) string {
	esc := func(c byte) string {
		if c > ' ' && c < 0x7F && c != '"' && c != '\\' && c != ']' && c != '-' {
			return string(c)
		}
		if c == '-' || c == ']' || c == '\\' || c == '"' {
			return `\` + string(c)
		}
		return fmt.Sprintf(`\x%02X`, c)
	}
	if len(bs) == 1 {
		c := bs[0]
		if c > ' ' && c < 0x7F {
			return fmt.Sprintf("%q", string(c))
		}
		return fmt.Sprintf(`"\x%02X"`, c)
	}
	var b strings.Builder
	b.WriteByte('[')
	for i := 0; i < len(bs); {
		j := i
		for j+1 < len(bs) && bs[j+1] == bs[j]+1 {
			j++
		}
		b.WriteString(esc(bs[i]))
		switch {
		case j == i+1:
			b.WriteString(esc(bs[j]))
		case j > i+1:
			b.WriteByte('-')
			b.WriteString(esc(bs[j]))
		}
		i = j + 1
	}
	b.WriteByte(']')
	return b.String()
}
