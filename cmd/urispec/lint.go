package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	iofs "io/fs"
	"os"

	"github.com/urispec/urispec/internal/ordered"
	"github.com/urispec/urispec/internal/summary"
	"github.com/urispec/urispec/uri"
)

const lintUsage = `usage: urispec lint [-spec ID] [-json] [-with READERS] [FILE ...]

Reads URI references, one a line, from the files ("-" is standard input) or from
standard input when there are none, and prints the hazards of each valid one (the
security considerations of RFC 3986 section 7 and its counterparts, and the parts that
another spec version, Go's net/url or the WHATWG URL parser reads differently). Only
references with hazards are printed, one line per hazard:

    FILE:LINE:COLUMN: CODE: MESSAGE (SECTION)

where COLUMN is the hazard's byte offset plus 1. With -json, one object per flagged
reference: {"file", "line", "input", "spec", "hazards": [{"code", "section", "offset",
"length", "message"}]}. Invalid references, empty lines, and lines that are not UTF-8,
hold a NUL or exceed 1 MiB have no hazards and print nothing.

-with chooses the other readers: all (every other spec version, net/url and the WHATWG
parser), none (the reference's own hazards only), or a list such as net-url,whatwg.

When standard error is a terminal and the findings go elsewhere (a file, a pipe) without
-json, progress is shown there.

A file that cannot be read is reported on standard error and the others are read.
Exit status: 0 no hazard, 1 some hazard, 2 usage or I/O error (over 1).
`

// lintResult is the JSON object of one flagged reference.
type lintResult struct {
	File  string `json:"file"`
	Line  int    `json:"line"`
	Input string `json:"input"`
	// InputBase64 is never set: a line that is not UTF-8 is not linted. It keeps the
	// key set of check and matrix, whose "input" may be lossy.
	InputBase64 string       `json:"input_base64,omitempty"`
	Spec        string       `json:"spec"`
	Hazards     []uri.Hazard `json:"hazards"`
}

func runLint(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("lint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	specFlag := fs.String("spec", "rfc3986", "the spec ID references are read under")
	asJSON := fs.Bool("json", false, "one JSON object per flagged reference")
	with := fs.String("with", "all", "the readers whose differentials are reported: all, none, or a comma-separated list of\nspec IDs, specs (every other spec), net-url and whatwg")
	fs.Usage = func() {
		io.WriteString(stderr, lintUsage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return flagStatus(err)
	}
	spec, err := uri.ParseSpec(*specFlag)
	if err != nil {
		fmt.Fprintln(stderr, "urispec lint:", err)
		return exitUsage
	}
	if _, err := uri.NewParser(spec); err != nil {
		fmt.Fprintln(stderr, "urispec lint:", err)
		return exitUsage
	}
	if _, err := parseReaders(spec, *with); err != nil {
		fmt.Fprintln(stderr, "urispec lint:", err)
		return exitUsage
	}
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	flagged := false
	// Lines are read on this goroutine, linted in batches on GOMAXPROCS workers (each
	// with its own parser and readers: neither serves two goroutines) and printed in
	// input order.
	newWorker := func() func(lintInput) []uri.Hazard {
		p, _ := uri.NewParser(spec)             // checked above
		readers, _ := parseReaders(spec, *with) // checked above
		return func(in lintInput) []uri.Hazard { return lintLine(p, readers, in.text) }
	}
	emit := func(in lintInput, hz []uri.Hazard) error {
		if len(hz) == 0 {
			return nil
		}
		flagged = true
		if *asJSON {
			return enc.Encode(lintResult{File: in.file, Line: in.line, Input: in.text, Spec: spec.String(), Hazards: hz})
		}
		for _, h := range hz {
			if _, err := fmt.Fprintf(stdout, "%s:%d:%d: %s: %s (%s)\n", in.file, in.line, h.Offset+1, h.Code, h.Message, h.Section); err != nil {
				return err
			}
		}
		return nil
	}
	pool := ordered.New(0, 256, newWorker, emit)
	failed := false
	files := fs.Args()
	if len(files) == 0 {
		files = []string{"-"}
	}
	// Progress on a terminal, unless the findings stream to it or are JSON.
	prog := startProgress(stderr, !*asJSON && !isTerminal(stdout), inputSize(files, stdin))
	add := func(in lintInput) error {
		prog.line()
		return pool.Add(in)
	}
	for _, name := range files {
		err := lintFile(name, stdin, prog, add)
		if err != nil && pool.Err() != nil {
			break // output failed: nothing more can be printed
		}
		if err != nil {
			fmt.Fprintln(stderr, "urispec lint:", err)
			failed = true
		}
	}
	if err := pool.Close(); err != nil {
		fmt.Fprintln(stderr, "urispec lint:", err)
		failed = true
	}
	prog.finish()
	switch {
	case failed:
		return exitUsage
	case flagged:
		return exitInvalid
	}
	return exitOK
}

// lintInput is one line of lint's input.
type lintInput struct {
	file string // FILE or "<stdin>"
	line int
	text string
}

// lintFile reads the lines of the named file ("-": stdin) through prog and hands them
// to add. It returns an open or read error, naming the file.
func lintFile(name string, stdin io.Reader, prog *progress, add func(lintInput) error) error {
	r, shown := stdin, "<stdin>"
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		defer f.Close()
		r, shown = f, name
	}
	err := eachLine(prog.reader(r), func(n int, line string, err error) error {
		if err != nil {
			return nil // too long: not a reference anyone linted
		}
		return add(lintInput{shown, n, line})
	})
	var pe *iofs.PathError
	if err != nil && !errors.As(err, &pe) { // "read NAME: is a directory" names the file
		err = fmt.Errorf("reading %s: %w", shown, err)
	}
	return err
}

// lintLine is the hazards of one line under p's spec: its own and, with readers, its
// differentials; nil for a line that is invalid or not text.
func lintLine(p *uri.Parser, readers []uri.Reader, line string) []uri.Hazard {
	if summary.LineProblem(line) != "" {
		return nil
	}
	ref, err := p.Parse(line)
	if err != nil {
		return nil
	}
	hz := ref.Hazards()
	if readers != nil {
		hz = sortedHazards(append(hz, ref.Differentials(readers...)...))
	}
	return hz
}
