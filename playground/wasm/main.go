//go:build js && wasm

// Command wasm is urispec's playground compiled to WebAssembly (GOOS=js GOARCH=wasm):
// the page's Web Worker (playground/web/worker.js) starts it, and it defines
// urispecAnalyze(request) → answer in the worker's global scope, then waits. The request
// and the answer are objects with the fields of api.Request and api.Answer
// (playground/internal/api); docs/playground.md describes the page. The module links no
// encoding/json: what the first verdict needs is all it holds, and templates and the
// classes of urispec diff are the second module's (playground/extra).
package main

import (
	"syscall/js"

	"github.com/urispec/urispec/playground/internal/api"
	"github.com/urispec/urispec/playground/internal/jsvalue"
)

func main() {
	js.Global().Set("urispecAnalyze", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 1 || args[0].Type() != js.TypeObject {
			return map[string]any{"fatal": "urispecAnalyze takes one request object"}
		}
		var req api.Request
		jsvalue.Read(args[0], &req)
		return jsvalue.Of(api.Analyze(req))
	}))
	select {}
}
