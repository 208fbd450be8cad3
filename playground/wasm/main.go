//go:build js && wasm

// Command wasm is urispec's playground compiled to WebAssembly (GOOS=js GOARCH=wasm):
// the page's Web Worker (playground/web/worker.js) starts it, and it defines one function
// in the worker's global scope, urispecAnalyze(requestJSON) → answerJSON, then waits.
// api.go holds every call into package uri; docs/playground.md describes the page.
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
	select {}
}

// quote is s as a JSON string.
func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
