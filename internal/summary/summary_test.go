package summary

import (
	"bytes"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/urispec/urispec/internal/testcorpus"
	"github.com/urispec/urispec/uri"
)

// checked is one corpus line with its verdicts under every spec.
type checked struct {
	ex       Example
	problem  string
	verdicts []error
}

func specIDs() []string {
	var ids []string
	for _, s := range uri.Specs() {
		ids = append(ids, s.String())
	}
	return ids
}

// readCorpus checks every line of the real-world corpus under every spec, once.
func readCorpus(t *testing.T) []checked {
	t.Helper()
	var parsers []*uri.Parser
	for _, s := range uri.Specs() {
		p, err := uri.NewParser(s)
		if err != nil {
			t.Fatal(err)
		}
		parsers = append(parsers, p)
	}
	var out []checked
	for i, line := range testcorpus.Lines(t, "testdata/corpora/realworld-urls.txt.gz") {
		line = strings.TrimSuffix(line, "\r")
		c := checked{ex: NewExample(line, "realworld-urls.txt", int64(i)+1)}
		switch {
		case !utf8.ValidString(line):
			c.problem = "not valid UTF-8"
		case strings.IndexByte(line, 0) >= 0:
			c.problem = "NUL byte"
		default:
			for _, p := range parsers {
				c.verdicts = append(c.verdicts, p.Validate(line))
			}
		}
		out = append(out, c)
	}
	if len(out) != 93526 {
		t.Fatalf("read %d lines, want the corpus's 93,526", len(out))
	}
	return out
}

func build(lines []checked, k int) *Summary {
	s := New(specIDs(), k)
	for _, c := range lines {
		if c.problem != "" {
			s.AddUnchecked(c.ex, c.problem)
		} else {
			s.Add(c.ex, c.verdicts)
		}
	}
	return s
}

func encode(t *testing.T, s *Summary) string {
	t.Helper()
	var b bytes.Buffer
	if err := s.Encode(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func mergeAll(t *testing.T, parts []*Summary) *Summary {
	t.Helper()
	m := parts[0]
	for _, p := range parts[1:] {
		var err error
		if m, err = Merge(m, p); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

// TestMergeEqualsWhole splits the real-world corpus into shards in several ways, merges
// their summaries in several orders and groupings, and requires the JSON of the whole.
func TestMergeEqualsWhole(t *testing.T) {
	lines := readCorpus(t)
	const k = 3
	whole := build(lines, k)
	want := encode(t, whole)
	if whole.Inputs != 93526 || len(whole.Pairs) == 0 || len(whole.Pairs[0].Groups) == 0 {
		t.Fatalf("the whole corpus's summary looks empty: %d inputs, pairs %v", whole.Inputs, len(whole.Pairs))
	}
	rng := rand.New(rand.NewPCG(1, 2))
	splits := map[string]func(i int) int{
		"thirds":      func(i int) int { return i * 3 / len(lines) },
		"round-robin": func(i int) int { return i % 3 },
		"random-5":    func(int) int { return rng.IntN(5) },
		"one-and-rest": func(i int) int {
			if i == 4242 {
				return 1
			}
			return 0
		},
	}
	for name, shardOf := range splits {
		t.Run(name, func(t *testing.T) {
			var shards [][]checked
			for i, c := range lines {
				j := shardOf(i)
				for len(shards) <= j {
					shards = append(shards, nil)
				}
				shards[j] = append(shards[j], c)
			}
			var parts []*Summary
			for _, sh := range shards {
				parts = append(parts, build(sh, k))
			}
			orders := [][]*Summary{parts, slices.Clone(parts)}
			slices.Reverse(orders[1])
			shuffled := slices.Clone(parts)
			rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
			orders = append(orders, shuffled)
			for o, order := range orders {
				if got := encode(t, mergeAll(t, order)); got != want {
					t.Errorf("%s, order %d: merge differs from the whole:\n%s", name, o, cmp.Diff(want, got))
				}
			}
			// Right-leaning grouping: a+(b+c+...) as well as (a+b)+c.
			if len(parts) > 2 {
				rest := mergeAll(t, parts[1:])
				m, err := Merge(parts[0], rest)
				if err != nil {
					t.Fatal(err)
				}
				if got := encode(t, m); got != want {
					t.Errorf("%s, a+(b+...): merge differs from the whole", name)
				}
			}
		})
	}
	// A summary decoded from its JSON merges the same.
	d, err := Decode(strings.NewReader(want))
	if err != nil {
		t.Fatal(err)
	}
	if got := encode(t, d); got != want {
		t.Errorf("decode and encode changed the summary:\n%s", cmp.Diff(want, got))
	}
}

// TestBottomK checks the examples against a direct computation: the k distinct inputs
// of smallest FNV-1a hash, each at its first line.
func TestBottomK(t *testing.T) {
	s := New([]string{"a", "b"}, 2)
	inputs := []string{"x", "y", "x", "z", "w", "y", "v", "\xff"}
	inputs = append(inputs, inputs...) // every input seen again later: its first line must be kept
	verdicts := []error{nil, uri.Validate(uri.RFC3986, " ")}
	for i, in := range inputs {
		s.Add(NewExample(in, "f", int64(i+1)), verdicts)
	}
	if len(s.Pairs[0].Groups) != 1 {
		t.Fatalf("groups %+v, want one", s.Pairs[0].Groups)
	}
	g := s.Pairs[0].Groups[0]
	if g.Count != int64(len(inputs)) {
		t.Errorf("count %d, want %d (duplicates count)", g.Count, len(inputs))
	}
	first := map[string]int64{}
	for i, in := range inputs {
		if _, ok := first[in]; !ok {
			first[in] = int64(i + 1)
		}
	}
	var distinct []Example
	for in, line := range first {
		distinct = append(distinct, NewExample(in, "f", line))
	}
	slices.SortFunc(distinct, func(a, b Example) int {
		if a.Hash() != b.Hash() {
			if a.Hash() < b.Hash() {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Text(), b.Text())
	})
	if diff := cmp.Diff(distinct[:2], g.Examples, cmp.AllowUnexported(Example{})); diff != "" {
		t.Errorf("examples (-want +got):\n%s", diff)
	}
}

func TestMergeRefusesMismatch(t *testing.T) {
	a := New([]string{"rfc2396", "rfc3986"}, 2)
	for _, b := range []*Summary{New([]string{"rfc3986"}, 2), New([]string{"rfc2396", "rfc3986"}, 3)} {
		t.Run(strings.Join(b.Specs, ",")+" examples="+strconv.Itoa(b.Examples), func(t *testing.T) {
			if _, err := Merge(a, b); err == nil {
				t.Errorf("Merge of %v/%d and %v/%d: no error", a.Specs, a.Examples, b.Specs, b.Examples)
			}
		})
	}
	generic := New([]string{"rfc2396", "rfc3986"}, 2)
	generic.GenericOnly = true
	if _, err := Merge(a, generic); err == nil {
		t.Error("Merge of a summary with scheme grammars and one without: no error")
	}
	old := New([]string{"rfc3986"}, 2)
	old.Format = 0
	if _, err := Merge(old, old); err == nil {
		t.Error("Merge of format 0: no error")
	}
}

func TestExampleKeepsBytes(t *testing.T) {
	e := NewExample("a\xffb", "f", 1)
	if e.Text() != "a\xffb" || !utf8.ValidString(e.Input) || e.InputB64 == "" {
		t.Errorf("NewExample(a\\xffb) = %+v, Text %q", e, e.Text())
	}
}

// TestFNV1a pins the example hash to hash/fnv's 64-bit FNV-1a: summaries written by
// earlier versions must keep merging with new ones.
func TestFNV1a(t *testing.T) {
	for _, s := range []string{"", "a", "http://example.com/", "\xff\x00é"} {
		t.Run(strconv.Quote(s), func(t *testing.T) {
			h := fnv.New64a()
			h.Write([]byte(s))
			if got, want := fnv1a(s), h.Sum64(); got != want {
				t.Errorf("fnv1a(%q) = %#x, hash/fnv gives %#x", s, got, want)
			}
		})
	}
}

// TestPairs checks which pairs a summary compares: adjacent versions, and rfc3986 →
// whatwg, counted from the two specs' own verdicts.
func TestPairs(t *testing.T) {
	names := func(s *Summary) []string {
		var out []string
		for _, p := range s.Pairs {
			out = append(out, p.Older+">"+p.Newer)
		}
		return out
	}
	for _, tc := range []struct {
		specs []string
		want  []string
	}{
		{[]string{"rfc3986", "whatwg"}, []string{"rfc3986>whatwg"}},
		{[]string{"rfc6874", "whatwg"}, []string{"rfc6874>whatwg"}},
		{[]string{"rfc3986", "rfc6874", "whatwg"}, []string{"rfc3986>rfc6874", "rfc6874>whatwg", "rfc3986>whatwg"}},
		{[]string{"rfc2396", "rfc3986"}, []string{"rfc2396>rfc3986"}},
		{[]string{"whatwg"}, nil},
	} {
		t.Run(strings.Join(tc.specs, ","), func(t *testing.T) {
			if got := names(New(tc.specs, 0)); !slices.Equal(got, tc.want) {
				t.Errorf("New(%q).Pairs = %q; want %q", tc.specs, got, tc.want)
			}
		})
	}

	s := smallSummary(t, 1)
	p := s.Pairs[len(s.Pairs)-1]
	if p.Older != "rfc3986" || p.Newer != "whatwg" {
		t.Fatalf("last pair of every spec's summary = %s -> %s; want rfc3986 -> whatwg", p.Older, p.Newer)
	}
	var older, newer int64
	for _, in := range smallInputs() {
		a, b := uri.Validate(uri.RFC3986, in) == nil, uri.Validate(uri.WHATWG, in) == nil
		switch {
		case a && !b:
			older++
		case b && !a:
			newer++
		}
	}
	if p.OnlyOlder != older || p.OnlyNewer != newer || older == 0 || newer == 0 {
		t.Errorf("rfc3986 -> whatwg: only_older %d, only_newer %d; want %d and %d, neither 0", p.OnlyOlder, p.OnlyNewer, older, newer)
	}
}
