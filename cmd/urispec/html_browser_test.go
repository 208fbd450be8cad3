package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/urispec/urispec/internal/summary"
	"github.com/urispec/urispec/internal/testcorpus"
)

// findChromium is the path of a Chromium or Chrome binary, or "".
func findChromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "/usr/bin/chromium", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// tab is a tab of headless Chromium, driven by internal/browser: a program in a module
// of its own, so that github.com/chromedp/chromedp stays out of this module's go.mod
// (docs/dependencies.md). The test builds it and speaks its protocol, one JSON object
// a line each way (internal/browser/main.go).
type tab struct {
	t   *testing.T
	in  io.Writer
	out *json.Decoder
}

// browserResponse is one answer of internal/browser.
type browserResponse struct {
	Error    string   `json:"error"`
	Value    any      `json:"value"`
	PNG      []byte   `json:"png"`
	Problems []string `json:"problems"`
	Requests []string `json:"requests"`
}

// browser builds internal/browser and starts it with headless Chromium and a fresh
// profile, or skips the test when there is no Chromium (fails with
// URISPEC_REQUIRE_BROWSER set). Call it before any t.Chdir.
func browser(t *testing.T) *tab {
	t.Helper()
	path := findChromium()
	if path == "" && os.Getenv("URISPEC_REQUIRE_BROWSER") != "" {
		t.Fatal("URISPEC_REQUIRE_BROWSER is set (by .ci/run) and no chromium, chromium-browser or google-chrome is in PATH")
	}
	if path == "" {
		t.Skip("no chromium, chromium-browser or google-chrome in PATH: install Debian's chromium package " +
			"(apt-get install chromium; .ci/run does) to run the browser test of the HTML report")
	}
	driverDir, err := filepath.Abs(testcorpus.Path(t, "internal/browser"))
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "browser")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = driverDir
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building internal/browser: %v\n%s", err, out)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute) // against a hung browser on a busy machine
	cmd := exec.CommandContext(ctx, bin, "-chromium", path, "-profile", t.TempDir())
	var stderr strings.Builder
	cmd.Stderr = &stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		in.Close()
		if err := cmd.Wait(); err != nil {
			t.Errorf("internal/browser: %v\n%s", err, stderr.String())
		}
		cancel()
	})
	return &tab{t: t, in: in, out: json.NewDecoder(out)}
}

// do sends one request and returns the answer; an error ends the test.
func (b *tab) do(req map[string]any) browserResponse {
	b.t.Helper()
	line, err := json.Marshal(req)
	if err != nil {
		b.t.Fatal(err)
	}
	if _, err := b.in.Write(append(line, '\n')); err != nil {
		b.t.Fatalf("%s: %v", line, err)
	}
	var resp browserResponse
	if err := b.out.Decode(&resp); err != nil {
		b.t.Fatalf("%s: no answer from internal/browser: %v", line, err)
	}
	if resp.Error != "" {
		b.t.Fatalf("%s: %s", line, resp.Error)
	}
	return resp
}

// navigate loads the file name; a width and height set the viewport first.
func (b *tab) navigate(name string, size ...int) {
	b.t.Helper()
	req := map[string]any{"op": "navigate", "url": fileURL(name)}
	if len(size) == 2 {
		req["width"], req["height"] = size[0], size[1]
	}
	b.do(req)
}

// eval is the value of a JavaScript expression in the page.
func (b *tab) eval(expr string) any {
	b.t.Helper()
	return b.do(map[string]any{"op": "eval", "expr": expr}).Value
}

// events returns what the tab reported since the browser started: console messages,
// exceptions, log errors and warnings and dialogs, and the URLs requested.
func (b *tab) events() (problems, requests []string) {
	b.t.Helper()
	r := b.do(map[string]any{"op": "events"})
	return r.Problems, r.Requests
}

func fileURL(name string) string { return (&url.URL{Scheme: "file", Path: name}).String() }

// gunzipCorpus writes the real-world corpus, uncompressed, to dir/realworld-urls.txt.
func gunzipCorpus(t *testing.T, dir string) string {
	t.Helper()
	name := filepath.Join(dir, "realworld-urls.txt")
	if err := os.WriteFile(name, testcorpus.ReadFile(t, "testdata/corpora/realworld-urls.txt.gz"), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// TestHTMLInBrowser loads matrix -html of the real-world corpus and the hostile lines
// in headless Chromium: it must render without a console message or a request other
// than the page, its charts must have one bar per spec and per pattern shown and
// timeline labels that do not overlap as the browser sets them, and every hostile input
// must be text on the page, never markup. With -update it writes docs/report.png.
func TestHTMLInBrowser(t *testing.T) {
	shot, err := filepath.Abs(testcorpus.Path(t, reportPNG)) // before the Chdir below
	if err != nil {
		t.Fatal(err)
	}
	b := browser(t)
	dir := t.TempDir()
	gunzipCorpus(t, dir)
	writeHostile(t, dir)
	t.Chdir(dir) // the examples' places read "realworld-urls.txt:LINE"
	files := []string{"realworld-urls.txt", "hostile.txt"}
	var sum summary.Summary
	if err := json.Unmarshal([]byte(runOK(t, append([]string{"matrix", "-summary-json"}, files...)...)), &sum); err != nil {
		t.Fatal(err)
	}
	pageFile := filepath.Join(dir, "report.html")
	if err := os.WriteFile(pageFile, []byte(runOK(t, append([]string{"matrix", "-html"}, files...)...)), 0o644); err != nil {
		t.Fatal(err)
	}
	b.navigate(pageFile)
	eval := b.eval
	// bars counts the bars drawn in a chart in the given fill: rectangles the browser
	// lays out with a width and a height.
	bars := func(id, fill string) int {
		t.Helper()
		n := eval(fmt.Sprintf(`Array.from(document.querySelectorAll('#%s rect.bar')).filter(r => r.getAttribute('fill') === '%s' && r.getBBox().width > 0 && r.getBBox().height > 0).length`, id, fill))
		return int(n.(float64))
	}
	if got, want := bars("chart-timeline", barFill), len(sum.Specs); got != want {
		t.Errorf("timeline chart: %d bars, want %d (one per spec)", got, want)
	}
	if got, want := bars("chart-patterns", barFill), min(len(sum.Patterns), htmlPatterns); got != want {
		t.Errorf("patterns chart: %d bars, want %d (one per pattern shown)", got, want)
	}
	// The labels as the browser sets them, in its own monospace font: no two overlap,
	// and each is as wide as the layout reckoned or narrower.
	overlaps := eval(`(() => {
		const bs = Array.from(document.querySelectorAll('#chart-timeline text.label')).map(e => [e.textContent, e.getBBox()]);
		const out = [];
		for (const [i, [ta, a]] of bs.entries()) for (const [tb, b] of bs.slice(i + 1))
			if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height) out.push(ta + ' / ' + tb);
		return [bs.length, out];
	})()`).([]any)
	if n := int(overlaps[0].(float64)); n != len(sum.Specs) {
		t.Errorf("timeline chart: %d labels, want %d", n, len(sum.Specs))
	}
	for _, o := range overlaps[1].([]any) {
		t.Errorf("timeline chart: labels overlap in the browser: %v", o)
	}
	if wide := eval(fmt.Sprintf(`Array.from(document.querySelectorAll('#chart-timeline text.label')).filter(e => e.getBBox().width > e.textContent.length * %v + 1).map(e => e.textContent)`, charWidth)).([]any); len(wide) > 0 {
		t.Errorf("timeline chart: labels wider in the browser than the layout reckons (%v px a character): %v", charWidth, wide)
	}
	if got := eval(`document.querySelectorAll('#pattern-table tr').length`); int(got.(float64)) != min(len(sum.Patterns), htmlPatterns)+1 {
		t.Errorf("pattern table: %v rows, want %d and a header", got, min(len(sum.Patterns), htmlPatterns))
	}
	if got := eval(`document.getElementById('chart-hazards') === null`); got != (len(sum.Hazards) == 0) {
		t.Errorf("hazard chart present = %v with %d hazard codes", !got.(bool), len(sum.Hazards))
	}
	for _, id := range []string{"chart-timeline", "chart-patterns"} {
		// Drawn, not just present: the chart has a size on the page.
		if w := eval(fmt.Sprintf(`document.getElementById('%s').getBoundingClientRect().width`, id)); w.(float64) < 300 {
			t.Errorf("%s is %v px wide", id, w)
		}
	}

	// Hostile inputs are text: no element came out of them, and the page shows them.
	for expr, want := range map[string]any{
		`document.scripts.length`:                                   0.0,
		`document.images.length`:                                    0.0,
		`document.querySelectorAll('b, img, [onmouseover]').length`: 0.0,
		`document.title.includes('pwned')`:                          false,
	} {
		if got := eval(expr); got != want {
			t.Errorf("%s = %v, want %v", expr, got, want)
		}
	}
	text := eval(`document.body.innerText`).(string)
	for _, want := range []string{
		`<script>alert(1)</script>\xff`,
		`http://a/"onmouseover="alert(1)\x00`,
		`http://a/\xfe<b>bold</b>`,
		`http://é'&amp;'/`,
		`http://a/\xe2\x80\xaeevil`,
		`</td></tr></table><img src=x onerror=alert(1)>\x00`,
		"http://a/b?é" + strings.Repeat("x", htmlExampleLen-len("http://a/b?é")) + "…", // é: 2 bytes, 1 character
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the page does not show %q as text", want)
		}
	}
	if strings.Contains(text, strings.Repeat("x", htmlExampleLen)) {
		t.Error("the long line is not shortened")
	}
	if strings.ContainsRune(text, '\u202e') || strings.ContainsRune(text, '\ufffd') {
		t.Error("a bidirectional override or U+FFFD reached the page's text")
	}

	problems, requests := b.events()
	for _, p := range problems {
		t.Errorf("the page reported %s", p)
	}
	for _, r := range requests {
		if r != fileURL(pageFile) {
			t.Errorf("the page requested %s", r)
		}
	}
	if len(requests) == 0 {
		t.Error("no request seen, not even the page: are network events reported?")
	}

	// Hazard counts are drawn as a chart, one bar per code. A code is text read from a
	// summary, so the page escapes it like any other; writeHTML is called directly with a
	// hostile one, which merge would refuse before writing anything (summary.Check).
	sum.Hazards = map[string]int64{"bidi-control": 5, "pct-encoded-unreserved": 70, "<script>alert(2)</script>": 1}
	var page strings.Builder
	if err := writeHTML(&page, &sum, 15); err != nil {
		t.Fatal(err)
	}
	hazPage := filepath.Join(dir, "hazards.html")
	if err := os.WriteFile(hazPage, []byte(page.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	b.navigate(hazPage)
	if got := bars("chart-hazards", hazardFill); got != len(sum.Hazards) {
		t.Errorf("hazard chart: %d bars, want %d (one per code)", got, len(sum.Hazards))
	}
	if got := eval(`document.scripts.length`); got != 0.0 {
		t.Errorf("the hazards page has %v scripts", got)
	}
	if text := eval(`document.getElementById('hazard-table').innerText`).(string); !strings.Contains(text, "<script>alert(2)</script>") {
		t.Errorf("the hazard table does not show the code as text: %q", text)
	}
	hazProblems, _ := b.events()
	for _, p := range hazProblems[len(problems):] {
		t.Errorf("the hazards page reported %s", p)
	}

	if *update {
		writeScreenshot(t, b, dir, shot)
	}
}

// reportPNG is the screenshot of docs/reports.md: the top of matrix -html of the
// real-world corpus, written by TestHTMLInBrowser with -update.
const reportPNG = "docs/report.png"

// corpusPage is matrix -html of the real-world corpus alone, as the file
// realworld-urls.txt in the current directory.
func corpusPage(t *testing.T) []byte {
	return []byte(runOK(t, "matrix", "-html", "realworld-urls.txt"))
}

// writeScreenshot writes a PNG of the top of matrix -html of the real-world corpus
// alone, with the SHA-256 of the page in a text chunk (TestReportPNGCurrent reads it).
func writeScreenshot(t *testing.T, b *tab, dir, out string) {
	page := corpusPage(t)
	pageFile := filepath.Join(dir, "corpus.html")
	if err := os.WriteFile(pageFile, page, 0o644); err != nil {
		t.Fatal(err)
	}
	b.navigate(pageFile, 1100, 1700)
	img, err := withPNGText(b.do(map[string]any{"op": "screenshot"}).PNG, pngPageKey, pageHash(page))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, img, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s (%d bytes)", out, len(img))
}
