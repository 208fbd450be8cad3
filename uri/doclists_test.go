package uri_test

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/urispec/urispec/uri"
)

// specRow is a row of a spec table in a doc comment: a tab, a spec's ID, two spaces.
var specRow = regexp.MustCompile(`^//\t([a-z0-9-]+)  `)

// TestDocCommentSpecTables fails when a table of specs in a doc comment (the package's
// list of versions, Resolve's list of algorithms) misses a spec of uri.Specs or names
// one that is not there, or lists them out of date order: the tables are written by
// hand, and the spec table is where a spec is added.
func TestDocCommentSpecTables(t *testing.T) {
	var want []string
	for _, s := range uri.Specs() {
		want = append(want, s.String())
	}
	for _, c := range []struct{ file, from string }{
		{"doc.go", "// # Spec versions"},
		{"resolve.go", "// Resolve resolves ref against base"},
	} {
		t.Run(c.file, func(t *testing.T) {
			data, err := os.ReadFile(c.file)
			if err != nil {
				t.Fatal(err)
			}
			text := string(data)
			i := strings.Index(text, c.from)
			if i < 0 {
				t.Fatalf("%s: no %q", c.file, c.from)
			}
			var got []string
			for _, line := range strings.Split(text[i:], "\n") {
				if !strings.HasPrefix(line, "//") {
					break
				}
				if m := specRow.FindStringSubmatch(line); m != nil {
					got = append(got, m[1])
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s: the table after %q lists\n%q\nwant (uri.Specs)\n%q", c.file, c.from, got, want)
			}
		})
	}
}
