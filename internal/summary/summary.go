// Package summary holds the corpus report of `urispec matrix` as a value that merges
// exactly: the summary of a whole corpus equals the merge of the summaries of any split
// of it into shards, in any order. The command and the Beam pipeline (beam/) both build
// and merge it here, so that their reports cannot drift apart.
//
// Counts add up. Examples cannot be "the first k": which lines come first depends on how
// the corpus was split. Each group keeps instead the k distinct inputs with the smallest
// 64-bit FNV-1a hash of their bytes (a bottom-k sample: uniform over distinct inputs,
// duplicates counted once, and the bottom k of a union is the bottom k of the parts'
// bottom k), each with the earliest file and line it was seen at.
package summary

import (
	"cmp"
	"encoding/base64"
	"errors"
	"fmt"
	"maps"
	"slices"
	"unicode/utf8"

	"github.com/urispec/urispec/uri"
)

// FormatVersion is the "format" of the JSON document; Merge refuses any other: a
// summary of another format compares other pairs of specs (pairIndexes), lacks a field
// or counts otherwise (in format 2, an empty line was an input; from 3 on it is counted
// in Blank).
const FormatVersion = 3

// Example is one input that stands for its group.
type Example struct {
	Input    string `json:"input"`
	InputB64 string `json:"input_base64,omitempty"` // the exact bytes, when Input is not valid UTF-8
	File     string `json:"file"`
	Line     int64  `json:"line"`
	// Note says why the line was not checked (unchecked groups only).
	Note string `json:"note,omitempty"`

	hash   uint64 // Hash, kept by NewExample and Decode: sorting would hash again and again
	hashed bool
}

// Text is the example's exact bytes.
func (e Example) Text() string {
	if e.InputB64 != "" {
		if b, err := base64.StdEncoding.DecodeString(e.InputB64); err == nil {
			return string(b)
		}
	}
	return e.Input
}

// Hash is the 64-bit FNV-1a hash of the example's bytes, which orders the bottom-k sample.
func (e Example) Hash() uint64 {
	if e.hashed {
		return e.hash
	}
	return fnv1a(e.Text())
}

// fnv1a is the 64-bit FNV-1a hash of s, as hash/fnv's New64a computes it, without the
// allocations of a hash.Hash and a []byte copy per input (NewExample hashes every line).
func fnv1a(s string) uint64 {
	const offset, prime = 14695981039346656037, 1099511628211
	h := uint64(offset)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= prime
	}
	return h
}

// NewExample records an input at FILE:LINE, keeping its exact bytes.
func NewExample(text, file string, line int64) Example {
	e := Example{Input: text, File: file, Line: line}
	if !utf8.ValidString(text) {
		e.Input = string([]rune(text)) // invalid bytes become U+FFFD, as encoding/json would
		e.InputB64 = base64.StdEncoding.EncodeToString([]byte(text))
	}
	return e.withHash()
}

// withHash is e with its hash kept.
func (e Example) withHash() Example {
	e.hash, e.hashed = e.Hash(), true
	return e
}

// Group counts the inputs that share a key.
type Group struct {
	Key      string    `json:"key"`
	Count    int64     `json:"count"`
	Examples []Example `json:"examples"`
}

// Pair compares two versions, older first: two adjacent in date order, or a pair that
// pairIndexes adds.
type Pair struct {
	Older     string  `json:"older"`
	Newer     string  `json:"newer"`
	OnlyOlder int64   `json:"only_older"` // valid under Older, not under Newer
	OnlyNewer int64   `json:"only_newer"`
	Groups    []Group `json:"groups"` // by key
}

// Only lists the inputs that Spec alone accepts, grouped by why its neighbour rejects them.
type Only struct {
	Spec   string  `json:"spec"`
	Groups []Group `json:"groups"`
}

// Summary is the whole report. Slices indexed by spec follow Specs; group lists are
// sorted by key and examples by hash, so that equal summaries encode to equal bytes.
type Summary struct {
	Format   int      `json:"format"`
	Specs    []string `json:"specs"`    // in date order
	Examples int      `json:"examples"` // k: examples kept per group
	// GenericOnly: the specs read the inputs with their generic syntax alone, without
	// scheme grammars (uri.GenericOnly; matrix -schemes=false).
	GenericOnly bool  `json:"generic_only"`
	Inputs      int64 `json:"inputs"`
	// Blank counts the empty lines, which are no inputs: not checked, not in Inputs.
	Blank     int64            `json:"blank"`
	Disagree  int64            `json:"disagree"`
	Accepts   []int64          `json:"accepts"`
	Unchecked []Group          `json:"unchecked"` // lines not checked, by reason
	Patterns  map[string]int64 `json:"patterns"`  // "+-+..." (one byte per spec) to count
	Pairs     []Pair           `json:"pairs"`
	Only      []Only           `json:"only"`
	// Hazards counts inputs by hazard code (hazard.Code): the hazards of an input
	// are those of its reading under the newest spec of Specs that accepts it
	// (hazard.Find, not the differentials, which need the other parsers); an input
	// counts once per code.
	Hazards map[string]int64 `json:"hazards"`

	pairs [][2]int           // the indexes into Specs of each of Pairs (pairIndexes)
	keys  map[groupID]string // group keys already built (see key)
}

// pairIndexes returns the pairs of specs a summary compares, as indexes into specs (in
// date order), older first: each two adjacent versions, then rfc3986 → whatwg when both
// are there and not adjacent. The URL Standard sets out to "obsolete" RFC 3986 and RFC
// 3987 (its Goals section), and RFC 3986 is the one it is measured against; rfc3987 →
// whatwg is left to "matrix -spec rfc3987,whatwg", so that the default report gains one
// pair.
func pairIndexes(specs []string) [][2]int {
	ps := make([][2]int, 0, len(specs))
	for i := 1; i < len(specs); i++ {
		ps = append(ps, [2]int{i - 1, i})
	}
	older := slices.Index(specs, uri.RFC3986.String())
	newer := slices.Index(specs, uri.WHATWG.String())
	if older >= 0 && newer > older+1 {
		ps = append(ps, [2]int{older, newer})
	}
	return ps
}

// New is the empty summary of specs (IDs in date order), keeping k examples a group.
func New(specs []string, k int) *Summary {
	s := &Summary{
		Format:   FormatVersion,
		Specs:    slices.Clone(specs),
		Examples: k,
		Accepts:  make([]int64, len(specs)),
		Patterns: map[string]int64{},
		Hazards:  map[string]int64{},
		Pairs:    []Pair{},
		Only:     make([]Only, len(specs)),
	}
	for _, ix := range pairIndexes(specs) {
		s.Pairs = append(s.Pairs, Pair{Older: specs[ix[0]], Newer: specs[ix[1]]})
	}
	for i := range s.Only {
		s.Only[i] = Only{Spec: specs[i]}
	}
	s.normalize()
	return s
}

// normalize makes nil lists and maps empty ones, so that a decoded summary and a built
// one compare and encode alike, and finds the indexes of the pairs.
func (s *Summary) normalize() {
	s.pairs = pairIndexes(s.Specs)
	if s.Accepts == nil {
		s.Accepts = []int64{}
	}
	if s.Unchecked == nil {
		s.Unchecked = []Group{}
	}
	if s.Patterns == nil {
		s.Patterns = map[string]int64{}
	}
	if s.Hazards == nil {
		s.Hazards = map[string]int64{}
	}
	if s.Pairs == nil {
		s.Pairs = []Pair{}
	}
	if s.Only == nil {
		s.Only = []Only{}
	}
	for i := range s.Pairs {
		if s.Pairs[i].Groups == nil {
			s.Pairs[i].Groups = []Group{}
		}
	}
	for i := range s.Only {
		if s.Only[i].Groups == nil {
			s.Only[i].Groups = []Group{}
		}
	}
}

// exampleOrder orders examples by hash, then bytes, then place: a total order on
// distinct inputs that does not depend on where they were read.
func exampleOrder(a, b Example) int {
	return cmp.Or(cmp.Compare(a.Hash(), b.Hash()), cmp.Compare(a.Text(), b.Text()),
		cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line))
}

// bottomK keeps the k smallest distinct inputs of exs, each at its earliest place.
func bottomK(exs []Example, k int) []Example {
	slices.SortFunc(exs, exampleOrder)
	out := exs[:0]
	for _, e := range exs {
		if len(out) > 0 && out[len(out)-1].Text() == e.Text() {
			continue // the same input seen again: its first entry has the earliest place
		}
		if len(out) == k {
			break
		}
		out = append(out, e)
	}
	return slices.Clip(out)
}

// addTo counts one input into the group key of gs (sorted by key), keeping k examples.
func addTo(gs []Group, key string, e Example, k int) []Group {
	i, found := slices.BinarySearchFunc(gs, key, func(g Group, key string) int { return cmp.Compare(g.Key, key) })
	if !found {
		gs = slices.Insert(gs, i, Group{Key: key, Examples: []Example{}})
	}
	g := &gs[i]
	g.Count++
	if n := len(g.Examples); n == k && k > 0 && e.Hash() > g.Examples[n-1].Hash() {
		return gs // not among the k smallest: the common case, without sorting
	}
	if k > 0 {
		g.Examples = bottomK(append(g.Examples, e), k)
	}
	return gs
}

// mergeGroups merges two key-sorted group lists.
func mergeGroups(a, b []Group, k int, sum *adder) []Group {
	out := make([]Group, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || i < len(a) && a[i].Key < b[j].Key:
			out = append(out, cloneGroup(a[i]))
			i++
		case i == len(a) || b[j].Key < a[i].Key:
			out = append(out, cloneGroup(b[j]))
			j++
		default:
			exs := append(slices.Clone(a[i].Examples), b[j].Examples...)
			out = append(out, Group{Key: a[i].Key, Count: sum.add(a[i].Count, b[j].Count), Examples: bottomK(exs, k)})
			i++
			j++
		}
	}
	return out
}

func cloneGroup(g Group) Group {
	g.Examples = slices.Clone(g.Examples)
	if g.Examples == nil {
		g.Examples = []Example{}
	}
	return g
}

// Merge returns the summary of the union of the inputs of a and b. Both must be of this
// format, for the same specs and the same k; neither is changed.
func Merge(a, b *Summary) (*Summary, error) {
	switch {
	case a.Format != FormatVersion || b.Format != FormatVersion:
		return nil, fmt.Errorf("summary format %d and %d: this program reads format %d", a.Format, b.Format, FormatVersion)
	case !slices.Equal(a.Specs, b.Specs):
		return nil, fmt.Errorf("summaries of different specs: %v and %v", a.Specs, b.Specs)
	case a.Examples != b.Examples:
		return nil, fmt.Errorf("summaries keep %d and %d examples a group: make them with the same -examples", a.Examples, b.Examples)
	case a.GenericOnly != b.GenericOnly:
		return nil, errors.New("one summary was made with the scheme grammars and one without (-schemes=false): make them alike")
	}
	k := a.Examples
	m := New(a.Specs, k)
	m.GenericOnly = a.GenericOnly
	var sum adder
	m.Inputs = sum.add(a.Inputs, b.Inputs)
	m.Blank = sum.add(a.Blank, b.Blank)
	m.Disagree = sum.add(a.Disagree, b.Disagree)
	for i := range m.Accepts {
		m.Accepts[i] = sum.add(a.Accepts[i], b.Accepts[i])
	}
	m.Unchecked = mergeGroups(a.Unchecked, b.Unchecked, k, &sum)
	m.Patterns = addCounts(a.Patterns, b.Patterns, &sum)
	m.Hazards = addCounts(a.Hazards, b.Hazards, &sum)
	for i := range m.Pairs {
		pa, pb := a.Pairs[i], b.Pairs[i]
		m.Pairs[i].OnlyOlder = sum.add(pa.OnlyOlder, pb.OnlyOlder)
		m.Pairs[i].OnlyNewer = sum.add(pa.OnlyNewer, pb.OnlyNewer)
		m.Pairs[i].Groups = mergeGroups(pa.Groups, pb.Groups, k, &sum)
	}
	for i := range m.Only {
		m.Only[i].Groups = mergeGroups(a.Only[i].Groups, b.Only[i].Groups, k, &sum)
	}
	if sum.err != nil {
		return nil, sum.err
	}
	return m, nil
}

// adder adds counts and keeps the first overflow.
type adder struct{ err error }

func (d *adder) add(a, b int64) int64 {
	s, err := add(a, b)
	if err != nil && d.err == nil {
		d.err = err
	}
	return s
}

func addCounts(a, b map[string]int64, sum *adder) map[string]int64 {
	m := maps.Clone(a)
	if m == nil {
		m = map[string]int64{}
	}
	for key, n := range b {
		m[key] = sum.add(m[key], n)
	}
	return m
}
