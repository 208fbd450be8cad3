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
// on an idle core: go test ./uri -run '^FuzzValidate$' -fuzz.grammar=whatwg -cpuprofile), and go test
// -fuzz runs a fuzz target's setup once in the process that coordinates and again in
// each worker process, whose start is inside the -fuzztime budget: with two workers on
// a loaded machine, a 10 s budget could pass before the seed corpus had run
// ("testing seed corpus: 0/7 completed", then "context deadline exceeded"). So the
// coordinating process, which runs the setup before the budget starts, hands each
// grammar it parses to the workers: a gob file in a directory named by abnfHandoffEnv,
// which the workers inherit with its environment.
const abnfHandoffEnv = "URISPEC_FUZZ_ABNF_DIR"

func init() {
	// The element types of a rule's alternation, for gob; a prose value (RFC 3986's
	// "0<pchar>") travels as its text (goabnf.ElemProseVal has no exported field).
	for _, e := range []goabnf.ElemItf{goabnf.ElemRulename{}, goabnf.ElemGroup{}, goabnf.ElemOption{},
		goabnf.ElemCharVal{}, goabnf.ElemNumVal{}, proseText{}} {
		gob.Register(e)
	}
}

// proseText stands for a goabnf.ElemProseVal in a handed-off grammar: its text, "<...>".
type proseText struct{ Text string }

func (p proseText) String() string { return p.Text }

// mapAlt returns a copy of alt with each element e, at any depth, replaced by f(e).
func mapAlt(alt goabnf.Alternation, f func(goabnf.ElemItf) goabnf.ElemItf) goabnf.Alternation {
	out := goabnf.Alternation{Concatenations: make([]goabnf.Concatenation, len(alt.Concatenations))}
	for i, c := range alt.Concatenations {
		reps := make([]goabnf.Repetition, len(c.Repetitions))
		for j, r := range c.Repetitions {
			switch e := r.Element.(type) {
			case goabnf.ElemGroup:
				r.Element = goabnf.ElemGroup{Alternation: mapAlt(e.Alternation, f)}
			case goabnf.ElemOption:
				r.Element = goabnf.ElemOption{Alternation: mapAlt(e.Alternation, f)}
			default:
				r.Element = f(e)
			}
			reps[j] = r
		}
		out.Concatenations[i].Repetitions = reps
	}
	return out
}

// mapGrammar returns a copy of g with mapAlt(f) applied to every rule.
func mapGrammar(g *goabnf.Grammar, f func(goabnf.ElemItf) goabnf.ElemItf) *goabnf.Grammar {
	out := &goabnf.Grammar{Rulemap: make(map[string]*goabnf.Rule, len(g.Rulemap))}
	for k, r := range g.Rulemap {
		out.Rulemap[k] = &goabnf.Rule{Name: r.Name, Alternation: mapAlt(r.Alternation, f)}
	}
	return out
}

// proseToText and textToProse turn a grammar's prose values into proseText and back
// (through go-abnf: the prose value of a one-rule grammar that holds the text);
// textToProse also gives "" back its empty slice of runes.
func proseToText(e goabnf.ElemItf) goabnf.ElemItf {
	if p, ok := e.(goabnf.ElemProseVal); ok {
		return proseText{p.String()}
	}
	return e
}

func textToProse(e goabnf.ElemItf) goabnf.ElemItf {
	if c, ok := e.(goabnf.ElemCharVal); ok && c.Values == nil {
		c.Values = []rune{} // "" as go-abnf reads it (gob has no empty slice)
		return c
	}
	p, ok := e.(proseText)
	if !ok {
		return e
	}
	g, err := goabnf.ParseABNF([]byte("p = "+p.Text+"\r\n"), goabnf.WithValidation(false))
	if err != nil {
		return e // the grammar then differs from the parsed one, and is not written
	}
	return g.Rulemap["p"].Alternation.Concatenations[0].Repetitions[0].Element
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
		if g, err := decodeGrammar(data); err == nil {
			return g, nil
		}
	}
	g, err := goabnf.ParseABNF(src)
	if err == nil {
		writeGrammar(path, g)
	}
	return g, err
}

// decodeGrammar reads a grammar that writeGrammar wrote.
func decodeGrammar(data []byte) (*goabnf.Grammar, error) {
	var g goabnf.Grammar
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&g); err != nil {
		return nil, err
	}
	return mapGrammar(&g, textToProse), nil
}

// writeGrammar writes g to path as gob when it reads back equal (else not at all: a
// reader then parses the file itself), through a rename, so that a reader sees all of
// it or nothing.
func writeGrammar(path string, g *goabnf.Grammar) {
	var buf bytes.Buffer
	if gob.NewEncoder(&buf).Encode(mapGrammar(g, proseToText)) != nil {
		return
	}
	back, err := decodeGrammar(buf.Bytes())
	if err != nil || !reflect.DeepEqual(g, back) {
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
