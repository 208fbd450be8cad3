// The playground's service worker: it keeps a copy of the page's files so that the page
// opens and works offline once it has been loaded. Every request goes to the network
// first (a rebuilt page is seen at once) and its answer refreshes the copy; the copy
// answers when the network cannot.
"use strict";
const CACHE = "urispec-playground";
const FILES = ["./", "index.html", "style.css", "app.js", "worker.js", "wasm_exec.js", "urispec.wasm", "extra.wasm", "favicon.svg"];

self.addEventListener("install", (e) => {
	e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (e) => e.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (e) => {
	const req = e.request;
	if (req.method !== "GET" || new URL(req.url).origin !== location.origin) return;
	e.respondWith(
		fetch(req)
			.then((resp) => {
				if (resp.ok) {
					const copy = resp.clone();
					e.waitUntil(caches.open(CACHE).then((c) => c.put(req, copy)));
				}
				return resp;
			})
			.catch(() => caches.match(req, { ignoreSearch: true }).then((r) => r || Promise.reject(new Error("offline, and not cached: " + req.url)))),
	);
});
