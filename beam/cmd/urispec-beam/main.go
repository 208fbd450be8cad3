// Command urispec-beam runs `urispec matrix -summary-json` as an Apache Beam pipeline:
// it checks every line of the files matching -input under the chosen specs and writes
// one summary JSON document to -output, which `urispec merge` renders.
//
//	urispec-beam -input 'corpus/*.txt' -output out.json            # prism, in this process
//	urispec-beam -input 'gs://bucket/corpus/*' -output gs://bucket/out.json \
//	    --runner=dataflow --project=P --region=R --temp_location=gs://bucket/tmp
//
// Beam's own flags (--runner, --endpoint, --environment_type, ...) are accepted too; the
// default runner is prism. -h lists the pipeline's flags, -help-beam Beam's. See
// docs/reports.md of github.com/urispec/urispec.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/s3"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	"github.com/urispec/urispec/beam/pipeline"
)

// globs collects -input: repeatable, each value comma-separated.
type globs []string

func (g *globs) String() string { return strings.Join(*g, ",") }

func (g *globs) Set(v string) error {
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p != "" {
			*g = append(*g, p)
		}
	}
	return nil
}

const usage = "usage: urispec-beam -input GLOB[,GLOB...] -output FILE [-spec LIST] [-examples N] [-gunzip] [-schemes=false] [BEAM FLAGS]"

const doc = `Checks every line of the files matching -input under the chosen specs, as urispec
matrix does, on an Apache Beam runner, and writes one summary JSON document to -output
(urispec merge renders it). Empty lines are no inputs: they are counted apart.`

func main() {
	var inputs globs
	flag.Var(&inputs, "input", "file `GLOB`: a local path, gs://... or s3://... (repeatable, or comma-separated); each must match a file")
	output := flag.String("output", "", "where to write the summary JSON (a local path, gs://... or s3://...)")
	specFlag := flag.String("spec", "all", "comma-separated spec IDs, or all (as urispec matrix)")
	examples := flag.Int("examples", 2, "examples kept per group (as urispec matrix; merged summaries must agree)")
	gunzip := flag.Bool("gunzip", false, "decompress files whose name ends in .gz (urispec matrix reads bytes as stored)")
	schemes := flag.Bool("schemes", true, "with -schemes=false, each spec's generic syntax alone, without scheme grammars (as urispec matrix)")
	helpBeam := flag.Bool("help-beam", false, "list Apache Beam's own flags (--runner, --project, ...) and exit")
	ours := []string{"input", "output", "spec", "examples", "gunzip", "schemes", "help-beam"}

	// Beam registers its flags (64 of them) on the same set at init: -h lists ours
	// first and says where Beam's are, and help goes to standard output.
	flag.CommandLine.Init(os.Args[0], flag.ContinueOnError)
	flag.CommandLine.SetOutput(io.Discard)
	if err := flag.CommandLine.Parse(os.Args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			writeHelp(os.Stdout, ours)
			os.Exit(0)
		}
		fail("%v\n%s\nRun 'urispec-beam -h' for the flags.", err, usage)
	}
	if *helpBeam {
		printFlags(os.Stdout, func(name string) bool { return !slices.Contains(ours, name) })
		os.Exit(0)
	}
	// Beam starts this binary again as a worker (loopback, or a remote runner's
	// container): then it must not look at our flags, only serve.
	beam.Init()

	if len(inputs) == 0 || *output == "" || flag.NArg() > 0 {
		fail("%s\nRun 'urispec-beam -h' for the flags.", usage)
	}
	if *examples < 0 {
		fail("-examples must be 0 or more")
	}
	ids, err := pipeline.SpecIDs(*specFlag)
	if err != nil {
		fail("%v", err)
	}
	ctx := context.Background()
	// A glob that matches nothing would fail the pipeline with the runner's whole stack
	// of errors: it is refused here, in one line.
	if err := pipeline.CheckGlobs(ctx, inputs); err != nil {
		fail("%v", err)
	}

	p, s := beam.NewPipelineWithRoot()
	sums := pipeline.Summarize(s, pipeline.Options{Globs: inputs, Specs: ids, Examples: *examples, Gunzip: *gunzip, GenericOnly: !*schemes})
	pipeline.Write(s, *output, sums)
	if err := beamx.Run(ctx, p); err != nil {
		fmt.Fprintln(os.Stderr, "urispec-beam:", err)
		os.Exit(1)
	}
}

// fail prints "urispec-beam: MESSAGE" on standard error and exits with status 2.
func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "urispec-beam: "+format+"\n", args...)
	os.Exit(2)
}

// writeHelp prints the usage, what the command does and its own flags, then where
// Beam's flags are.
func writeHelp(w io.Writer, ours []string) {
	fmt.Fprintf(w, "%s\n\n%s\n\nflags:\n", usage, doc)
	printFlags(w, func(name string) bool { return slices.Contains(ours, name) })
	n := 0
	flag.VisitAll(func(f *flag.Flag) {
		if !slices.Contains(ours, f.Name) {
			n++
		}
	})
	fmt.Fprintf(w, "\nApache Beam's own %d flags (--runner, --endpoint, --environment_type, --project,\n--region, --temp_location, ...) are read too: urispec-beam -help-beam lists them.\n", n)
}

// printFlags prints the flags of the command line whose names keep accepts, as the flag
// package prints defaults.
func printFlags(w io.Writer, keep func(name string) bool) {
	fs := flag.NewFlagSet("", flag.ContinueOnError)
	flag.VisitAll(func(f *flag.Flag) {
		if keep(f.Name) {
			fs.Var(f.Value, f.Name, f.Usage)
		}
	})
	fs.SetOutput(w)
	fs.PrintDefaults()
}
