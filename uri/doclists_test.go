package uri_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/urispec/urispec/uri"
)

// specRow is a row of a spec table in a doc comment: a tab, a spec's ID, two spaces.
var specRow = regexp.MustCompile(`^//\t([a-z0-9-]+)  `)

// TestDocCommentSpecTables fails when a doc comment holds a table of specs (a line of a
// tab, a spec's ID and two spaces): the one home of every spec's row is the table of
// docs/specs.md, which cmd/urispec's TestDocSpecTables checks against uri.Specs, and a
// doc comment names the Spec constants and Specs instead.
func TestDocCommentSpecTables(t *testing.T) {
	ids := map[string]bool{}
	for _, s := range uri.Specs() {
		ids[s.String()] = true
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for n, line := range strings.Split(string(data), "\n") {
			if m := specRow.FindStringSubmatch(line); m != nil && ids[m[1]] {
				t.Errorf("%s:%d: a row of a table of specs (%s): name the Spec constants, or docs/specs.md", file, n+1, m[1])
			}
		}
	}
}
