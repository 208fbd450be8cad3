package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"unicode/utf8"

	"github.com/urispec/urispec/internal/summary"
)

// inputLine is one line of the inputs of matrix and compare.
type inputLine struct {
	file string // FILE or "<stdin>"
	line int    // from 1
	text string // the line without its LF or CRLF ("" when too long)
	// problem says why the line is not checked at all: over maxLine bytes, not valid
	// UTF-8, or holding a NUL. Such a line counts as invalid under every spec (no
	// grammar accepts a byte outside printable ASCII, and one too long is not read).
	problem string
}

// where is "FILE:LINE" (or "<stdin>:LINE"), made only when printed: most lines never are.
func (in inputLine) where() string { return in.file + ":" + strconv.Itoa(in.line) }

// ioError is an input that cannot be opened or read: the command stops with exit 2.
type ioError struct{ err error }

func (e *ioError) Error() string { return e.err.Error() }

// eachInput calls fn with every line of the named files in order, or of stdin when there
// are none ("-" also names stdin). Every file is opened before the first line is read, so
// that a missing file is reported before any output. Lines go through eachLine (CRLF,
// over-long lines); fn's errors stop the loop and are returned as they are, open and
// read errors as *ioError.
func eachInput(files []string, stdin io.Reader, fn func(in inputLine) error) error {
	return eachInputCounting(files, stdin, nil, fn)
}

// eachInputCounting is eachInput counting the bytes and lines read in p (which may be nil).
func eachInputCounting(files []string, stdin io.Reader, p *progress, fn func(in inputLine) error) error {
	type source struct {
		name string
		r    io.Reader
	}
	var sources []source
	if len(files) == 0 {
		files = []string{"-"}
	}
	for _, name := range files {
		if name == "-" {
			sources = append(sources, source{"<stdin>", stdin})
			continue
		}
		f, err := os.Open(name)
		if err != nil {
			return &ioError{err}
		}
		defer f.Close()
		sources = append(sources, source{name, f})
	}
	for _, src := range sources {
		var fnErr error
		err := eachLine(p.reader(src.r), func(n int, line string, err error) error {
			p.line()
			in := inputLine{file: src.name, line: n, text: line}
			if err != nil {
				in.problem = err.Error()
			} else {
				in.problem = summary.LineProblem(line)
			}
			fnErr = fn(in)
			return fnErr
		})
		if err != nil {
			if fnErr != nil {
				return err
			}
			var pe *fs.PathError
			if errors.As(err, &pe) {
				return &ioError{err} // "read NAME: is a directory"
			}
			return &ioError{fmt.Errorf("reading %s: %w", src.name, err)}
		}
	}
	return nil
}

// inputError prints the message for an *ioError or another error of eachInput and
// returns exitUsage (2).
func inputError(stderr io.Writer, cmd string, err error) int {
	var ie *ioError
	if errors.As(err, &ie) {
		fmt.Fprintf(stderr, "urispec %s: %v\n", cmd, ie.err)
	} else {
		fmt.Fprintf(stderr, "urispec %s: %v\n", cmd, err)
	}
	return exitUsage
}

// charAt names the byte at offset i of s for group keys and messages: "' '", "'['",
// "U+00E9", "byte 0xFF", "control U+0009", or "end of input" past the end.
func charAt(s string, i int) string { return summary.CharAt(s, i) }

// shorten renders s with printable and cuts it to at most max characters, marking the
// cut with "..."; the cut falls between characters, never inside one.
func shorten(s string, max int) string {
	text, _ := printable(s)
	return cutText(text, max, "...")
}

// cutText cuts text to at most max characters, the last ones being mark when it cuts.
func cutText(text string, max int, mark string) string {
	if utf8.RuneCountInString(text) <= max {
		return text
	}
	keep, n := max-utf8.RuneCountInString(mark), 0
	for i := range text {
		if n == keep {
			return text[:i] + mark
		}
		n++
	}
	return text
}
