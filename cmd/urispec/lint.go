package main

import (
	"flag"
	"fmt"

	"github.com/urispec/urispec/internal/ordered"
	"github.com/urispec/urispec/uri"
	"github.com/urispec/urispec/uri/hazard"
)

const lintDoc = `Reads URI references, one a line, from the files ("-" is standard input) or from
standard input when there are none (empty lines are skipped, and counted on standard
error at the end), and prints the hazards of each valid one (the
security considerations of RFC 3986 section 7 and its counterparts, internal addresses
of RFC 6890's special-purpose ranges, schemes that run script or reach local files and
other protocols, the Fetch Standard's bad ports, and the parts that
a deployed parser reads differently: RFC 3986, RFC 2396, Go's net/url or the WHATWG URL
parser). Only
references with hazards are printed, one line per hazard:

    FILE:LINE:COLUMN: CODE: MESSAGE (SECTION)

where COLUMN is the hazard's byte offset plus 1. With -json, one object per flagged
reference: {"file", "line", "input", "spec", "valid", "hazards": [{"code", "section",
"offset", "length", "message"}]}. A reference the spec rejects (by its generic syntax or
its scheme's grammar) is read by net/url and the WHATWG parser (among the -with
readers), and its hazards, at the byte where the spec stopped, are their readings where
these can mislead (lenient-reading: the spec stops at a byte they split differently,
they read different hosts, or a host the spec does not read there) and the hazards of
what they read (an internal or metadata target, a script scheme, active data, a bad
port, a control character in the path); a relative one is read by the WHATWG parser
against the -base URI (by default ` + relativeBase + `, a reserved name). A valid relative reference is also
resolved against that base by the spec's algorithm and compared with the WHATWG
parser's reading of it there. -base must be an absolute URI under -spec.
A line that is not UTF-8 or holds a NUL is linted as any other: no spec accepts it, and
the lenient readers read it (the WHATWG parser as a browser that decodes it as UTF-8,
each bad byte U+FFFD), so its hazards are those of what they read; with -json its
"input_base64" holds its bytes. A line over 1 MiB is reported on standard error and
skipped.

-with chooses the other readers: deployed (the default: rfc3986, rfc2396, net/url and
the WHATWG parser), all (every spec version too, the historical ones included), none
(the reference's own hazards only), or a list such as net-url,whatwg or deployed,rfc1808.

When standard error is a terminal and the findings go elsewhere (a file, a pipe) without
-json, progress is shown there. A file that cannot be read is reported on standard error
and the others are read.

A hazard of ordinary use is a note ("note": true in the JSON): an internal target named
in its ordinary spelling (http://localhost:8080/, http://127.0.0.1:3000,
http://192.168.0.1/), as documentation of local servers names them; the same target in
another spelling, read leniently or inside another URL is no note. A reference whose
hazards are all notes is printed with -json and -notes, and not otherwise; a reference
that is printed is printed with all its hazards.

Exit status: 0 no hazard other than notes (with -notes: no hazard), 1 some hazard, 2
usage error, an input that could not be read, or output that could not be written.`

func lintCommand() command {
	return command{
		name:    "lint",
		summary: "print the security hazards and parser differentials of URIs",
		usage:   "lint [-spec ID] [-json] [-notes] [-with READERS] [-schemes=false] [-base URI] [FILE ...]",
		doc:     lintDoc,
		setup: func(fs *flag.FlagSet) func(*cmdEnv, []string) int {
			spec := specFlags(fs, "rfc3986", false)
			asJSON := jsonVar(fs, "one object per flagged reference, notes included")
			notes := fs.Bool("notes", false, "also print the references whose hazards are all notes (an internal\ntarget in its ordinary spelling: http://localhost:8080/), and exit 1 for them")
			with := readersVar(fs, "deployed")
			schemes := schemesVar(fs)
			base := addBaseFlag(fs, relativeBase, "compare relative references against this absolute base `URI`\n(under whatwg, also the base they are judged against, as in check)")
			return func(x *cmdEnv, files []string) int {
				if r, err := uri.Parse(spec.one(), *base); err != nil || !r.IsAbsolute() {
					return x.usageError("-base %q is not an absolute URI under %s", *base, spec.one())
				}
				opts := schemeOptions(*schemes)
				fs.Visit(func(f *flag.Flag) {
					if f.Name == "base" {
						opts = append(opts, uri.Base(*base))
					}
				})
				return runLint(x, spec.one(), opts, lintOutput{*asJSON, *notes}, with, *base, files)
			}
		},
	}
}

// lintResult is the JSON object of one flagged reference.
type lintResult struct {
	File  string `json:"file"`
	Line  int    `json:"line"`
	Input string `json:"input"`
	// InputBase64 holds the bytes of an input that is not UTF-8, whose "input" JSON
	// makes lossy, as check's does.
	InputBase64 string `json:"input_base64,omitempty"`
	Spec        string `json:"spec"`
	// Valid is false for a reference the spec rejects, whose hazards are those of the
	// lenient readings.
	Valid   bool            `json:"valid"`
	Hazards []hazard.Hazard `json:"hazards"`
}

// lintOutput is what lint prints: JSON or text, and whether the references whose
// hazards are all notes count.
type lintOutput struct {
	json, notes bool
}

func runLint(x *cmdEnv, spec uri.Spec, opts []uri.ParserOption, out lintOutput, with *readersFlag, base string, files []string) int {
	asJSON := out.json
	enc := x.encoder()
	flagged := false
	// Lines are read on this goroutine, linted in batches on GOMAXPROCS workers (each
	// with its own parser and readers: neither serves two goroutines) and printed in
	// input order.
	newWorker := func() func(inputLine) linted {
		p, _ := uri.NewParser(spec, opts...) // -spec checked it
		readers := with.readers()
		return func(in inputLine) linted {
			if in.readErr != nil {
				return linted{} // too long: not a reference anyone linted
			}
			return lintLine(p, readers, base, in.text)
		}
	}
	emit := func(in inputLine, l linted) error {
		hz := l.hazards
		counts := out.notes || !allNotes(hz)
		if len(hz) == 0 || !counts && !asJSON {
			return nil
		}
		flagged = flagged || counts
		if asJSON {
			return enc.Encode(lintResult{File: in.file, Line: in.line, Input: in.text, InputBase64: exactBytes(in.text),
				Spec: spec.String(), Valid: l.valid, Hazards: hz})
		}
		for _, h := range hz {
			if _, err := fmt.Fprintf(x.stdout, "%s:%d:%d: %s: %s (%s)\n", in.file, in.line, h.Offset+1, h.Code, h.Message, h.Section); err != nil {
				return err
			}
		}
		return nil
	}
	pool := ordered.New(0, 256, newWorker, emit, x.stdout.Flush)
	// Progress on a terminal, unless the findings stream to it or are JSON.
	err := readPooled(x, files, pool, !asJSON && !isTerminal(x.terminal))
	if err != nil {
		return x.stop(err)
	}
	if flagged {
		return exitInvalid
	}
	return exitOK
}

// allNotes reports whether every hazard of hz is a note (Hazard.Note).
func allNotes(hz []hazard.Hazard) bool {
	for _, h := range hz {
		if !h.Note {
			return false
		}
	}
	return true
}

// linted is what lint found on one line: its hazards, and whether the spec accepts it.
type linted struct {
	hazards []hazard.Hazard
	valid   bool
}

// lintLine is the hazards of one line under p's spec: its own and, with readers, its
// differentials; for a line the spec rejects, how the lenient readers (net/url, whatwg)
// among readers read it. A line that is not UTF-8 or holds a NUL is no exception: an
// attacker's byte that no grammar accepts must not hide what a browser reads around it.
// Relative references are compared against base.
func lintLine(p *uri.Parser, readers []hazard.Reader, base, line string) linted {
	ref, err := p.Parse(line)
	if err != nil {
		return linted{hazards: lenientWith(err, readers, base)}
	}
	return linted{hazards: hazardsWith(ref, readers, base), valid: true}
}
