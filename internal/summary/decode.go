package summary

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Decode reads one summary JSON document and checks that it is whole: this format, one
// count per spec, a pair for each adjacent two, groups sorted by key.
func Decode(r io.Reader) (*Summary, error) {
	var s Summary
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("not a summary: %w", err)
	}
	if s.Format != FormatVersion {
		return nil, fmt.Errorf("summary format %d: this program reads format %d", s.Format, FormatVersion)
	}
	n := len(s.Specs)
	if n == 0 || len(s.Accepts) != n || len(s.Pairs) != n-1 || len(s.Only) != n {
		return nil, fmt.Errorf("summary of %d specs with %d accept counts, %d pairs, %d only lists", n, len(s.Accepts), len(s.Pairs), len(s.Only))
	}
	for i, p := range s.Pairs {
		if p.Older != s.Specs[i] || p.Newer != s.Specs[i+1] {
			return nil, fmt.Errorf("pair %d is %s -> %s, not %s -> %s", i, p.Older, p.Newer, s.Specs[i], s.Specs[i+1])
		}
	}
	s.normalize()
	lists := [][]Group{s.Unchecked}
	for _, p := range s.Pairs {
		lists = append(lists, p.Groups)
	}
	for _, o := range s.Only {
		lists = append(lists, o.Groups)
	}
	for _, gs := range lists {
		if !slices.IsSortedFunc(gs, func(a, b Group) int { return strings.Compare(a.Key, b.Key) }) {
			return nil, fmt.Errorf("groups not sorted by key")
		}
		for i := range gs {
			if gs[i].Examples == nil {
				gs[i].Examples = []Example{}
			}
			for j := range gs[i].Examples {
				gs[i].Examples[j] = gs[i].Examples[j].withHash()
			}
		}
	}
	return &s, nil
}

// Encode writes s as indented JSON: a summary of equal content is equal bytes
// (encoding/json sorts map keys; Add and Merge keep lists sorted).
func (s *Summary) Encode(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	return enc.Encode(s)
}
