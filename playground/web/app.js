// The playground's page: it reads the form, asks the worker (worker.js) for urispec's
// answer, and draws it. Every text from the input is set as text, never as markup. The
// state lives in the URL's fragment, so that a link reproduces what was seen.
"use strict";

const $ = (id) => document.getElementById(id);
const form = {
	input: $("input"),
	base: $("base"),
	generic: $("generic"),
	ladder: $("ladder"),
	template: $("template"),
	vars: $("vars"),
};
const tabs = ["ref", "formats", "template"];
let tab = "ref"; // the tab shown
const worker = new Worker("worker.js");
document.body.dataset.workerCreatedMs = performance.now().toFixed(0);
// load has the page fetch and compile a module while its worker starts (the two in
// parallel), and hands the compiled module over. A host that sends the module without the
// application/wasm type gets it compiled from its bytes.
function load(url, w) {
	return WebAssembly.compileStreaming(fetch(url))
		.catch(() => fetch(url).then((r) => r.arrayBuffer()).then((b) => WebAssembly.compile(b)))
		.then((module) => w.postMessage({ module }))
		.catch((err) => fatal(String(err)));
}
load("urispec.wasm", worker).then(() => (document.body.dataset.moduleCompiledMs = performance.now().toFixed(0)));
let opened = ""; // the spec whose detail is shown
let sent = 0; // the id of the latest request
let last = null; // the latest answer
let typedAt = 0; // when the latest input event came
let firstAnswer = true;

// el makes an element with a class and children (strings become text nodes).
function el(tag, cls, ...kids) {
	const e = document.createElement(tag);
	if (cls) e.className = cls;
	for (const k of kids) e.append(k);
	return e;
}

// unescapeInput reads \u{HEX} escapes, so that invisible characters can be typed.
function unescapeInput(s) {
	return s.replace(/\\u\{([0-9A-Fa-f]{1,6})\}/g, (m, hex) => {
		const cp = parseInt(hex, 16);
		return cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff) ? String.fromCodePoint(cp) : m;
	});
}

// invisible says that a code point is shown as an escape: controls, spaces other than
// U+0020, format characters (bidirectional controls, zero-width ones) and the like.
const invisibleRE = /[\p{Cc}\p{Cf}\p{Zs}\p{Zl}\p{Zp}\p{Co}\p{Cn}]/u;
function invisible(ch) {
	return ch !== " " && invisibleRE.test(ch);
}

// categories are Unicode's general categories, as this browser's regular expressions
// know them: the class of a character shown.
const categories = [
	["Lu", "uppercase letter"], ["Ll", "lowercase letter"], ["Lt", "titlecase letter"], ["Lm", "modifier letter"],
	["Lo", "other letter"], ["Mn", "nonspacing mark"], ["Mc", "spacing mark"], ["Me", "enclosing mark"],
	["Nd", "decimal number"], ["Nl", "letter number"], ["No", "other number"], ["Pc", "connector punctuation"],
	["Pd", "dash punctuation"], ["Ps", "open punctuation"], ["Pe", "close punctuation"], ["Pi", "initial punctuation"],
	["Pf", "final punctuation"], ["Po", "other punctuation"], ["Sm", "math symbol"], ["Sc", "currency symbol"],
	["Sk", "modifier symbol"], ["So", "other symbol"], ["Zs", "space separator"], ["Zl", "line separator"],
	["Zp", "paragraph separator"], ["Cc", "control"], ["Cf", "format character"], ["Co", "private use"],
	["Cn", "unassigned"],
].map(([gc, name]) => [new RegExp(`^\\p{gc=${gc}}$`, "u"), `${name} (${gc})`]);

function category(ch) {
	return categories.find(([re]) => re.test(ch))?.[1] ?? "";
}

// cells splits s into what is drawn for each code point, with its UTF-8 byte offset:
// urispec's offsets are bytes. mapped, where given, holds the characters of s that UTS #46
// maps to ASCII other than themselves, by offset (the answer's uts46): they are marked
// as lookalikes of what they map to.
function cells(s, mapped) {
	const out = [];
	let b = 0;
	for (const ch of s) {
		const cp = ch.codePointAt(0);
		const n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
		const hex = cp.toString(16).toUpperCase().padStart(4, "0");
		const to = mapped?.get(b);
		const title = () => `U+${hex}, ${category(ch)}` + (to === undefined ? "" : to ? `: UTS #46 maps it to "${to}"` : ": UTS #46 removes it");
		if (invisible(ch)) out.push({ text: "\\u{" + hex + "}", byte: b, kind: "invisible", title });
		else if (to) out.push({ text: ch, byte: b, kind: "lookalike", title });
		else if (cp >= 0x80) out.push({ text: ch, byte: b, kind: "nonascii", title });
		else out.push({ text: ch, byte: b, kind: "" });
		b += n;
	}
	return out;
}

// column is the column at which byte offset off is drawn.
function column(cs, off) {
	let col = 0;
	for (const c of cs) {
		if (c.byte >= off) break;
		col += c.text.length;
	}
	return col;
}

// shown is the input as drawn: invisible characters as escapes, lookalikes and other
// non-ASCII characters marked (cells).
function shown(s, mapped) {
	const line = el("span", "input-line");
	for (const c of cells(s, mapped)) {
		if (c.kind) {
			const m = el("mark", c.kind, c.text);
			m.title = c.title();
			line.append(m);
		} else line.append(c.text);
	}
	return line;
}

function request() {
	if (tab === "template") return { template: unescapeInput(form.template.value), vars: form.vars.value };
	if (tab === "formats") return { input: unescapeInput(form.input.value), formats_only: true };
	return {
		input: unescapeInput(form.input.value),
		base: unescapeInput(form.base.value),
		generic: form.generic.checked,
		open: opened,
		ladder: form.ladder.value,
		// The first request asks for the verdicts alone, which come sooner (the engine
		// compiles the code of the rest later); its answer fills the ladder's versions and
		// asks again for all.
		verdicts_only: form.ladder.options.length === 0,
	};
}

// state is the fragment that reproduces the view.
function state() {
	const p = new URLSearchParams();
	if (tab !== "ref") p.set("tab", tab);
	if (tab === "template") {
		p.set("template", form.template.value);
		p.set("vars", form.vars.value);
		return "#" + p.toString();
	}
	p.set("input", form.input.value);
	if (form.base.value) p.set("base", form.base.value);
	if (form.generic.checked) p.set("generic", "1");
	if (opened) p.set("open", opened);
	if (form.ladder.value) p.set("ladder", form.ladder.value);
	if ($("differences").open) p.set("diff", "1");
	return "#" + p.toString();
}

function readState() {
	const p = new URLSearchParams(location.hash.slice(1));
	showTab(tabs.includes(p.get("tab")) ? p.get("tab") : "ref");
	if (p.has("template")) form.template.value = p.get("template");
	if (p.has("vars")) form.vars.value = p.get("vars");
	if (p.has("input")) form.input.value = p.get("input");
	form.base.value = p.get("base") || "";
	form.generic.checked = p.get("generic") === "1";
	opened = p.get("open") || "";
	$("differences").open = p.get("diff") === "1";
	if (p.has("ladder")) form.ladder.dataset.want = p.get("ladder");
}

function ask() {
	const s = state();
	$("permalink").href = s;
	if (location.hash !== s) history.replaceState(null, "", s);
	(tab === "template" ? extra() : worker).postMessage({ id: ++sent, body: request() });
}

// showTab shows tab t's panel and fields.
function showTab(t) {
	tab = t;
	for (const x of tabs) {
		$("tab-" + x).setAttribute("aria-selected", String(x === t));
		$("tab-" + x).tabIndex = x === t ? 0 : -1; // the arrow keys move between tabs
		$("panel-" + x).hidden = x !== t;
	}
	$("input-field").hidden = t === "template";
	$("ref-fields").hidden = t !== "ref";
	$("template-fields").hidden = t !== "template";
}

function onInput() {
	typedAt = performance.now();
	ask();
}

function fatal(err) {
	$("status").textContent = "urispec could not start: " + err;
	console.error(err);
}

let workerTransfer = 0; // the bytes the worker's own fetches moved

// transfer is the bytes moved so far for the page, its resources and the worker's.
function transfer() {
	const entries = [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")];
	return entries.reduce((n, e) => n + e.transferSize, workerTransfer);
}

// answered draws an answer from either worker: the verdicts of a reference (the first
// step of its answer) or all of its view, the formats, or a template.
function answered(m, arrived) {
	if (m.id !== sent) return; // an older request's answer
	if (m.answer.fatal) {
		console.error(m.answer.fatal);
		return;
	}
	last = m.answer;
	if (tab === "template") renderTemplate(last);
	else if (tab === "formats") renderFormats(last);
	else render(last);
	const now = performance.now();
	const d = document.body.dataset;
	d.checkMs = m.ms.toFixed(2);
	if (firstAnswer) {
		firstAnswer = false;
		// Offline once loaded (sw.js); registered after the first verdict, which it must
		// not delay.
		if ("serviceWorker" in navigator) navigator.serviceWorker.register("sw.js").catch((err) => console.warn(String(err)));
		d.firstVerdictMs = now.toFixed(0); // since navigation began
		d.firstArrivedMs = arrived.toFixed(0);
		d.firstCheckMs = m.ms.toFixed(2);
		d.firstTransfer = transfer();
	}
	// render-ms: from the input event to the first answer to it drawn (a reference's
	// verdicts); detail-ms: to all of its view drawn, when rendered takes its id.
	const id = String(m.id);
	if (typedAt && d.verdicts !== id) d.renderMs = (now - typedAt).toFixed(2);
	d.verdicts = id;
	if (!m.answer.verdicts_only) {
		if (typedAt) d.detailMs = (now - typedAt).toFixed(2);
		d.rendered = id;
	}
}

worker.onmessage = (e) => {
	const m = e.data;
	const arrived = performance.now();
	if (m.fatal) return fatal(m.fatal);
	if (m.ready) {
		$("status").textContent = "urispec is ready.";
		const d = document.body.dataset;
		const since = (t) => (t - performance.timeOrigin).toFixed(0); // the worker's times are absolute
		[d.workerBegunMs, d.moduleReceivedMs, d.workerStartedMs] = [since(m.begun), since(m.received), since(m.started)];
		workerTransfer = m.transfer;
		return;
	}
	answered(m, arrived);
};

function render(a) {
	const valid = a.specs.filter((s) => s.valid).length;
	$("status").textContent = `Valid under ${valid} of ${a.specs.length} versions.`;
	if (form.ladder.options.length === 0) {
		for (const s of a.specs) form.ladder.append(new Option(s.spec, s.spec));
		form.ladder.value = form.ladder.dataset.want || "rfc3986";
		ask(); // the first request had no version to normalize under
	}
	renderVerdicts(a);
	// The rest comes in the next answer: until then the details are the previous input's.
	$("panel-ref").setAttribute("aria-busy", String(Boolean(a.verdicts_only)));
	if (a.verdicts_only) return;
	renderCharacters(a);
	renderDetail(a);
	renderBrowser(a);
	renderResolution(a);
	renderLadder(a);
	classify(a);
}

// The classes of urispec diff and the templates come from a second module
// (playground/extra) in a worker of its own, loaded when the reader first opens either:
// specdiff's automata and the templates' encoding/json would make the first verdict cost
// too many bytes.
let extraWorker = null;
let diffSent = 0;

function extra() {
	if (!extraWorker) {
		extraWorker = new Worker("worker.js");
		extraWorker.onmessage = (e) => {
			const m = e.data;
			const arrived = performance.now();
			if (m.fatal) return fatal(m.fatal);
			if (m.ready) return;
			if (!Array.isArray(m.answer)) return answered(m, arrived);
			if (m.id !== diffSent) return;
			renderClasses(m.answer);
			$("classes").dataset.classified = String(m.id);
		};
		load("extra.wasm", extraWorker);
	}
	return extraWorker;
}

// disagreements are the pairs whose verdicts differ among those explain compares: each
// version and the one after it in date order, and rfc3986 and whatwg.
function disagreements(a) {
	const pairs = a.specs.slice(1).map((s, i) => [a.specs[i], s]);
	const [r, w] = ["rfc3986", "whatwg"].map((id) => a.specs.find((s) => s.spec === id));
	if (a.specs.indexOf(w) !== a.specs.indexOf(r) + 1) pairs.push([r, w]);
	return pairs
		.filter(([x, y]) => x.valid !== y.valid)
		.map(([x, y]) => ({ older: x.spec, newer: y.spec, accepted_by: x.valid ? x.spec : y.spec }));
}

function classify(a) {
	const box = $("classes");
	if (!$("differences").open) return;
	const pairs = disagreements(a);
	if (pairs.length === 0) {
		box.replaceChildren(el("li", "", "The versions compared agree on this string."));
		box.dataset.classified = String(++diffSent);
		return;
	}
	if (!box.children.length) box.replaceChildren(el("li", "hint", "Finding the classes…"));
	delete box.dataset.classified; // until the answer to this request is drawn
	extra().postMessage({ id: ++diffSent, body: { input: request().input, pairs } });
}

function renderClasses(list) {
	const rule = (r) => r.rule + (r.section ? ` (${r.section})` : "");
	$("classes").replaceChildren(
		...list.map((d) => {
			const li = el("li", "", el("strong", "", `${d.older} and ${d.newer}: `));
			li.dataset.pair = d.older + " " + d.newer;
			const c = d.class;
			if (!c) {
				li.append(`${d.accepted_by} accepts it and ${d.rejected_by} does not, but the grammars' automata do not separate it (a scheme grammar, a check or a base decides).`);
				return li;
			}
			li.dataset.class = [c.goes_on.rule, c.stops.rule, c.at].join(" | ");
			const where = c.end_of_input ? "accepts at the end" : `goes on at ${c.at}`;
			li.append(`${d.accepted_by} ${rule(c.goes_on)} ${where} where ${d.rejected_by} ${rule(c.stops)} stops; the class's shortest string: `, el("code", "", shown(c.witness)));
			return li;
		}),
	);
}

function renderVerdicts(a) {
	const body = $("verdicts").tBodies[0];
	const rows = a.specs.map((s) => {
		const tr = el("tr", s.spec === opened ? "opened" : "");
		tr.dataset.spec = s.spec;
		tr.dataset.valid = String(s.valid);
		const b = el("button", "", s.spec);
		b.type = "button";
		b.setAttribute("aria-pressed", String(s.spec === opened));
		b.title = s.title;
		b.addEventListener("click", () => {
			opened = opened === s.spec ? "" : s.spec;
			ask();
		});
		const th = el("th", "", b);
		th.scope = "row";
		const verdict = el("td", s.valid ? "valid" : "invalid", s.valid ? "valid" : "invalid");
		const where = el("td", "where");
		if (s.error) {
			where.textContent = `${s.error.rule} (${s.error.offset})`;
			where.dataset.offset = s.error.offset;
			where.dataset.rule = s.error.rule;
		}
		tr.append(th, el("td", "", s.date), verdict, where);
		return tr;
	});
	body.replaceChildren(...rows);
}

// caret draws the input with a caret under the byte at offset.
function caret(input, offset, mapped) {
	const cs = cells(input, mapped);
	const pre = el("pre", "caret");
	pre.append(shown(input, mapped), "\n", " ".repeat(column(cs, offset)) + "^");
	pre.dataset.offset = offset;
	pre.dataset.column = column(cs, offset);
	return pre;
}

// drawing draws the components over the input as urispec explain does.
function drawing(input, s, mapped) {
	const cs = cells(input, mapped);
	const names = Object.keys(s.spans).sort((x, y) => s.spans[x][0] - s.spans[y][0] || s.spans[y][1] - s.spans[x][1]);
	const width = cs.reduce((n, c) => n + c.text.length, 0) + 2;
	const pre = el("pre", "drawing");
	pre.append(shown(input, mapped), "\n");
	for (const name of names) {
		const [b, e] = s.spans[name];
		const from = column(cs, b);
		const marks = Math.max(column(cs, e) - from, 0);
		const row = el("span", "component");
		row.dataset.component = name;
		row.dataset.begin = b;
		row.dataset.end = e;
		let value = JSON.stringify(s.components[name] ?? "");
		if (name === "host" && s.host_kind) value += ` (${s.host_kind})`;
		row.append((" ".repeat(from) + "^".repeat(marks)).padEnd(width) + name.padEnd(10) + value + "\n");
		pre.append(row);
	}
	// The hazards under the bytes they concern, marked "!" as explain marks them.
	for (const h of s.hazards || []) {
		const from = column(cs, h.offset);
		const marks = Math.max(column(cs, h.offset + h.length) - from, 1);
		const row = el("span", "hazard", (" ".repeat(from) + "!".repeat(marks)).padEnd(width) + "hazard    " + h.code + "\n");
		row.dataset.code = h.code;
		pre.append(row);
	}
	return pre;
}

// mappedOf is the answer's characters that UTS #46 maps to ASCII, by byte offset.
function mappedOf(a) {
	return new Map((a.uts46 || []).map((m) => [m.offset, m.maps_to]));
}

// renderCharacters lists the input's invisible characters and those that UTS #46 maps to
// ASCII other than themselves: its code point, its general category, and what it maps to.
function renderCharacters(a) {
	const mapped = mappedOf(a);
	const items = cells(request().input, mapped)
		.filter((c) => c.kind === "invisible" || c.kind === "lookalike" || (c.kind === "nonascii" && mapped.has(c.byte)))
		.map((c) => {
			const to = mapped.get(c.byte);
			const li = el("li", "", el("code", "", el("mark", c.kind, c.text)), ` at byte ${c.byte}: ${c.title()}`);
			li.dataset.offset = c.byte;
			li.dataset.kind = c.kind;
			if (to !== undefined) li.dataset.mapsTo = to;
			return li;
		});
	$("characters").replaceChildren(...items);
	$("characters-section").hidden = items.length === 0;
}

function renderDetail(a) {
	const box = $("detail-body");
	const s = a.specs.find((x) => x.spec === opened);
	if (!s) {
		box.replaceChildren(el("p", "hint", "Choose a version above."));
		return;
	}
	const input = request().input;
	const kids = [el("h3", "", `${s.spec}: ${s.title} (${s.date})`)];
	if (!s.valid) {
		const e = s.error;
		kids.push(caret(input, e.offset, mappedOf(a)));
		const dl = el("dl", "");
		const item = (k, v) => v && dl.append(el("dt", "", k), el("dd", "", v));
		item("Rule", e.rule);
		item("Message", e.message);
		item("Allowed there", e.expected ? e.expected.join(", ") : "");
		item("Scheme", e.scheme);
		item("Section", e.section);
		item("Reason", e.reason);
		item("WHATWG validation error", e.validation);
		kids.push(dl);
	} else {
		kids.push(drawing(input, s, mappedOf(a)));
		if (s.scheme_parts) kids.push(el("h4", "", "Scheme's typed parts"), el("pre", "parts", JSON.stringify(s.scheme_parts, null, 1)));
		const hz = el("ul", "hazards");
		for (const h of s.hazards || []) {
			const li = el("li", "", el("code", "", h.code), ` at byte ${h.offset}: ${h.message} (${h.section})`);
			li.dataset.code = h.code;
			hz.append(li);
		}
		kids.push(el("h4", "", "Hazards"), hz.children.length ? hz : el("p", "", "None."));
	}
	box.replaceChildren(...kids);
}

// browserReading is what new URL() makes of the input in this browser.
function browserReading(input, base) {
	try {
		const u = base ? new URL(input, base) : new URL(input);
		return {
			valid: true,
			scheme: u.protocol.replace(/:$/, ""),
			userinfo: u.username + (u.password ? ":" + u.password : ""),
			host: u.hostname,
			port: u.port,
			path: u.pathname,
			query: u.search.replace(/^\?/, ""),
			href: u.href,
		};
	} catch (err) {
		return { valid: false, error: String(err) };
	}
}

function renderBrowser(a) {
	const req = request();
	const br = browserReading(req.input, req.base);
	const w = a.whatwg_parser;
	const spec = a.specs.find((s) => s.spec === "whatwg");
	const rows = [["parses", br.valid ? "yes" : "no: " + br.error, w.error ? "no: " + w.error : "yes", br.valid === !w.error]];
	rows.push(["urispec whatwg verdict", br.valid ? "a URL" : "failure", spec.valid ? "valid URL string" : "not a valid URL string", null]);
	for (const k of ["scheme", "userinfo", "host", "port", "path", "query"]) {
		if (!br.valid && w.error) break;
		const b = br.valid ? br[k] : "";
		const o = w.error ? "" : w[k];
		rows.push([k, b, o, b === o]);
	}
	if (br.valid) rows.push(["href", br.href, "", null]);
	$("browser").tBodies[0].replaceChildren(
		...rows.map(([k, b, o, same]) => {
			const tr = el("tr", same === false ? "differs" : "");
			tr.dataset.part = k;
			const th = el("th", "", k);
			th.scope = "row";
			tr.append(th, el("td", "browser", b), el("td", "ours", o), el("td", "", same === null ? "" : same ? "same" : "differs"));
			return tr;
		}),
	);
}

function renderResolution(a) {
	const section = $("resolution");
	section.hidden = !request().base;
	if (section.hidden) return;
	const targets = a.specs.map((s) => s.resolved?.target ?? "");
	const common = mostCommon(targets);
	$("resolved").tBodies[0].replaceChildren(
		...a.specs.map((s) => {
			const r = s.resolved || {};
			const tr = el("tr", r.target !== common ? "differs" : "");
			tr.dataset.spec = s.spec;
			const th = el("th", "", s.spec);
			th.scope = "row";
			tr.append(th, el("td", "", r.error ? `${r.target || ""} ${r.error}`.trim() : r.target));
			return tr;
		}),
	);
}

function mostCommon(xs) {
	const n = new Map();
	for (const x of xs) n.set(x, (n.get(x) || 0) + 1);
	return [...n].sort((p, q) => q[1] - p[1])[0]?.[0];
}

function renderFormats(a) {
	const valid = a.formats.filter((f) => f.valid).length;
	$("status").textContent = `Valid under ${valid} of ${a.formats.length} formats.`;
	$("formats").tBodies[0].replaceChildren(
		...a.formats.map((f) => {
			const tr = el("tr", "");
			tr.dataset.format = f.format;
			tr.dataset.valid = String(f.valid);
			const th = el("th", "", f.format);
			th.scope = "row";
			const where = el("td", "where", f.error ? `${f.error.rule} (${f.error.offset})` : "");
			if (f.error) where.dataset.offset = f.error.offset;
			tr.append(th, el("td", f.valid ? "valid" : "invalid", f.valid ? "valid" : "invalid"), where, el("td", "", f.error ? f.error.message : ""));
			return tr;
		}),
	);
}

function renderTemplate(a) {
	const t = request().template;
	const kids = [];
	if (!a.valid) {
		$("status").textContent = "The template is invalid.";
		kids.push(caret(t, a.error.offset));
		const dl = el("dl", "");
		dl.append(el("dt", "", "Rule"), el("dd", "", a.error.rule), el("dt", "", "Message"), el("dd", "", a.error.message));
		if (a.error.expected) dl.append(el("dt", "", "Allowed there"), el("dd", "", a.error.expected.join(", ")));
		kids.push(dl);
	} else {
		$("status").textContent = `A valid level ${a.level} template.`;
		const dl = el("dl", "");
		dl.append(el("dt", "", "Level"), el("dd", "", String(a.level)));
		dl.append(el("dt", "", "Variables"), el("dd", "", (a.variables || []).join(", ") || "none"));
		if (a.vars_error) dl.append(el("dt", "", "Variables' error"), el("dd", "invalid", a.vars_error));
		if (a.expansion !== undefined) {
			const x = el("dd", "", el("span", "", shown(a.expansion)));
			x.id = "expansion";
			dl.append(el("dt", "", "Expansion"), x);
		}
		kids.push(dl);
	}
	$("template-body").replaceChildren(...kids);
}

function renderLadder(a) {
	$("ladder-steps").replaceChildren(
		...(a.ladder || []).map((r) => {
			const li = el("li", r.error ? "invalid" : "", el("strong", "", r.level + ": "), r.error || r.result);
			li.dataset.level = r.level;
			return li;
		}),
	);
}

readState();
for (const x of tabs)
	$("tab-" + x).addEventListener("click", () => {
		showTab(x);
		ask();
	});
// The arrow keys, Home and End move between the tabs and show the one they reach (the
// WAI-ARIA tabs pattern, with automatic activation).
$("tabs").addEventListener("keydown", (e) => {
	const i = tabs.indexOf(tab);
	const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
	if (to === undefined) return;
	e.preventDefault();
	const t = tabs[(to + tabs.length) % tabs.length];
	showTab(t);
	$("tab-" + t).focus();
	ask();
});
for (const c of [form.input, form.base, form.template, form.vars]) c.addEventListener("input", onInput);
for (const c of [form.generic, form.ladder]) c.addEventListener("change", onInput);
$("differences").addEventListener("toggle", () => {
	if (last && last.specs && !last.verdicts_only) classify(last);
	const s = state();
	$("permalink").href = s;
	history.replaceState(null, "", s);
});
window.addEventListener("hashchange", () => {
	if (location.hash !== state()) {
		readState();
		if (form.ladder.dataset.want) form.ladder.value = form.ladder.dataset.want;
		ask();
	}
});
ask();
