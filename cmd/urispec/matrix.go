package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"

	"github.com/urispec/urispec/internal/ordered"
	"github.com/urispec/urispec/internal/summary"
	"github.com/urispec/urispec/uri"
)

// matrixUsage documents the flags and the exit status.
const matrixUsage = `usage: urispec matrix [-spec LIST] [-json | -summary-json | -html] [-groups N] [-examples N] [FILE ...]

Reads URI references, one a line, from the files or from standard input, and prints
for the chosen specs (default: all, oldest first) how many each accepts and rejects,
how many inputs the specs disagree on, the patterns of verdicts, and for each pair of
adjacent versions the inputs valid under one and not the other, grouped by the rule
and character that decide it, and for each spec the inputs no other spec accepts,
grouped by why the spec before it in date order rejects them. A line over 1 MiB, not valid UTF-8 or holding a NUL is
not checked: it counts as rejected by every spec and is listed with its reason.
With -json, one object per input with every spec's verdict.
With -summary-json, one JSON document that "urispec merge" merges with the summaries
of other shards; examples are those with the smallest hash of their bytes.
With -html, the report as one self-contained HTML page, with charts.
When standard error is a terminal, progress is shown there (not with -json or -summary-json).

Exit status: 0 when every input was read (whatever the verdicts), 2 usage or I/O error.
`

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
}

func runMatrix(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("matrix", flag.ContinueOnError)
	fs.SetOutput(stderr)
	specFlag := fs.String("spec", "all", "comma-separated spec IDs, or all")
	asJSON := fs.Bool("json", false, "one JSON object per input with every spec's verdict")
	summaryJSON := fs.Bool("summary-json", false, "write the summary as one JSON document, for urispec merge")
	asHTML := fs.Bool("html", false, "write the report as one self-contained HTML page")
	maxGroups := fs.Int("groups", 15, "groups listed per pair of versions (0: all)")
	maxExamples := fs.Int("examples", 2, "examples kept per group (those with the smallest hash of their bytes)")
	fs.Usage = func() {
		io.WriteString(stderr, matrixUsage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return flagStatus(err)
	}
	if n := countTrue(*asJSON, *summaryJSON, *asHTML); n > 1 {
		fmt.Fprintln(stderr, "urispec matrix: -json, -summary-json and -html exclude each other")
		return exitUsage
	}
	if *maxExamples < 0 {
		fmt.Fprintln(stderr, "urispec matrix: -examples must be 0 or more")
		return exitUsage
	}
	specs, err := parseSpecs(*specFlag)
	if err != nil {
		fmt.Fprintln(stderr, "urispec matrix:", err)
		return exitUsage
	}
	// Oldest first, each once: "adjacent versions" are adjacent in time.
	slices.Sort(specs)
	specs = slices.Compact(specs)
	ids := make([]string, len(specs))
	for i, s := range specs {
		ids[i] = s.String()
		if _, err = uri.NewParser(s); err != nil {
			fmt.Fprintln(stderr, "urispec matrix:", err)
			return exitUsage
		}
	}

	// The live heap is small (the summary, the batches in flight) and each line
	// allocates about a kilobyte (errors, a Reference), so the default GOGC=100 collects
	// every few megabytes. Four times the live heap costs about 15 MB more and saved 7% of
	// the CPU time on a million lines. A GOGC set in the environment is left alone.
	if os.Getenv("GOGC") == "" {
		defer debug.SetGCPercent(debug.SetGCPercent(400))
	}
	sum := summary.New(ids, *maxExamples)
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	// handle counts one input with what a worker's Checker found.
	handle := func(in inputLine, v summary.Verdicts) error {
		sum.AddVerdicts(summary.NewExample(in.text, in.file, int64(in.line)), v)
		if !*asJSON {
			return nil
		}
		out := matrixJSON{Where: in.where(), Input: in.text, InputB64: exactBytes(in.text), InputError: v.Problem, Agree: true}
		for i, s := range specs {
			mv := matrixVerdict{Spec: s.String()}
			if v.Problem == "" {
				mv.Valid = v.Errors[i] == nil
				var ue *uri.Error
				if errors.As(v.Errors[i], &ue) {
					mv.Error = errorJSON(ue)
				}
				out.Agree = out.Agree && mv.Valid == (v.Errors[0] == nil)
			}
			out.Verdicts = append(out.Verdicts, mv)
		}
		return enc.Encode(out)
	}
	// Lines are checked in batches on GOMAXPROCS workers, each with its own Checker (a
	// uri.Parser serves one goroutine), and counted in input order.
	newWorker := func() func(inputLine) summary.Verdicts {
		c, _ := summary.NewChecker(ids) // every spec has a parser: checked above
		return func(in inputLine) summary.Verdicts { return c.Check(in.text, in.problem) }
	}
	pool := ordered.New(0, 512, newWorker, handle)
	// Progress on a terminal, but not under -json or -summary-json (output a program reads).
	err = eachInputProgress(fs.Args(), stdin, stderr, !*asJSON && !*summaryJSON, pool.Add)
	if cerr := pool.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return inputError(stderr, "matrix", err)
	}
	switch {
	case *asJSON:
	case *summaryJSON:
		if err := sum.Encode(stdout); err != nil {
			fmt.Fprintln(stderr, "urispec matrix:", err)
			return exitUsage
		}
	case *asHTML:
		if err := writeHTML(stdout, sum, *maxGroups); err != nil {
			fmt.Fprintln(stderr, "urispec matrix:", err)
			return exitUsage
		}
	default:
		writeReport(stdout, sum, *maxGroups)
	}
	return exitOK
}
