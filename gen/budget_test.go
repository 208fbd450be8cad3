package gen

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The budget of the generated code: what an importer of package uri compiles. Growth
// past it is a decision (docs/performance.md, "Generated code"), not an accident.
const (
	maxLines     = 160000 // all of gen/
	maxFuncLines = 1000   // any one function, from its func line to its closing brace
)

// ledger matches the size line of a generated file's header (internal/pegwrap/emit.go).
var ledger = regexp.MustCompile(`(?m)^// Size: (?:.*, )?([0-9,]+) lines; the largest function is (\w+) \(([0-9,]+) lines\)\.$`)

// TestBudget holds gen/ to maxLines lines and every function in it to maxFuncLines, and
// checks that each generated file's header states its size truly.
func TestBudget(t *testing.T) {
	total, files := 0, 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files++
		lines := bytes.Count(src, []byte("\n"))
		total += lines
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		largest, largestLines := "", 0
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			n := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1
			if n > maxFuncLines {
				t.Errorf("%s: %s has %d lines, more than %d", path, fd.Name.Name, n, maxFuncLines)
			}
			if n > largestLines {
				largest, largestLines = fd.Name.Name, n
			}
		}
		if path == "generate.go" {
			return nil
		}
		m := ledger.FindSubmatch(src)
		if m == nil {
			t.Errorf("%s: no size in its header", path)
			return nil
		}
		if number(m[1]) != lines || string(m[2]) != largest || number(m[3]) != largestLines {
			t.Errorf("%s: the header says %s lines, largest %s (%s lines); the file has %d, largest %s (%d)",
				path, m[1], m[2], m[3], lines, largest, largestLines)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("gen/: %d files, %d lines (budget %d)", files, total, maxLines)
	if total > maxLines {
		t.Errorf("gen/ has %d lines, more than %d", total, maxLines)
	}
}

// number reads a number written with commas.
func number(b []byte) int {
	n, _ := strconv.Atoi(strings.ReplaceAll(string(b), ",", ""))
	return n
}
