//go:build js && wasm

// Command extra is the playground's second WebAssembly module (GOOS=js GOARCH=wasm):
// what the first verdict does not need and would make too large to fetch for it
// (docs/playground.md). The page loads it the first time a reader opens the differences
// or the templates' tab. It holds package uri/specdiff, which names the class of urispec
// diff that a string belongs to where two versions disagree on it, and RFC 6570
// templates, whose variables are JSON (encoding/json, which the first module leaves
// out). It defines two functions in the worker's global scope, then waits:
// urispecClassify(input, pairs) → the pairs with their classes, and
// urispecTemplate(template, vars) → api.TemplateAnswer, as objects.
package main

import (
	"syscall/js"

	"github.com/urispec/urispec/playground/internal/api"
	"github.com/urispec/urispec/playground/internal/jsvalue"
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
		if len(args) != 2 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeObject {
			return map[string]any{"fatal": "urispecClassify takes the input and an array of pairs"}
		}
		out := []classified{}
		for i := range args[1].Length() {
			var p pair
			jsvalue.Read(args[1].Index(i), &p)
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
		return jsvalue.Of(out)
	}))
	js.Global().Set("urispecTemplate", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 2 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeString {
			return map[string]any{"fatal": "urispecTemplate takes the template and its variables as JSON"}
		}
		return jsvalue.Of(api.Template(args[0].String(), args[1].String()))
	}))
	select {}
}
