package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/urispec/urispec/internal/summary"
)

const mergeUsage = `usage: urispec merge [-json | -html] [-groups N] SUMMARY...

Merges summaries written by "urispec matrix -summary-json" (of shards of a corpus, on
one machine or many) and prints the report that matrix prints for the whole corpus, or
with -json the merged summary, with -html the report as one HTML page. The merge is exact: counts add up, and each group keeps
the examples with the smallest hash of their bytes, so any split of a corpus, merged in
any order, gives the summary of the whole. The summaries must be of the same specs and
the same -examples. "-" reads one summary from standard input.

Exit status: 0 merged, 2 usage error, a summary that cannot be read, or summaries
that do not fit together.
`

func runMerge(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("merge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print the merged summary as JSON instead of the report")
	asHTML := fs.Bool("html", false, "write the report as one self-contained HTML page")
	maxGroups := fs.Int("groups", 15, "groups listed per pair of versions (0: all)")
	fs.Usage = func() {
		io.WriteString(stderr, mergeUsage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return flagStatus(err)
	}
	if *asJSON && *asHTML {
		fmt.Fprintln(stderr, "urispec merge: -json and -html exclude each other")
		return exitUsage
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "urispec merge: no summary named (a file, or - for standard input)")
		return exitUsage
	}
	var merged *summary.Summary
	for _, name := range fs.Args() {
		s, err := readSummary(name, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "urispec merge: %s: %v\n", name, err)
			return exitUsage
		}
		if merged == nil {
			merged = s
			continue
		}
		if merged, err = summary.Merge(merged, s); err != nil {
			fmt.Fprintf(stderr, "urispec merge: %s: %v\n", name, err)
			return exitUsage
		}
	}
	if *asJSON {
		if err := merged.Encode(stdout); err != nil {
			fmt.Fprintln(stderr, "urispec merge:", err)
			return exitUsage
		}
		return exitOK
	}
	if *asHTML {
		if err := writeHTML(stdout, merged, *maxGroups); err != nil {
			fmt.Fprintln(stderr, "urispec merge:", err)
			return exitUsage
		}
		return exitOK
	}
	writeReport(stdout, merged, *maxGroups)
	return exitOK
}

// readSummary decodes the summary in the named file, or on stdin for "-".
func readSummary(name string, stdin io.Reader) (*summary.Summary, error) {
	if name == "-" {
		return summary.Decode(stdin)
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return summary.Decode(f)
}
