package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urispec/urispec/internal/subtest"
	"github.com/urispec/urispec/internal/testcorpus"
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
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
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
		})
	}
}

// TestVersion: `version` and `-version` name the Go version and every spec compiled in.
func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"-version"}, {"--version"}} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
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
		})
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

// everyCommand returns a run of each subcommand that writes to standard output.
func everyCommand(t *testing.T) [][]string {
	return [][]string{
		{"check", "http://a/b"},
		{"check", "-json", "-spec", "all", "http://a/b"},
		{"lint", testcorpus.Path(t, "testdata/lists/hazards.txt")},
		{"matrix", testcorpus.Path(t, "testdata/lists/urls.txt")},
		{"matrix", "-json", testcorpus.Path(t, "testdata/lists/urls.txt")},
		{"matrix", "-summary-json", testcorpus.Path(t, "testdata/lists/urls.txt")},
		{"matrix", "-html", testcorpus.Path(t, "testdata/lists/urls.txt")},
		{"compare", testcorpus.Path(t, "testdata/lists/urls.txt")},
		{"compare", "-json", testcorpus.Path(t, "testdata/lists/urls.txt")},
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
}

// TestWriteErrors: in every subcommand, output that cannot be written is reported on
// standard error with exit status 2.
func TestWriteErrors(t *testing.T) {
	for _, args := range everyCommand(t) {
		t.Run(subtest.Args(args), func(t *testing.T) {
			var stderr bytes.Buffer
			status := run(args, strings.NewReader(""), failWriter{}, &stderr)
			if status != exitUsage || !strings.Contains(stderr.String(), "bad file descriptor") {
				t.Errorf("urispec %q to a failing writer: exit %d, stderr %q; want 2 and the error", args, status, stderr.String())
			}
		})
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
	for _, args := range [][]string{{"check", "x"}, {"matrix", testcorpus.Path(t, "testdata/lists/urls.txt")}, {"specs"}} {
		t.Run(subtest.Args(args), func(t *testing.T) {
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
		})
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
		{[]string{"matrix", "-spec", "rfc3986", missing, good}, "1 input\n"},
		{[]string{"compare", missing, good}, "on 1 input\n"},
		{[]string{"normalize", "-f", missing, "-f", good}, "error"},
		{[]string{"resolve", "-f", missing, "-f", good}, "http://a/c"},
		{[]string{"merge", missing}, ""},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run(tc.args, strings.NewReader(""), &stdout, &stderr)
			if status != exitUsage || !strings.Contains(stderr.String(), missing) || !strings.Contains(stdout.String(), tc.out) {
				t.Errorf("urispec %q: exit %d, stdout %q, stderr %q; want 2, %q and the file named", tc.args, status, stdout.String(), stderr.String(), tc.out)
			}
		})
	}
}

// TestFlagsAnywhere: in every subcommand a flag after an operand is read as a flag, and
// "--" ends the flags.
func TestFlagsAnywhere(t *testing.T) {
	for _, c := range commands() {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if status := run([]string{c.name, "x", "-h"}, strings.NewReader(""), &stdout, &stderr); status != exitOK || !strings.HasPrefix(stdout.String(), "usage: urispec "+c.name) {
				t.Errorf("urispec %s x -h: exit %d, stdout %.60q, stderr %q; want its help", c.name, status, stdout.String(), stderr.String())
			}
		})
	}
	for _, tc := range []struct {
		args           []string
		stdin          string
		status         int
		stdout, stderr string
	}{
		{[]string{"check", "http://a b", "-json"}, "", exitInvalid, `{"input":"http://a b","spec":"rfc3986","valid":false`, ""},
		{[]string{"check", "http://a/", "-f", "-"}, "http://b/\n", exitOK, "valid    rfc3986        http://a/\nvalid    rfc3986        http://b/\n", ""},
		{[]string{"check", "http://a/", "-spec=rfc2396", "-json=false"}, "", exitOK, "valid    rfc2396        http://a/\n", ""},
		{[]string{"check", "-spec", "rfc3986", "--", "-json", "-f"}, "", exitOK, "valid    rfc3986        -json\nvalid    rfc3986        -f\n", ""},
		{[]string{"check", "a", "-x"}, "", exitUsage, "", `urispec check: flag provided but not defined: -x (an argument that begins with "-" goes after --: urispec check -- ARG)`},
		{[]string{"matrix", "-", "-spec", "rfc3986"}, "http://a/\n", exitOK, "1 input\n\nspec     date", ""},
		{[]string{"normalize", "HTTP://A/", "-level", "syntax"}, "", exitOK, "http://a/\n", ""},
		{[]string{"equal", "http://a/", "HTTP://A/", "-json"}, "", exitOK, `{"equivalent":true`, ""},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run(tc.args, strings.NewReader(tc.stdin), &stdout, &stderr)
			if status != tc.status || !strings.HasPrefix(stdout.String(), tc.stdout) || !strings.HasPrefix(stderr.String(), tc.stderr) || tc.stderr == "" && stderr.Len() > 0 {
				t.Errorf("urispec %q: exit %d, stdout %q, stderr %q; want %d, %q and %q", tc.args, status, stdout.String(), stderr.String(), tc.status, tc.stdout, tc.stderr)
			}
		})
	}
}

// TestFileHint: in the commands whose operands are URIs and whose files come with -f, an
// operand that names a file is read as a URI, with one line on standard error saying so;
// in the others, and for a directory, nothing is said.
func TestFileHint(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	for _, f := range []string{a, b} {
		if err := os.WriteFile(f, []byte("http://a/\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	hint := func(name, file, more string) string {
		return fmt.Sprintf("urispec %s: %q names a file, but arguments are read as URIs: write -f %s to read its lines%s\n", name, file, file, more)
	}
	for _, tc := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"check", a}, hint("check", a, "")},
		{[]string{"check", "http://x/", a, b}, hint("check", a, " (and 1 more argument naming files)")},
		{[]string{"normalize", a}, hint("normalize", a, "")},
		{[]string{"resolve", "http://x/", a}, hint("resolve", a, "")},
		{[]string{"check", dir}, ""},
		{[]string{"check", "-f", a}, ""},
		{[]string{"lint", "-with", "none", a}, ""},
		{[]string{"explain", "-spec", "rfc3986", a}, ""},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			run(tc.args, strings.NewReader(""), &stdout, &stderr)
			if got := stderr.String(); got != tc.stderr {
				t.Errorf("urispec %q: stderr %q, want %q", tc.args, got, tc.stderr)
			}
		})
	}
}

// TestBlankLines: every command that reads lines skips the empty ones and counts them:
// matrix and compare in their reports, the others on standard error.
func TestBlankLines(t *testing.T) {
	const in = "http://a/\n\n\r\nhttp://b/\n"
	for _, tc := range []struct {
		args   []string
		stdout string
	}{
		{[]string{"check"}, "valid    rfc3986        http://a/\nvalid    rfc3986        http://b/\n"},
		{[]string{"check", "-json"}, `{"input":"http://a/"`},
		{[]string{"normalize"}, "http://a/\nhttp://b/\n"},
		{[]string{"lint", "-with", "none"}, ""},
		{[]string{"matrix", "-spec", "rfc3986"}, "2 inputs\n2 blank lines skipped (an empty line is no input)\n"},
		{[]string{"compare"}, "net/url against rfc3986 (RFC 3986, Appendix A) on 2 inputs\n2 blank lines skipped (an empty line is no input)\n"},
		{[]string{"resolve"}, "http://a/b\nhttp://a/c\n"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			stdin := in
			if tc.args[0] == "resolve" {
				stdin = "http://a/\tb\n\n\r\nhttp://a/\tc\n"
			}
			run(tc.args, strings.NewReader(stdin), &stdout, &stderr)
			note := "urispec " + tc.args[0] + ": skipped 2 blank lines (an empty line is no input)\n"
			if tc.args[0] == "matrix" || tc.args[0] == "compare" {
				note = ""
			}
			if !strings.HasPrefix(stdout.String(), tc.stdout) || strings.Contains(stdout.String(), "\n\n\n") || stderr.String() != note {
				t.Errorf("urispec %q: stdout %q, stderr %q; want %q and the blank lines counted", tc.args, stdout.String(), stderr.String(), tc.stdout)
			}
		})
	}
	var stdout, stderr bytes.Buffer
	run([]string{"matrix", "-summary-json", "-spec", "rfc3986"}, strings.NewReader(in), &stdout, &stderr)
	if !strings.Contains(stdout.String(), `"inputs": 2,`) || !strings.Contains(stdout.String(), `"blank": 2,`) || stderr.Len() > 0 {
		t.Errorf("matrix -summary-json: %s%s", stdout.String(), stderr.String())
	}
	stdout.Reset()
	run([]string{"matrix", "-json", "-spec", "rfc3986"}, strings.NewReader(in), &stdout, &stderr)
	if n := strings.Count(stdout.String(), "\n"); n != 2 || !strings.HasSuffix(stderr.String(), "skipped 2 blank lines (an empty line is no input)\n") {
		t.Errorf("matrix -json: %d objects, stderr %q; want 2 and the blank lines counted", n, stderr.String())
	}
	// An empty argument is no line of a file: it is checked.
	stdout.Reset()
	stderr.Reset()
	if status := run([]string{"check", ""}, strings.NewReader(""), &stdout, &stderr); status != exitOK || stdout.String() != "valid    rfc3986        \n" || stderr.Len() > 0 {
		t.Errorf("urispec check '': exit %d, stdout %q, stderr %q", status, stdout.String(), stderr.String())
	}
}

// TestEveryFlagInHelp: each command's help names every flag it defines, and every
// command has its row in the command list.
func TestEveryFlagInHelp(t *testing.T) {
	var list bytes.Buffer
	writeCommandList(&list)
	for _, c := range commands() {
		t.Run(c.name, func(t *testing.T) {
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
		})
	}
}

// TestStreams: check prints the verdicts of the lines it has read while its input is
// still open (a pipe or a FIFO at the other end sees them), not only at the end.
func TestStreams(t *testing.T) {
	for _, cmd := range [][]string{{"check"}, {"check", "-json"}, {"lint", "-with", "none"}, {"normalize"}, {"matrix", "-json"}} {
		t.Run(strings.Join(cmd, " "), func(t *testing.T) {
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
		})
	}
}

// TestCRLFLikeLF: a CRLF file gives the same verdicts as the same lines with LF.
func TestCRLFLikeLF(t *testing.T) {
	data, err := os.ReadFile(testcorpus.Path(t, "testdata/lists/mixed-crlf.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte("\r\n")) {
		t.Fatal("mixed-crlf.txt has no CRLF")
	}
	lf := bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	for _, cmd := range [][]string{{"matrix", "-json", "-spec", allSpecs()}, {"compare"}, {"check", "-json"}} {
		t.Run(strings.Join(cmd, " "), func(t *testing.T) {
			var a, b, stderr bytes.Buffer
			sa := run(cmd, bytes.NewReader(data), &a, &stderr)
			sb := run(cmd, bytes.NewReader(lf), &b, &stderr)
			if diff := cmp.Diff(a.String(), b.String()); diff != "" || sa != sb {
				t.Errorf("%v: CRLF and LF inputs differ (status %d, %d; -crlf +lf):\n%s", cmd, sa, sb, diff)
			}
		})
	}
}

// TestPaletteNoTerminal: explain writes no escape sequences to a file or a buffer.
func TestPaletteNoTerminal(t *testing.T) {
	if p := paletteFor(&bytes.Buffer{}); p != (palette{}) {
		t.Errorf("buffer: palette %+v, want none", p)
	}
	f, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if p := paletteFor(f); p != (palette{}) {
		t.Errorf("regular file: palette %+v, want none", p)
	}
}

// allSpecs is every spec's ID, in date order, comma-separated: the -spec of a run that
// compares every version.
func allSpecs() string {
	var ids []string
	for _, s := range uri.Specs() {
		ids = append(ids, s.String())
	}
	return strings.Join(ids, ",")
}
