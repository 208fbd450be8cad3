package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/urispec/urispec/uri"
)

// TestUsageStreams: no arguments is a usage error (standard error, exit 2); asking for
// help is not (standard output, exit 0).
func TestUsageStreams(t *testing.T) {
	// stdout and stderr are substrings each stream must contain; "" means it stays empty.
	for _, tc := range []struct {
		args           []string
		status         int
		stdout, stderr string
	}{
		{nil, exitUsage, "", "usage: urispec COMMAND"},
		{[]string{"help"}, exitOK, "usage: urispec COMMAND", ""},
		{[]string{"-h"}, exitOK, "usage: urispec COMMAND", ""},
		{[]string{"--help"}, exitOK, "usage: urispec COMMAND", ""},
		{[]string{"help", "check"}, exitOK, "usage: urispec check", ""},
		{[]string{"help", "nope"}, exitUsage, "", `unknown command "nope"`},
		{[]string{"nope"}, exitUsage, "", `unknown command "nope"`},
		{[]string{"check", "-h"}, exitOK, "usage: urispec check", ""},
		{[]string{"help", "help"}, exitOK, "usage: urispec help", ""},
		{[]string{"check", "-spec", "rfc3986,rfc3986"}, exitUsage, "", "rfc3986 is named twice"},
		{[]string{"lint", "-spec", "all"}, exitUsage, "", "this command reads under one spec"},
		{[]string{"matrix", "-groups", "-5"}, exitUsage, "", `invalid value "-5" for flag -groups: must be from 0 to`},
		{[]string{"compare", "-examples", "2000000000"}, exitUsage, "", `invalid value "2000000000" for flag -examples: must be from 0 to`},
		{[]string{"check", "-nosuchflag"}, exitUsage, "", "flag provided but not defined"},
	} {
		var stdout, stderr bytes.Buffer
		status := run(tc.args, strings.NewReader(""), &stdout, &stderr)
		if status != tc.status {
			t.Errorf("urispec %q: exit %d, want %d", tc.args, status, tc.status)
		}
		for _, s := range []struct{ name, got, want string }{{"stdout", stdout.String(), tc.stdout}, {"stderr", stderr.String(), tc.stderr}} {
			if s.want == "" && s.got != "" || !strings.Contains(s.got, s.want) {
				t.Errorf("urispec %q: %s = %q, want %q", tc.args, s.name, s.got, s.want)
			}
		}
	}
}

// TestVersion: `version` and `-version` name the Go version and every spec compiled in.
func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"-version"}, {"--version"}} {
		var stdout, stderr bytes.Buffer
		if status := run(args, strings.NewReader(""), &stdout, &stderr); status != exitOK || stderr.Len() > 0 {
			t.Fatalf("urispec %q: exit %d, stderr %q", args, status, stderr.String())
		}
		out := stdout.String()
		if !strings.HasPrefix(out, "urispec ") || !strings.Contains(out, runtime.Version()) || !strings.Contains(out, "github.com/urispec/urispec") {
			t.Errorf("urispec %q:\n%s", args, out)
		}
		for _, s := range uri.Specs() {
			if !strings.Contains(out, " "+s.String()) {
				t.Errorf("urispec %q does not name spec %v:\n%s", args, s, out)
			}
		}
	}
	var stdout, stderr bytes.Buffer
	if status := run([]string{"version", "-json"}, strings.NewReader(""), &stdout, &stderr); status != exitOK {
		t.Fatalf("version -json: exit %d, %s", status, stderr.String())
	}
	var bi buildInfo
	if err := json.Unmarshal(stdout.Bytes(), &bi); err != nil {
		t.Fatalf("version -json: %v\n%s", err, stdout.String())
	}
	if bi.Go != runtime.Version() || len(bi.Specs) != len(uri.Specs()) || bi.Version == "" {
		t.Errorf("version -json = %+v", bi)
	}
}

// failWriter fails every write, as a full standard output does.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) {
	return 0, errors.New("write /dev/stdout: bad file descriptor")
}

// everyCommand is a run of each subcommand that writes to standard output.
var everyCommand = [][]string{
	{"check", "http://a/b"},
	{"check", "-json", "-spec", "all", "http://a/b"},
	{"lint", "../../testdata/cmd/hazards.txt"},
	{"matrix", "../../testdata/cmd/urls.txt"},
	{"matrix", "-json", "../../testdata/cmd/urls.txt"},
	{"matrix", "-summary-json", "../../testdata/cmd/urls.txt"},
	{"matrix", "-html", "../../testdata/cmd/urls.txt"},
	{"compare", "../../testdata/cmd/urls.txt"},
	{"compare", "-json", "../../testdata/cmd/urls.txt"},
	{"explain", "http://a/b"},
	{"explain", "-json", "http://a/b"},
	{"resolve", "http://a/b", "c"},
	{"normalize", "HTTP://A/b"},
	{"normalize", "-json", "HTTP://A/b"},
	{"equal", "http://a/b", "HTTP://A/b"},
	{"equal", "-json", "http://a/b", "HTTP://A/b"},
	{"specs"},
	{"specs", "-json"},
	{"version"},
	{"version", "-json"},
	{"help"},
	{"help", "-json"},
}

// TestWriteErrors: in every subcommand, output that cannot be written is reported on
// standard error with exit status 2.
func TestWriteErrors(t *testing.T) {
	for _, args := range everyCommand {
		var stderr bytes.Buffer
		status := run(args, strings.NewReader(""), failWriter{}, &stderr)
		if status != exitUsage || !strings.Contains(stderr.String(), "bad file descriptor") {
			t.Errorf("urispec %q to a failing writer: exit %d, stderr %q; want 2 and the error", args, status, stderr.String())
		}
	}
}

// TestWriteErrorsFull: the command, run as a program with standard output on /dev/full,
// says so and exits with 2 (testscript's TestMain makes the test binary urispec when it
// is run by that name).
func TestWriteErrorsFull(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer full.Close()
	for _, args := range [][]string{{"check", "x"}, {"matrix", "../../testdata/cmd/urls.txt"}, {"specs"}} {
		cmd := exec.Command(os.Args[0], args...)
		cmd.Args[0] = "urispec"
		cmd.Stdout = full
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != exitUsage || !strings.Contains(stderr.String(), "no space left on device") {
			t.Errorf("urispec %q >/dev/full: %v, stderr %q; want exit 2 and the error", args, err, stderr.String())
		}
	}
}

// TestMissingFileEveryCommand: a file that cannot be read is reported with its name, the
// other files are read (their output printed) and the exit status is 2.
func TestMissingFileEveryCommand(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.txt")
	if err := os.WriteFile(good, []byte("http://a/b\thttp://a/c\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.txt")
	for _, tc := range []struct {
		args []string
		out  string // in standard output: the good file was read
	}{
		{[]string{"check", "-f", missing, "-f", good}, "invalid  rfc3986"},
		{[]string{"lint", "-with", "none", missing, good}, ""},
		{[]string{"matrix", "-spec", "rfc3986", missing, good}, "1 inputs"},
		{[]string{"compare", missing, good}, "on 1 inputs"},
		{[]string{"normalize", "-f", missing, "-f", good}, "error"},
		{[]string{"resolve", "-f", missing, "-f", good}, "http://a/c"},
		{[]string{"merge", missing}, ""},
	} {
		var stdout, stderr bytes.Buffer
		status := run(tc.args, strings.NewReader(""), &stdout, &stderr)
		if status != exitUsage || !strings.Contains(stderr.String(), missing) || !strings.Contains(stdout.String(), tc.out) {
			t.Errorf("urispec %q: exit %d, stdout %q, stderr %q; want 2, %q and the file named", tc.args, status, stdout.String(), stderr.String(), tc.out)
		}
	}
}

// TestEveryFlagInHelp: each command's help names every flag it defines, and every
// command has its row in the command list.
func TestEveryFlagInHelp(t *testing.T) {
	var list bytes.Buffer
	writeCommandList(&list)
	for _, c := range commands() {
		if !strings.Contains(list.String(), "  "+c.name+" ") {
			t.Errorf("the command list lacks %s", c.name)
		}
		var stdout, stderr bytes.Buffer
		if status := run([]string{"help", c.name}, strings.NewReader(""), &stdout, &stderr); status != exitOK {
			t.Fatalf("help %s: exit %d, %s", c.name, status, stderr.String())
		}
		fs, _ := c.flags()
		hasJSON := false
		fs.VisitAll(func(f *flag.Flag) {
			hasJSON = hasJSON || f.Name == "json"
			if !strings.Contains(stdout.String(), "  -"+f.Name) {
				t.Errorf("help %s does not list -%s", c.name, f.Name)
			}
		})
		if !hasJSON {
			t.Errorf("%s has no -json", c.name)
		}
	}
}

// TestStreams: check prints the verdicts of the lines it has read while its input is
// still open (a pipe or a FIFO at the other end sees them), not only at the end.
func TestStreams(t *testing.T) {
	for _, cmd := range [][]string{{"check"}, {"check", "-json"}, {"lint", "-with", "none"}, {"normalize"}, {"matrix", "-json"}} {
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		done := make(chan int)
		go func() {
			status := run(cmd, inR, outW, io.Discard)
			outW.Close()
			done <- status
		}()
		// A line with a hazard, so that lint prints it.
		if _, err := io.WriteString(inW, "http://u:p@h/\n"); err != nil {
			t.Fatal(err)
		}
		// The verdict comes while the input is open: this read would wait for ever (the
		// test's own timeout) if the command held its output until the end.
		buf := make([]byte, 1)
		if _, err := io.ReadFull(outR, buf); err != nil {
			t.Fatalf("%v: %v", cmd, err)
		}
		inW.Close()
		io.Copy(io.Discard, outR)
		<-done
	}
}
