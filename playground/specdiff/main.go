//go:build js && wasm

// Command specdiff is the playground's second WebAssembly module (GOOS=js GOARCH=wasm):
// package uri/specdiff, which names the class of urispec diff that a string belongs to
// where two versions disagree on it. It is a module of its own because its automata would
// make the first module too large for the first verdict's transfer: the page loads it
// only when a reader opens the differences (docs/playground.md). It defines
// urispecClassify(input, pairsJSON) → answerJSON in the worker's global scope, then waits.
package main

import (
	"encoding/json"
	"syscall/js"

	"github.com/urispec/urispec/uri/specdiff"
)

// pair is two versions whose parsers disagree on the input, as the page found them in
// its verdicts: Older and Newer in date order, AcceptedBy the one that accepts it.
type pair struct {
	Older      string `json:"older"`
	Newer      string `json:"newer"`
	AcceptedBy string `json:"accepted_by"`
}

// classified is a pair with the class of the two grammars' difference that holds the
// input, with the fields of the specdiff objects of explain -json: Class is null where
// the automata do not separate the input (a scheme grammar, a check or a base decides).
type classified struct {
	pair
	RejectedBy string          `json:"rejected_by"`
	Class      *specdiff.Class `json:"class"`
}

// reports holds each pair's report once computed (the module runs one call at a time).
var reports = map[[2]string]*specdiff.Report{}

// classify is the class of input in the difference of p's two languages, nil where the
// automata do not separate the input as the parsers do; known is false where either is
// no language of specdiff (explain -json then names no class either).
func classify(p pair, input string) (c *specdiff.Class, known bool) {
	older, errO := specdiff.Lookup(p.Older)
	newer, errN := specdiff.Lookup(p.Newer)
	if errO != nil || errN != nil {
		return nil, false
	}
	key := [2]string{p.Older, p.Newer}
	if reports[key] == nil {
		reports[key] = specdiff.Compare(older, newer)
	}
	accepting := older
	if p.AcceptedBy == p.Newer {
		accepting = newer
	}
	cl, ok := reports[key].Classify(input)
	if !ok || !accepting.Accepts(input) {
		return nil, true
	}
	return &cl, true
}

func main() {
	js.Global().Set("urispecClassify", js.FuncOf(func(_ js.Value, args []js.Value) any {
		var pairs []pair
		if len(args) != 2 {
			return `{"fatal":"urispecClassify takes the input and the pairs as JSON"}`
		}
		if err := json.Unmarshal([]byte(args[1].String()), &pairs); err != nil {
			b, _ := json.Marshal(map[string]string{"fatal": err.Error()})
			return string(b)
		}
		out := []classified{}
		for _, p := range pairs {
			cl, known := classify(p, args[0].String())
			if !known {
				continue
			}
			c := classified{pair: p, RejectedBy: p.Newer, Class: cl}
			if p.AcceptedBy == p.Newer {
				c.RejectedBy = p.Older
			}
			out = append(out, c)
		}
		b, _ := json.Marshal(out)
		return string(b)
	}))
	select {}
}
