package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync/atomic"
	"time"

	"golang.org/x/term"
)

// Progress of a command that reads many lines (matrix, check, lint): on standard error,
// when it is a terminal, the lines read, lines per second, the bytes read and, when the
// inputs' size is known (regular files), a bar and the share of their bytes read. The
// reading goroutine only adds to two atomic counters; a goroutine of the progress line
// redraws it in place every progressRate and wipes it at the end.

// progressRate is the time between two redraws: four a second.
const progressRate = 250 * time.Millisecond

// progress counts the lines and bytes a command reads. A nil *progress counts nothing,
// so callers need not check whether it is shown.
type progress struct {
	w            io.Writer
	total        int64 // bytes, or -1 when unknown
	width        int   // columns the line may take
	start        time.Time
	lines, bytes atomic.Int64
	stop, done   chan struct{}
	drawn        int // columns of the last line drawn, to wipe it
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// startProgress starts showing progress on stderr when show is true and stderr is a
// terminal; it returns nil (nothing shown, nothing counted) otherwise. total is the
// size of the inputs in bytes, or -1 when it is not known.
func startProgress(stderr io.Writer, show bool, total int64) *progress {
	if !show || !isTerminal(stderr) {
		return nil
	}
	// The terminal's width (a pseudo-terminal may report 0), at most 100 columns.
	width, _, err := term.GetSize(int(stderr.(*os.File).Fd()))
	if err != nil || width <= 0 {
		width = 80
	}
	p := newProgress(stderr, total, min(width-1, 100), time.Now())
	ticker := time.NewTicker(progressRate)
	go func() {
		p.run(ticker.C)
		ticker.Stop()
	}()
	return p
}

// newProgress is a progress line of width columns on w, counting from start; run draws it.
func newProgress(w io.Writer, total int64, width int, start time.Time) *progress {
	return &progress{w: w, total: total, width: width, start: start, stop: make(chan struct{}), done: make(chan struct{})}
}

// run redraws the line at each tick until finish, then wipes it.
func (p *progress) run(tick <-chan time.Time) {
	defer close(p.done)
	for {
		select {
		case now := <-tick:
			line := p.render(now)
			fmt.Fprintf(p.w, "\r%-*s", p.drawn, line) // spaces over a longer line before
			p.drawn = len(line)
		case <-p.stop:
			if p.drawn > 0 {
				fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", p.drawn))
			}
			return
		}
	}
}

// render is the line at the time now: "LINES lines, RATE lines/s, " then "READ / TOTAL
// [===>   ] PCT%" or "READ read", cut to the width.
func (p *progress) render(now time.Time) string {
	lines, read := p.lines.Load(), p.bytes.Load()
	rate := 0.0
	if d := now.Sub(p.start).Seconds(); d > 0 {
		rate = float64(lines) / d
	}
	line := fmt.Sprintf("%s, %.0f lines/s, %s", plural(lines, "line"), rate, byteSize(read))
	if p.total <= 0 {
		line += " read"
	} else {
		share := min(float64(read)/float64(p.total), 1)
		line += " / " + byteSize(p.total)
		pct := fmt.Sprintf(" %.0f%%", 100*share)
		if bar := p.width - len(line) - len(pct) - 3; bar >= 10 {
			n := int(share * float64(bar))
			head := ""
			if n < bar {
				head = ">"
			}
			line += " [" + strings.Repeat("=", n) + head + strings.Repeat(" ", max(bar-n-1, 0)) + "]"
		}
		line += pct
	}
	if len(line) > p.width {
		line = line[:p.width]
	}
	return line
}

// byteSize is n in B, KiB, MiB or GiB, with two decimals past B.
func byteSize(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	v, suffix := float64(n)/unit, "KiB"
	for _, s := range []string{"MiB", "GiB", "TiB"} {
		if v < unit {
			break
		}
		v, suffix = v/unit, s
	}
	return fmt.Sprintf("%.2f %s", v, suffix)
}

// reader counts the bytes read through r.
func (p *progress) reader(r io.Reader) io.Reader {
	if p == nil {
		return r
	}
	return countingReader{r, &p.bytes}
}

type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c countingReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.n.Add(int64(n))
	return n, err
}

// line counts a line read.
func (p *progress) line() {
	if p != nil {
		p.lines.Add(1)
	}
}

// finish wipes the progress line (before the command writes its report) and stops its
// goroutine.
func (p *progress) finish() {
	if p != nil {
		close(p.stop)
		<-p.done
	}
}

// inputSize is the total size of the named files, stdin for "-" or no name, or -1 when
// one of them is not a regular file (a pipe, a terminal) or cannot be examined.
func inputSize(files []string, stdin io.Reader) int64 {
	if len(files) == 0 {
		files = []string{"-"}
	}
	var total int64
	for _, name := range files {
		var fi os.FileInfo
		var err error
		if name == "-" {
			f, ok := stdin.(*os.File)
			if !ok {
				return -1
			}
			fi, err = f.Stat()
		} else {
			fi, err = os.Stat(name)
		}
		if err != nil || !fi.Mode().IsRegular() {
			return -1
		}
		total += fi.Size()
	}
	return total
}
