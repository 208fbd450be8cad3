package main

import (
	"compress/gzip"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/testscript"
	"github.com/urispec/urispec/internal/testcorpus"
	"github.com/urispec/urispec/uri"
)

// TestMain makes the test binary the urispec command when testscript runs it by that
// name (exec urispec ... in a script), and the tests otherwise.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){"urispec": main})
}

// update makes the tests that compare an output with a committed file rewrite the file:
// the scripts' cmp files (TestScripts), docs/changes.md, docs/report.png and the payload
// table. Read the diff before committing.
var update = flag.Bool("update", false, "rewrite the expected outputs (scripts' cmp files, docs/changes.md, ...) with the current ones")

// TestScripts runs testdata/script/*.txtar, one subtest per script (go test
// ./cmd/urispec -run TestScripts/NAME runs one). In each script's directory, testdata
// is the repository's testdata/ (a symbolic link), so that a script names the inputs
// under testdata/ as a user in the repository root would; $VERSIONS is every
// spec, in date order (uri.Specs), so that a run comparing versions gains a spec when one
// is added. Besides testscript's commands, a script has "status" and "decode"
// (scriptCmds). With -update, a "cmp stdout FILE" or "cmp stderr FILE" that fails
// rewrites FILE in the script instead.
func TestScripts(t *testing.T) {
	root := testcorpus.Root(t)
	var versions []string
	for _, s := range uri.Specs() {
		versions = append(versions, s.String())
	}
	testscript.Run(t, testscript.Params{
		Dir: filepath.Join("testdata", "script"),
		Setup: func(env *testscript.Env) error {
			env.Setenv("VERSIONS", strings.Join(versions, ","))
			return os.Symlink(filepath.Join(root, "testdata"), filepath.Join(env.WorkDir, "testdata"))
		},
		Cmds:                scriptCmds,
		RequireExplicitExec: true,
		UpdateScripts:       *update,
	})
}

// scriptCmds are the commands TestScripts adds to testscript's.
var scriptCmds = map[string]func(ts *testscript.TestScript, neg bool, args []string){
	"status": statusCmd,
	"decode": decodeCmd,
}

// statusCmd is "status N PROGRAM ARGS...": it runs PROGRAM as exec does and fails unless
// its exit status is N (exec and ! exec tell 0 from not 0; urispec's 1, invalid input,
// and 2, a usage or file error, are apart).
func statusCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: status N PROGRAM ARGS...")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("status: %q is no exit status", args[0])
	}
	err = ts.Exec(args[1], args[2:]...)
	got := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		got = ee.ExitCode()
	} else if err != nil {
		ts.Fatalf("%v", err)
	}
	if got != want {
		ts.Fatalf("exit status %d, want %d", got, want)
	}
}

// longLine is an input line one byte over the limit of eachLine.
var longLine = "http://a/" + strings.Repeat("a", maxLine-8)

// decodeCmd is "decode SRC DST": each line of SRC is a Go string literal, or LONGLINE
// (longLine, without its line end); DST gets them one after the other. It writes the
// inputs a script cannot hold as text: CR, NUL, invalid UTF-8, a line longer than the
// command reads, a last line without a line end.
func decodeCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: decode SRC DST")
	}
	var out strings.Builder
	for i, line := range strings.Split(strings.TrimSuffix(ts.ReadFile(args[0]), "\n"), "\n") {
		if line == "LONGLINE" {
			out.WriteString(longLine)
			continue
		}
		s, err := strconv.Unquote(line)
		if err != nil {
			ts.Fatalf("%s:%d: %v: want a Go string literal or LONGLINE", args[0], i+1, err)
		}
		out.WriteString(s)
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[1]), []byte(out.String()), 0o644))
}

// Console examples in Markdown (README.md and docs/*.md) are tests. In a block fenced
// as ```console, a line starting with "$ urispec" is a command (words split as the shell
// splits plain and quoted words; "< FILE" gives standard input, and so does a line
// "$ gunzip -c FILE | urispec ...", decompressed; file names are relative to the
// repository root) and the lines up to the next command or the fence are its
// exact output, standard output then standard error; a line "..." stands for any
// number of lines. The exit status is 0 unless the command line ends with "# exit N".
// docs/cli.md describes the convention for writers.

// docCommand is one command of a console block.
type docCommand struct {
	where  string // FILE:LINE of the command
	args   []string
	stdin  string // file name, or ""
	gunzip bool   // stdin is gzip-compressed: "gunzip -c FILE | urispec ..."
	status int
	want   []string // the output lines
}

var exitComment = regexp.MustCompile(`\s+#\s*exit\s+(\d+)\s*$`)

// docCommands reads the console blocks of a Markdown file (name is how it is shown).
func docCommands(name, text string) ([]docCommand, error) {
	var out []docCommand
	var cur *docCommand
	inBlock := false
	for i, line := range strings.Split(text, "\n") {
		where := fmt.Sprintf("%s:%d", name, i+1)
		trimmed := strings.TrimSpace(line)
		switch {
		case !inBlock && trimmed == "```console":
			inBlock = true
			continue
		case !inBlock:
			continue
		case trimmed == "```":
			inBlock, cur = false, nil
			continue
		}
		if cmdLine, ok := strings.CutPrefix(line, "$ "); ok {
			c := docCommand{where: where}
			if m := exitComment.FindStringSubmatch(cmdLine); m != nil {
				c.status, _ = strconv.Atoi(m[1])
				cmdLine = cmdLine[:len(cmdLine)-len(m[0])]
			}
			if rest, ok := strings.CutPrefix(cmdLine, "gunzip -c "); ok {
				file, command, ok := strings.Cut(rest, " | ")
				if !ok || strings.ContainsAny(file, " '\"") {
					return nil, fmt.Errorf("%s: %q: the one pipe read is gunzip -c FILE | urispec ...", where, cmdLine)
				}
				c.stdin, c.gunzip, cmdLine = file, true, command
			}
			words, err := shellSplit(cmdLine)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", where, err)
			}
			if n := len(words); n >= 2 && words[n-2] == "<" && !c.gunzip {
				c.stdin, words = words[n-1], words[:n-2]
			}
			if len(words) == 0 || words[0] != "urispec" {
				return nil, fmt.Errorf("%s: a console example runs urispec only: %q", where, cmdLine)
			}
			for _, w := range words {
				if w == "|" || w == "<" || w == ">" || strings.HasPrefix(w, ">") {
					return nil, fmt.Errorf("%s: no pipes or redirections but a final < FILE: %q", where, cmdLine)
				}
			}
			c.args = words[1:]
			out = append(out, c)
			cur = &out[len(out)-1]
			continue
		}
		if cur == nil {
			return nil, fmt.Errorf("%s: output before any command in a console block", where)
		}
		cur.want = append(cur.want, line)
	}
	if inBlock {
		return nil, fmt.Errorf("%s: console block not closed", name)
	}
	return out, nil
}

// shellSplit splits a command line into words as a POSIX shell splits plain words,
// 'single-quoted' and "double-quoted" text (no variables, globs or escapes).
func shellSplit(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ' ', '\t':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		case '\'', '"':
			j := strings.IndexByte(s[i+1:], c)
			if j < 0 {
				return nil, fmt.Errorf("unclosed %c in %q", c, s)
			}
			w.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case '\\', '$', '`', '*', '?', ';', '&':
			return nil, fmt.Errorf("%q: quote %c (only plain words and quotes are read)", s, c)
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, nil
}

// matchLines reports whether got matches want, where a want line "..." matches any
// number of lines.
func matchLines(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if want[0] == "..." {
		for i := 0; i <= len(got); i++ {
			if matchLines(want[1:], got[i:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && got[0] == want[0] && matchLines(want[1:], got[1:])
}

// testscriptQuote quotes a word for a script line: testscript splits on spaces and
// reads '...' literally (” is one quote).
func testscriptQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}

// docCmd is the script command "doc WHERE STATUS WANTFILE ARGS...": it runs urispec
// ARGS (with the standard input a "stdin" line before it gave) and compares its exit
// status and its standard output then standard error with WANTFILE, naming WHERE (the
// Markdown file and line) when they differ.
func docCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 4 {
		ts.Fatalf("usage: doc WHERE STATUS WANTFILE ARGS...")
	}
	where, wantStatus, wantFile := args[0], args[1], args[2]
	args = args[3:]
	err := ts.Exec("urispec", args...)
	status := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		status = ee.ExitCode()
	} else if err != nil {
		ts.Fatalf("%s: %v", where, err)
	}
	got := ts.ReadFile("stdout") + ts.ReadFile("stderr")
	want := ts.ReadFile(wantFile)
	gotLines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	wantLines := strings.Split(strings.TrimSuffix(want, "\n"), "\n")
	if got == "" {
		gotLines = nil
	}
	if want == "" {
		wantLines = nil
	}
	cmdLine := "urispec " + shellWords(args)
	if !matchLines(wantLines, gotLines) {
		ts.Fatalf("%s: %s: output differs (-want +got):\n%s", where, cmdLine, cmp.Diff(wantLines, gotLines))
	}
	if strconv.Itoa(status) != wantStatus {
		ts.Fatalf("%s: %s: exit status %d, want %s (mark it with \"# exit %d\")", where, cmdLine, status, wantStatus, status)
	}
}

// gunzipCmd is the script command "gunzip SRC DST": it writes the gzip file SRC
// decompressed to DST, for the standard input of "gunzip -c SRC | urispec ...".
func gunzipCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: gunzip SRC DST")
	}
	f, err := os.Open(ts.MkAbs(args[0]))
	ts.Check(err)
	defer f.Close()
	zr, err := gzip.NewReader(f)
	ts.Check(err)
	out, err := os.Create(ts.MkAbs(args[1]))
	ts.Check(err)
	_, err = io.Copy(out, zr)
	ts.Check(err)
	ts.Check(out.Close())
}

// markdownDoc is one Markdown file: its path from the repository root, and its text.
type markdownDoc struct{ name, text string }

// markdownDocs reads README.md and docs/*.md, whose examples and figures are tests.
func markdownDocs(t *testing.T) []markdownDoc {
	root := testcorpus.Root(t)
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	var out []markdownDoc
	for _, path := range append([]string{filepath.Join(root, "README.md")}, docs...) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		name, _ := filepath.Rel(root, path)
		out = append(out, markdownDoc{name, string(data)})
	}
	return out
}

// TestDocExamples runs every console example of README.md and docs/*.md (see
// docCommands): one script per Markdown file, one doc command per example.
func TestDocExamples(t *testing.T) {
	root := testcorpus.Root(t)
	scripts := t.TempDir()
	n := 0
	for _, doc := range markdownDocs(t) {
		name := doc.name
		cmds, err := docCommands(name, doc.text)
		if err != nil {
			t.Fatal(err)
		}
		if len(cmds) == 0 {
			continue
		}
		var script, files strings.Builder
		for i, c := range cmds {
			want := fmt.Sprintf("want/%d", i)
			line := []string{"doc", c.where, strconv.Itoa(c.status), "$WORK/" + want}
			for _, a := range c.args {
				line = append(line, testscriptQuote(a))
			}
			switch {
			case c.gunzip:
				fmt.Fprintf(&script, "gunzip %s $WORK/stdin%d\nstdin $WORK/stdin%d\n", testscriptQuote(c.stdin), i, i)
			case c.stdin != "":
				fmt.Fprintf(&script, "stdin %s\n", testscriptQuote(c.stdin))
			}
			script.WriteString(strings.Join(line, " ") + "\n")
			fmt.Fprintf(&files, "-- %s --\n", want)
			for _, l := range c.want {
				files.WriteString(l + "\n")
			}
			n++
		}
		file := strings.NewReplacer("/", "_", ".", "_").Replace(name) + ".txtar"
		if err := os.WriteFile(filepath.Join(scripts, file), []byte(script.String()+files.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d console examples", n)
	if n == 0 {
		t.Fatal("no console example in README.md or docs/*.md: the convention is not read")
	}
	testscript.Run(t, testscript.Params{
		Dir: scripts,
		Setup: func(env *testscript.Env) error {
			env.Cd = root
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){"doc": docCmd, "gunzip": gunzipCmd},
	})
}

// shellWords writes args as a command line: plain words as they are, others quoted.
func shellWords(args []string) string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = a
		if a == "" || strings.IndexFunc(a, func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_-./:,=@%+", r))
		}) >= 0 {
			out[i] = strconv.Quote(a)
		}
	}
	return strings.Join(out, " ")
}
