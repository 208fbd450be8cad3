//go:build js && wasm

// Command wasm is urispec's playground compiled to WebAssembly (GOOS=js GOARCH=wasm):
// the page's Web Worker (playground/web/worker.js) starts it, and it defines two functions
// in the worker's global scope, then waits: urispecAnalyze(requestJSON) → answerJSON, and
// urispecVerdicts(input, base, generic, open) → the verdicts alone as an object. api.go
// holds every call into package uri; docs/playground.md describes the page.
package main

import (
	"encoding/json"
	"syscall/js"
)

func main() {
	js.Global().Set("urispecAnalyze", js.FuncOf(func(_ js.Value, args []js.Value) any {
		var req request
		if len(args) != 1 || args[0].Type() != js.TypeString {
			return `{"fatal":"urispecAnalyze takes one JSON string"}`
		}
		if err := json.Unmarshal([]byte(args[0].String()), &req); err != nil {
			return `{"fatal":` + quote(err.Error()) + `}`
		}
		b, err := json.Marshal(analyze(req))
		if err != nil {
			return `{"fatal":` + quote(err.Error()) + `}`
		}
		return string(b)
	}))
	js.Global().Set("urispecVerdicts", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 4 {
			return map[string]any{"fatal": "urispecVerdicts takes input, base, generic and open"}
		}
		a := analyze(request{Input: args[0].String(), Base: args[1].String(), Generic: args[2].Bool(),
			Open: args[3].String(), VerdictsOnly: true}).(answer)
		return verdictsJS(a.Specs)
	}))
	select {}
}

// verdictsJS is the verdicts as the page reads them from urispecAnalyze's JSON, built
// with syscall/js instead of encoding/json: the page's first answer is this one, and
// WebAssembly engines compile each function at its first call, so that the first
// verdict waits for the code it runs alone (docs/playground.md).
func verdictsJS(specs []specResult) []any {
	out := make([]any, len(specs))
	for i, s := range specs {
		v := map[string]any{"spec": s.Spec, "title": s.Title, "date": s.Date, "valid": s.Valid}
		if e := s.Error; e != nil {
			ev := map[string]any{"offset": e.Offset, "rule": e.Rule, "message": e.Message}
			for k, x := range map[string]string{"scheme": e.Scheme, "section": e.Section, "reason": e.Reason, "validation": e.Validation} {
				if x != "" {
					ev[k] = x
				}
			}
			if len(e.Expected) > 0 {
				ex := make([]any, len(e.Expected))
				for j, x := range e.Expected {
					ex[j] = x
				}
				ev["expected"] = ex
			}
			v["error"] = ev
		}
		out[i] = v
	}
	return out
}

// quote is s as a JSON string.
func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
