package main

import (
	"fmt"
	"io"
	"os"
	"sync/atomic"
	"time"

	"github.com/cheggaaa/pb/v3"
	"golang.org/x/term"
)

// Progress of a command that reads many lines (matrix, check, lint): on standard error,
// when it is a terminal, the lines read, lines per second and, when the inputs' size is
// known (regular files), the share of their bytes read. github.com/cheggaaa/pb/v3 draws
// and redraws the line, at most progressRate apart, from its own goroutine; counting a
// line costs one atomic add.

// progressRate is the time between two redraws: four a second.
const progressRate = 250 * time.Millisecond

const (
	// progressKnown is the line when the total size is known, progressUnknown when not
	// (a pipe or a terminal on standard input).
	progressKnown   = `{{urispecLines .}} lines, {{urispecRate .}} lines/s, {{counters .}} {{bar . "[" "=" ">" " " "]"}} {{percent . "%.0f%%"}}`
	progressUnknown = `{{urispecLines .}} lines, {{urispecRate .}} lines/s, {{counters .}} read`
	linesKey        = "urispec-lines"
)

func init() {
	lines := func(s *pb.State) int64 {
		if c, ok := s.Get(linesKey).(*atomic.Int64); ok {
			return c.Load()
		}
		return 0
	}
	pb.RegisterElement("urispecLines", pb.ElementFunc(func(s *pb.State, _ ...string) string {
		return fmt.Sprint(lines(s))
	}), false)
	pb.RegisterElement("urispecRate", pb.ElementFunc(func(s *pb.State, _ ...string) string {
		d := s.Time().Sub(s.StartTime()).Seconds()
		if d <= 0 {
			return "0"
		}
		return fmt.Sprintf("%.0f", float64(lines(s))/d)
	}), false)
}

// progress counts the lines and bytes a command reads. A nil *progress counts nothing,
// so callers need not check whether it is shown.
type progress struct {
	bar   *pb.ProgressBar
	lines atomic.Int64
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
	// The line's width: the terminal's (pb's own probe reads standard output's, and
	// draws nothing at width 0, which a pseudo-terminal may report), at most 100.
	width, _, err := term.GetSize(int(stderr.(*os.File).Fd()))
	if err != nil || width <= 0 {
		width = 80
	}
	return newProgress(stderr, total, true, min(width-1, 100))
}

// newProgress starts a progress line of width columns on w; terminal says whether to
// redraw it in place (the library's Terminal setting, which tests set on a buffer).
func newProgress(w io.Writer, total int64, terminal bool, width int) *progress {
	p := &progress{}
	tmpl := progressUnknown
	if total > 0 {
		tmpl = progressKnown
	}
	p.bar = pb.New64(total).
		SetTemplateString(tmpl).
		SetRefreshRate(progressRate).
		SetWriter(w).
		SetWidth(width).
		Set(pb.Bytes, true).
		Set(pb.Terminal, terminal).
		Set(pb.Color, false).
		Set(pb.CleanOnFinish, true). // the report follows on a clean line
		Set(linesKey, &p.lines)
	if terminal {
		p.bar.Set(pb.ReturnSymbol, "\r")
	}
	p.bar.Start()
	return p
}

// reader counts the bytes read through r.
func (p *progress) reader(r io.Reader) io.Reader {
	if p == nil {
		return r
	}
	return p.bar.NewProxyReader(r)
}

// line counts a line read.
func (p *progress) line() {
	if p != nil {
		p.lines.Add(1)
	}
}

// finish wipes the progress line (before the command writes its report).
func (p *progress) finish() {
	if p != nil {
		p.bar.Finish()
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
