package main

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/urispec/urispec/uri"
)

// readmeSpecRow is a row of the README's table of specifications: | `id` | ...
var readmeSpecRow = regexp.MustCompile("^\\| `([a-z0-9-]+)` \\|")

// TestREADMESpecTable fails when the README's table of specifications misses a spec of
// uri.Specs, names one that is not there, or lists them out of date order.
func TestREADMESpecTable(t *testing.T) {
	var want []string
	for _, s := range uri.Specs() {
		want = append(want, s.String())
	}
	for _, doc := range markdownDocs(t) {
		if doc.name != "README.md" {
			continue
		}
		i := strings.Index(doc.text, "\n## Specifications\n")
		if i < 0 {
			t.Fatal("README.md: no section Specifications")
		}
		var got []string
		for _, line := range strings.Split(doc.text[i+1:], "\n")[1:] {
			if strings.HasPrefix(line, "## ") {
				break
			}
			if m := readmeSpecRow.FindStringSubmatch(line); m != nil {
				got = append(got, m[1])
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("README.md: the Specifications table lists\n%q\nwant (uri.Specs)\n%q", got, want)
		}
		return
	}
	t.Fatal("no README.md among the docs")
}
