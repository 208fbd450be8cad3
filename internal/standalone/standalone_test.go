// Package standalone holds the test that keeps the repository self-contained: a clone
// with nothing beside it must build, test and read as it does here.
package standalone

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// outside matches a path into the workshop folder the project was built beside: its
// data is copied into testdata/ and its documents are cited by name and section.
var outside = regexp.MustCompile(`\.\./` + `shared\b|/work/` + `shared\b|\bshared/(corpora|seeds|specs)/`)

// TestNothingOutside fails when a tracked file names a path in that workshop folder.
func TestNothingOutside(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("git", "ls-files", "-z")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git ls-files: %v (the test needs a git checkout)", err)
	}
	files := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	if len(files) < 10 {
		t.Fatalf("git ls-files listed %d files", len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		if bytes.IndexByte(data, 0) >= 0 {
			continue // binary (the gzip corpus)
		}
		for i, line := range strings.Split(string(data), "\n") {
			if outside.MatchString(line) {
				t.Errorf("%s:%d names a path outside the repository: %s", f, i+1, strings.TrimSpace(line))
			}
		}
	}
}
