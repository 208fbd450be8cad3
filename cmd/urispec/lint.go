package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	iofs "io/fs"
	"os"

	"github.com/urispec/urispec/internal/summary"
	"github.com/urispec/urispec/uri"
)

const lintUsage = `usage: urispec lint [-spec ID] [-json] [-differentials=false] [FILE ...]

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

A file that cannot be read is reported on standard error and the others are read.
Exit status: 0 no hazard, 1 some hazard, 2 usage or I/O error (over 1).
`

// lintResult is the JSON object of one flagged reference.
type lintResult struct {
	File    string       `json:"file"`
	Line    int          `json:"line"`
	Input   string       `json:"input"`
	Spec    string       `json:"spec"`
	Hazards []uri.Hazard `json:"hazards"`
}

func runLint(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("lint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	specFlag := fs.String("spec", "rfc3986", "the spec ID references are read under")
	asJSON := fs.Bool("json", false, "one JSON object per flagged reference")
	diffs := fs.Bool("differentials", true, "also compare with the other specs, net/url and the WHATWG parser")
	fs.Usage = func() {
		io.WriteString(stderr, lintUsage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	spec, err := uri.ParseSpec(*specFlag)
	if err != nil {
		fmt.Fprintln(stderr, "urispec lint:", err)
		return exitUsage
	}
	p, err := uri.NewParser(spec)
	if err != nil {
		fmt.Fprintln(stderr, "urispec lint:", err)
		return exitUsage
	}
	var readers []uri.Reader
	if *diffs {
		readers = allReaders(spec)
	}
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	flagged, failed := false, false
	lintFile := func(name string, r io.Reader) error {
		return eachLine(r, func(n int, line string, err error) error {
			if err != nil || summary.LineProblem(line) != "" {
				return nil
			}
			ref, perr := p.Parse(line)
			if perr != nil {
				return nil
			}
			hz := ref.Hazards()
			if readers != nil {
				hz = sortedHazards(append(hz, ref.Differentials(readers...)...))
			}
			if len(hz) == 0 {
				return nil
			}
			flagged = true
			if *asJSON {
				return enc.Encode(lintResult{File: name, Line: n, Input: line, Spec: spec.String(), Hazards: hz})
			}
			for _, h := range hz {
				if _, err := fmt.Fprintf(stdout, "%s:%d:%d: %s: %s (%s)\n", name, n, h.Offset+1, h.Code, h.Message, h.Section); err != nil {
					return err
				}
			}
			return nil
		})
	}
	files := fs.Args()
	if len(files) == 0 {
		files = []string{"-"}
	}
	for _, name := range files {
		var err error
		if name == "-" {
			err = lintFile("<stdin>", stdin)
		} else if f, oerr := os.Open(name); oerr != nil {
			err = oerr
		} else {
			err = lintFile(name, f)
			f.Close()
			var pe *iofs.PathError
			if err != nil && !errors.As(err, &pe) { // "read NAME: is a directory" names the file
				err = fmt.Errorf("reading %s: %w", name, err)
			}
		}
		if err != nil {
			fmt.Fprintln(stderr, "urispec lint:", err)
			failed = true
		}
	}
	switch {
	case failed:
		return exitUsage
	case flagged:
		return exitInvalid
	}
	return exitOK
}
