// Command pegwrap turns one grammar/<spec>.peg into gen/<spec>/parser.go with
// github.com/pointlander/peg v1.0.1, and makes the result fit to commit, fast, and able
// to say where and why an input fails.
//
// It runs peg, reads peg's output with go/parser, and keeps only the functions of the
// rules: lowering (lower.go) makes them methods of the Parser that api/api.go defines,
// reading bytes, recording the farthest failing test and the tokens package uri reads.
// Then the passes of the table in passes.go run on the syntax trees, each of which can
// be switched off (-off), and emit.go prints the rules, each after a comment that says
// where the grammar writes it, under a header that says how large the file is. api.go,
// the Parser and its API, is copied beside parser.go with its package clause changed.
// docs/design.md describes the whole.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
)

func main() {
	grammar := flag.String("grammar", "", "the .peg file to compile")
	out := flag.String("out", "", "the Go file to write (api.go is written beside it)")
	pkg := flag.String("package", "", "the Go package name of the output")
	dir := flag.String("dir", "", "compile every .peg file of this directory (instead of -grammar)")
	outDir := flag.String("outdir", "", "with -dir: write <outdir>/<package>/parser.go and api.go for each grammar")
	off := flag.String("off", "", "the passes to switch off, separated by commas (-passes lists them)")
	api := flag.Bool("api", true, "write api.go beside the parser (false: the package has its own, internal/pegwrap/api)")
	list := flag.Bool("passes", false, "list the passes and exit")
	flag.Parse()
	err := checkPasses(passes)
	if err == nil && *list {
		for _, p := range passes {
			after := ""
			if len(p.after) > 0 {
				after = " (after " + strings.Join(p.after, ", ") + ")"
			}
			fmt.Printf("%-9s %s%s\n", p.name, p.what, after)
		}
		return
	}
	var o options
	if err == nil {
		o.off, err = passSet(*off)
		o.api = *api
	}
	if err == nil {
		switch {
		case *dir != "" && *outDir != "" && *grammar == "":
			err = runDir(*dir, *outDir, o)
		case *grammar != "" && *out != "" && *pkg != "" && *dir == "":
			err = run(*grammar, *pkg, *out, o)
		default:
			fmt.Fprintln(os.Stderr, "usage: pegwrap [-off PASS,...] -grammar FILE.peg -package NAME -out FILE.go\n       pegwrap [-off PASS,...] -dir DIR -outdir DIR\n       pegwrap -passes")
			os.Exit(2)
		}
	}
	cleanup()
	if err != nil {
		fmt.Fprintln(os.Stderr, "pegwrap:", err)
		os.Exit(1)
	}
}

// options are what the flags ask of a run.
type options struct {
	off map[string]bool // passes switched off
	api bool            // write api.go
}

// runDir compiles every grammar of dir, so that a new grammar file needs no change to
// gen/generate.go: <name>.peg becomes package <name> without its "-"s (url-syntax-05.peg:
// urlsyntax05) in <outDir>/<package>/parser.go.
func runDir(dir, outDir string, o options) error {
	paths, err := filepath.Glob(filepath.Join(dir, "*.peg"))
	if err != nil {
		return err
	}
	if len(paths) == 0 {
		return fmt.Errorf("%s: no .peg file", dir)
	}
	seen := map[string]string{}
	for _, path := range paths {
		pkg, err := packageName(path)
		if err != nil {
			return err
		}
		if other, ok := seen[pkg]; ok {
			return fmt.Errorf("%s and %s both make package %s", other, path, pkg)
		}
		seen[pkg] = path
		if err := os.MkdirAll(filepath.Join(outDir, pkg), 0o755); err != nil {
			return err
		}
		if err := run(path, pkg, filepath.Join(outDir, pkg, "parser.go"), o); err != nil {
			return err
		}
	}
	return nil
}

// packageName derives a grammar's Go package name from its file name: the name without
// ".peg" and without "-", which must then be a lower-case Go identifier.
func packageName(path string) (string, error) {
	pkg := strings.ReplaceAll(strings.TrimSuffix(filepath.Base(path), ".peg"), "-", "")
	if !regexp.MustCompile(`^[a-z][a-z0-9]*$`).MatchString(pkg) {
		return "", fmt.Errorf("%s: the file name gives package name %q: use lower-case letters, digits and \"-\"", path, pkg)
	}
	return pkg, nil
}

// grammarName is how the generated code names a grammar: its path from the root of the
// module (grammar/schemes/http.peg), whatever directory pegwrap ran in, so that the
// output is the same from `go generate` and from a test; a file outside any module (a
// test's temporary grammar) by its base name.
func grammarName(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return filepath.Base(path)
	}
	for dir := filepath.Dir(abs); ; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			rel, err := filepath.Rel(dir, abs)
			if err != nil {
				return filepath.Base(path)
			}
			return filepath.ToSlash(rel)
		}
		if filepath.Dir(dir) == dir {
			return filepath.Base(path)
		}
	}
}

// run compiles one grammar into outPath and, with o.api, api.go beside it.
func run(grammarPath, pkg, outPath string, o options) error {
	src, err := os.ReadFile(grammarPath)
	if err != nil {
		return err
	}
	code, err := generate(grammarName(grammarPath), src, pkg, o)
	if err != nil {
		return fmt.Errorf("%s: %w", grammarPath, err)
	}
	if err := os.WriteFile(outPath, code, 0o644); err != nil {
		return err
	}
	if !o.api {
		return nil
	}
	api, err := emitAPI(pkg)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(filepath.Dir(outPath), "api.go"), api, 0o644)
}

// generate compiles a grammar's source into the parser's Go source.
func generate(path string, src []byte, pkg string, o options) ([]byte, error) {
	p, err := compile(path, src, pkg, o.off)
	if err != nil {
		return nil, err
	}
	return emit(p, o.api)
}

// compile runs peg on a grammar's source, lowers its output and runs the passes that
// are not off.
func compile(path string, src []byte, pkg string, off map[string]bool) (*program, error) {
	g, err := readGrammar(path, src)
	if err != nil {
		return nil, err
	}
	code, err := pegCode(g, pkg)
	if err != nil {
		return nil, err
	}
	p, err := lower(code, g, pkg)
	if err != nil {
		return nil, err
	}
	if err := runPasses(p, off); err != nil {
		return nil, err
	}
	if err := checkFiller(p); err != nil {
		return nil, err
	}
	return p, nil
}

// pegCode runs peg on the grammar's rules and returns its output.
func pegCode(g *grammarFile, pkg string) ([]byte, error) {
	peg, err := pegBinary()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "pegwrap")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	in := filepath.Join(dir, "grammar.peg")
	raw := filepath.Join(dir, "grammar.go")
	// peg compiles only the rules reachable from the first rule, and Run may start at
	// any entry point, so the first rule names them all. Its Parser type is api.go's:
	// peg's declaration of it is not kept.
	src := "package " + pkg + "\n\ntype Parser Peg {\n}\n\n" +
		"pegwrap_entries <- " + strings.Join(g.entries, " / ") + "\n\n" + string(g.src)
	if err := os.WriteFile(in, []byte(src), 0o644); err != nil {
		return nil, err
	}
	// -switch turns choices between characters into switch statements (much faster);
	// -inline is not used: it leaves inlined rules without a function, and every rule
	// must stay callable as an entry point.
	// -strict is not used either: entry points such as absolute_URI are rules that no
	// other rule uses, which peg warns about. An undefined rule is still an error here.
	var stderr bytes.Buffer
	cmd := exec.Command(peg, "-switch", "-output", raw, in)
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("peg: %w\n%s", err, stderr.Bytes())
	}
	if bytes.Contains(stderr.Bytes(), []byte("used but not defined")) {
		return nil, fmt.Errorf("peg:\n%s", stderr.Bytes())
	}
	return os.ReadFile(raw)
}

var (
	pegOnce sync.Once
	pegPath string
	pegErr  error
	pegDir  string
)

// pegBinary builds github.com/pointlander/peg (the version go.mod pins, through
// tools.go) once per run of pegwrap, and returns its path.
func pegBinary() (string, error) {
	pegOnce.Do(func() {
		if pegDir, pegErr = os.MkdirTemp("", "pegwrap-peg"); pegErr != nil {
			return
		}
		pegPath = filepath.Join(pegDir, "peg")
		var stderr bytes.Buffer
		cmd := exec.Command("go", "build", "-o", pegPath, "github.com/pointlander/peg")
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			pegErr = fmt.Errorf("building peg: %w\n%s", err, stderr.Bytes())
		}
	})
	return pegPath, pegErr
}

// cleanup removes the peg binary.
func cleanup() {
	if pegDir != "" {
		os.RemoveAll(pegDir)
	}
}
