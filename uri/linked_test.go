package uri_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"testing"
)

// TestLinkedParsers builds small programs that call one part of package uri and lists
// the generated parsers (gen/...) that the linker kept in each: a program links the
// parsers that its code can reach and no other (grammar.go). Whoever makes initialising
// the package, or a table that every program reads, name a grammar's binding links that
// parser into every program, and this test names it.
func TestLinkedParsers(t *testing.T) {
	if testing.Short() {
		t.Skip("builds programs")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		main string   // the body of main, with fmt, errors, os and uri imported
		want []string // the gen/ packages the program may link
	}{
		{"CheckURI", `
			err := uri.CheckURI(os.Args[1])
			fmt.Println(err)
			var e *uri.Error
			if errors.As(err, &e) {
				fmt.Println(e.Expected())
			}`, []string{"gen/rfc3986"}},
		{"CheckIRI", `
			fmt.Println(uri.CheckIRI(os.Args[1]), uri.CheckIRIReference(os.Args[1]))`,
			[]string{"gen/rfc3987"}},
		{"CheckURITemplate", `
			fmt.Println(uri.CheckURITemplate(os.Args[1]))`, []string{"gen/rfc6570"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := linkedParsers(t, goCmd, root, c.main)
			if !slices.Equal(got, c.want) {
				t.Errorf("a program that calls %s links %q, want %q", c.name, got, c.want)
			}
		})
	}
}

// genSymbol matches the package path of a symbol of a generated parser.
var genSymbol = regexp.MustCompile(`github\.com/urispec/urispec/(gen/[a-z0-9_/]+)\.`)

// linkedParsers builds a program whose main is body, in a directory of the module that
// exists only in the build's overlay (nothing is written into the tree), and returns the
// gen/ packages that have symbols in it, sorted.
func linkedParsers(t *testing.T, goCmd, root, body string) []string {
	dir := t.TempDir()
	src := filepath.Join(dir, "main.go")
	prog := "package main\n\nimport (\n\t\"errors\"\n\t\"fmt\"\n\t\"os\"\n\n\t\"github.com/urispec/urispec/uri\"\n)\n\n" +
		"var _ = errors.As\n\nfunc main() {" + body + "\n}\n"
	if err := os.WriteFile(src, []byte(prog), 0o666); err != nil {
		t.Fatal(err)
	}
	pkg := filepath.Join(root, "uri", "internal", "linkprobe")
	overlay, err := json.Marshal(map[string]map[string]string{"Replace": {filepath.Join(pkg, "main.go"): src}})
	if err != nil {
		t.Fatal(err)
	}
	overlayFile, bin := filepath.Join(dir, "overlay.json"), filepath.Join(dir, "prog")
	if err := os.WriteFile(overlayFile, overlay, 0o666); err != nil {
		t.Fatal(err)
	}
	build := exec.Command(goCmd, "build", "-overlay="+overlayFile, "-o", bin, "./uri/internal/linkprobe")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(goCmd, "tool", "nm", bin).Output()
	if err != nil {
		t.Fatalf("go tool nm: %v", err)
	}
	var pkgs []string
	for _, m := range genSymbol.FindAllSubmatch(out, -1) {
		pkgs = append(pkgs, string(m[1]))
	}
	slices.Sort(pkgs)
	return slices.Compact(pkgs)
}
