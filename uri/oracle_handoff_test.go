package uri_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	goabnf "github.com/pandatix/go-abnf"
)

// go-abnf takes seconds of CPU to parse a grammar file (2.7 s for grammar/whatwg.abnf,
// on an idle core: go test ./uri -run '^FuzzValidateWHATWG$' -cpuprofile), and go test
// -fuzz runs a fuzz target's setup once in the process that coordinates and again in
// each worker process, whose start is inside the -fuzztime budget: with two workers on
// a loaded machine, a 10 s budget could pass before the seed corpus had run
// ("testing seed corpus: 0/7 completed", then "context deadline exceeded"). So the
// coordinating process, which runs the setup before the budget starts, hands each
// grammar it parses to the workers: a gob file in a directory named by abnfHandoffEnv,
// which the workers inherit with its environment.
const abnfHandoffEnv = "URISPEC_FUZZ_ABNF_DIR"

func init() {
	// The element types of a rule's alternation, for gob (ElemProseVal has no exported
	// field: a grammar with a prose value is not handed off, writeGrammar checks).
	for _, e := range []goabnf.ElemItf{goabnf.ElemRulename{}, goabnf.ElemGroup{}, goabnf.ElemOption{},
		goabnf.ElemCharVal{}, goabnf.ElemNumVal{}, goabnf.ElemProseVal{}} {
		gob.Register(e)
	}
}

// handOffGrammars is called by a fuzz target before it parses its grammars: in the
// process that coordinates go test -fuzz, it names a directory for the workers to read
// the parsed grammars from. Elsewhere (a worker, a plain go test) it does nothing.
func handOffGrammars(f *testing.F) {
	fuzz, worker := flag.Lookup("test.fuzz"), flag.Lookup("test.fuzzworker")
	if fuzz == nil || fuzz.Value.String() == "" || worker == nil || worker.Value.String() != "false" {
		return
	}
	f.Setenv(abnfHandoffEnv, f.TempDir())
}

// parseABNF is goabnf.ParseABNF, through the directory of handed-off grammars when
// there is one (it reads the grammar of src there, or parses src and writes it there).
func parseABNF(src []byte) (*goabnf.Grammar, error) {
	dir := os.Getenv(abnfHandoffEnv)
	if dir == "" {
		return goabnf.ParseABNF(src)
	}
	sum := sha256.Sum256(src)
	path := filepath.Join(dir, hex.EncodeToString(sum[:16])+".gob")
	if data, err := os.ReadFile(path); err == nil {
		var g goabnf.Grammar
		if gob.NewDecoder(bytes.NewReader(data)).Decode(&g) == nil {
			return &g, nil
		}
	}
	g, err := goabnf.ParseABNF(src)
	if err == nil {
		writeGrammar(path, g)
	}
	return g, err
}

// writeGrammar writes g to path as gob when it reads back equal (else not at all: a
// reader then parses the file itself), through a rename, so that a reader sees all of
// it or nothing.
func writeGrammar(path string, g *goabnf.Grammar) {
	var buf bytes.Buffer
	if gob.NewEncoder(&buf).Encode(g) != nil {
		return
	}
	var back goabnf.Grammar
	if gob.NewDecoder(bytes.NewReader(buf.Bytes())).Decode(&back) != nil || !reflect.DeepEqual(g, &back) {
		return
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "grammar-*")
	if err != nil {
		return
	}
	_, werr := tmp.Write(buf.Bytes())
	if cerr := tmp.Close(); werr != nil || cerr != nil || os.Rename(tmp.Name(), path) != nil {
		os.Remove(tmp.Name())
	}
}
