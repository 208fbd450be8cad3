package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/urispec/urispec/internal/summary"
)

const mergeDoc = `Merges summaries written by "urispec matrix -summary-json" (of shards of a corpus, on
one machine or many) and prints the report that matrix prints for the whole corpus, or
with -json the merged summary, with -html the report as one HTML page. The merge is
exact: counts add up, and each group keeps the examples with the smallest hash of their
bytes, so any split of a corpus, merged in any order, gives the summary of the whole.
The summaries must be of the same specs and the same -examples. "-" reads one summary
from standard input, as does naming none (urispec matrix -summary-json | urispec merge).

Every summary is read before anything is printed: a summary that cannot be read, or
that does not fit with the others, is reported (all of them, each with its file name)
and no report is printed, since a report without a shard would be wrong.

Exit status: 0 merged, 2 usage error, a summary that cannot be read, summaries that do
not fit together, or output that could not be written.`

func mergeCommand() command {
	return command{
		name:    "merge",
		summary: "merge matrix -summary-json summaries of shards into one report",
		usage:   "merge [-json | -html] [-groups N] [SUMMARY ...]",
		doc:     mergeDoc,
		setup: func(fs *flag.FlagSet) func(*cmdEnv, []string) int {
			asJSON := fs.Bool("json", false, "print the merged summary as JSON instead of the report")
			asHTML := fs.Bool("html", false, "print the report as one self-contained HTML page")
			groups := groupsVar(fs)
			return func(x *cmdEnv, names []string) int { return runMerge(x, *asJSON, *asHTML, *groups, names) }
		},
	}
}

func runMerge(x *cmdEnv, asJSON, asHTML bool, groups int, names []string) int {
	if asJSON && asHTML {
		return x.usageError("-json and -html exclude each other")
	}
	if len(names) == 0 {
		names = []string{"-"}
	}
	var merged *summary.Summary
	for _, name := range names {
		s, err := readSummary(name, x.stdin)
		switch {
		case err != nil:
		case merged == nil:
			merged = s
		default:
			var m *summary.Summary
			if m, err = summary.Merge(merged, s); err == nil {
				merged = m
			}
		}
		if err != nil {
			shown := name
			if name == "-" {
				shown = "<stdin>"
			}
			x.fail(fmt.Errorf("%s: %w", shown, err))
		}
	}
	if x.failed {
		return exitUsage
	}
	var err error
	switch {
	case asJSON:
		err = merged.Encode(x.stdout)
	case asHTML:
		err = writeHTML(x.stdout, merged, groups)
	default:
		writeReport(x.stdout, merged, groups)
	}
	if err != nil {
		return x.stop(err)
	}
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
