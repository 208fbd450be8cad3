package specdiff

import (
	"math/bits"

	"github.com/urispec/urispec/internal/automaton"
)

// Suite is a W-method test suite of a language's minimal automaton (Chow 1978): every
// string p x w, where p is the shortest access string of a state (State cover), x a
// string of Middle (the empty string, then every string of up to Extra+1 bytes, one byte
// per byte class), and w a distinguishing suffix of W (the characterization set: for any
// two states, some w in W is accepted from one and not the other). An implementation
// with at most States+Extra states that agrees with the automaton on every string of the
// suite accepts the same language, provided it treats every byte of a class alike (the
// suite tries one byte per class).
type Suite struct {
	Cover  []string // one access string per state, the dead state's included
	Middle []string
	W      []string
	Extra  int
}

// Size is the number of strings of the suite (counted with repeats).
func (s Suite) Size() int { return len(s.Cover) * len(s.Middle) * len(s.W) }

// At is the i-th string of the suite (0 <= i < Size), in the order of Each.
func (s Suite) At(i int) string {
	nw, nm := len(s.W), len(s.Middle)
	return s.Cover[i/(nm*nw)] + s.Middle[i/nw%nm] + s.W[i%nw]
}

// Each calls f with every string of the suite, until f returns false.
func (s Suite) Each(f func(string) bool) {
	for _, p := range s.Cover {
		for _, x := range s.Middle {
			for _, w := range s.W {
				if !f(p + x + w) {
					return
				}
			}
		}
	}
}

// WMethod returns the W-method suite of l's minimal automaton, allowing extra states
// beyond its own in the implementation tested.
func (l *Language) WMethod(extra int) Suite {
	d := l.d.Minimal()
	n, k := d.States(), d.NClass
	rep := classReps(d)
	// State cover: shortlex-least access strings, breadth-first.
	cover := make([]string, n)
	seen := make([]bool, n)
	seen[d.Start] = true
	queue := []int32{d.Start}
	for len(queue) > 0 {
		q := queue[0]
		queue = queue[1:]
		for c := range k {
			t := d.Next[int(q)*k+c]
			if !seen[t] {
				seen[t], cover[t] = true, cover[q]+string([]byte{rep[c]})
				queue = append(queue, t)
			}
		}
	}
	var covered []string
	for q := range n {
		if seen[q] {
			covered = append(covered, cover[q])
		}
	}
	// Middle: the empty string and every string of 1 to extra+1 class representatives.
	middle := []string{""}
	layer := []string{""}
	for range extra + 1 {
		var next []string
		for _, x := range layer {
			for c := range k {
				next = append(next, x+string([]byte{rep[c]}))
			}
		}
		middle = append(middle, next...)
		layer = next
	}
	return Suite{Cover: covered, Middle: middle, W: characterize(d, rep), Extra: extra}
}

func classReps(d *automaton.DFA) []byte {
	rep := make([]byte, d.NClass)
	seen := make([]bool, d.NClass)
	for c := range 256 {
		if k := d.Class[c]; !seen[k] {
			seen[k], rep[k] = true, byte(c)
		}
	}
	return rep
}

// characterize returns a characterization set of the minimal automaton d: starting from
// the empty string, while two states agree on every suffix found so far, a class c
// leads them to states that some suffix w separates, and c w is added. Each suffix
// splits a block of states, so there are fewer suffixes than states.
func characterize(d *automaton.DFA, rep []byte) []string {
	n, k := d.States(), d.NClass
	var W []string
	sig := make([][]uint64, n) // sig[q] bit i: q accepts W[i]
	accepts := func(q int32, w string) bool {
		for i := 0; i < len(w) && q != automaton.Dead; i++ {
			q = d.Step(q, w[i])
		}
		return d.Final[q]
	}
	add := func(w string) {
		i := len(W)
		W = append(W, w)
		for q := range n {
			if len(sig[q]) <= i/64 {
				sig[q] = append(sig[q], 0)
			}
			if accepts(int32(q), w) {
				sig[q][i/64] |= 1 << (i % 64)
			}
		}
	}
	same := func(a, b int32) bool {
		for i := range sig[a] {
			if sig[a][i] != sig[b][i] {
				return false
			}
		}
		return true
	}
	firstDiff := func(a, b int32) int {
		for i := range sig[a] {
			if x := sig[a][i] ^ sig[b][i]; x != 0 {
				return i*64 + bits.TrailingZeros64(x)
			}
		}
		return -1
	}
	add("")
	for {
		found := false
		// Blocks: states with the same signature.
		index := map[string]int{}
		var blocks [][]int32 // in the order of their first state
		for q := range n {
			key := string(uint64sKey(sig[q]))
			i, ok := index[key]
			if !ok {
				i = len(blocks)
				index[key] = i
				blocks = append(blocks, nil)
			}
			blocks[i] = append(blocks[i], int32(q))
		}
		for _, b := range blocks {
			if len(b) < 2 {
				continue
			}
			for c := 0; c < k && !found; c++ {
				a0 := d.Next[int(b[0])*k+c]
				for _, q := range b[1:] {
					a1 := d.Next[int(q)*k+c]
					if !same(a0, a1) {
						add(string([]byte{rep[c]}) + W[firstDiff(a0, a1)])
						found = true
						break
					}
				}
			}
			if found {
				break
			}
		}
		if !found {
			return W
		}
	}
}

func uint64sKey(v []uint64) []byte {
	b := make([]byte, 0, 8*len(v))
	for _, x := range v {
		for i := range 8 {
			b = append(b, byte(x>>(8*i)))
		}
	}
	return b
}
