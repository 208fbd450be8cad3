package main

import (
	"context"
	"errors"
	"flag"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path"
	"path/filepath"
	"strings"
	"time"
)

const serveDoc = `Serves the playground (docs/playground.md), the page that shows a URI reference under
every spec in a browser, on a local address: DIR is the directory make site builds
(default playground/dist). Open the address it prints; interrupt it (Ctrl-C) to stop.
With -json, it prints {"url": ..., "dir": ...} on standard output once it listens, for
a script that asked for a free port (-addr 127.0.0.1:0).

Each file is sent with its media type (application/wasm for the WebAssembly module) and,
to a browser that accepts it, as the brotli (NAME.br) or gzip (NAME.gz) copy that make
site writes beside it, with the Content-Encoding that says so. Every answer carries a
Content-Security-Policy that lets the page run its own scripts and WebAssembly
('wasm-unsafe-eval') and nothing from another origin. Only GET and HEAD are answered;
a request for a directory other than the root, or for a file that is not there, gets
404. Any static host serves the same directory (the GitHub Pages workflow publishes it).

Exit status: 0 after an interrupt, 2 usage error, a DIR without the built page, or an
address that cannot be listened on.`

// siteCSP is the Content-Security-Policy of the playground: its own scripts, worker,
// module and style, nothing else. playground/web/index.html carries the same policy in a
// meta element for static hosts (without frame-ancestors, which a meta element cannot
// set); TestServeHeaders holds the two equal.
const siteCSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; connect-src 'self'; " +
	"style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// siteTypes are the media types of the files make site writes.
var siteTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".wasm": "application/wasm",
	".png":  "image/png",
	".svg":  "image/svg+xml",
	".json": "application/json",
}

func serveCommand() command {
	return command{
		name:    "serve",
		summary: "serve the playground, the page of every spec's verdict, on a local address",
		usage:   "serve [-addr HOST:PORT] [-json] [DIR]",
		doc:     serveDoc,
		setup: func(fs *flag.FlagSet) func(*cmdEnv, []string) int {
			addr := fs.String("addr", "127.0.0.1:8080", "the `HOST:PORT` to listen on (port 0 picks a free one)")
			asJSON := fs.Bool("json", false, "print {\"url\": ..., \"dir\": ...} on standard output once listening,\ninstead of a line on standard error")
			return func(x *cmdEnv, args []string) int {
				if len(args) > 1 {
					return x.usageError("unexpected argument %q", args[1])
				}
				dir := filepath.Join("playground", "dist")
				if len(args) == 1 {
					dir = args[0]
				}
				if _, err := os.Stat(filepath.Join(dir, "urispec.wasm")); err != nil {
					x.errorf("%s holds no built playground (%v): build it with make site in a clone of the repository", dir, err)
					return exitUsage
				}
				ln, err := net.Listen("tcp", *addr)
				if err != nil {
					x.errorf("-addr %s: %v", *addr, err)
					return exitUsage
				}
				ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
				defer stop()
				srv := &http.Server{Handler: siteHandler(dir), ReadHeaderTimeout: 10 * time.Second}
				go func() {
					<-ctx.Done()
					srv.Close()
				}()
				u := "http://" + ln.Addr().String() + "/"
				if *asJSON {
					if err := x.encoder().Encode(struct {
						URL string `json:"url"`
						Dir string `json:"dir"`
					}{u, dir}); err != nil {
						return x.stop(err)
					}
					if err := x.stdout.Flush(); err != nil { // a script waits for this line
						return x.stop(err)
					}
				} else {
					x.errorf("serving %s at %s (interrupt to stop)", dir, u)
				}
				if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
					x.errorf("%v", err)
					return exitUsage
				}
				return exitOK
			}
		},
	}
}

// siteHandler serves the files of dir as serve's doc says.
func siteHandler(dir string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", siteCSP)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cache-Control", "no-cache") // revalidated: a rebuilt page is seen at once
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			h.Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name := path.Clean("/" + r.URL.Path)
		if name == "/" {
			name = "/index.html"
		}
		typ, ok := siteTypes[path.Ext(name)]
		if !ok {
			http.NotFound(w, r)
			return
		}
		h.Set("Content-Type", typ)
		h.Add("Vary", "Accept-Encoding")
		file := filepath.Join(dir, filepath.FromSlash(name))
		for _, enc := range []struct{ token, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
			if !accepts(r.Header.Get("Accept-Encoding"), enc.token) {
				continue
			}
			if f, err := os.Open(file + enc.ext); err == nil {
				defer f.Close()
				if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
					h.Set("Content-Encoding", enc.token)
					http.ServeContent(w, r, name, fi.ModTime(), f)
					return
				}
			}
		}
		f, err := os.Open(file)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		defer f.Close()
		fi, err := f.Stat()
		if err != nil || !fi.Mode().IsRegular() {
			http.NotFound(w, r)
			return
		}
		http.ServeContent(w, r, name, fi.ModTime(), f)
	})
}

// accepts reports whether an Accept-Encoding header accepts the coding token (a q of 0
// refuses it).
func accepts(header, token string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), token) {
			continue
		}
		q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}
