package main

import (
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/urispec/urispec/internal/automaton"
)

// unset marks a Kernel or Consume entry not yet written.
const unset = -2

// fsets interns sets of frames, one frame for each label (the innermost rule that is not
// a character rule): the places of a grammar where a byte is read, by rule name.
type fsets struct {
	list  [][]int32
	index map[string]int32
	label func(int32) int32
}

// add interns the frames of m (label -> first frame seen).
func (fs *fsets) add(m map[int32]int32) int32 {
	labels := make([]int32, 0, len(m))
	for l := range m {
		labels = append(labels, l)
	}
	slices.Sort(labels)
	k := ints32Key(labels)
	if id, ok := fs.index[k]; ok {
		return id
	}
	set := make([]int32, len(labels))
	for i, l := range labels {
		set[i] = m[l]
	}
	fs.list = append(fs.list, set)
	fs.index[k] = int32(len(fs.list) - 1)
	return int32(len(fs.list) - 1)
}

// subset is a state of the subset construction: a set of live NFA states closed under ε.
type subset struct {
	states []int32
	kernel map[int32]int32 // the frames of the edges that entered it, by label
	next   []int32         // by class
	cons   []int32         // by class: the frame set of the edges taken
}

// determinize runs the subset construction over the byte classes of n's live edges and
// minimizes the result (Moore's partition refinement), keeping for every minimal state
// the rules active in it and the frames of Kernel and Consume (automaton.DFA).
func determinize(n *nfa, f *frames, label func(frame int32) int32) (*automaton.DFA, error) {
	pr, err := prepare(n)
	if err != nil {
		return nil, err
	}
	live, class, reps, nc, closure := pr.live, pr.class, pr.reps, len(pr.reps), pr.closure
	key := ints32Key
	index := map[string]int32{}
	fs := &fsets{index: map[string]int32{}, label: label}
	subs := []*subset{{kernel: map[int32]int32{}}} // 0: the empty set, Dead
	index[key(nil)] = 0
	start := &subset{states: closure([]int32{n.startState()}), kernel: map[int32]int32{-1: -1}}
	if len(start.states) > 0 {
		index[key(start.states)] = 1
		subs = append(subs, start)
	}
	for i := 0; i < len(subs); i++ {
		s := subs[i]
		s.next = make([]int32, nc)
		s.cons = make([]int32, nc)
		for c := range nc {
			var seed []int32
			frames := map[int32]int32{}
			for _, q := range s.states {
				for _, e := range n.edges[q] {
					if live[e.to] && n.sets[e.set].has(reps[c]) {
						seed = append(seed, e.to)
						if _, ok := frames[label(e.frame)]; !ok {
							frames[label(e.frame)] = e.frame
						}
					}
				}
			}
			t := closure(seed)
			id, ok := index[key(t)]
			if !ok {
				id = int32(len(subs))
				index[key(t)] = id
				subs = append(subs, &subset{states: t, kernel: map[int32]int32{}})
			}
			s.next[c] = id
			if id != 0 {
				s.cons[c] = fs.add(frames)
				for l, fr := range frames {
					if _, ok := subs[id].kernel[l]; !ok {
						subs[id].kernel[l] = fr
					}
				}
			} else {
				s.cons[c] = -1
			}
		}
	}
	final := func(s *subset) bool {
		_, ok := slices.BinarySearch(s.states, n.final)
		return ok
	}

	// The minimal automaton of the language, and the smallest one that keeps the names
	// of the rules (label: the innermost rule that is not a character rule) of every
	// state's Kernel and Consume. The second refines the first.
	lang := moore(subs, final, nc, nil)
	kernels := make([]int32, len(subs))
	for i, s := range subs {
		kernels[i] = fs.add(s.kernel)
	}
	block := moore(subs, final, nc, func(i int) []int32 {
		return append([]int32{kernels[i]}, subs[i].cons...)
	})
	// Number the minimal states: Dead 0, then in breadth-first order from the start.
	order := map[int]int32{block[0]: 0}
	rep := map[int]int{}
	for i := range subs {
		if _, ok := rep[block[i]]; !ok {
			rep[block[i]] = i
		}
	}
	queue := []int{}
	if len(subs) > 1 {
		order[block[1]] = 1
		queue = append(queue, 1)
	}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		for _, t := range subs[i].next {
			if _, ok := order[block[t]]; !ok {
				order[block[t]] = int32(len(order))
				queue = append(queue, int(t))
			}
		}
	}
	ns := len(order)
	blockOf := make([]int, ns)
	for b, m := range order {
		blockOf[m] = b
	}
	d := &automaton.DFA{NClass: nc, Class: class, Final: make([]bool, ns), Kernel: make([]int32, ns),
		Next: make([]int32, ns*nc), Consume: make([]int32, ns*nc), Active: make([][]int32, ns)}
	if ns > 1 {
		d.Start = 1
	}
	for i := range d.Kernel {
		d.Kernel[i] = unset
	}
	for i := range d.Consume {
		d.Consume[i] = unset
	}
	activeSet := make([]map[int32]bool, ns)
	for i, s := range subs {
		m, ok := order[block[i]]
		if !ok {
			continue // unreachable subsets merged nowhere (cannot happen: all are reached)
		}
		d.Final[m] = final(s)
		// The states merged into m have the same rule names (not the same stacks): m
		// keeps the stacks of its first state.
		if rep[block[i]] == i {
			d.Kernel[m] = kernels[i]
			for c := range nc {
				d.Next[int(m)*nc+c] = order[block[s.next[c]]]
				if s.next[c] != 0 {
					d.Consume[int(m)*nc+c] = s.cons[c]
				}
			}
		}
		if activeSet[m] == nil {
			activeSet[m] = map[int32]bool{}
		}
		for _, q := range s.states {
			for fr := n.frame[q]; fr >= 0; fr = f.list[fr][0] {
				activeSet[m][f.list[fr][1]] = true
			}
		}
	}
	for m := range ns {
		if d.Kernel[m] == unset {
			d.Kernel[m] = -1
		}
		for c := range nc {
			if d.Consume[m*nc+c] == unset {
				d.Consume[m*nc+c] = -1
			}
		}
		for r := range activeSet[m] {
			d.Active[m] = append(d.Active[m], r)
		}
		slices.Sort(d.Active[m])
	}
	// Min: each state's state in the minimal automaton of the language, numbered in
	// breadth-first order from the start as well.
	d.Min = make([]int32, ns)
	langOrder := map[int]int32{lang[0]: 0}
	for m := range ns {
		l := lang[rep[blockOf[m]]]
		id, ok := langOrder[l]
		if !ok {
			id = int32(len(langOrder))
			langOrder[l] = id
		}
		d.Min[m] = id
	}
	d.Sets = fs.list
	mergeClasses(d)
	return d, nil
}

// moore is the coarsest partition of subs into blocks that separates Dead, final states,
// states whose labels differ, and states whose successors lie in different blocks
// (Moore's partition refinement). label may be nil.
func moore(subs []*subset, final func(*subset) bool, nc int, label func(int) []int32) []int {
	block := make([]int, len(subs))
	init := map[string]int{}
	for i, s := range subs {
		k := []int32{int32(i)}
		if i != 0 {
			k[0] = -1
			if final(s) {
				k[0] = -2
			}
			if label != nil {
				k = append(k, label(i)...)
			}
		}
		ks := ints32Key(k)
		b, ok := init[ks]
		if !ok {
			b = len(init)
			init[ks] = b
		}
		block[i] = b
	}
	for {
		sig := map[string]int{}
		nb := make([]int, len(subs))
		for i, s := range subs {
			k := make([]int32, 0, nc+1)
			k = append(k, int32(block[i]))
			for _, t := range s.next {
				k = append(k, int32(block[t]))
			}
			ks := ints32Key(k)
			b, ok := sig[ks]
			if !ok {
				b = len(sig)
				sig[ks] = b
			}
			nb[i] = b
		}
		same := len(sig) == countBlocks(block)
		block = nb
		if same {
			return block
		}
	}
}

func countBlocks(b []int) int {
	seen := map[int]bool{}
	for _, x := range b {
		seen[x] = true
	}
	return len(seen)
}

// mergeClasses merges the byte classes that no state tells apart (same target, same
// rule frame everywhere), renumbering them by their smallest byte.
func mergeClasses(d *automaton.DFA) {
	nc, ns := d.NClass, d.States()
	col := func(c int) string {
		k := make([]int32, 0, 2*ns)
		for s := range ns {
			k = append(k, d.Next[s*nc+c], d.Consume[s*nc+c])
		}
		return ints32Key(k)
	}
	newOf := make([]int, nc)
	sig := map[string]int{}
	var firstOld []int
	for b := 0; b < 256; b++ {
		c := int(d.Class[b])
		k := col(c)
		id, ok := sig[k]
		if !ok {
			id = len(firstOld)
			sig[k] = id
			firstOld = append(firstOld, c)
		}
		newOf[c] = id
	}
	m := len(firstOld)
	next := make([]int32, ns*m)
	cons := make([]int32, ns*m)
	for s := range ns {
		for nci, old := range firstOld {
			next[s*m+nci] = d.Next[s*nc+old]
			cons[s*m+nci] = d.Consume[s*nc+old]
		}
	}
	for b := range 256 {
		d.Class[b] = uint8(newOf[d.Class[b]])
	}
	d.NClass, d.Next, d.Consume = m, next, cons
}

// ints32Key is a map key for a list of numbers.
func ints32Key(v []int32) string {
	b := make([]byte, 0, 4*len(v))
	for _, x := range v {
		b = binary.LittleEndian.AppendUint32(b, uint32(x))
	}
	return string(b)
}

// prep is what both constructions need: the live NFA states, the byte classes of the
// live edges, and the ε-closure.
type prep struct {
	live    []bool
	class   [256]uint8
	reps    []byte
	closure func(seed []int32) []int32
}

func prepare(n *nfa) (*prep, error) {
	// Live states: those from which the final state is reached.
	rev := make([][]int32, len(n.frame))
	for s := range n.frame {
		for _, t := range n.eps[s] {
			rev[t] = append(rev[t], int32(s))
		}
		for _, e := range n.edges[s] {
			rev[e.to] = append(rev[e.to], int32(s))
		}
	}
	live := make([]bool, len(n.frame))
	stack := []int32{n.final}
	live[n.final] = true
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, p := range rev[s] {
			if !live[p] {
				live[p] = true
				stack = append(stack, p)
			}
		}
	}
	// Byte classes: bytes that every live edge's set treats alike.
	used := map[int32]bool{}
	for s := range n.frame {
		for _, e := range n.edges[s] {
			if live[e.to] {
				used[e.set] = true
			}
		}
	}
	var setList []int32
	for id := range used {
		setList = append(setList, id)
	}
	slices.Sort(setList)
	var class [256]uint8
	sigs := map[string]int{}
	var reps []byte
	for c := 0; c < 256; c++ {
		sig := make([]byte, 0, len(setList))
		for _, id := range setList {
			if n.sets[id].has(byte(c)) {
				sig = append(sig, 1)
			} else {
				sig = append(sig, 0)
			}
		}
		k, ok := sigs[string(sig)]
		if !ok {
			k = len(reps)
			sigs[string(sig)] = k
			reps = append(reps, byte(c))
		}
		if k > 255 {
			return nil, fmt.Errorf("more than 256 byte classes")
		}
		class[c] = uint8(k)
	}

	mark := make([]int32, len(n.frame)) // mark[s] == gen: s is in the closure being built
	gen := int32(0)
	closure := func(seed []int32) []int32 {
		gen++
		var out []int32
		stack := append([]int32{}, seed...)
		for len(stack) > 0 {
			s := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if mark[s] == gen || !live[s] {
				continue
			}
			mark[s] = gen
			out = append(out, s)
			stack = append(stack, n.eps[s]...)
		}
		slices.Sort(out)
		return out
	}
	return &prep{live: live, class: class, reps: reps, closure: closure}, nil
}

// tagged builds the minimal deterministic automaton of the tagged language: the strings
// of the grammar with each byte paired with the component (tag) of the rule that reads it
// (tag 0: none), over the alphabet of (byte class, tag) pairs. A string read in several
// ways has several taggings. specdiff reads it as a nondeterministic automaton over bytes
// to find the components a byte can belong to (uri/specdiff/split.go).
func tagged(n *nfa, tag func(frame int32) int32, ntags int) (*automaton.Tagged, error) {
	pr, err := prepare(n)
	if err != nil {
		return nil, err
	}
	nc := len(pr.reps)
	na := nc * ntags // letters: class*ntags + tag
	index := map[string]int32{ints32Key(nil): 0}
	subs := []*subset{{}}
	if start := pr.closure([]int32{n.startState()}); len(start) > 0 {
		index[ints32Key(start)] = 1
		subs = append(subs, &subset{states: start})
	}
	for i := 0; i < len(subs); i++ {
		s := subs[i]
		s.next = make([]int32, na)
		for c := range nc {
			seeds := make([][]int32, ntags)
			for _, q := range s.states {
				for _, e := range n.edges[q] {
					if pr.live[e.to] && n.sets[e.set].has(pr.reps[c]) {
						t := tag(e.frame)
						seeds[t] = append(seeds[t], e.to)
					}
				}
			}
			for t, seed := range seeds {
				set := pr.closure(seed)
				id, ok := index[ints32Key(set)]
				if !ok {
					id = int32(len(subs))
					index[ints32Key(set)] = id
					subs = append(subs, &subset{states: set})
				}
				s.next[c*ntags+t] = id
			}
		}
	}
	final := func(s *subset) bool {
		_, ok := slices.BinarySearch(s.states, n.final)
		return ok
	}
	block := moore(subs, final, na, nil)
	order := map[int]int32{block[0]: 0}
	var firsts []int
	if len(subs) > 1 {
		order[block[1]] = 1
		firsts = append(firsts, 0, 1)
	} else {
		firsts = append(firsts, 0)
	}
	for i := 1; i < len(firsts); i++ {
		for _, t := range subs[firsts[i]].next {
			if _, ok := order[block[t]]; !ok {
				order[block[t]] = int32(len(order))
				firsts = append(firsts, int(t))
			}
		}
	}
	// Merge the classes that no state and tag tell apart.
	colOf := map[string]int32{}
	newClass := make([]int32, nc)
	merged := int32(0)
	for c := range nc {
		var col []int32
		for _, i := range firsts {
			for t := range ntags {
				col = append(col, order[block[subs[i].next[c*ntags+t]]])
			}
		}
		id, ok := colOf[ints32Key(col)]
		if !ok {
			id = merged
			merged++
			colOf[ints32Key(col)] = id
		}
		newClass[c] = id
	}
	td := &automaton.Tagged{NClass: int(merged), Final: make([]bool, len(order)),
		Edges: make([][]automaton.TEdge, len(order))}
	for b := range 256 {
		td.Class[b] = uint8(newClass[pr.class[b]])
	}
	if len(subs) > 1 {
		td.Start = 1
	}
	for _, i := range firsts {
		m := order[block[i]]
		td.Final[m] = final(subs[i])
		for a, t := range subs[i].next {
			c := newClass[a/ntags]
			if to := order[block[t]]; to != automaton.Dead && !hasEdge(td.Edges[m], c, int32(a%ntags)) {
				td.Edges[m] = append(td.Edges[m], automaton.TEdge{Class: c, Tag: int32(a % ntags), To: to})
			}
		}
	}
	return td, nil
}

// hasEdge reports whether es has an edge on class c and tag t (the classes merged share
// their edges).
func hasEdge(es []automaton.TEdge, c, t int32) bool {
	for _, e := range es {
		if e.Class == c && e.Tag == t {
			return true
		}
	}
	return false
}
