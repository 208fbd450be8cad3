package main

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/urispec/urispec/internal/testcorpus"
)

// TestServeHeaders serves a directory like make site's: each file with its media type,
// the brotli or gzip copy to a browser that accepts it, the Content-Security-Policy on
// every answer, equal to the one playground/web/index.html sets; nothing outside the
// directory, no listing, no other method.
func TestServeHeaders(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"index.html": "<p>page", "urispec.wasm": "\x00asm", "urispec.wasm.br": "BR", "urispec.wasm.gz": "GZ",
		"app.js": "js", "app.js.gz": "GZJS", "notes.txt": "text",
	} {
		t.Run(name, func(t *testing.T) {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		})
	}
	if err := os.Mkdir(filepath.Join(dir, "sub.html"), 0o755); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(siteHandler(dir))
	defer srv.Close()
	for _, c := range []struct {
		method, path, accept string
		status               int
		typ, encoding, body  string
	}{
		{"GET", "/", "", 200, "text/html; charset=utf-8", "", "<p>page"},
		{"GET", "/urispec.wasm", "gzip, deflate, br", 200, "application/wasm", "br", "BR"},
		{"GET", "/urispec.wasm", "gzip", 200, "application/wasm", "gzip", "GZ"},
		{"GET", "/urispec.wasm", "br;q=0, gzip", 200, "application/wasm", "gzip", "GZ"},
		{"GET", "/urispec.wasm", "identity", 200, "application/wasm", "", "\x00asm"},
		{"GET", "/app.js", "br, gzip", 200, "text/javascript; charset=utf-8", "gzip", "GZJS"},
		{"HEAD", "/app.js", "", 200, "text/javascript; charset=utf-8", "", ""},
		{"GET", "/notes.txt", "", 404, "", "", ""},
		{"GET", "/missing.js", "", 404, "", "", ""},
		{"GET", "/sub.html", "", 404, "", "", ""},
		{"GET", "/../serve.go", "", 404, "", "", ""},
		{"GET", "/%2e%2e/serve.go", "", 404, "", "", ""},
		{"POST", "/", "", 405, "", "", ""},
	} {
		t.Run(c.method+" "+c.path+" "+c.accept, func(t *testing.T) {
			req, err := http.NewRequest(c.method, srv.URL+c.path, nil)
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Accept-Encoding", c.accept) // set: no transparent decoding
			resp, err := srv.Client().Transport.RoundTrip(req)
			if err != nil {
				t.Fatal(err)
			}
			var body bytes.Buffer
			body.ReadFrom(resp.Body)
			resp.Body.Close()
			where := c.method + " " + c.path + " (Accept-Encoding: " + c.accept + ")"
			if resp.StatusCode != c.status {
				t.Errorf("%s: status %d, want %d", where, resp.StatusCode, c.status)
				return
			}
			if got := resp.Header.Get("Content-Security-Policy"); got != siteCSP {
				t.Errorf("%s: Content-Security-Policy %q", where, got)
			}
			if c.status != 200 {
				return
			}
			if got := resp.Header.Get("Content-Type"); got != c.typ {
				t.Errorf("%s: Content-Type %q, want %q", where, got, c.typ)
			}
			if got := resp.Header.Get("Content-Encoding"); got != c.encoding {
				t.Errorf("%s: Content-Encoding %q, want %q", where, got, c.encoding)
			}
			if got := resp.Header.Get("Vary"); got != "Accept-Encoding" {
				t.Errorf("%s: Vary %q", where, got)
			}
			if body.String() != c.body {
				t.Errorf("%s: body %q, want %q", where, body.String(), c.body)
			}
		})
	}

	page, err := os.ReadFile(testcorpus.Path(t, "playground/web/index.html"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`<meta http-equiv="Content-Security-Policy" content="([^"]*)">`).FindSubmatch(page)
	if m == nil {
		t.Fatal("playground/web/index.html sets no Content-Security-Policy")
	}
	if want := strings.TrimSuffix(siteCSP, "; frame-ancestors 'none'"); string(m[1]) != want {
		t.Errorf("index.html's policy is\n%s\nserve's, without frame-ancestors, is\n%s", m[1], want)
	}
}

// TestServeUsage: a directory without the built page, an extra argument and an address
// that cannot be listened on are usage errors, reported before anything is served.
func TestServeUsage(t *testing.T) {
	built := t.TempDir()
	if err := os.WriteFile(filepath.Join(built, "urispec.wasm"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"serve", t.TempDir()}, "holds no built playground"},
		{[]string{"serve", "a", "b"}, `unexpected argument "b"`},
		{[]string{"serve", "-addr", "127.0.0.1:-1", built}, "127.0.0.1:-1"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if status := run(c.args, strings.NewReader(""), &stdout, &stderr); status != exitUsage || !strings.Contains(stderr.String(), c.want) {
				t.Errorf("urispec %q: exit %d, stderr %q; want exit 2 and %q", c.args, status, stderr.String(), c.want)
			}
		})
	}
}
