// Command urispec-beam runs `urispec matrix -summary-json` as an Apache Beam pipeline:
// it checks every line of the files matching -input under the chosen specs and writes
// one summary JSON document to -output, which `urispec merge` renders.
//
//	urispec-beam -input 'corpus/*.txt' -output out.json            # prism, in this process
//	urispec-beam -input 'gs://bucket/corpus/*' -output gs://bucket/out.json \
//	    --runner=dataflow --project=P --region=R --temp_location=gs://bucket/tmp
//
// Beam's own flags (--runner, --endpoint, --environment_type, ...) are accepted too; the
// default runner is prism. See the README of github.com/urispec/urispec.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
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

func main() {
	var inputs globs
	flag.Var(&inputs, "input", "file glob: a local path, gs://... or s3://... (repeatable, or comma-separated)")
	output := flag.String("output", "", "where to write the summary JSON (a local path, gs://... or s3://...)")
	specFlag := flag.String("spec", "all", "comma-separated spec IDs, or all (as urispec matrix)")
	examples := flag.Int("examples", 2, "examples kept per group (as urispec matrix; merged summaries must agree)")
	gunzip := flag.Bool("gunzip", false, "decompress files whose name ends in .gz (urispec matrix reads bytes as stored)")
	schemes := flag.Bool("schemes", true, "with -schemes=false, each spec's generic syntax alone, without scheme grammars (as urispec matrix)")
	flag.Parse()
	// Beam starts this binary again as a worker (loopback, or a remote runner's
	// container): then it must not look at our flags, only serve.
	beam.Init()

	if len(inputs) == 0 || *output == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: urispec-beam -input GLOB[,GLOB...] -output FILE [-spec LIST] [-examples N] [-gunzip] [-schemes=false] [beam flags]")
		os.Exit(2)
	}
	if *examples < 0 {
		fmt.Fprintln(os.Stderr, "urispec-beam: -examples must be 0 or more")
		os.Exit(2)
	}
	ids, err := pipeline.SpecIDs(*specFlag)
	if err != nil {
		fmt.Fprintln(os.Stderr, "urispec-beam:", err)
		os.Exit(2)
	}

	p, s := beam.NewPipelineWithRoot()
	sums := pipeline.Summarize(s, pipeline.Options{Globs: inputs, Specs: ids, Examples: *examples, Gunzip: *gunzip, GenericOnly: !*schemes})
	pipeline.Write(s, *output, sums)
	if err := beamx.Run(context.Background(), p); err != nil {
		fmt.Fprintln(os.Stderr, "urispec-beam:", err)
		os.Exit(1)
	}
}
