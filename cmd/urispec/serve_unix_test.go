//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestServeRuns starts serve on a free port with -json, reads the address it prints,
// fetches the page from it, and stops it with an interrupt: exit 0.
func TestServeRuns(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"index.html", "urispec.wasm"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(name), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	outR, outW := io.Pipe()
	done := make(chan int)
	var stderr bytes.Buffer
	go func() {
		done <- run([]string{"serve", "-addr", "127.0.0.1:0", "-json", dir}, strings.NewReader(""), outW, &stderr)
		outW.Close()
	}()
	var listening struct{ URL, Dir string }
	if err := json.NewDecoder(outR).Decode(&listening); err != nil {
		t.Fatalf("serve -json printed no address: %v (%s)", err, stderr.String())
	}
	go io.Copy(io.Discard, outR)
	resp, err := http.Get(listening.URL)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(body) != "index.html" || listening.Dir != dir {
		t.Errorf("serve printed %+v and served %q", listening, body)
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil { // serve's signal.NotifyContext takes it
		t.Fatal(err)
	}
	if status := <-done; status != exitOK {
		t.Errorf("serve ended with exit %d after an interrupt: %s", status, stderr.String())
	}
}
