package specdiff

import (
	"encoding/binary"
	"slices"
	"sort"
	"strings"

	"github.com/urispec/urispec/internal/automaton"
)

// SplitClass is a class of strings that both languages accept but read differently: a
// byte that belongs to one component under A and to another under B, whichever way each
// language reads the string (where a grammar can read a byte as part of either of two
// components, both count). A and B name the components ("host", "path or query").
type SplitClass struct {
	A string `json:"a"`
	B string `json:"b"`
	// Witness is the class's shortest string, the first in shortlex order; Offset the
	// byte whose components differ.
	Witness string `json:"witness"`
	Offset  int    `json:"offset"`
}

// maxSplitStates bounds the search of splitClasses: past it the classes found so far are
// reported and the report says the list may be incomplete.
const maxSplitStates = 400_000

// tagNFA is a Tagged automaton read as a nondeterministic one over bytes.
type tagNFA struct {
	t   *automaton.Tagged
	adj [][]automaton.TEdge // state*NClass+class
	co  []bool              // the state reaches a final one
}

func newTagNFA(t *automaton.Tagged) *tagNFA {
	n := &tagNFA{t: t, adj: make([][]automaton.TEdge, len(t.Final)*t.NClass), co: make([]bool, len(t.Final))}
	rev := make([][]int32, len(t.Final))
	for q, es := range t.Edges {
		for _, e := range es {
			n.adj[q*t.NClass+int(e.Class)] = append(n.adj[q*t.NClass+int(e.Class)], e)
			rev[e.To] = append(rev[e.To], int32(q))
		}
	}
	var stack []int32
	for q, f := range t.Final {
		if f {
			n.co[q] = true
			stack = append(stack, int32(q))
		}
	}
	for len(stack) > 0 {
		q := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, p := range rev[q] {
			if !n.co[p] {
				n.co[p] = true
				stack = append(stack, p)
			}
		}
	}
	return n
}

// item is a state of the tagged automaton with the tag it gave the marked byte (-1
// before the mark).
type item struct{ q, tag int32 }

// step reads class c from the items, keeping each one's tag, or, with mark, taking the
// tag of the edge.
func (n *tagNFA) step(set []item, c int, mark bool) []item {
	var out []item
	for _, it := range set {
		for _, e := range n.adj[int(it.q)*n.t.NClass+c] {
			if !n.co[e.To] {
				continue
			}
			tag := it.tag
			if mark {
				tag = e.Tag
			}
			out = append(out, item{e.To, tag})
		}
	}
	slices.SortFunc(out, func(a, b item) int {
		if a.q != b.q {
			return int(a.q - b.q)
		}
		return int(a.tag - b.tag)
	})
	return slices.Compact(out)
}

// tags is the set of tags of the final items.
func (n *tagNFA) tags(set []item) []int32 {
	var out []int32
	for _, it := range set {
		if n.t.Final[it.q] && !slices.Contains(out, it.tag) {
			out = append(out, it.tag)
		}
	}
	slices.Sort(out)
	return out
}

func (n *tagNFA) names(tags []int32) string {
	var s []string
	for _, t := range tags {
		s = append(s, n.t.Tags[t])
	}
	slices.Sort(s)
	return strings.Join(s, " or ")
}

// splitClasses searches, breadth first over the strings both languages accept with one
// byte marked, for the marked bytes whose components differ under every reading.
func splitClasses(a, b *Language) []SplitClass {
	if a.d.Tagged == nil || b.d.Tagged == nil {
		return nil
	}
	na, nb := newTagNFA(a.d.Tagged), newTagNFA(b.d.Tagged)
	// Joint classes, numbered by their smallest byte.
	var rep []byte
	var ca, cb []int
	seen := map[[2]uint8]bool{}
	for c := range 256 {
		k := [2]uint8{na.t.Class[c], nb.t.Class[c]}
		if !seen[k] {
			seen[k] = true
			rep = append(rep, byte(c))
			ca, cb = append(ca, int(k[0])), append(cb, int(k[1]))
		}
	}
	type node struct {
		sa, sb []item
		marked bool
		parent int32
		by     byte
		mark   int // offset of the marked byte
		depth  int
	}
	var kb []byte
	key := func(sa, sb []item, marked bool) string {
		kb = kb[:0]
		if marked {
			kb = append(kb, 1)
		}
		for _, it := range sa {
			kb = binary.AppendUvarint(kb, uint64(it.q))
			kb = append(kb, byte(it.tag+1))
		}
		kb = append(kb, 0xFF)
		for _, it := range sb {
			kb = binary.AppendUvarint(kb, uint64(it.q))
			kb = append(kb, byte(it.tag+1))
		}
		return string(kb)
	}
	nodes := []node{{sa: []item{{na.t.Start, -1}}, sb: []item{{nb.t.Start, -1}}, parent: -1}}
	if !na.co[na.t.Start] || !nb.co[nb.t.Start] {
		return nil
	}
	index := map[string]bool{key(nodes[0].sa, nodes[0].sb, false): true}
	found := map[string]*SplitClass{}
	witness := func(i int32) string {
		var b []byte
		for ; nodes[i].parent >= 0; i = nodes[i].parent {
			b = append(b, nodes[i].by)
		}
		slices.Reverse(b)
		return string(b)
	}
	for i := 0; i < len(nodes) && len(nodes) < maxSplitStates; i++ {
		nd := nodes[i]
		if nd.marked {
			ta, tb := na.tags(nd.sa), nb.tags(nd.sb)
			if len(ta) > 0 && len(tb) > 0 && !slices.Contains(ta, 0) && !slices.Contains(tb, 0) && na.disjoint(ta, nb, tb) {
				c := SplitClass{A: na.names(ta), B: nb.names(tb)}
				if _, ok := found[c.A+"\x00"+c.B]; !ok {
					c.Witness, c.Offset = witness(int32(i)), nd.mark
					found[c.A+"\x00"+c.B] = &c
				}
			}
		}
		for j := range rep {
			for _, mark := range []bool{false, true} {
				if mark && nd.marked {
					continue
				}
				sa := na.step(nd.sa, ca[j], mark)
				sb := nb.step(nd.sb, cb[j], mark)
				if len(sa) == 0 || len(sb) == 0 {
					continue
				}
				marked := nd.marked || mark
				k := key(sa, sb, marked)
				if index[k] {
					continue
				}
				index[k] = true
				m := nd.mark
				if mark {
					m = nd.depth
				}
				nodes = append(nodes, node{sa: sa, sb: sb, marked: marked, parent: int32(i), by: rep[j], mark: m, depth: nd.depth + 1})
			}
		}
	}
	var out []SplitClass
	for _, c := range found {
		out = append(out, *c)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Witness != out[j].Witness {
			return shortlexLess(out[i].Witness, out[j].Witness)
		}
		return out[i].A+out[i].B < out[j].A+out[j].B
	})
	return out
}

// disjoint reports whether no component of the tags a of n is one of the tags b of m.
func (n *tagNFA) disjoint(a []int32, m *tagNFA, b []int32) bool {
	for _, x := range a {
		for _, y := range b {
			if n.t.Tags[x] == m.t.Tags[y] {
				return false
			}
		}
	}
	return true
}
