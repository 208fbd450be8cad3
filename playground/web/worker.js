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
	const answer = JSON.parse(self.urispecAnalyze(JSON.stringify(req.body)));
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

const go = new Go();
WebAssembly.instantiateStreaming(fetch("urispec.wasm"), go.importObject)
	.then((r) => {
		go.run(r.instance); // defines urispecAnalyze, then waits in select{}
		ready = true;
		postMessage({ ready: true });
		schedule();
	})
	.catch((err) => postMessage({ fatal: String(err) }));
