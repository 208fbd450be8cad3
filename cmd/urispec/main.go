// Command urispec checks, resolves and compares URI references under each historical
// specification: the 1993 URL draft, RFC 1738, RFC 1808, draft-fielding-url-syntax-05,
// RFC 2396, RFC 2732, draft-fielding-uri-rfc2396bis-01, RFC 3986, RFC 3987 and RFC 6874
// (`urispec specs` lists those compiled in).
//
//	urispec check [-spec ID|all] [-json] [URI ...]
//
// Inputs come from the arguments, or one per line from standard input when there are
// none. Exit status: 0 every input valid, 1 some input invalid, 2 usage or I/O error.
// `urispec help` lists the commands, `urispec help COMMAND` shows one command's flags, and
// `urispec version` the version, VCS revision, Go version and spec IDs.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// Exit statuses shared by every subcommand.
const (
	exitOK      = 0
	exitInvalid = 1
	exitUsage   = 2
)

// command runs one subcommand with its arguments (after the subcommand's name).
type command struct {
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
	summary string
}

func commands() map[string]command {
	return map[string]command{
		"check":     {runCheck, "validate URI references and show their components"},
		"compare":   {runCompare, "compare Go's net/url with a spec on many URIs"},
		"explain":   {runExplain, "diagnose one URI under every spec: components, errors, resolution"},
		"lint":      {runLint, "print the security hazards and parser differentials of URIs"},
		"matrix":    {runMatrix, "compare the specs' verdicts on many URIs, grouped by the deciding rule"},
		"merge":     {runMerge, "merge matrix -summary-json summaries of shards into one report"},
		"resolve":   {runResolve, "resolve references against a base with each spec's algorithm"},
		"normalize": {runNormalize, "normalize URIs up to a rung of the comparison ladder"},
		"equal":     {runEqual, "compare two URIs at a rung of the comparison ladder"},
		"specs":     {runSpecs, "list the spec versions: documents, dates, lineage, grammars"},
		"version":   {runVersion, "print the version, VCS revision, Go version and spec IDs"},
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cmds := commands()
	if len(args) == 0 {
		usage(stderr, cmds)
		return exitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		if len(args) > 1 && args[0] == "help" {
			if c, ok := cmds[args[1]]; ok {
				// The command's own -h, on standard output: help was asked for.
				c.run([]string{"-h"}, stdin, stdout, stdout)
				return exitOK
			}
			fmt.Fprintf(stderr, "urispec: unknown command %q\n", args[1])
			usage(stderr, cmds)
			return exitUsage
		}
		usage(stdout, cmds)
		return exitOK
	case "-version", "--version":
		args = append([]string{"version"}, args[1:]...)
	}
	c, ok := cmds[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "urispec: unknown command %q\n", args[0])
		usage(stderr, cmds)
		return exitUsage
	}
	return c.run(args[1:], stdin, stdout, stderr)
}

// flagStatus is the exit status after a flag parse error: 0 when -h asked for the usage
// (which the flag package has printed), 2 otherwise.
func flagStatus(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	return exitUsage
}

func usage(w io.Writer, cmds map[string]command) {
	names := make([]string, 0, len(cmds))
	for name := range cmds {
		names = append(names, name)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString("usage: urispec COMMAND [flags] [args]\n\ncommands:\n")
	for _, name := range names {
		fmt.Fprintf(&b, "  %-10s %s\n", name, cmds[name].summary)
	}
	b.WriteString("\nRun 'urispec help COMMAND' for a command's flags, 'urispec version' for the version.\n")
	io.WriteString(w, b.String())
}
