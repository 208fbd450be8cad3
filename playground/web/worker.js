// The playground's worker: it runs urispec compiled to WebAssembly (playground/wasm, or
// in a second worker playground/specdiff) so that the page never blocks while it checks.
// The page fetches and compiles the module while this worker starts, and hands it over;
// the worker instantiates it and answers the latest request only: a request that arrives
// while another is checked replaces any that waits.
"use strict";
const begun = performance.timeOrigin + performance.now();
importScripts("wasm_exec.js");

let ready = false;
let latest = null;
let scheduled = false;

// answer is urispec's answer to a request: the page's first asks for the verdicts alone,
// which urispecVerdicts gives as an object without encoding/json (docs/playground.md);
// every other is JSON, which the page parses. A request with pairs asks the specdiff
// module for their classes.
function answer(b) {
	if (b.pairs) return self.urispecClassify(b.input, JSON.stringify(b.pairs));
	if (b.verdicts_only) return { verdicts_only: true, specs: self.urispecVerdicts(b.input, b.base, b.generic, b.open) };
	return self.urispecAnalyze(JSON.stringify(b));
}

function work() {
	scheduled = false;
	if (!ready || latest === null) return;
	const req = latest;
	latest = null;
	const t0 = performance.now();
	const a = answer(req.body);
	postMessage({ id: req.id, answer: a, ms: performance.now() - t0 });
}

function schedule() {
	if (!scheduled) {
		scheduled = true;
		setTimeout(work, 0);
	}
}

// start runs the module the page compiled. The ready message says when this worker began,
// when it received the module and when the Go runtime had started (its packages'
// initialization included), in milliseconds since the epoch, and how many bytes the
// worker's own fetches moved: docs/playground.md reports them.
function start(module) {
	const received = performance.timeOrigin + performance.now();
	const go = new Go();
	WebAssembly.instantiate(module, go.importObject)
		.then((instance) => {
			go.run(instance); // defines its functions, then waits in select{}
			ready = true;
			const transfer = performance.getEntriesByType("resource").reduce((n, e) => n + e.transferSize, 0);
			postMessage({ ready: true, begun, received, started: performance.timeOrigin + performance.now(), transfer });
			schedule();
		})
		.catch((err) => postMessage({ fatal: String(err) }));
}

self.onmessage = (e) => {
	if (e.data.module) return start(e.data.module);
	latest = e.data;
	schedule();
};
