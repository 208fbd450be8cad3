package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
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
		if p := startProgress(w, true, 100); p != nil {
			t.Errorf("progress shown on %T", w)
		}
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
	}
}

// syncBuffer is a bytes.Buffer that the bar's goroutine and the test can share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestProgressRendering draws the line as on a terminal (pb's Terminal setting on a
// buffer): lines, lines per second, bytes and their share, redrawn in place at most
// every progressRate, and wiped at the end.
func TestProgressRendering(t *testing.T) {
	data := strings.Repeat("http://example.com/\n", 1000) // 20,000 bytes
	for _, c := range []struct {
		total int64
		want  *regexp.Regexp
	}{
		{int64(len(data)), regexp.MustCompile(`^\r1000 lines, \d+ lines/s, 19\.53 KiB / 19\.53 KiB \[=+>?\] 100% *$`)},
		{-1, regexp.MustCompile(`^\r1000 lines, \d+ lines/s, 19\.53 KiB read *$`)},
	} {
		var out syncBuffer
		p := newProgress(&out, c.total, true, 80)
		lr := &lineReader{x: &cmdEnv{stdin: strings.NewReader(data)}, progress: p}
		err := lr.each(nil, func(inputLine) error { return nil })
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		time.Sleep(3*progressRate + progressRate/2)
		p.finish()
		elapsed := time.Since(start)
		draws := strings.Split(out.String(), "\r")[1:]
		if len(draws) < 3 {
			t.Fatalf("total %d: %d redraws in %v: %q", c.total, len(draws), elapsed, out.String())
		}
		// The last draws are the wipe ("\r" spaces "\r"); every other one is the line.
		lines := draws[:len(draws)-2]
		if max := int(elapsed/progressRate) + 1; len(lines) > max {
			t.Errorf("total %d: %d redraws in %v, want at most %d", c.total, len(lines), elapsed, max)
		}
		for _, l := range lines {
			if !c.want.MatchString("\r" + l) {
				t.Errorf("total %d: line %q does not match %v", c.total, l, c.want)
			}
		}
		if wipe := draws[len(draws)-2]; strings.TrimSpace(wipe) != "" || len(wipe) < 40 {
			t.Errorf("total %d: the line is not wiped at the end: %q", c.total, wipe)
		}
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
		if got := inputSize(c.files, c.stdin); got != c.want {
			t.Errorf("inputSize(%v) = %d, want %d", c.files, got, c.want)
		}
	}
}
