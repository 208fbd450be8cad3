package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/urispec/urispec/internal/subtest"
	"github.com/urispec/urispec/internal/testcorpus"
	"github.com/urispec/urispec/internal/uts46"
	"github.com/urispec/urispec/uri"
)

// playgroundFiles are the files of playground/web that make site copies.
var playgroundFiles = []string{"index.html", "app.js", "worker.js", "sw.js", "style.css", "favicon.svg"}

// buildPlayground builds the playground into a temporary directory as make site does,
// with a gzip copy of the module (make site's brotli copies take a minute to write, and
// serve's choice of a copy is tested by TestServeHeaders).
func buildPlayground(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	wasm := filepath.Join(dir, "urispec.wasm")
	for pkg, out := range map[string]string{"./playground/wasm": wasm, "./playground/extra": filepath.Join(dir, "extra.wasm")} {
		build := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", out, pkg)
		build.Dir = testcorpus.Root(t)
		build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("building %s: %v\n%s", pkg, err, out)
		}
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	copies := map[string]string{filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"): "wasm_exec.js"}
	for _, f := range playgroundFiles {
		copies[testcorpus.Path(t, "playground/web/"+f)] = f
	}
	for from, to := range copies {
		b, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, to), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	raw, err := os.ReadFile(wasm)
	if err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(raw)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(wasm+".gz", gz.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// pageVerdict is one row of the page's verdict table.
type pageVerdict struct {
	Spec   string `json:"spec"`
	Valid  bool   `json:"valid"`
	Offset string `json:"offset"`
	Rule   string `json:"rule"`
}

// checkJSON is urispec check -json -expected -spec all of s, one result a spec: the
// errors with what the grammar expected, as the playground shows them.
func checkJSON(t *testing.T, s string) []checkResult {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if status := run([]string{"check", "-json", "-expected", "-spec", "all", "--", s}, strings.NewReader(""), &stdout, &stderr); status > exitInvalid {
		t.Fatalf("check -json %q: exit %d: %s", s, status, stderr.String())
	}
	return decodeLines[checkResult](t, stdout.String())
}

// playgroundInputs are strings whose verdicts the page must give as check -json does:
// valid under all or some specs, a space, an invisible character, an IPv6 zone, an IRI,
// a bad escape, a relative reference, scheme grammars' refusals.
var playgroundInputs = []string{
	"http://user@example.com:8080/p/a?q=1#f",
	"http://a b/",
	"http://a\u200bb/",
	"http://[fe80::1%25eth0]/",
	"http://例え.jp/パス?q=ü",
	"http://a/%zz",
	"//example.com/x",
	"HTTP://EXAMPLE.com:80/a/../b",
	"mailto:@@@",
	"http:///x",
	"",
}

// TestPlaygroundInBrowser builds the playground, serves it on 127.0.0.1 with serve's
// handler and drives it in headless Chromium: every verdict of the page agrees with
// check -json, the caret stands under the refused byte, the components are drawn where
// the input holds them, the browser's own reading is shown, a link reproduces the view,
// the page is used with the keyboard alone, every control has a label, and nothing is
// reported on the console or requested from elsewhere. With -update it writes the
// screenshots of docs/playground.md.
func TestPlaygroundInBrowser(t *testing.T) {
	b := browser(t)
	dir := buildPlayground(t)
	srv := httptest.NewServer(siteHandler(dir))
	defer srv.Close()
	page := func(fragment string) string { return srv.URL + "/#" + fragment }
	// wait waits for the page to draw the answer to its latest request.
	wait := func() {
		t.Helper()
		b.do(map[string]any{"op": "eval", "await": true, "expr": `new Promise(done => {
			const drawn = () => document.body.dataset.rendered && Number(document.body.dataset.rendered) >= window.__asked;
			window.__asked = window.__asked || 0;
			if (drawn()) return done(true);
			new MutationObserver((_, o) => { if (drawn()) { o.disconnect(); done(true); } })
				.observe(document.body, {attributes: true});
		})`})
	}
	// set types s into the input as one edit and waits for the page to draw it.
	set := func(id, s string) {
		t.Helper()
		b.eval(fmt.Sprintf(`(() => { const e = document.getElementById(%q); e.value = %q;
			window.__asked = (Number(document.body.dataset.rendered) || 0) + 1;
			e.dispatchEvent(new Event('input')); return true; })()`, id, s))
		wait()
	}
	verdicts := func() []pageVerdict {
		t.Helper()
		v := b.eval(`JSON.stringify(Array.from(document.querySelectorAll('#verdicts tbody tr')).map(tr => ({
			spec: tr.dataset.spec, valid: tr.dataset.valid === 'true',
			offset: tr.querySelector('.where').dataset.offset || '', rule: tr.querySelector('.where').dataset.rule || ''})))`)
		var out []pageVerdict
		if err := json.Unmarshal([]byte(v.(string)), &out); err != nil {
			t.Fatal(err)
		}
		return out
	}

	// load opens a fresh page at the fragment and waits for its first view: the page
	// asks twice, the second time once it knows the specs' names.
	load := func(fragment string, size ...int) {
		t.Helper()
		b.open("about:blank", size...)
		b.open(page(fragment), size...)
		b.eval(`window.__asked = 2`)
		wait()
	}
	// load1 is load for the tabs that ask once (formats, templates).
	load1 := func(fragment string) {
		t.Helper()
		b.open("about:blank")
		b.open(page(fragment))
		b.eval(`window.__asked = 1`)
		wait()
	}
	load("input=x")
	for _, s := range playgroundInputs {
		t.Run(subtest.Name(s), func(t *testing.T) {
			set("input", s)
			want := checkJSON(t, s)
			got := verdicts()
			if len(got) != len(want) {
				t.Fatalf("%q: the page shows %d verdicts, check -json -spec all %d", s, len(got), len(want))
			}
			for i, w := range want {
				g := pageVerdict{Spec: w.Spec, Valid: w.Valid}
				if w.Error != nil {
					g.Offset, g.Rule = fmt.Sprint(w.Error.Offset), w.Error.Rule
				}
				if got[i] != g {
					t.Errorf("%q: the page shows %+v, check -json %+v", s, got[i], g)
				}
			}
		})
	}

	// The caret: under the byte check -json names, drawn where the input shows it (an
	// invisible character as its escape).
	for _, c := range []struct{ input, spec, above string }{
		{"http://a b/", "rfc3986", " b/"},
		{`http://a\u{200B}b/`, "rfc3986", `\u{200B}b/`},
		{"http://例え.jp/a b", "rfc3987", " b"},
	} {
		t.Run(subtest.Name(c.input), func(t *testing.T) {
			load(url.Values{"input": {c.input}, "open": {c.spec}}.Encode())
			got := b.eval(`(() => { const pre = document.querySelector('#detail pre.caret');
				if (!pre) return null;
				const [line, marks] = pre.textContent.split('\n');
				return [line.slice(marks.indexOf('^')), pre.dataset.offset,
					document.querySelector('#detail dl').textContent.includes('Allowed there')]; })()`)
			arr, _ := got.([]any)
			if len(arr) != 3 {
				t.Errorf("%q under %s: no caret drawn", c.input, c.spec)
				return
			}
			if !strings.HasPrefix(arr[0].(string), c.above) {
				t.Errorf("%q under %s: above the caret is %q, want %q", c.input, c.spec, arr[0], c.above)
			}
			if arr[2] != true {
				t.Errorf("%q under %s: what the grammar allowed is not shown", c.input, c.spec)
			}
		})
	}

	// Invisible and lookalike characters: each listed with its byte, and what UTS #46
	// maps it to where it maps it to ASCII (internal/uts46); marked so in the caret's line.
	load(url.Values{"input": {`http://ⓖo\u{200B}ogle。com／x`}, "open": {"rfc3986"}}.Encode())
	chars := b.eval(`Array.from(document.querySelectorAll('#characters li')).map(li => [li.dataset.offset, li.dataset.kind, li.dataset.mapsTo ?? null].join(' ')).join(', ')`)
	if want := "7 lookalike g, 11 invisible , 18 lookalike ., 24 lookalike /"; chars != want {
		t.Errorf("invisible and lookalike characters listed: %q, want %q", chars, want)
	}
	for _, c := range []struct {
		r  rune
		to string
	}{{'ⓖ', "g"}, {'。', "."}, {'／', "/"}} {
		t.Run(string(c.r), func(t *testing.T) {
			if got := uts46.Map(string(c.r)); got != c.to {
				t.Errorf("uts46.Map(%q) = %q, the page's list says %q", c.r, got, c.to)
			}
		})
	}
	if got := b.eval(`Array.from(document.querySelectorAll('#detail pre.caret mark.lookalike')).map(m => m.title).join('; ')`); !strings.Contains(got.(string), `U+24D6, other symbol (So): UTS #46 maps it to "g"`) {
		t.Errorf("the caret's line marks the lookalikes %q", got)
	}

	// The components: each drawn over the bytes that hold it, as check -json gives it.
	const valid = "http://user@example.com:8080/p/a?q=1#f"
	load(url.Values{"input": {valid}, "open": {"rfc3986"}}.Encode())
	var rfc3986 checkResult
	for _, r := range checkJSON(t, valid) {
		if r.Spec == "rfc3986" {
			rfc3986 = r
		}
	}
	comps := map[string]*string{}
	cj, _ := json.Marshal(rfc3986.Components)
	json.Unmarshal(cj, &comps)
	drawn := b.eval(`Object.fromEntries(Array.from(document.querySelectorAll('#detail .component')).map(r => [r.dataset.component, [Number(r.dataset.begin), Number(r.dataset.end)]]))`).(map[string]any)
	for name, v := range comps {
		span, ok := drawn[name].([]any)
		if (v != nil) != ok {
			t.Errorf("component %s: drawn %v, check -json gives %v", name, ok, v)
			continue
		}
		if ok {
			if got := valid[int(span[0].(float64)):int(span[1].(float64))]; got != *v {
				t.Errorf("component %s: drawn over %q, check -json gives %q", name, got, *v)
			}
		}
	}

	// The hazards, drawn under the input, are check -json's.
	var wantCodes []string
	if rfc3986.Hazards != nil {
		for _, h := range *rfc3986.Hazards {
			wantCodes = append(wantCodes, string(h.Code))
		}
	}
	gotCodes := b.eval(`Array.from(document.querySelectorAll('#detail pre .hazard')).map(r => r.dataset.code).join(' ')`)
	if gotCodes != strings.Join(wantCodes, " ") || len(wantCodes) == 0 {
		t.Errorf("hazards drawn: %q, check -json gives %q (and at least http-userinfo)", gotCodes, wantCodes)
	}

	// The browser's own reading, beside the WHATWG parser's: the same for this string.
	set("input", "HTTP://EXAMPLE.com:80/a/../b?q")
	reading := b.eval(`Object.fromEntries(Array.from(document.querySelectorAll('#browser tbody tr')).map(tr => [tr.dataset.part, [tr.querySelector('.browser').textContent, tr.querySelector('.ours').textContent, tr.className]]))`).(map[string]any)
	for part, want := range map[string]string{"scheme": "http", "host": "example.com", "port": "", "path": "/b", "query": "q"} {
		row, _ := reading[part].([]any)
		if len(row) != 3 || row[0] != want || row[1] != want || row[2] != "" {
			t.Errorf("browser reading of %s: %v, want %q in both columns, not marked", part, row, want)
		}
	}

	// A link reproduces the view: the same verdicts, the same opened spec, in a fresh load.
	set("base", "http://h/a/b")
	set("input", "../c d")
	before := verdicts()
	link := b.eval(`document.getElementById('permalink').href`).(string)
	if !strings.HasPrefix(link, srv.URL+"/#") {
		t.Fatalf("the permalink is %q", link)
	}
	load(strings.TrimPrefix(link, srv.URL+"/#"))
	if got := b.eval(`[document.getElementById('input').value, document.getElementById('base').value]`).([]any); got[0] != "../c d" || got[1] != "http://h/a/b" {
		t.Errorf("the link restores input and base %v", got)
	}
	if after := verdicts(); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Errorf("the link shows other verdicts:\n%v\nbefore:\n%v", after, before)
	}
	if n := b.eval(`document.querySelectorAll('#resolved tbody tr').length`); n != float64(len(before)) {
		t.Errorf("resolution table: %v rows, want %d", n, len(before))
	}

	// Where versions disagree, the classes of urispec diff (the second module) are the
	// ones explain -json names.
	load(url.Values{"input": {"x"}, "diff": {"1"}}.Encode())
	for _, s := range []string{"http://a b/", "http://[fe80::1%25eth0]/", "http://例え.jp/", "mailto:@@@"} {
		t.Run(subtest.Name(s), func(t *testing.T) {
			set("input", s)
			b.do(map[string]any{"op": "eval", "await": true, "expr": `new Promise(done => {
				const box = document.getElementById('classes');
				if (box.dataset.classified) return done(true);
				new MutationObserver((_, o) => { if (box.dataset.classified) { o.disconnect(); done(true); } })
					.observe(box, {attributes: true});
			})`})
			got := b.eval(`Array.from(document.querySelectorAll('#classes li')).map(li => li.dataset.pair + ': ' + (li.dataset.class || 'not separated')).join('\n')`)
			if want := playgroundClasses(t, s); got != want {
				t.Errorf("%q: the page names the classes\n%v\nexplain -json\n%v", s, got, want)
			}
		})
	}

	// Labelled controls, and the keyboard alone: Tab to the input, type, Tab to a spec's
	// button, Enter opens its detail.
	if unlabelled := b.eval(`Array.from(document.querySelectorAll('input, select, button')).filter(e => !(e.labels && e.labels.length) && !e.textContent.trim()).map(e => e.outerHTML)`).([]any); len(unlabelled) > 0 {
		t.Errorf("controls without a label: %v", unlabelled)
	}
	load("input=")
	tabTo := func(test string) {
		t.Helper()
		for range 40 {
			if b.eval(test) == true {
				return
			}
			b.do(map[string]any{"op": "keys", "keys": "\t"})
		}
		t.Fatalf("Tab never reaches %s", test)
	}
	tabTo(`document.activeElement.id === 'input'`)
	b.eval(`window.__asked = 2 + 'http://a b/'.length`)
	b.do(map[string]any{"op": "keys", "keys": "http://a b/"})
	wait()
	tabTo(`document.activeElement.closest('tr')?.dataset.spec === 'rfc3986'`)
	b.eval(`window.__asked = Number(document.body.dataset.rendered) + 1`)
	b.do(map[string]any{"op": "keys", "keys": "\r"})
	wait()
	if got := b.eval(`document.querySelector('#detail pre.caret')?.dataset.offset`); got != "8" {
		t.Errorf("typed with the keyboard and opened with Enter: caret at %v, want 8", got)
	}
	// The tabs: Tab reaches the selected one, the right arrow shows the next.
	tabTo(`document.activeElement.id === 'tab-ref'`)
	b.eval(`window.__asked = Number(document.body.dataset.rendered) + 1`)
	b.do(map[string]any{"op": "keys", "keys": "\u0303"}) // ArrowRight: chromedp/kb.ArrowRight
	wait()
	if got := b.eval(`[document.activeElement.id, document.getElementById('panel-formats').hidden, document.querySelectorAll('#formats tbody tr').length]`).([]any); got[0] != "tab-formats" || got[1] != false || got[2] != float64(5) {
		t.Errorf("the right arrow on the first tab: focus, formats panel hidden, rows = %v, want tab-formats, false, 5", got)
	}

	// The formats tab: each format's verdict and offset as check -format gives them.
	for _, s := range []string{"http:///x", "a b", "{x", "//h/p"} {
		t.Run(subtest.Name(s), func(t *testing.T) {
			load1(url.Values{"tab": {"formats"}, "input": {s}}.Encode())
			got := b.eval(`Object.fromEntries(Array.from(document.querySelectorAll('#formats tbody tr')).map(tr => [tr.dataset.format, tr.dataset.valid + ' ' + (tr.querySelector('.where').dataset.offset || '')]))`).(map[string]any)
			for _, f := range uri.FormatNames() {
				var stdout, stderr bytes.Buffer
				run([]string{"check", "-format", f, "-json", "--", s}, strings.NewReader(""), &stdout, &stderr)
				var r struct {
					Valid bool `json:"valid"`
					Error *struct {
						Offset int `json:"offset"`
					} `json:"error"`
				}
				if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
					t.Fatalf("check -format %s -json %q: %v (%s)", f, s, err, stderr.String())
				}
				want := fmt.Sprint(r.Valid, " ")
				if r.Error != nil {
					want += fmt.Sprint(r.Error.Offset)
				}
				if got[f] != want {
					t.Errorf("format %s of %q: the page shows %q, check -format -json %q", f, s, got[f], want)
				}
			}
		})
	}

	// The template tab: level and expansion, or the caret, as urispec template gives them.
	for _, c := range []struct{ template, vars string }{
		{"http://example.com/search{?q,lang}{#section}", `{"q": "café au lait", "lang": "fr", "section": ["a", "b"]}`},
		{"{/list*}{?keys*}", `{"list": ["red", "green"], "keys": {"semi": ";", "dot": "."}}`},
		{"http://h/{x", `{}`},
	} {
		t.Run(subtest.Name(c.template), func(t *testing.T) {
			load1(url.Values{"tab": {"template"}, "template": {c.template}, "vars": {c.vars}}.Encode())
			var stdout, stderr bytes.Buffer
			run([]string{"template", "-json", "-vars", c.vars, "--", c.template}, strings.NewReader(""), &stdout, &stderr)
			var want struct {
				Valid     bool   `json:"valid"`
				Level     int    `json:"level"`
				Expansion string `json:"expansion"`
				Error     *struct {
					Offset int `json:"offset"`
				} `json:"error"`
			}
			if err := json.Unmarshal(stdout.Bytes(), &want); err != nil {
				t.Fatalf("template -json %q: %v (%s)", c.template, err, stderr.String())
			}
			got := b.eval(`[document.getElementById('expansion')?.textContent ?? null, document.querySelector('#template-body pre.caret')?.dataset.offset ?? null, document.getElementById('status').textContent]`).([]any)
			switch {
			case want.Valid && (got[0] != want.Expansion || !strings.Contains(got[2].(string), fmt.Sprintf("level %d", want.Level))):
				t.Errorf("template %q: the page shows %q (%v), urispec template %q (level %d)", c.template, got[0], got[2], want.Expansion, want.Level)
			case !want.Valid && got[1] != fmt.Sprint(want.Error.Offset):
				t.Errorf("template %q: caret at %v, urispec template says byte %d", c.template, got[1], want.Error.Offset)
			}
		})
	}

	problems, requests := b.events()
	for _, p := range problems {
		t.Errorf("the page reported %s", p)
	}
	for _, r := range requests {
		if !strings.HasPrefix(r, srv.URL+"/") && r != "about:blank" {
			t.Errorf("the page requested %s", r)
		}
	}

	defer playgroundOffline(t, b, srv, wait) // last: it stops the server
	if *update {
		for _, s := range playgroundShots {
			b.open("about:blank", s.width, s.height)
			b.open(page(s.fragment), s.width, s.height)
			b.eval(`window.__asked = document.getElementById('tab-ref').ariaSelected === 'true' ? 2 : 1`)
			wait()
			png, err := withPNGText(b.do(map[string]any{"op": "screenshot"}).PNG, pngPageKey, playgroundShotHash(t, s.fragment))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(testcorpus.Path(t, s.file), png, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("wrote %s (%d bytes)", s.file, len(png))
		}
	}
}

// playgroundClasses is what explain -json names of s where two specs disagree: for each
// pair, "OLDER NEWER: GOES-ON | STOPS | AT" or "not separated", a line each.
func playgroundClasses(t *testing.T, s string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if status := run([]string{"explain", "-json", "--", s}, strings.NewReader(""), &stdout, &stderr); status != 0 {
		t.Fatalf("explain -json %q: exit %d: %s", s, status, stderr.String())
	}
	type rule struct{ Rule string }
	var lines []string
	for _, r := range decodeLines[struct {
		Specdiff []struct {
			Older, Newer string
			Class        *struct {
				GoesOn rule `json:"goes_on"`
				Stops  rule
				At     string
			}
		}
	}](t, stdout.String()) {
		for _, d := range r.Specdiff {
			line := d.Older + " " + d.Newer + ": not separated"
			if c := d.Class; c != nil {
				line = d.Older + " " + d.Newer + ": " + strings.Join([]string{c.GoesOn.Rule, c.Stops.Rule, c.At}, " | ")
			}
			lines = append(lines, line)
		}
	}
	return strings.Join(lines, "\n")
}

// playgroundOffline checks that the page, once loaded, opens and checks with its server
// gone (sw.js): after it, nothing is served.
func playgroundOffline(t *testing.T, b *tab, srv *httptest.Server, wait func()) {
	t.Helper()
	fragment := url.Values{"input": {"http://a b/"}, "open": {"rfc3986"}}.Encode()
	b.open("about:blank")
	b.open(srv.URL + "/#" + fragment)
	b.eval(`window.__asked = 2`)
	wait()
	// Wait for the service worker to have stored every file.
	n := b.do(map[string]any{"op": "eval", "await": true, "expr": `navigator.serviceWorker.ready
		.then(() => caches.open('urispec-playground')).then(c => c.keys()).then(k => k.length)`}).Value
	if n != float64(9) {
		t.Fatalf("the service worker keeps %v files, want 9", n)
	}
	srv.Close()
	b.open("about:blank")
	b.open(srv.URL + "/#" + fragment)
	b.eval(`window.__asked = 2`)
	wait()
	if got := b.eval(`[document.querySelectorAll('#verdicts tbody tr').length, document.querySelector('#detail pre.caret')?.dataset.offset]`).([]any); got[0] != float64(len(uri.Specs())) || got[1] != "8" {
		t.Errorf("offline: %v verdicts and a caret at %v, want %d (every spec) and 8", got[0], got[1], len(uri.Specs()))
	}
}

// playgroundShots are the screenshots of docs/playground.md.
var playgroundShots = []struct {
	file          string
	fragment      string
	width, height int
}{
	{"docs/playground-valid.png", url.Values{"input": {"http://user@example.com:8080/p/a?q=1#f"}, "open": {"rfc3986"}}.Encode(), 1280, 1400},
	{"docs/playground-invalid.png", url.Values{"input": {`http://exa\u{200B}mple.com/ⅼogin b`}, "open": {"rfc3986"}}.Encode(), 1280, 1250},
	{"docs/playground-phone.png", url.Values{"input": {"../c?d#e"}, "base": {"http://a/b/c/d;p?q"}}.Encode(), 390, 1600},
	{"docs/playground-template.png", url.Values{"tab": {"template"}, "template": {"http://example.com/search{?q,lang}{#section}"},
		"vars": {`{"q": "café au lait", "lang": "fr", "section": ["a", "b"]}`}}.Encode(), 1100, 700},
}

// playgroundShotHash is the SHA-256 of what a screenshot of the playground shows: the
// files of playground/web, the view's fragment and check -json -spec all of its input.
// TestPlaygroundPNGCurrent compares it with the one the screenshot carries, since the
// pixels differ from one machine to the next.
func playgroundShotHash(t *testing.T, fragment string) string {
	t.Helper()
	var all bytes.Buffer
	for _, f := range playgroundFiles {
		b, err := os.ReadFile(testcorpus.Path(t, "playground/web/"+f))
		if err != nil {
			t.Fatal(err)
		}
		all.Write(b)
	}
	all.WriteString(fragment)
	v, err := url.ParseQuery(fragment)
	if err != nil {
		t.Fatal(err)
	}
	// The page reads \u{HEX} escapes in the input: so does the hash.
	input := regexp.MustCompile(`\\u\{([0-9A-Fa-f]{1,6})\}`).ReplaceAllStringFunc(v.Get("input"), func(m string) string {
		n, _ := strconv.ParseUint(m[3:len(m)-1], 16, 32)
		return string(rune(n))
	})
	verdicts, err := json.Marshal(checkJSON(t, input))
	if err != nil {
		t.Fatal(err)
	}
	all.Write(verdicts)
	return pageHash(all.Bytes())
}

// TestPlaygroundPNGCurrent: each screenshot of docs/playground.md was taken of the page
// and the verdicts of today.
func TestPlaygroundPNGCurrent(t *testing.T) {
	for _, s := range playgroundShots {
		t.Run(filepath.Base(s.file), func(t *testing.T) {
			img, err := os.ReadFile(testcorpus.Path(t, s.file))
			if err != nil {
				t.Fatal(err)
			}
			if got, ok := pngText(img, pngPageKey); got != playgroundShotHash(t, s.fragment) {
				t.Errorf("%s shows another page or other verdicts than today's (hash %q, found %v): take it again with "+
					"go test ./cmd/urispec -run TestPlaygroundInBrowser -update (Chromium needed)", s.file, got, ok)
			}
		})
	}
}

// open loads the URL u; a width and height set the viewport first.
func (b *tab) open(u string, size ...int) {
	b.t.Helper()
	req := map[string]any{"op": "navigate", "url": u}
	if len(size) == 2 {
		req["width"], req["height"] = size[0], size[1]
	}
	b.do(req)
}
