// Package automaton is the form in which the minimal automata of the grammars
// (gen/automata, written by internal/specdiffgen from grammar/*.abnf) are stored and read
// back: a deterministic automaton over bytes through byte classes, with, for every state,
// the grammar rules that can be active in it. It is shared by the generator, which
// encodes, and by package specdiff, which decodes; neither needs go-abnf to read it.
package automaton

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"
)

// Dead is the state every automaton has at index 0: not final, every class leads back to
// it. A string that reaches it is rejected whatever follows.
const Dead = 0

// Rule is a rule of the grammar an automaton was built from.
type Rule struct {
	Name string
	// Section is where the document defines the rule ("3.2.2"), "" where the grammar
	// file does not say.
	Section string
	// Char is true for a rule that only ever reads one character or one percent-encoded
	// octet (ALPHA, unreserved, pchar, pct-encoded): names of differences skip it for the
	// rule around it.
	Char bool
}

// Frame is one entry of the table of rule stacks: the rule, and the index of the stack
// it is pushed on (-1 for the top rule's own frame).
type Frame struct {
	Parent int32
	Rule   int32
}

// DFA is the minimal deterministic automaton of one grammar's top rule, over bytes.
type DFA struct {
	// Name is the language's ID ("rfc3986", "http"); Title a line that says what it is;
	// Top the top rule; Document the document and part the grammar is taken from.
	Name, Title, Top, Document string
	// Notes say what the automaton leaves out or adds to the grammar (a check defined
	// by procedure that stays outside, a bound on recursion), one sentence each.
	Notes []string
	// Rules and Frames name the grammar's rules and the stacks of rules (innermost
	// last) that states and transitions refer to.
	Rules  []Rule
	Frames []Frame
	// Class maps a byte to its class; NClass is the number of classes.
	Class  [256]uint8
	NClass int
	// Next[s*NClass+c] is the state after class c in state s. State 0 is Dead.
	Next  []int32
	Final []bool
	Start int32
	// Sets are sets of frames, one frame for each rule name: the places of the grammar
	// where a byte is read (a string can be read in more than one way).
	Sets [][]int32
	// Kernel[s] is the set of frames whose rules read the last byte before s (at the
	// start: the frame -1, the top rule): where a string that stops in s stops.
	// Consume[s*NClass+c] is the set of frames of the rules that read class c in s (-1
	// where c leads to Dead).
	Kernel  []int32
	Consume []int32
	// Active[s] lists the rules (indexes into Rules) that can be active in s: on the
	// rule stack of some position of the grammar that s stands for. Decode fills it for
	// one state of each minimal state, with the rules of all of them (Minimal's Active).
	Active [][]int32
	// Min[s] is s's state in the minimal automaton of the language (Minimal). The
	// automaton stored keeps apart states that the minimal one merges when the rules
	// that Kernel and Consume name differ, so that a difference is named by the rules of
	// the place where it arises and not by all the places the minimal state stands for.
	Min []int32
	// Tagged is the tagged automaton, nil for a grammar with no components named.
	Tagged *Tagged
}

// Minimal returns the minimal automaton of d's language: the quotient of d by Min, its
// byte classes merged where no state tells them apart. Kernel and Consume are dropped
// (-1); Active is the union over the states merged.
func (d *DFA) Minimal() *DFA {
	n := 0
	for _, m := range d.Min {
		n = max(n, int(m)+1)
	}
	// Classes: those of d that lead to the same minimal states everywhere.
	col := map[string]int{}
	newOf := make([]int, d.NClass)
	var firstOld []int
	for b := range 256 {
		c := int(d.Class[b])
		k := make([]byte, 0, 4*d.States())
		for s := range d.States() {
			k = binary.LittleEndian.AppendUint32(k, uint32(d.Min[d.Next[s*d.NClass+c]]))
		}
		id, ok := col[string(k)]
		if !ok {
			id = len(firstOld)
			col[string(k)] = id
			firstOld = append(firstOld, c)
		}
		newOf[c] = id
	}
	nc := len(firstOld)
	m := &DFA{Name: d.Name, Title: d.Title, Top: d.Top, Document: d.Document, Notes: d.Notes,
		Rules: d.Rules, Frames: d.Frames, Sets: d.Sets, NClass: nc, Start: d.Min[d.Start],
		Next: make([]int32, n*nc), Consume: make([]int32, n*nc), Final: make([]bool, n),
		Kernel: make([]int32, n), Active: make([][]int32, n), Min: make([]int32, n)}
	for b := range 256 {
		m.Class[b] = uint8(newOf[d.Class[b]])
	}
	seen := make([]map[int32]bool, n)
	for s := range d.States() {
		q := d.Min[s]
		m.Min[q], m.Kernel[q], m.Final[q] = q, -1, d.Final[s]
		for c, old := range firstOld {
			m.Next[int(q)*nc+c] = d.Min[d.Next[s*d.NClass+old]]
			m.Consume[int(q)*nc+c] = -1
		}
		if seen[q] == nil {
			seen[q] = map[int32]bool{}
		}
		for _, r := range d.Active[s] {
			if !seen[q][r] {
				seen[q][r] = true
				m.Active[q] = append(m.Active[q], r)
			}
		}
	}
	for q := range m.Active {
		slices.Sort(m.Active[q])
	}
	return m
}

// Tagged is the minimal automaton of a grammar's tagged language: its strings with each
// byte paired with the component of the rule that reads it (Tags[0] = "": none, a
// delimiter), over pairs of a byte class and a tag. State 0 is dead; Edges lists, for
// each state, the pairs that lead elsewhere.
type Tagged struct {
	Tags   []string
	Class  [256]uint8
	NClass int
	Start  int32
	Final  []bool
	Edges  [][]TEdge
}

// TEdge is a transition of a Tagged automaton.
type TEdge struct{ Class, Tag, To int32 }

// States is the number of states, Dead included.
func (d *DFA) States() int { return len(d.Final) }

// Step is the state after byte c in state s.
func (d *DFA) Step(s int32, c byte) int32 { return d.Next[int(s)*d.NClass+int(d.Class[c])] }

// Accepts reports whether the automaton accepts s.
func (d *DFA) Accepts(s string) bool {
	q := d.Start
	for i := 0; i < len(s) && q != Dead; i++ {
		q = d.Step(q, s[i])
	}
	return d.Final[q]
}

const magic = "urispec-automata-1\n"

// Encode writes the automata in a compressed binary form (Decode reads it).
func Encode(w io.Writer, ds []*DFA) error {
	var b []byte
	str := func(s string) { b = binary.AppendUvarint(b, uint64(len(s))); b = append(b, s...) }
	num := func(n int) { b = binary.AppendUvarint(b, uint64(n)) }
	snum := func(n int32) { b = binary.AppendVarint(b, int64(n)) }
	b = append(b, magic...)
	num(len(ds))
	for _, d := range ds {
		str(d.Name)
		str(d.Title)
		str(d.Top)
		str(d.Document)
		num(len(d.Notes))
		for _, n := range d.Notes {
			str(n)
		}
		num(len(d.Rules))
		for _, r := range d.Rules {
			str(r.Name)
			str(r.Section)
			if r.Char {
				num(1)
			} else {
				num(0)
			}
		}
		num(len(d.Frames))
		for _, f := range d.Frames {
			snum(f.Parent)
			snum(f.Rule)
		}
		num(len(d.Sets))
		for _, set := range d.Sets {
			num(len(set))
			for _, f := range set {
				snum(f)
			}
		}
		b = append(b, d.Class[:]...)
		num(d.NClass)
		num(d.States())
		firstOfMin := map[int32]int{}
		activeOfMin := map[int32][]int32{}
		for s := range d.States() {
			m := d.Min[s]
			if _, ok := firstOfMin[m]; !ok {
				firstOfMin[m] = s
			}
			for _, r := range d.Active[s] {
				if !slices.Contains(activeOfMin[m], r) {
					activeOfMin[m] = append(activeOfMin[m], r)
				}
			}
		}
		for _, act := range activeOfMin {
			slices.Sort(act)
		}
		snum(d.Start)
		for s := range d.States() {
			f := 0
			if d.Final[s] {
				f = 1
			}
			num(f)
			snum(d.Kernel[s])
			snum(d.Min[s])
			// Active is written once per minimal state (Minimal takes the union): on
			// the first state that maps to it, the union of all of them.
			if firstOfMin[d.Min[s]] == s {
				act := activeOfMin[d.Min[s]]
				num(len(act))
				for _, r := range act {
					snum(r)
				}
			}
			// Transitions to Dead are most of the table: each row is written as the
			// runs of classes that share a target and a rule frame.
			row := d.Next[s*d.NClass : (s+1)*d.NClass]
			crow := d.Consume[s*d.NClass : (s+1)*d.NClass]
			for c := 0; c < d.NClass; {
				e := c + 1
				for e < d.NClass && row[e] == row[c] && crow[e] == crow[c] {
					e++
				}
				num(e - c)
				snum(row[c])
				snum(crow[c])
				c = e
			}
		}
		t := d.Tagged
		if t == nil {
			num(0)
			continue
		}
		num(len(t.Tags))
		for _, tag := range t.Tags {
			str(tag)
		}
		b = append(b, t.Class[:]...)
		num(t.NClass)
		num(len(t.Final))
		snum(t.Start)
		for s, es := range t.Edges {
			f := 0
			if t.Final[s] {
				f = 1
			}
			num(f)
			num(len(es))
			for _, e := range es {
				num(int(e.Class))
				num(int(e.Tag))
				snum(e.To)
			}
		}
	}
	fw, err := flate.NewWriter(w, flate.BestCompression)
	if err != nil {
		return err
	}
	if _, err := fw.Write(b); err != nil {
		return err
	}
	return fw.Close()
}

// Decode reads what Encode wrote.
func Decode(data []byte) (ds []*DFA, err error) {
	raw, err := io.ReadAll(flate.NewReader(bytes.NewReader(data)))
	if err != nil {
		return nil, err
	}
	r := &reader{b: raw}
	if string(r.bytes(len(magic))) != magic {
		return nil, errors.New("automaton: not an automata table")
	}
	n := r.num()
	for range n {
		d := &DFA{Name: r.str(), Title: r.str(), Top: r.str(), Document: r.str()}
		for range r.num() {
			d.Notes = append(d.Notes, r.str())
		}
		for range r.num() {
			d.Rules = append(d.Rules, Rule{Name: r.str(), Section: r.str(), Char: r.num() == 1})
		}
		for range r.num() {
			d.Frames = append(d.Frames, Frame{Parent: r.snum(), Rule: r.snum()})
		}
		for range r.num() {
			var set []int32
			for range r.num() {
				set = append(set, r.snum())
			}
			d.Sets = append(d.Sets, set)
		}
		copy(d.Class[:], r.bytes(256))
		d.NClass = r.num()
		states := r.num()
		d.Start = r.snum()
		d.Final = make([]bool, states)
		d.Kernel = make([]int32, states)
		d.Min = make([]int32, states)
		d.Active = make([][]int32, states)
		d.Next = make([]int32, 0, states*d.NClass)
		d.Consume = make([]int32, 0, states*d.NClass)
		seenMin := map[int32]bool{}
		for s := range states {
			d.Final[s] = r.num() == 1
			d.Kernel[s] = r.snum()
			d.Min[s] = r.snum()
			if !seenMin[d.Min[s]] {
				seenMin[d.Min[s]] = true
				for range r.num() {
					d.Active[s] = append(d.Active[s], r.snum())
				}
			}
			for c := 0; c < d.NClass; {
				run, next, cons := r.num(), r.snum(), r.snum()
				if run <= 0 || c+run > d.NClass {
					return nil, fmt.Errorf("automaton: %s: bad row %d", d.Name, s)
				}
				for range run {
					d.Next = append(d.Next, next)
					d.Consume = append(d.Consume, cons)
				}
				c += run
			}
		}
		if ntags := r.num(); ntags > 0 {
			t := &Tagged{}
			for range ntags {
				t.Tags = append(t.Tags, r.str())
			}
			copy(t.Class[:], r.bytes(256))
			t.NClass = r.num()
			states := r.num()
			t.Start = r.snum()
			t.Final = make([]bool, states)
			t.Edges = make([][]TEdge, states)
			for s := range states {
				t.Final[s] = r.num() == 1
				for range r.num() {
					t.Edges[s] = append(t.Edges[s], TEdge{Class: int32(r.num()), Tag: int32(r.num()), To: r.snum()})
				}
			}
			d.Tagged = t
		}
		if r.err != nil {
			return nil, r.err
		}
		ds = append(ds, d)
	}
	return ds, r.err
}

type reader struct {
	b   []byte
	err error
}

func (r *reader) fail() {
	if r.err == nil {
		r.err = errors.New("automaton: truncated table")
	}
}

func (r *reader) num() int {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail()
		return 0
	}
	r.b = r.b[n:]
	return int(v)
}

func (r *reader) snum() int32 {
	v, n := binary.Varint(r.b)
	if n <= 0 {
		r.fail()
		return 0
	}
	r.b = r.b[n:]
	return int32(v)
}

func (r *reader) bytes(n int) []byte {
	if n > len(r.b) {
		r.fail()
		return make([]byte, n)
	}
	out := r.b[:n]
	r.b = r.b[n:]
	return out
}

func (r *reader) str() string { return string(r.bytes(r.num())) }
