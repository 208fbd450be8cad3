// Command browser drives headless Chromium for the browser test of urispec's HTML report
// (cmd/urispec/html_browser_test.go), which builds and runs it. It is a module of its
// own so that github.com/chromedp/chromedp, which it drives Chromium with, stays out of
// the go.mod of github.com/urispec/urispec (docs/dependencies.md).
//
// Usage:
//
//	browser -chromium PATH -profile DIR
//
// It starts Chromium with the profile directory DIR (empty and fresh) and everything that
// talks to the network on its own turned off, then reads requests from standard input,
// one JSON object a line, and answers each with one JSON object a line on standard output:
//
//	{"op":"navigate","url":U}                    load U; {} or {"error":E}
//	{"op":"navigate","url":U,"width":W,"height":H} the same in a viewport of W×H pixels
//	{"op":"eval","expr":X}                        {"value":V}: X evaluated in the page
//	{"op":"eval","expr":X,"await":true}           the same, waiting for the promise X gives
//	{"op":"keys","keys":K}                        {}: K typed as key events to the focused
//	                                               element ("\t" is Tab, "\r" Enter)
//	{"op":"screenshot"}                           {"png":B}: the viewport, base64
//	{"op":"events"}                               {"problems":[...],"requests":[...]}
//
// "problems" are the console messages, exceptions, browser log errors and warnings and
// dialogs seen since Chromium started; "requests" the URLs the pages requested. It exits
// when standard input ends.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"strings"
	"sync"

	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

type request struct {
	Op     string `json:"op"`
	URL    string `json:"url,omitempty"`
	Width  int64  `json:"width,omitempty"`
	Height int64  `json:"height,omitempty"`
	Expr   string `json:"expr,omitempty"`
	Await  bool   `json:"await,omitempty"`
	Keys   string `json:"keys,omitempty"`
}

type response struct {
	Error    string   `json:"error,omitempty"`
	Value    any      `json:"value,omitempty"`
	PNG      []byte   `json:"png,omitempty"`
	Problems []string `json:"problems,omitempty"`
	Requests []string `json:"requests,omitempty"`
}

// events is what the tab reported.
type events struct {
	mu       sync.Mutex
	problems []string
	requests []string
}

func (e *events) listen(ev any) {
	e.mu.Lock()
	defer e.mu.Unlock()
	switch ev := ev.(type) {
	case *runtime.EventConsoleAPICalled:
		var args []string
		for _, a := range ev.Args {
			args = append(args, string(a.Value))
		}
		e.problems = append(e.problems, fmt.Sprintf("console.%s: %s", ev.Type, strings.Join(args, " ")))
	case *runtime.EventExceptionThrown:
		e.problems = append(e.problems, "exception: "+ev.ExceptionDetails.Text)
	case *cdplog.EventEntryAdded:
		if ev.Entry.Level == cdplog.EntryLevelError || ev.Entry.Level == cdplog.EntryLevelWarning {
			e.problems = append(e.problems, fmt.Sprintf("log %s: %s (%s)", ev.Entry.Level, ev.Entry.Text, ev.Entry.URL))
		}
	case *page.EventJavascriptDialogOpening:
		e.problems = append(e.problems, "dialog: "+ev.Message)
	case *network.EventRequestWillBeSent:
		e.requests = append(e.requests, ev.Request.URL)
	}
}

func main() {
	chromium := flag.String("chromium", "", "the Chromium or Chrome binary")
	profile := flag.String("profile", "", "an empty directory for Chromium's profile")
	flag.Parse()
	if *chromium == "" || *profile == "" || flag.NArg() > 0 {
		log.Fatal("usage: browser -chromium PATH -profile DIR")
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(*chromium),
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
		chromedp.UserDataDir(*profile),
		chromedp.WindowSize(1200, 900),
	}
	ctx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancelTab := chromedp.NewContext(ctx)
	defer cancelTab()
	var ev events
	if err := chromedp.Listen(ctx, ev.listen); err != nil { // starts the browser

		log.Fatal(err)
	}

	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<20)
	out := json.NewEncoder(os.Stdout)
	for in.Scan() {
		var req request
		var resp response
		if err := json.Unmarshal(in.Bytes(), &req); err != nil {
			resp.Error = err.Error()
		} else {
			resp = serve(ctx, &ev, req)
		}
		if err := out.Encode(resp); err != nil {
			log.Fatal(err)
		}
	}
	if err := in.Err(); err != nil {
		log.Fatal(err)
	}
}

func serve(ctx context.Context, ev *events, req request) (resp response) {
	var err error
	switch req.Op {
	case "navigate":
		var steps []chromedp.Action[chromedp.Void]
		if req.Width > 0 && req.Height > 0 {
			steps = append(steps, chromedp.EmulateViewport(req.Width, req.Height))
		}
		err = chromedp.Do(ctx, append(steps, chromedp.Navigate(req.URL))...)
	case "eval":
		var opts []chromedp.EvaluateOption
		if req.Await {
			opts = append(opts, chromedp.EvalAwaitPromise)
		}
		resp.Value, err = chromedp.Run(ctx, chromedp.Evaluate[any](req.Expr, opts...))
	case "keys":
		err = chromedp.Do(ctx, chromedp.KeyEvent(req.Keys))
	case "screenshot":
		resp.PNG, err = chromedp.Run(ctx, chromedp.CaptureScreenshot())
	case "events":
		ev.mu.Lock()
		resp.Problems, resp.Requests = append([]string{}, ev.problems...), append([]string{}, ev.requests...)
		ev.mu.Unlock()
	default:
		err = fmt.Errorf("unknown op %q", req.Op)
	}
	if err != nil {
		resp.Error = err.Error()
	}
	return resp
}
