package main

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/urispec/urispec/uri"
)

// specRow is the first cell of a row of a Markdown table of specs: | `id` | or | id |.
var specRow = regexp.MustCompile("^\\| `?([a-z0-9-]+)`? \\|")

// TestDocSpecTables fails when the Markdown table that lists every spec, docs/specs.md's
// (the one home of a row per spec: its document, grammar and resolution algorithm),
// misses a spec of uri.Specs, names one that is not there, or lists them out of date
// order: the table is written by hand, and uri's spec table is where a spec is added.
func TestDocSpecTables(t *testing.T) {
	var want []string
	for _, s := range uri.Specs() {
		want = append(want, s.String())
	}
	tables := map[string]string{ // document: the line its table follows
		"docs/specs.md": "## The versions",
	}
	for _, doc := range markdownDocs(t) {
		heading, ok := tables[doc.name]
		if !ok {
			continue
		}
		delete(tables, doc.name)
		t.Run(doc.name, func(t *testing.T) {
			i := strings.Index(doc.text, "\n"+heading+"\n")
			if i < 0 {
				t.Fatalf("%s: no line %q", doc.name, heading)
			}
			var got []string
			body := false // past the table's header row and its |---| line
			for _, line := range strings.Split(doc.text[i+1:], "\n")[1:] {
				if strings.HasPrefix(line, "#") {
					break
				}
				if strings.HasPrefix(line, "|---") {
					body = true
				} else if m := specRow.FindStringSubmatch(line); m != nil && body {
					got = append(got, m[1])
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s: the table after %q lists\n%q\nwant (uri.Specs)\n%q", doc.name, heading, got, want)
			}
		})
	}
	for name := range tables {
		t.Errorf("no %s among the docs", name)
	}
}
