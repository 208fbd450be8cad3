package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"net/http/httptest"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

var (
	playgroundLoads = flag.Int("loads", 0, "TestPlaygroundLoads: how many cold loads of the playground to time")
	playgroundSite  = flag.String("site", "", "TestPlaygroundLoads: the directory make site built")
)

// loadTimes are the moments of one cold load, in milliseconds since the navigation began,
// as the page records them in data- attributes of its <body> (docs/playground.md), and the
// bytes it transferred for its first verdict.
type loadTimes map[string]float64

// loadMoments are the attributes TestPlaygroundLoads reports, in the order they come.
var loadMoments = []string{"workerCreatedMs", "workerBegunMs", "moduleCompiledMs", "moduleReceivedMs", "workerStartedMs",
	"firstArrivedMs", "firstVerdictMs", "firstCheckMs", "firstTransfer", "keystrokeMs", "keystrokeDetailMs"}

// TestPlaygroundLoads measures what docs/playground.md reports of the playground's speed:
// it serves the directory make site built (its brotli copies) with serve's handler, loads
// the page -loads times, each in a fresh Chromium with a fresh profile (nothing cached, no
// service worker), and prints the moments of each load and their medians; then it types
// into the last page one character at a time and prints the median time from the input
// event to the twelve verdicts drawn, and to the rest of the view drawn. It asserts nothing of the figures (timed assertions
// do not belong in tests), only that the page drew its verdicts:
//
//	make site SITE=/tmp/site
//	go test ./cmd/urispec -run TestPlaygroundLoads -loads 7 -site /tmp/site -v -timeout 0
func TestPlaygroundLoads(t *testing.T) {
	if *playgroundLoads <= 0 || *playgroundSite == "" {
		t.Skip("a measurement, not a test: give -loads N and -site DIR (make site SITE=DIR)")
	}
	sites := strings.Split(*playgroundSite, ",")
	urls := make([]string, len(sites))
	for i, dir := range sites {
		srv := httptest.NewServer(siteHandler(dir))
		defer srv.Close()
		urls[i] = srv.URL + "/"
	}
	uptime := func() string {
		out, _ := exec.Command("uptime").Output()
		return strings.TrimSpace(string(out))
	}
	t.Logf("before: %s", uptime())
	all := make([][]loadTimes, len(sites))
	for i := range *playgroundLoads {
		for j, site := range sites { // one load of each in turn, so that they share the machine's load
			t.Run(fmt.Sprint("load", i+1, "/", site), func(t *testing.T) {
				lt := coldLoad(t, urls[j], i == *playgroundLoads-1)
				all[j] = append(all[j], lt)
				var line strings.Builder
				for _, k := range loadMoments {
					if f, ok := lt[k]; ok {
						fmt.Fprintf(&line, " %s=%.1f", k, f)
					}
				}
				t.Logf("%s load %d:%s", site, i+1, line.String())
			})
		}
	}
	t.Logf("after: %s", uptime())
	for j, site := range sites {
		t.Logf("%s:", site)
		for _, k := range loadMoments {
			var xs []float64
			for _, lt := range all[j] {
				if f, ok := lt[k]; ok {
					xs = append(xs, f)
				}
			}
			if len(xs) > 0 {
				slices.Sort(xs)
				t.Logf("  %-17s median %9.1f  min %9.1f  max %9.1f  (%d)", k, xs[len(xs)/2], xs[0], xs[len(xs)-1], len(xs))
			}
		}
	}
}

// coldLoad loads the page at u in a fresh Chromium and returns its moments; typing says
// to type into it afterwards and add the median keystroke's time.
func coldLoad(t *testing.T, u string, typing bool) loadTimes {
	b := browser(t)
	b.open(u)
	v := b.do(map[string]any{"op": "eval", "await": true, "expr": `new Promise(done => {
		const d = document.body.dataset;
		const ready = () => d.firstVerdictMs !== undefined && (d.firstTransfer ?? d.workerTransfer) !== undefined;
		const report = () => done(JSON.stringify(Object.assign({}, d)));
		if (ready()) return report();
		new MutationObserver((_, o) => { if (ready()) { o.disconnect(); report(); } })
			.observe(document.body, {attributes: true});
	})`}).Value.(string)
	var attrs map[string]string
	if err := json.Unmarshal([]byte(v), &attrs); err != nil {
		t.Fatal(err)
	}
	lt := loadTimes{}
	for k, s := range attrs {
		var f float64
		if _, err := fmt.Sscan(s, &f); err == nil {
			lt[k] = f
		}
	}
	if n := b.eval(`document.querySelectorAll('#verdicts tbody tr').length`); n != float64(12) {
		t.Fatalf("%v verdicts drawn, want 12", n)
	}
	if typing {
		lt["keystrokeMs"], lt["keystrokeDetailMs"] = keystrokes(t, b)
		if lt["keystrokeDetailMs"] < 0 {
			delete(lt, "keystrokeDetailMs")
		}
	}
	return lt
}

// keystrokes types a URL into the page's empty input one character at a time, each
// after the page drew the whole answer to the one before, and returns the medians of the
// page's render-ms (from the input event to the twelve verdicts drawn) and detail-ms (to
// the rest of the view drawn) over them.
func keystrokes(t *testing.T, b *tab) (verdicts, detail float64) {
	t.Helper()
	b.eval(`(() => { const e = document.getElementById('input'); e.value = ''; e.focus();
		e.dispatchEvent(new Event('input')); return true; })()`)
	var ms, dms []float64
	for _, c := range "https://user:pw@example.com:8443/a/b/../c?q=caf%C3%A9#frag" {
		// The view of the input before this key may still be on its way (the first
		// answer draws the verdicts alone): wait until some view is drawn.
		before := b.do(map[string]any{"op": "eval", "await": true, "expr": `new Promise(done => {
			const id = () => document.body.dataset.rendered;
			if (id() !== undefined) return done(Number(id()));
			new MutationObserver((_, o) => { if (id() !== undefined) { o.disconnect(); done(Number(id())); } })
				.observe(document.body, {attributes: true});
		})`}).Value.(float64)
		b.do(map[string]any{"op": "keys", "keys": string(c)})
		b.do(map[string]any{"op": "eval", "await": true, "expr": fmt.Sprintf(`new Promise(done => {
			const drawn = () => Number(document.body.dataset.rendered) > %v;
			if (drawn()) return done(true);
			new MutationObserver((_, o) => { if (drawn()) { o.disconnect(); done(true); } })
				.observe(document.body, {attributes: true});
		})`, before)})
		ms = append(ms, b.eval(`Number(document.body.dataset.renderMs)`).(float64))
		// A page that answers in one step records no detail-ms.
		if d := b.eval(`Number(document.body.dataset.detailMs ?? -1)`).(float64); d >= 0 {
			dms = append(dms, d)
		}
	}
	slices.Sort(ms)
	t.Logf("keystrokes: %d; to the verdicts drawn: median %.1f ms, 90th percentile %.1f ms", len(ms), ms[len(ms)/2], ms[len(ms)*9/10])
	if len(dms) == 0 {
		return ms[len(ms)/2], -1
	}
	slices.Sort(dms)
	t.Logf("keystrokes: %d; to the whole view drawn: median %.1f ms, 90th percentile %.1f ms", len(dms), dms[len(dms)/2], dms[len(dms)*9/10])
	return ms[len(ms)/2], dms[len(dms)/2]
}
