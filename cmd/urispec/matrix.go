package main

import (
	"errors"
	"flag"
	"os"
	"runtime/debug"
	"slices"

	"github.com/urispec/urispec/internal/ordered"
	"github.com/urispec/urispec/internal/summary"
	"github.com/urispec/urispec/uri"
)

const matrixDoc = `Reads URI references, one a line, from the files ("-" is standard input) or from
standard input, and prints for the chosen specs (default: all, oldest first) how many
each accepts and rejects, how many inputs the specs disagree on, the patterns of
verdicts, and for each pair of adjacent versions (and for rfc3986 and whatwg, when both
are chosen) the inputs valid under one and not the other, grouped by the rule and
character that decide it, and for each spec the inputs no other spec accepts, grouped by
why the spec before it in date order rejects them. An empty line is no input: it is
skipped and counted apart ("blank" in the summary). A line over 1 MiB, not valid UTF-8
or holding a NUL is not checked: it counts as rejected by every spec and is listed with
its reason. With -schemes=false, each spec's generic syntax
alone (as in check); the report says so.

With -json, one object per input with every spec's verdict, and for each pair compared
whose verdicts differ, the class of urispec diff it belongs to. A rejection's error gives
its offset, rule and message, not what the grammar expected there, which the report does
not print either and which costs about fifteen parses to find: -expected adds it (the
error's "expected" list, and the end of its message, as check prints them). With -summary-json, one JSON
document that "urispec merge" merges with the summaries of other shards; examples are
those with the smallest hash of their bytes. With -html, the report as one
self-contained HTML page, with charts. When standard error is a terminal, progress is
shown there (not with -json or -summary-json).

A file that cannot be read is reported on standard error, the others are read, and the
report covers what was read.

Exit status: 0 when every input was read (whatever the verdicts), 2 usage error, an
input that could not be read, or output that could not be written.`

func matrixCommand() command {
	return command{
		name:    "matrix",
		summary: "compare the specs' verdicts on many URIs, grouped by the deciding rule",
		usage:   "matrix [-spec ID,...|all] [-schemes=false] [-json [-expected] | -summary-json | -html] [-groups N] [-examples N] [FILE ...]",
		doc:     matrixDoc,
		setup: func(fs *flag.FlagSet) func(*cmdEnv, []string) int {
			var o matrixOptions
			o.specs = specFlags(fs, "all", true)
			o.schemes = schemesVar(fs)
			fs.BoolVar(&o.json, "json", false, "print one JSON object per input with every spec's verdict")
			o.expected = expectedVar(fs)
			fs.BoolVar(&o.summaryJSON, "summary-json", false, "print the summary as one JSON document, for urispec merge")
			fs.BoolVar(&o.html, "html", false, "print the report as one self-contained HTML page")
			o.groups = groupsVar(fs)
			o.examples = examplesVar(fs, "examples kept per group (those with the smallest hash of their bytes)")
			return func(x *cmdEnv, files []string) int { return runMatrix(x, o, files) }
		},
	}
}

type matrixOptions struct {
	specs                   *specsFlag
	schemes                 *bool
	json, summaryJSON, html bool
	expected                *bool // -json: each error's expected set
	groups, examples        *int
}

// matrixVerdict is one spec's verdict in matrix -json.
type matrixVerdict struct {
	Spec  string     `json:"spec"`
	Valid bool       `json:"valid"`
	Error *jsonError `json:"error,omitempty"`
}

type matrixJSON struct {
	Where      string          `json:"where"`
	Input      string          `json:"input"`
	InputB64   string          `json:"input_base64,omitempty"`
	InputError string          `json:"input_error,omitempty"`
	Agree      bool            `json:"agree"`
	Verdicts   []matrixVerdict `json:"verdicts"`
	// Specdiff names, for each pair the report compares whose verdicts differ on the
	// input, the class of the two grammars' difference it belongs to.
	Specdiff []specdiffJSON `json:"specdiff,omitempty"`
}

func runMatrix(x *cmdEnv, o matrixOptions, files []string) int {
	if countTrue(o.json, o.summaryJSON, o.html) > 1 {
		return x.usageError("-json, -summary-json and -html exclude each other")
	}
	if *o.expected && !o.json {
		return x.usageError("-expected goes with -json")
	}
	errJSON := errorJSONFunc(*o.expected)
	// Oldest first: "adjacent versions" are adjacent in time.
	specs := slices.Sorted(slices.Values(o.specs.specs))
	ids := make([]string, len(specs))
	for i, s := range specs {
		ids[i] = s.String()
	}

	// The live heap is small (the summary, the batches in flight) and each line
	// allocates about a kilobyte (errors, a Reference), so the default GOGC=100 collects
	// every few megabytes. Four times the live heap costs about 15 MB more and saved 7% of
	// the CPU time on a million lines. A GOGC set in the environment is left alone.
	if os.Getenv("GOGC") == "" {
		defer debug.SetGCPercent(debug.SetGCPercent(400))
	}
	sum := summary.New(ids, *o.examples)
	sum.GenericOnly = !*o.schemes
	opts := schemeOptions(*o.schemes)
	classes := specdiffCache{c: &classifier{}}
	var line []byte // one input's JSON, reused
	var sd [][]byte // its specdiff objects, reused
	// handle counts one input with what a worker's Checker found.
	handle := func(in inputLine, v summary.Verdicts) error {
		sum.AddVerdicts(summary.NewExample(in.text, in.file, int64(in.line)), v)
		if !o.json {
			return nil
		}
		out := matrixJSON{Where: in.where(), Input: in.text, InputB64: exactBytes(in.text), InputError: v.Problem, Agree: true}
		for i, s := range specs {
			mv := matrixVerdict{Spec: s.String()}
			if v.Problem == "" {
				mv.Valid = v.Errors[i] == nil
				var ue *uri.Error
				if errors.As(v.Errors[i], &ue) {
					mv.Error = errJSON(ue)
				}
				out.Agree = out.Agree && mv.Valid == (v.Errors[0] == nil)
			}
			out.Verdicts = append(out.Verdicts, mv)
		}
		sd = sd[:0]
		if v.Problem == "" {
			for _, p := range sum.Pairs {
				i, j := slices.Index(ids, p.Older), slices.Index(ids, p.Newer)
				if (v.Errors[i] == nil) == (v.Errors[j] == nil) {
					continue
				}
				accepted := p.Older
				if v.Errors[j] == nil {
					accepted = p.Newer
				}
				if o, ok := classes.json(p.Older, p.Newer, accepted, in.text); ok {
					sd = append(sd, o)
				}
			}
		}
		line = out.appendJSON(line[:0], sd)
		_, err := x.stdout.Write(line)
		return err
	}
	// Lines are checked in batches on GOMAXPROCS workers, each with its own Checker (a
	// uri.Parser serves one goroutine), and counted in input order.
	newWorker := func() func(inputLine) summary.Verdicts {
		c, _ := summary.NewChecker(ids, opts...) // every spec has a parser: -spec checked it
		return func(in inputLine) summary.Verdicts {
			problem := ""
			if in.readErr != nil {
				problem = in.readErr.Error()
			}
			return c.Check(in.text, problem)
		}
	}
	pool := ordered.New(0, 512, newWorker, handle, x.stdout.Flush)
	// Progress on a terminal, but not under -json or -summary-json (output a program reads).
	err := readPooled(x, files, pool, !o.json && !o.summaryJSON)
	if err != nil {
		return x.stop(err)
	}
	sum.Blank = int64(x.blank)
	x.blankReported = !o.json // the report and the summary count them
	// What was read is reported even when some file could not be (exit 2 all the same).
	switch {
	case o.json:
	case o.summaryJSON:
		err = sum.Encode(x.stdout)
	case o.html:
		err = writeHTML(x.stdout, sum, *o.groups)
	default:
		writeReport(x.stdout, sum, *o.groups, nil)
	}
	if err != nil {
		return x.stop(err)
	}
	return exitOK
}
