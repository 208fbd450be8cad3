package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// diffGrammar uses byte-set rules everywhere they can matter: in switch cases and
// defaults, copied into token rules, inside lookaheads, and before !. (where the
// Parser.far a two-way choice records before it accepts is the error's position).
const diffGrammar = `# pegwrap: entries top alt
# pegwrap: tokens top host path word
top <- scheme ':' ('//' host)? path ('?' query)? !.
scheme <- alpha (alpha / digit / '+' / '-' / '.')*
host <- (unreserved / esc)* (':' digit*)?
path <- ('/' seg)*
seg <- pchar*
pchar <- unreserved / esc / ':' / '@' / '&' / '='
query <- (pchar / '/' / '?')*
unreserved <- alpha / digit / mark
mark <- '-' / '.' / '_' / '~' / '!'
alpha <- lower / upper
lower <- [a-z]
upper <- [A-Z]
digit <- [0-9]
esc <- '%' hex hex
hex <- digit / [A-F] / [a-f]
alt <- word (',' word)* !. / '#' alpha !. / &alpha word ';' / !digit pchar '!' / (mark &{ p.far < 3 })+ '$'
word <- (alpha / '*')+
`

// diffMain parses every string over a small alphabet up to a length with the parser
// generated with the byte-set pass (package a) and without it (package b), and exits
// non-zero at the first difference in Run, Farthest, or Collect's result and Farthest.
// It also checks, on a, what Parser.expected relies on: a byte Collect reports sure is
// allowed after the prefix, and a byte it has not seen parses as the probe did.
const diffMain = `package main

import (
	"fmt"
	"os"

	"tiny/a"
	"tiny/b"
)

const alphabet = "aZ9F-%:/?@,#;*!.~$+\x80 "

func main() {
	pa, pb := &a.Parser{}, &b.Parser{}
	checked := 0
	var walk func(s string, depth int)
	walk = func(s string, depth int) {
		for _, top := range []string{"top", "alt"} {
			ra, rb := a.RuleID(top), b.RuleID(top)
			oka, okb := pa.Run(s, ra), pb.Run(s, rb)
			fa, ca := pa.Farthest()
			fb, cb := pb.Farthest()
			if oka != okb || fa != fb || a.RuleName(ca) != b.RuleName(cb) {
				fmt.Printf("%s %q: Run %v %d %s, without the pass %v %d %s\n", top, s, oka, fa, a.RuleName(ca), okb, fb, b.RuleName(cb))
				os.Exit(1)
			}
			oka, surea, seena, dota := pa.Collect(s, ra)
			fa, ca = pa.Farthest()
			okb, _, _, dotb := pb.Collect(s, rb)
			fb, cb = pb.Farthest()
			if oka != okb || dota != dotb || fa != fb || a.RuleName(ca) != b.RuleName(cb) {
				fmt.Printf("%s %q: Collect %v %v %d, without the pass %v %v %d\n", top, s, oka, dota, fa, okb, dotb, fb)
				os.Exit(1)
			}
			asProbe := oka || fa > len(s)
			for c := 0; c < 256 && len(s) < 4; c++ {
				in := func(m *[4]uint64) bool { return m[c>>6]&(1<<(c&63)) != 0 }
				ok := pa.Run(s+string([]byte{byte(c)}), ra)
				f, _ := pa.Farthest()
				allowed := ok || f > len(s)
				if in(&surea) && !allowed {
					fmt.Printf("%s %q: %q is sure but not allowed\n", top, s, c)
					os.Exit(1)
				}
				if !in(&seena) && allowed != asProbe {
					fmt.Printf("%s %q: %q is not seen but does not parse as the probe\n", top, s, c)
					os.Exit(1)
				}
			}
			checked++
		}
		if depth == 0 {
			return
		}
		for i := 0; i < len(alphabet); i++ {
			walk(s+alphabet[i:i+1], depth-1)
		}
	}
	walk("", 4)
	fmt.Println("checked", checked)
}
`

// TestByteSetsParseAlike generates diffGrammar with and without the byte-set pass and
// compares the two parsers on every short string over an alphabet that covers each
// rule's bytes, the bytes no rule accepts, and a byte above 127.
func TestByteSetsParseAlike(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two generated parsers")
	}
	dir := t.TempDir()
	grammar := filepath.Join(dir, "tiny.peg")
	if err := os.WriteFile(grammar, []byte(diffGrammar), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, pkg := range []string{"a", "b"} {
		if err := os.MkdirAll(filepath.Join(dir, pkg), 0o755); err != nil {
			t.Fatal(err)
		}
		byteSetsOff = pkg == "b"
		err := run(grammar, pkg, filepath.Join(dir, pkg, "parser.go"))
		byteSetsOff = false
		if err != nil {
			t.Fatal(err)
		}
	}
	files := map[string]string{"go.mod": "module tiny\n\ngo 1.22\n", "main.go": diffMain}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	t.Logf("%s", out)
}
