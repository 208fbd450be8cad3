package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

func helpCommand() command {
	return command{
		name:    "help",
		summary: "list the commands, or show one command's usage, flags and exit statuses",
		usage:   "help [-json] [COMMAND]",
		doc: `With no COMMAND, lists the commands; with one, prints its usage, what it does, its
flags and its exit statuses (as COMMAND -h does). Help that was asked for goes to
standard output with exit status 0; a usage error prints the error and the usage line
on standard error with exit status 2.

With -json, the command table: one object per command (or the one named) with name,
summary, usage and flags [{name, usage, default}].

Exit status: 0, 2 usage error (an unknown command) or output that could not be written.`,
		setup: func(fs *flag.FlagSet) func(*cmdEnv, []string) int {
			asJSON := jsonVar(fs, "the command table")
			return func(x *cmdEnv, args []string) int { return runHelp(x, *asJSON, args) }
		},
	}
}

// helpJSON is one command in help -json.
type helpJSON struct {
	Name    string         `json:"name"`
	Summary string         `json:"summary"`
	Usage   string         `json:"usage"`
	Flags   []helpFlagJSON `json:"flags"`
}

type helpFlagJSON struct {
	Name    string `json:"name"`
	Usage   string `json:"usage"`
	Default string `json:"default"`
}

func runHelp(x *cmdEnv, asJSON bool, args []string) int {
	if len(args) > 1 {
		return x.usageError("help takes one command name, got %d arguments", len(args))
	}
	cmds := commands()
	if len(args) == 1 {
		c, ok := lookup(args[0])
		if !ok {
			x.errorf("unknown command %q", args[0])
			writeCommandList(x.stderr)
			return exitUsage
		}
		cmds = []command{c}
		if !asJSON {
			fs, _ := c.flags()
			c.writeHelp(x.stdout, fs)
			return exitOK
		}
	}
	if !asJSON {
		writeCommandList(x.stdout)
		return exitOK
	}
	enc := x.encoder()
	for _, c := range cmds {
		fs, _ := c.flags()
		h := helpJSON{Name: c.name, Summary: c.summary, Usage: "urispec " + c.usage, Flags: []helpFlagJSON{}}
		fs.VisitAll(func(f *flag.Flag) {
			h.Flags = append(h.Flags, helpFlagJSON{f.Name, f.Usage, f.DefValue})
		})
		if err := enc.Encode(h); err != nil {
			return x.stop(err)
		}
	}
	return exitOK
}

// writeCommandList prints the usage of urispec and the command table's summaries.
func writeCommandList(w io.Writer) {
	var b strings.Builder
	b.WriteString("usage: urispec COMMAND [flags] [arguments]\n\ncommands:\n")
	for _, c := range commands() {
		fmt.Fprintf(&b, "  %-10s %s\n", c.name, c.summary)
	}
	b.WriteString("\nFlags go before or after the arguments; -- ends them.\n")
	b.WriteString("Run 'urispec help COMMAND' (or 'urispec COMMAND -h') for a command's usage and flags.\n")
	io.WriteString(w, b.String())
}
