package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/urispec/urispec/internal/subtest"
)

// TestProgressNotTerminal: nothing is shown, and nothing counted, when standard error
// is a buffer or a file; matrix and check write nothing on it then.
func TestProgressNotTerminal(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), "stderr")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, w := range []io.Writer{&bytes.Buffer{}, f} {
		t.Run(fmt.Sprintf("%T", w), func(t *testing.T) {
			if p := startProgress(w, true, 100); p != nil {
				t.Errorf("progress shown on %T", w)
			}
		})
	}
	var nilP *progress // what the commands hold then: every method does nothing
	nilP.line()
	nilP.finish()
	if r := strings.NewReader("x"); nilP.reader(r) != r {
		t.Error("a nil progress wraps the reader")
	}

	input := filepath.Join(t.TempDir(), "in.txt")
	if err := os.WriteFile(input, []byte("http://a/\nhttp://b/ c\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"matrix", input}, {"matrix", "-html", input}, {"check", "-spec", "all"}} {
		t.Run(subtest.Args(args), func(t *testing.T) {
			in, err := os.Open(input)
			if err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			run(args, in, &stdout, &stderr)
			in.Close()
			if stderr.Len() > 0 {
				t.Errorf("%v wrote on standard error: %q", args, stderr.String())
			}
		})
	}
}

// TestProgressRendering draws the line on a buffer at ticks the test sends: lines, lines
// per second, bytes and their share, each redraw over the last in place, and the line
// wiped at the end.
func TestProgressRendering(t *testing.T) {
	data := strings.Repeat("http://example.com/\n", 1000) // 20,000 bytes
	start := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, c := range []struct {
		total int64
		width int
		want  []string // the line at 1 s, then at 4 s
	}{
		// 80 columns: the bar takes what the text leaves.
		{int64(len(data)), 80, []string{
			"1000 lines, 1000 lines/s, 19.53 KiB / 19.53 KiB [=========================] 100%",
			"1000 lines, 250 lines/s, 19.53 KiB / 19.53 KiB [==========================] 100%"}},
		{4 * int64(len(data)), 80, []string{
			"1000 lines, 1000 lines/s, 19.53 KiB / 78.12 KiB [======>                   ] 25%",
			"1000 lines, 250 lines/s, 19.53 KiB / 78.12 KiB [======>                    ] 25%"}},
		{-1, 80, []string{"1000 lines, 1000 lines/s, 19.53 KiB read", "1000 lines, 250 lines/s, 19.53 KiB read"}},
		{int64(len(data)), 40, []string{"1000 lines, 1000 lines/s, 19.53 KiB / 19", "1000 lines, 250 lines/s, 19.53 KiB / 19."}},
	} {
		t.Run(fmt.Sprintf("total %d width %d", c.total, c.width), func(t *testing.T) {
			var out bytes.Buffer
			p := newProgress(&out, c.total, c.width, start)
			lr := &lineReader{x: &cmdEnv{stdin: strings.NewReader(data)}, progress: p}
			if err := lr.each(nil, func(inputLine) error { return nil }); err != nil {
				t.Fatal(err)
			}
			tick := make(chan time.Time)
			go p.run(tick)
			tick <- start.Add(time.Second)
			tick <- start.Add(4 * time.Second)
			p.finish()
			a, b := c.want[0], c.want[1]
			want := "\r" + a + "\r" + b + strings.Repeat(" ", max(len(a)-len(b), 0)) + "\r" + strings.Repeat(" ", len(b)) + "\r"
			if got := out.String(); got != want {
				t.Errorf("total %d, width %d:\n got %q\nwant %q", c.total, c.width, got, want)
			}
		})
	}
}

func TestByteSize(t *testing.T) {
	for n, want := range map[int64]string{0: "0 B", 1023: "1023 B", 1024: "1.00 KiB", 1536: "1.50 KiB", 5 << 20: "5.00 MiB", 3 << 30: "3.00 GiB"} {
		t.Run(want, func(t *testing.T) {
			if got := byteSize(n); got != want {
				t.Errorf("byteSize(%d) = %q, want %q", n, got, want)
			}
		})
	}
}

func TestInputSize(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	os.WriteFile(a, []byte("12345"), 0o644)
	os.WriteFile(b, []byte("678"), 0o644)
	f, err := os.Open(a)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, c := range []struct {
		files []string
		stdin io.Reader
		want  int64
	}{
		{[]string{a, b}, nil, 8},
		{nil, f, 5},
		{[]string{"-", b}, f, 8},
		{nil, strings.NewReader("x"), -1}, // not a file: unknown
		{[]string{a, dir}, nil, -1},       // a directory
		{[]string{filepath.Join(dir, "missing")}, nil, -1},
	} {
		t.Run(strings.Join(c.files, " "), func(t *testing.T) {
			if got := inputSize(c.files, c.stdin); got != c.want {
				t.Errorf("inputSize(%v) = %d, want %d", c.files, got, c.want)
			}
		})
	}
}
