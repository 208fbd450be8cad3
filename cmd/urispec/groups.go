package main

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/urispec/urispec/internal/summary"
)

// group counts the inputs that share a key, with the first few as examples.
type group struct {
	key      string
	count    int
	examples []groupExample
}

// groupExample is one input quoted in a group.
type groupExample struct {
	Where    string `json:"where"` // FILE:LINE
	Input    string `json:"input"` // "" for a line too long to read
	InputB64 string `json:"input_base64,omitempty"`
	Note     string `json:"note,omitempty"`   // why the line was not compared
	Detail   string `json:"detail,omitempty"` // how the two parsers read the component
}

// exampleOf quotes an input line.
func exampleOf(in inputLine) groupExample {
	return groupExample{Where: in.where(), Input: in.text, InputB64: exactBytes(in.text)}
}

// text is how an example is printed in the text report: its place and its text,
// shortened, then the note and on a line of its own the detail.
func (e groupExample) text() string {
	line := e.Where
	if !strings.HasPrefix(e.Note, "line longer") {
		line += "  " + shorten(e.Input, 100)
	}
	if e.Note != "" {
		line += "  (" + e.Note + ")"
	}
	if e.Detail != "" {
		line += "\n             " + e.Detail
	}
	return line
}

// groupJSON is a group in compare -json.
type groupJSON struct {
	Key      string         `json:"key"`
	Count    int            `json:"count"`
	Examples []groupExample `json:"examples"`
}

// json lists every group, by count, largest first, then by key.
func (gs *groups) json() []groupJSON {
	out := []groupJSON{}
	for _, g := range gs.sorted() {
		out = append(out, groupJSON{g.key, g.count, append([]groupExample{}, g.examples...)})
	}
	return out
}

// groups is a set of groups that keeps at most maxExamples examples each.
type groups struct {
	m           map[string]*group
	maxExamples int
}

func newGroups(maxExamples int) *groups {
	return &groups{m: map[string]*group{}, maxExamples: maxExamples}
}

func (gs *groups) add(key string, example func() groupExample) {
	g := gs.m[key]
	if g == nil {
		g = &group{key: key}
		gs.m[key] = g
	}
	g.count++
	if len(g.examples) < gs.maxExamples {
		g.examples = append(g.examples, example())
	}
}

// total is the number of inputs in all groups.
func (gs *groups) total() int {
	n := 0
	for _, g := range gs.m {
		n += g.count
	}
	return n
}

// sorted returns the groups by count, largest first, then by key.
func (gs *groups) sorted() []*group {
	out := make([]*group, 0, len(gs.m))
	for _, g := range gs.m {
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].count != out[j].count {
			return out[i].count > out[j].count
		}
		return out[i].key < out[j].key
	})
	return out
}

// write prints up to limit groups (0: all) as "  COUNT  KEY" with indented examples.
func (gs *groups) write(w io.Writer, limit int) {
	all := gs.sorted()
	shown := all
	if limit > 0 && len(all) > limit {
		shown = all[:limit]
	}
	for _, g := range shown {
		fmt.Fprintf(w, "  %7d  %s\n", g.count, g.key)
		for _, ex := range g.examples {
			fmt.Fprintf(w, "           %s\n", ex.text())
		}
	}
	if rest := all[len(shown):]; len(rest) > 0 {
		n := 0
		for _, g := range rest {
			n += g.count
		}
		fmt.Fprintf(w, "  %7d  in %s (-groups 0 lists all)\n", n, plural(len(rest), "more group"))
	}
}

// rejectReason is the group key part for an input a spec rejects: the character at the
// error's offset and the rule being parsed there, such as "' ' in reg-name" or "end of
// input in IPv6address".
func rejectReason(err error) string { return summary.Reason(err) }

// problemKind is an input problem without its offset, for grouping.
func problemKind(p string) string { return summary.ProblemKind(p) }
