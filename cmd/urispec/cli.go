package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// command is one subcommand. Every subcommand is run, described and refused alike from
// these fields: main looks the name up, `urispec help` lists the summaries, `urispec help
// NAME` and NAME -h print the usage, the doc and the flags, and a usage error prints the
// message and the usage line.
type command struct {
	name    string
	summary string // one line, for the command list
	usage   string // the synopsis after "urispec ", such as "check [flags] [URI ...]"
	doc     string // what the command does, its inputs, output and exit statuses
	// setup defines the command's flags on fs and returns the function that runs the
	// command once they are parsed, with the arguments left after them. The flags'
	// variables live in setup's closure: nothing is shared between two runs.
	setup func(fs *flag.FlagSet) func(x *cmdEnv, args []string) int
}

// lookup finds a command of the table by name.
func lookup(name string) (command, bool) {
	for _, c := range commands() {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// flags is the command's flag set, with the run function its setup returned.
func (c command) flags() (*flag.FlagSet, func(x *cmdEnv, args []string) int) {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors and help are printed by exec, on the right stream
	fs.Usage = func() {}
	run := c.setup(fs)
	return fs, run
}

// exec parses args and runs the command. -h (or -help) prints the help on standard
// output with exit 0: it was asked for. A bad flag prints the error and the usage line on
// standard error with exit 2. Standard output is buffered: it is flushed by the command
// where it must be (a batch done, a read that may block) and at the end, and a failed
// write is reported with exit 2.
func (c command) exec(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs, run := c.flags()
	flagArgs, operands := splitFlags(fs, args)
	if err := fs.Parse(flagArgs); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			c.writeHelp(stdout, fs)
			return exitOK
		}
		if strings.HasPrefix(err.Error(), "flag provided but not defined") {
			return c.usageError(stderr, "%v (an argument that begins with \"-\" goes after --: urispec %s -- ARG)", err, c.name)
		}
		return c.usageError(stderr, "%v", err)
	}
	if fs.Lookup("f") != nil {
		fileHint(stderr, c.name, operands)
	}
	out := bufio.NewWriterSize(stdout, 64<<10)
	x := &cmdEnv{cmd: c, stdin: stdin, stdout: out, stderr: stderr, terminal: stdout}
	status := run(x, operands)
	if err := out.Flush(); err != nil {
		x.errorf("writing standard output: %v", err)
		return exitUsage
	}
	if x.blank > 0 && !x.blankReported {
		x.errorf("skipped %s (an empty line is no input)", plural(x.blank, "blank line"))
	}
	if x.failed {
		return exitUsage
	}
	return status
}

// splitFlags separates the flags of args from the operands, wherever the flags stand:
// Go's flag package stops at the first operand, so "check URI -json" would check "-json"
// as a URI. An argument that begins with "-" (and is not "-" alone) is a flag, followed
// by its value unless the flag is boolean or written -name=value; "--" ends the flags,
// and what follows it is operands whatever it begins with. A flag the set does not
// define is kept, for fs.Parse to refuse.
func splitFlags(fs *flag.FlagSet, args []string) (flagArgs, operands []string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return flagArgs, append(operands, args[i+1:]...)
		case len(a) < 2 || a[0] != '-':
			operands = append(operands, a)
			continue
		}
		flagArgs = append(flagArgs, a)
		name := strings.TrimLeft(a, "-")
		if strings.Contains(name, "=") {
			continue
		}
		f := fs.Lookup(name)
		if f == nil {
			continue
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			continue
		}
		if i+1 < len(args) {
			i++
			flagArgs = append(flagArgs, args[i])
		}
	}
	return flagArgs, operands
}

// fileHint says, for a command whose operands are URIs and whose files come with -f,
// that an operand naming an existing file is read as a URI all the same: one line on
// standard error, naming the first such operand.
func fileHint(w io.Writer, name string, operands []string) {
	var files []string
	for _, a := range operands {
		if fi, err := os.Stat(a); err == nil && !fi.IsDir() {
			files = append(files, a)
		}
	}
	if len(files) == 0 {
		return
	}
	more := ""
	if len(files) > 1 {
		more = fmt.Sprintf(" (and %s naming files)", plural(len(files)-1, "more argument"))
	}
	errorf(w, name, "%q names a file, but arguments are read as URIs: write -f %s to read its lines%s", files[0], files[0], more)
}

// writeHelp prints the usage line, the doc and every flag with its default.
func (c command) writeHelp(w io.Writer, fs *flag.FlagSet) {
	var b strings.Builder
	fmt.Fprintf(&b, "usage: urispec %s\n\n%s\n", c.usage, strings.TrimRight(c.doc, "\n"))
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	if n > 0 {
		b.WriteString("\nflags:\n")
		fs.SetOutput(&b)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
	io.WriteString(w, b.String())
}

// usageError prints "urispec NAME: MESSAGE", the usage line and where to find more, on w,
// and returns exitUsage.
func (c command) usageError(w io.Writer, format string, args ...any) int {
	errorf(w, c.name, format, args...)
	fmt.Fprintf(w, "usage: urispec %s\nRun 'urispec help %s' for the flags.\n", c.usage, c.name)
	return exitUsage
}

// errorf prints "urispec NAME: MESSAGE" (or "urispec: MESSAGE" without a name).
func errorf(w io.Writer, name, format string, args ...any) {
	prefix := "urispec: "
	if name != "" {
		prefix = "urispec " + name + ": "
	}
	fmt.Fprintf(w, prefix+format+"\n", args...)
}

// cmdEnv is what a running command writes to and reads from.
type cmdEnv struct {
	cmd    command
	stdin  io.Reader
	stdout *bufio.Writer
	stderr io.Writer
	// terminal is standard output itself, to ask whether it is a terminal.
	terminal io.Writer
	// failed records that an input could not be read (reported on standard error as it
	// happened): the command goes on with the other inputs and exits with status 2.
	failed bool
	// blank counts the empty lines of the input files, which are skipped: exec reports
	// them on standard error at the end, unless blankReported says that the command's
	// report counts them (matrix, compare).
	blank         int
	blankReported bool
}

// errorf reports an error of the command on standard error.
func (x *cmdEnv) errorf(format string, args ...any) { errorf(x.stderr, x.cmd.name, format, args...) }

// fail reports an input that cannot be read; the command goes on and exits with 2.
func (x *cmdEnv) fail(err error) {
	x.errorf("%v", err)
	x.failed = true
}

// usageError reports a usage error found after the flags were parsed (missing or extra
// arguments, flags that exclude each other) and returns exitUsage.
func (x *cmdEnv) usageError(format string, args ...any) int {
	return x.cmd.usageError(x.stderr, format, args...)
}

// stop ends the command on an error that leaves nothing more to do (a failed write is
// reported by exec when it flushes): it returns exitUsage.
func (x *cmdEnv) stop(err error) int {
	if werr := x.stdout.Flush(); werr == nil || !errors.Is(err, werr) {
		x.errorf("%v", err)
	}
	return exitUsage
}

// encoder is a JSON encoder on standard output that leaves <, > and & as they are.
func (x *cmdEnv) encoder() *json.Encoder {
	enc := json.NewEncoder(x.stdout)
	enc.SetEscapeHTML(false)
	return enc
}

// noArgs refuses arguments to a command that takes none.
func (x *cmdEnv) noArgs(args []string) (int, bool) {
	if len(args) > 0 {
		return x.usageError("unexpected argument %q", args[0]), false
	}
	return exitOK, true
}
