package suite

import (
	"bytes"
	"flag"
	"os"
	"testing"

	"github.com/urispec/urispec/internal/testcorpus"
)

var update = flag.Bool("update", false, "rewrite the table in the module's README.md")

// testsDir is the suite's tests/ directory, from the repository root.
const testsDir = "jsonschema/testdata/json-schema-test-suite/tests"

func load(t *testing.T) []Case {
	t.Helper()
	cases, err := Load(testcorpus.Path(t, testsDir))
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

// TestLoad checks that every file of the copy is read: 25 files (every draft that has
// the formats), 758 tests.
func TestLoad(t *testing.T) {
	cases := load(t)
	files := map[string]bool{}
	for _, c := range cases {
		files[c.File] = true
	}
	if len(files) != 25 || len(cases) != 758 {
		t.Errorf("read %d files, %d tests; want 25 files, 758 tests", len(files), len(cases))
	}
}

// TestURISpecFormats requires every validator, with urispec's formats registered by its
// plug-in, to give the suite's verdict on every test.
func TestURISpecFormats(t *testing.T) {
	cases := load(t)
	for _, v := range Validators() {
		t.Run(v.Name, func(t *testing.T) {
			for _, c := range cases {
				if v.StringsOnly && !c.IsString() {
					continue
				}
				got, err := v.Run(c, true)
				switch {
				case err != nil:
					t.Errorf("%s: %v", c, err)
				case got != c.Valid:
					t.Errorf("%s: %s: valid %v, want %v", c, c.Data, got, c.Valid)
				}
			}
		})
	}
}

// TestBuiltInFormatsDiffer checks that the suite tells the two columns apart: with its own
// formats each validator misses tests that it passes with urispec's. Without this the table
// could compare two runs of the same checks.
func TestBuiltInFormatsDiffer(t *testing.T) {
	cases := load(t)
	for _, v := range Validators() {
		differ := false
		for _, c := range cases {
			if v.StringsOnly && !c.IsString() {
				continue
			}
			withURISpec, err1 := v.Run(c, true)
			builtIn, err2 := v.Run(c, false)
			if err1 == nil && err2 == nil && withURISpec != builtIn {
				differ = true
				break
			}
		}
		if !differ {
			t.Errorf("%s: same verdicts with and without urispec's formats", v.Name)
		}
	}
}

// TestTable measures the table of the module's README.md and requires the README to show
// it. go test ./internal/suite -run TestTable -v prints it; -update rewrites the README.
func TestTable(t *testing.T) {
	tallies, errs := Measure(load(t))
	for _, err := range errs {
		t.Error(err)
	}
	table := Markdown(tallies)
	t.Logf("\n%s", table)

	readme := testcorpus.Path(t, "jsonschema/README.md")
	b, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	begin, end := []byte("<!-- table begin -->\n"), []byte("<!-- table end -->\n")
	i, j := bytes.Index(b, begin), bytes.Index(b, end)
	if i < 0 || j < i {
		t.Fatalf("%s: no %q ... %q lines", readme, begin, end)
	}
	i += len(begin)
	if string(b[i:j]) == table {
		return
	}
	if !*update {
		t.Fatalf("%s: the table differs from the one measured (go test ./internal/suite -run TestTable -update rewrites it):\n%s", readme, table)
	}
	out := append(append(append([]byte{}, b[:i]...), table...), b[j:]...)
	if err := os.WriteFile(readme, out, 0o644); err != nil {
		t.Fatal(err)
	}
}
