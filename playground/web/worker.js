// The playground's worker: it runs urispec compiled to WebAssembly (playground/wasm, or
// in a second worker playground/extra) so that the page never blocks while it checks.
// The page fetches and compiles the module while this worker starts, and hands it over;
// the worker instantiates it and answers the latest request of each kind only: a request
// that arrives while another is checked replaces any of its kind that waits.
"use strict";
const begun = performance.timeOrigin + performance.now();
importScripts("wasm_exec.js");

let ready = false;
const latest = new Map(); // the waiting request of each kind
let rest = null; // the request whose verdicts were sent and whose details were not
let scheduled = false;

// kind is what a request asks for: a reference's view (the first module), the classes
// of urispec diff of some pairs or a template's expansion (the second).
function kind(b) {
	return b.pairs ? "classes" : b.template !== undefined ? "template" : "reference";
}

// answer is urispec's answer to a request, as an object.
function answer(b) {
	switch (kind(b)) {
		case "classes":
			return self.urispecClassify(b.input, b.pairs);
		case "template":
			return self.urispecTemplate(b.template, b.vars);
	}
	return self.urispecAnalyze(b);
}

function send(req, body) {
	const t0 = performance.now();
	const a = answer(body);
	postMessage({ id: req.id, answer: a, ms: performance.now() - t0 });
}

// work answers one waiting request. A reference's view is answered in two steps: its
// twelve verdicts first, which come in a few milliseconds, then the details
// (components, hazards, formats, resolution, ladder), unless by then another request
// waits: while a reader types, each keystroke's verdicts are drawn at once.
function work() {
	scheduled = false;
	if (!ready) return;
	const [k] = latest.keys();
	if (k === undefined) {
		if (rest !== null) send(rest, rest.body);
		rest = null;
		return;
	}
	const req = latest.get(k);
	latest.delete(k);
	const b = req.body;
	if (k === "reference") rest = null;
	if (k === "reference" && !b.verdicts_only && !b.formats_only) {
		send(req, { ...b, verdicts_only: true });
		rest = req;
	} else send(req, b);
	schedule();
}

function schedule() {
	if (!scheduled && (latest.size > 0 || rest !== null)) {
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
	latest.set(kind(e.data.body), e.data);
	schedule();
};
