// The playground's worker: it runs urispec compiled to WebAssembly (playground/wasm) so
// that the page never blocks while it checks. It answers the latest request only: a
// request that arrives while another is checked replaces any that waits.
"use strict";
importScripts("wasm_exec.js");

let ready = false;
let latest = null;
let scheduled = false;

function work() {
	scheduled = false;
	if (!ready || latest === null) return;
	const req = latest;
	latest = null;
	const t0 = performance.now();
	const answer = self.urispecAnalyze(JSON.stringify(req.body)); // JSON: the page parses it
	postMessage({ id: req.id, answer, ms: performance.now() - t0 });
}

function schedule() {
	if (!scheduled) {
		scheduled = true;
		setTimeout(work, 0);
	}
}

self.onmessage = (e) => {
	latest = e.data;
	schedule();
};

// The ready message says when the module was compiled and started, in milliseconds since
// the page's navigation began, and how many bytes the worker's fetches moved:
// docs/playground.md reports them.
const go = new Go();
WebAssembly.instantiateStreaming(fetch("urispec.wasm"), go.importObject)
	.then((r) => {
		const compiled = performance.timeOrigin + performance.now();
		go.run(r.instance); // defines urispecAnalyze, then waits in select{}
		ready = true;
		const transfer = performance.getEntriesByType("resource").reduce((n, e) => n + e.transferSize, 0);
		postMessage({ ready: true, compiled, started: performance.timeOrigin + performance.now(), transfer });
		schedule();
	})
	.catch((err) => postMessage({ fatal: String(err) }));
