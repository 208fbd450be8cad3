package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"

	"github.com/urispec/urispec/internal/lines"
	"github.com/urispec/urispec/internal/ordered"
	"github.com/urispec/urispec/internal/summary"
)

// maxLine is the longest input line read whole; a longer one is reported and skipped.
const maxLine = lines.Max

// inputLine is one line of a command's input files.
type inputLine struct {
	file string // FILE or "<stdin>"
	line int    // from 1
	text string // the line without its LF or CRLF ("" when too long)
	// readErr says why the line could not be read whole (lines.ErrTooLong).
	readErr error
}

// where is "FILE:LINE" (or "<stdin>:LINE"), made only when printed: most lines never are.
func (in inputLine) where() string { return in.file + ":" + strconv.Itoa(in.line) }

// problem says why the line is not checked at all: over maxLine bytes, not valid UTF-8,
// or holding a NUL. Such a line counts as invalid under every spec (no grammar accepts a
// byte outside printable ASCII, and one too long is not read).
func (in inputLine) problem() string {
	if in.readErr != nil {
		return in.readErr.Error()
	}
	return summary.LineProblem(in.text)
}

// lineReader reads the lines of a command's input files.
type lineReader struct {
	x *cmdEnv
	// beforeRead, when set, runs before each read from a file or standard input that may
	// wait for data: the command hands on the lines it holds and flushes what it has
	// printed, so that a pipe or a FIFO at the other end sees the results while the
	// input is still coming.
	beforeRead func()
	// progress counts lines and bytes (nil: not shown).
	progress *progress
}

// each calls fn with every line of the named files in order ("-" names standard input;
// no name at all, standard input), but the empty ones, which it counts in x.blank. A file that cannot be opened or read is reported on
// standard error (the command then exits with 2) and the next one is read. An error
// from fn (output that cannot be written) stops the reading and is returned.
func (lr *lineReader) each(files []string, fn func(in inputLine) error) error {
	if len(files) == 0 {
		files = []string{"-"}
	}
	for _, name := range files {
		if err := lr.file(name, fn); err != nil {
			return err
		}
	}
	return nil
}

// file reads one file's lines; it returns only fn's error.
func (lr *lineReader) file(name string, fn func(in inputLine) error) error {
	r, shown := lr.x.stdin, "<stdin>"
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			lr.x.fail(err)
			return nil
		}
		defer f.Close()
		r, shown = f, name
	}
	if lr.beforeRead != nil {
		r = hookReader{r, lr.beforeRead}
	}
	var fnErr error
	err := lines.Each(lr.progress.reader(r), func(n int, line string, err error) error {
		lr.progress.line()
		if line == "" && err == nil {
			// An empty line is no input: it would be a valid relative reference under
			// most specs and swell the counts of a file that ends in blank lines.
			lr.x.blank++
			return nil
		}
		fnErr = fn(inputLine{file: shown, line: n, text: line, readErr: err})
		return fnErr
	})
	switch {
	case fnErr != nil:
		return fnErr
	case err == nil:
	case errors.As(err, new(*fs.PathError)):
		lr.x.fail(err) // "read NAME: is a directory" names the file
	default:
		lr.x.fail(fmt.Errorf("reading %s: %w", shown, err))
	}
	return nil
}

// hookReader calls before ahead of every read of r.
type hookReader struct {
	r      io.Reader
	before func()
}

func (h hookReader) Read(p []byte) (int, error) {
	h.before()
	return h.r.Read(p)
}

// readPooled reads the lines of files into pool, which checks them on its workers and
// prints them in order: before a read that may block, the lines held are handed on
// (pool.Send), and the pool flushes standard output after each batch. show asks for
// progress (shown only when standard error is a terminal). It closes the pool and
// returns the first error of the pool (output that could not be written).
func readPooled[R any](x *cmdEnv, files []string, pool *ordered.Pool[inputLine, R], show bool) error {
	lr := &lineReader{x: x, beforeRead: pool.Send}
	if show {
		lr.progress = startProgress(x.stderr, true, inputSize(files, x.stdin))
	}
	err := lr.each(files, pool.Add)
	if cerr := pool.Close(); err == nil {
		err = cerr
	}
	lr.finish()
	return err
}

// readLines is the lineReader of a command that prints as it reads on one goroutine:
// before a read that may block, standard output is flushed. show asks for progress
// (which appears only when standard error is a terminal).
func (x *cmdEnv) readLines(files []string, show bool) *lineReader {
	lr := &lineReader{x: x, beforeRead: func() { x.stdout.Flush() }}
	if show {
		lr.progress = startProgress(x.stderr, true, inputSize(files, x.stdin))
	}
	return lr
}

// finish ends the progress line, if any (before the command's report).
func (lr *lineReader) finish() { lr.progress.finish() }
