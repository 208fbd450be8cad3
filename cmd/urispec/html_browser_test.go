package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/urispec/urispec/internal/summary"
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

// browser starts headless Chromium with a fresh profile and everything that talks to
// the network on its own turned off, and returns a tab's context.
func browser(t *testing.T) context.Context {
	t.Helper()
	path := findChromium()
	if path == "" && os.Getenv("URISPEC_REQUIRE_BROWSER") != "" {
		t.Fatal("URISPEC_REQUIRE_BROWSER is set (by .ci/run) and no chromium, chromium-browser or google-chrome is in PATH")
	}
	if path == "" {
		t.Skip("no chromium, chromium-browser or google-chrome in PATH: install Debian's chromium package " +
			"(apt-get install chromium; .ci/run does) to run the browser test of the HTML report")
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-default-apps", true),
		chromedp.Flag("disable-domain-reliability", true),
		chromedp.Flag("no-pings", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1200, 900),
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	ctx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(cancelAlloc)
	ctx, cancelTab := chromedp.NewContext(ctx)
	t.Cleanup(cancelTab)
	return ctx
}

// pageEvents is what the tab reported while it showed the page.
type pageEvents struct {
	mu       sync.Mutex
	problems []string // console errors and warnings, exceptions, log errors, dialogs
	requests []string // URLs requested
}

func (pe *pageEvents) listen(t *testing.T, ctx context.Context) {
	t.Helper()
	err := chromedp.Listen(ctx, func(ev any) {
		pe.mu.Lock()
		defer pe.mu.Unlock()
		switch ev := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			var args []string
			for _, a := range ev.Args {
				args = append(args, string(a.Value))
			}
			pe.problems = append(pe.problems, fmt.Sprintf("console.%s: %s", ev.Type, strings.Join(args, " ")))
		case *runtime.EventExceptionThrown:
			pe.problems = append(pe.problems, "exception: "+ev.ExceptionDetails.Text)
		case *log.EventEntryAdded:
			if ev.Entry.Level == log.EntryLevelError || ev.Entry.Level == log.EntryLevelWarning {
				pe.problems = append(pe.problems, fmt.Sprintf("log %s: %s (%s)", ev.Entry.Level, ev.Entry.Text, ev.Entry.URL))
			}
		case *page.EventJavascriptDialogOpening:
			pe.problems = append(pe.problems, "dialog: "+ev.Message)
		case *network.EventRequestWillBeSent:
			pe.requests = append(pe.requests, ev.Request.URL)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
}

// gunzipCorpus writes the real-world corpus, uncompressed, to dir/realworld-urls.txt.
func gunzipCorpus(t *testing.T, dir string) string {
	t.Helper()
	whole, _, _ := corpusShards(t)
	b, err := os.ReadFile(whole)
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(dir, "realworld-urls.txt")
	if err := os.WriteFile(name, b, 0o644); err != nil {
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
	shot, err := filepath.Abs(reportPNG) // before the Chdir below
	if err != nil {
		t.Fatal(err)
	}
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
	pageURL := (&url.URL{Scheme: "file", Path: pageFile}).String()

	ctx := browser(t)
	var events pageEvents
	events.listen(t, ctx)
	if err := chromedp.Do(ctx, chromedp.Navigate(pageURL)); err != nil {
		t.Fatal(err)
	}
	eval := func(expr string) any {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[any](expr))
		if err != nil {
			t.Fatalf("%s: %v", expr, err)
		}
		return v
	}
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

	events.mu.Lock()
	problems, requests := slices.Clone(events.problems), slices.Clone(events.requests)
	events.mu.Unlock()
	for _, p := range problems {
		t.Errorf("the page reported %s", p)
	}
	for _, r := range requests {
		if r != pageURL {
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
	if err := chromedp.Do(ctx, chromedp.Navigate((&url.URL{Scheme: "file", Path: hazPage}).String())); err != nil {
		t.Fatal(err)
	}
	if got := bars("chart-hazards", hazardFill); got != len(sum.Hazards) {
		t.Errorf("hazard chart: %d bars, want %d (one per code)", got, len(sum.Hazards))
	}
	if got := eval(`document.scripts.length`); got != 0.0 {
		t.Errorf("the hazards page has %v scripts", got)
	}
	if text := eval(`document.getElementById('hazard-table').innerText`).(string); !strings.Contains(text, "<script>alert(2)</script>") {
		t.Errorf("the hazard table does not show the code as text: %q", text)
	}
	events.mu.Lock()
	for _, p := range events.problems[len(problems):] {
		t.Errorf("the hazards page reported %s", p)
	}
	events.mu.Unlock()

	if *update {
		writeScreenshot(t, ctx, dir, shot)
	}
}

// reportPNG is the screenshot of docs/reports.md: the top of matrix -html of the
// real-world corpus, written by TestHTMLInBrowser with -update.
const reportPNG = "../../docs/report.png"

// corpusPage is matrix -html of the real-world corpus alone, as the file
// realworld-urls.txt in the current directory.
func corpusPage(t *testing.T) []byte {
	return []byte(runOK(t, "matrix", "-html", "realworld-urls.txt"))
}

// writeScreenshot writes a PNG of the top of matrix -html of the real-world corpus
// alone, with the SHA-256 of the page in a text chunk (TestReportPNGCurrent reads it).
func writeScreenshot(t *testing.T, ctx context.Context, dir, out string) {
	page := corpusPage(t)
	pageFile := filepath.Join(dir, "corpus.html")
	if err := os.WriteFile(pageFile, page, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1100, 1700),
		chromedp.Navigate((&url.URL{Scheme: "file", Path: pageFile}).String())); err != nil {
		t.Fatal(err)
	}
	img, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	img, err = withPNGText(img, pngPageKey, pageHash(page))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, img, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s (%d bytes)", out, len(img))
}
