package testcorpus

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// module is the root module's path: the repository root is the directory of the go.mod
// that declares it.
const module = "github.com/urispec/urispec"

// findRoot walks up from the working directory (a test's is its package's directory) to
// the root module's go.mod; the modules of beam/ and jsonschema/ have go.mod files of
// their own, which it passes.
var findRoot = sync.OnceValues(func() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if declares(filepath.Join(dir, "go.mod"), module) {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("testcorpus: no go.mod of " + module + " above the working directory")
		}
		dir = parent
	}
})

// declares reports whether the go.mod file at path declares module mod.
func declares(path, mod string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module "); ok {
			return strings.Trim(strings.TrimSpace(rest), `"`) == mod
		}
	}
	return false
}

// Root returns the repository root, the one directory from which the tests of every
// package (and of the modules beam/ and jsonschema/) reach the files they share:
// testdata/, grammar/, docs/ and the README.
func Root(tb testing.TB) string {
	tb.Helper()
	root, err := findRoot()
	if err != nil {
		tb.Fatal(err)
	}
	return root
}

// Path returns the file or directory at the slash-separated path rel from the
// repository root ("testdata/corpora/realworld-urls.txt.gz").
func Path(tb testing.TB, rel string) string {
	tb.Helper()
	return filepath.Join(Root(tb), filepath.FromSlash(rel))
}

// Locate is Path for code that has no testing.TB (a fuzz target's setup, a program):
// it returns the error instead of failing a test.
func Locate(rel string) (string, error) {
	root, err := findRoot()
	if err != nil {
		return "", err
	}
	return filepath.Join(root, filepath.FromSlash(rel)), nil
}
