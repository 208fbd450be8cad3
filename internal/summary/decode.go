package summary

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// Decode reads one summary JSON document, and nothing after it but white space, and
// checks it (Check): a summary that Decode returns can be merged and reported.
func Decode(r io.Reader) (*Summary, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	// The format first: a summary of another format may have fields this one lacks, and
	// "unknown field" would not say why it is refused.
	var f struct {
		Format *int `json:"format"`
	}
	if json.Unmarshal(data, &f) == nil && f.Format != nil && *f.Format != FormatVersion {
		return nil, bad("format", "%d: this program reads format %d", *f.Format, FormatVersion)
	}
	var s Summary
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("not a summary: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("not one summary: more JSON follows the first document")
	}
	s.normalize()
	for _, gs := range s.groupLists() {
		for i := range gs {
			if gs[i].Examples == nil {
				gs[i].Examples = []Example{}
			}
			for j := range gs[i].Examples {
				gs[i].Examples[j] = gs[i].Examples[j].withHash()
			}
		}
	}
	if err := s.Check(); err != nil {
		return nil, err
	}
	return &s, nil
}

// groupLists returns every group list of s: the unchecked lines, each pair's, each only's.
func (s *Summary) groupLists() [][]Group {
	lists := [][]Group{s.Unchecked}
	for _, p := range s.Pairs {
		lists = append(lists, p.Groups)
	}
	for _, o := range s.Only {
		lists = append(lists, o.Groups)
	}
	return lists
}

// Encode writes s as indented JSON: a summary of equal content is equal bytes
// (encoding/json sorts map keys; Add and Merge keep lists sorted).
func (s *Summary) Encode(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	return enc.Encode(s)
}
