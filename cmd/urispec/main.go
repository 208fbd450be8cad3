// Command urispec checks, resolves and compares URI references under each historical
// specification of their syntax, from the 1993 URL draft to RFC 3986 and the WHATWG URL
// Standard (`urispec specs` lists them all, from package uri's table).
//
//	urispec check [-spec ID,...|all] [-json] [-f FILE]... [URI ...]
//
// `urispec help` lists the commands, `urispec help COMMAND` shows one command's flags
// and exit statuses, and docs/cli.md describes them all. Exit status: 0 success, 1 a
// negative verdict (an invalid input, a hazard, a difference), 2 a usage error, an
// input that could not be read or output that could not be written.
package main

import (
	"io"
	"os"
)

// Exit statuses shared by every subcommand.
const (
	exitOK      = 0
	exitInvalid = 1
	exitUsage   = 2
)

// commands is the table main, help and the usage messages read, in the order `urispec
// help` lists them.
func commands() []command {
	return []command{
		checkCommand(),
		templateCommand(),
		lintCommand(),
		guardCommand(),
		matrixCommand(),
		mergeCommand(),
		compareCommand(),
		explainCommand(),
		resolveCommand(),
		normalizeCommand(),
		equalCommand(),
		diffCommand(),
		specsCommand(),
		serveCommand(),
		versionCommand(),
		helpCommand(),
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run runs the command line args (without the program name) and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		writeCommandList(stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "-h", "-help", "--help":
		name = "help"
	case "-version", "--version":
		name = "version"
	}
	c, ok := lookup(name)
	if !ok {
		errorf(stderr, "", "unknown command %q", name)
		writeCommandList(stderr)
		return exitUsage
	}
	return c.exec(args[1:], stdin, stdout, stderr)
}
