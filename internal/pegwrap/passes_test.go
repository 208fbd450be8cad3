package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	goabnf "github.com/pandatix/go-abnf"
	"github.com/urispec/urispec/internal/testcorpus"
)

var (
	passesAll = flag.Bool("passes.all", false,
		"TestPassesKeepTheLanguage: every pass on every grammar (make conformance runs it); "+
			"without it, every pass on api/testdata/tiny.peg and the grammars of -passes.grammars")
	passesGrammars = flag.String("passes.grammars", "",
		"TestPassesKeepTheLanguage: comma-separated grammars of grammar/ (rfc3986) to run besides "+
			"api/testdata/tiny.peg (make conformance-sample: rfc3986)")
	passesSeeds = flag.Int("passes.seeds", 250,
		"TestPassesKeepTheLanguage: strings generated from each oracle top rule, each with 3 near-misses")
)

// TestPassesKeepTheLanguage proves, pass by pass and grammar by grammar, that every pass
// keeps the language and what package uri reports of it: the parser generated with
// every pass and the one generated with the pass switched off give the same verdict, the
// same syntax tree on a match, and on a failure the same error offset and rule (ErrorAt)
// and the same expected set (Expected), from every entry rule, on every string of up to
// 4 bytes over the grammar's byte classes (one byte of each class of bytes that the
// tests of the two parsers treat alike) and on a sample of the ABNF oracle's strings and
// near-misses (testdata/passdiff/main.go compares them).
//
// Building the parsers is the cost, about a minute per grammar on 2 cores: by default
// the test covers every pass on api/testdata/tiny.peg, the small grammar written for the
// passes' tests; -passes.grammars=rfc3986 adds grammar/rfc3986.peg (make conformance-sample, which
// CI runs), and -passes.all every grammar of grammar/ and grammar/schemes/ (make
// conformance). The test logs the grammars it ran.
func TestPassesKeepTheLanguage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two parsers per pass and grammar (make conformance runs every grammar)")
	}
	grammars := []string{filepath.Join("api", "testdata", "tiny.peg")}
	for _, name := range strings.Split(*passesGrammars, ",") {
		if name != "" {
			grammars = append(grammars, testcorpus.Path(t, "grammar/"+name+".peg"))
		}
	}
	defer func() { t.Logf("grammars: %s (-passes.grammars, -passes.all add more)", strings.Join(grammars, ", ")) }()
	if *passesAll {
		grammars = grammars[:1]
		for _, dir := range []string{testcorpus.Path(t, "grammar"), testcorpus.Path(t, "grammar/schemes")} {
			paths, err := filepath.Glob(filepath.Join(dir, "*.peg"))
			if err != nil {
				t.Fatal(err)
			}
			grammars = append(grammars, paths...)
		}
	}
	for _, path := range grammars {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".peg"), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			name := grammarName(path)
			on, err := compile(name, src, "on", nil)
			if err != nil {
				t.Fatal(err)
			}
			onTests, err := tested(on)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			sample, err := oracleSample(strings.TrimSuffix(path, ".peg")+".abnf", *passesSeeds)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "sample.txt"), sample, 0o644); err != nil {
				t.Fatal(err)
			}
			onCode, err := emit(on, true)
			if err != nil {
				t.Fatal(err)
			}
			for _, ps := range passes {
				off, err := compile(name, src, "off", map[string]bool{ps.name: true})
				if err != nil {
					t.Fatalf("-off %s: %v", ps.name, err)
				}
				offTests, err := tested(off)
				if err != nil {
					t.Fatal(err)
				}
				classes := partition(append(onTests, offTests...))
				var alphabet []byte
				for c := range classes {
					if classes[c] == byte(c) {
						alphabet = append(alphabet, byte(c))
					}
				}
				offCode, err := emit(off, true)
				if err != nil {
					t.Fatal(err)
				}
				passdiff := buildPassdiff(t, dir, onCode, offCode)
				cmd := exec.Command(passdiff, "-entries", strings.Join(on.grammar.entries, ","),
					"-alphabet", strconv.Quote(string(alphabet)), "-depth", "4", "-sample", filepath.Join(dir, "sample.txt"))
				out, err := cmd.CombinedOutput()
				if err != nil {
					t.Errorf("-off %s: %v\n%s", ps.name, err, out)
					continue
				}
				t.Logf("-off %s: %s", ps.name, bytes.TrimSpace(out))
			}
		})
	}
}

// buildPassdiff writes into dir a module holding testdata/passdiff/main.go and the
// parsers on and off (their parser.go; each gets its api.go), builds the comparison
// program and returns its path.
func buildPassdiff(t *testing.T, dir string, on, off []byte) string {
	t.Helper()
	harness, err := os.ReadFile(filepath.Join("testdata", "passdiff", "main.go"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{"go.mod": []byte("module passdiff\n\ngo 1.26\n"), "main.go": harness,
		"on/parser.go": on, "off/parser.go": off}
	for _, pkg := range []string{"on", "off"} {
		if files[pkg+"/api.go"], err = emitAPI(pkg); err != nil {
			t.Fatal(err)
		}
	}
	for name, data := range files {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "build", "-o", "passdiff", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the comparison: %v\n%s", err, out)
	}
	return filepath.Join(dir, "passdiff")
}

// oracleSample generates, from each top rule of the ABNF oracle at path (its
// "; oracle-top:" line, or the first of URI-reference, URL-reference and url it has),
// the strings of seeds 0 to seeds-1 as uri/oracle_test.go generates them (the same
// repetition limits and thresholds by seed), and three near-misses of each (a byte
// inserted, deleted or replaced by a delimiter), as Go-quoted lines. A grammar without
// an oracle has no sample.
func oracleSample(path string, seeds int) ([]byte, error) {
	src, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	g, err := goabnf.ParseABNF(src)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var tops []string
	for _, line := range strings.Split(string(src), "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "; oracle-top:"); ok {
			tops = strings.Fields(v)
		}
	}
	if len(tops) == 0 {
		for _, c := range []string{"URI-reference", "URL-reference", "url"} {
			if goabnf.GetRule(c, g.Rulemap) != nil {
				tops = []string{c}
				break
			}
		}
	}
	if len(tops) == 0 {
		return nil, fmt.Errorf("%s: no top rule", path)
	}
	const mutations = "/?#[]:@%.-_~ |^gZ6Vv+;=*!&$"
	var b bytes.Buffer
	for _, top := range tops {
		for seed := int64(0); seed < int64(seeds); seed++ {
			s, err := g.Generate(seed, top, goabnf.WithRepMax([]int{1, 2, 3, 5, 8}[seed%5]),
				goabnf.WithThreshold([]int{8, 24, 64, 128}[(seed/5)%4]))
			if err != nil {
				return nil, fmt.Errorf("%s: Generate(%d, %s): %w", path, seed, top, err)
			}
			fmt.Fprintf(&b, "%q\n", s)
			r := rand.New(rand.NewPCG(uint64(seed), 0x5eed))
			for k := 0; k < 3; k++ {
				c := mutations[r.IntN(len(mutations))]
				out := append([]byte(nil), s...)
				switch i := r.IntN(len(s) + 1); {
				case r.IntN(3) == 0 || len(s) == 0:
					out = append(out[:i], append([]byte{c}, s[i:]...)...)
				case i < len(s) && r.IntN(2) == 0:
					out = append(out[:i], s[i+1:]...)
				case i < len(s):
					out[i] = c
				}
				fmt.Fprintf(&b, "%q\n", out)
			}
		}
	}
	return b.Bytes(), nil
}

// TestPassDiffFindsDifferences checks that the comparison of TestPassesKeepTheLanguage
// can fail: two parsers of grammars that differ in one character of one rule (mark
// without "!"), in the role of the parser with and without a pass, must be told apart.
func TestPassDiffFindsDifferences(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two parsers")
	}
	path := filepath.Join("api", "testdata", "tiny.peg")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	changed := bytes.Replace(src, []byte("mark <- '-' / '.' / '_' / '~' / '!'"), []byte("mark <- '-' / '.' / '_' / '~'"), 1)
	if bytes.Equal(changed, src) {
		t.Fatal("tiny.peg has no rule mark to change")
	}
	code := map[string][]byte{}
	for pkg, grammar := range map[string][]byte{"on": src, "off": changed} {
		t.Run(pkg, func(t *testing.T) {
			p, err := compile(grammarName(path), grammar, pkg, nil)
			if err != nil {
				t.Fatal(err)
			}
			if code[pkg], err = emit(p, true); err != nil {
				t.Fatal(err)
			}
		})
	}
	passdiff := buildPassdiff(t, t.TempDir(), code["on"], code["off"])
	out, err := exec.Command(passdiff, "-entries", "top,alt", "-alphabet", strconv.Quote("a!:/"), "-depth", "3").CombinedOutput()
	if err == nil || !bytes.Contains(out, []byte("without the pass")) {
		t.Errorf("the comparison did not tell the grammars apart: %v\n%s", err, out)
	}
	t.Logf("%s", bytes.TrimSpace(out))
}

// TestCheckPasses checks the generator's table of passes, and that checkPasses refuses a
// table whose order breaks an after, names a pass twice, or follows a pass that is not
// in it.
func TestCheckPasses(t *testing.T) {
	if err := checkPasses(passes); err != nil {
		t.Fatalf("the table of passes: %v", err)
	}
	run := func(*program) error { return nil }
	for _, c := range []struct {
		name  string
		table []pass
	}{
		{"order", []pass{{name: "b", after: []string{"a"}, run: run}, {name: "a", run: run}}},
		{"twice", []pass{{name: "a", run: run}, {name: "a", run: run}}},
		{"unknown", []pass{{name: "a", after: []string{"z"}, run: run}}},
		{"no name", []pass{{name: "", run: run}}},
		{"no step", []pass{{name: "a"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := checkPasses(c.table); err == nil {
				t.Errorf("%s: checkPasses accepts %v", c.name, c.table)
			}
		})
	}
	if _, err := passSet("copy,nosuchpass"); err == nil {
		t.Errorf("passSet accepts a pass that is not in the table")
	}
	if off, err := passSet("copy, notes"); err != nil || !off["copy"] || !off["notes"] || len(off) != 2 {
		t.Errorf(`passSet("copy, notes") = %v, %v`, off, err)
	}
}

// TestDesignDescribesPasses checks that the table of passes in docs/design.md lists the
// generator's passes in their order, each with the passes it names in after.
func TestDesignDescribesPasses(t *testing.T) {
	doc, err := os.ReadFile(testcorpus.Path(t, "docs/design.md"))
	if err != nil {
		t.Fatal(err)
	}
	var rows []string
	in := false
	for _, line := range strings.Split(string(doc), "\n") {
		switch {
		case strings.HasPrefix(line, "| pass | what it does | after |"):
			in = true
		case in && strings.HasPrefix(line, "| ---"):
		case in && strings.HasPrefix(line, "|"):
			cells := strings.Split(line, "|")
			rows = append(rows, strings.TrimSpace(cells[1])+": "+strings.TrimSpace(cells[len(cells)-2]))
		default:
			in = false
		}
	}
	var want []string
	for _, p := range passes {
		want = append(want, p.name+": "+strings.Join(p.after, ", "))
	}
	if strings.Join(rows, "\n") != strings.Join(want, "\n") {
		t.Errorf("docs/design.md's table of passes (name: after) is\n%s\nwant, from passes.go,\n%s",
			strings.Join(rows, "\n"), strings.Join(want, "\n"))
	}
}
