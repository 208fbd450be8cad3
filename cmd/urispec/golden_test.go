package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urispec/urispec/uri"
)

var update = flag.Bool("update", false, "rewrite testdata/cmd/*.golden with the current outputs")

// goldenSpecs are the specs the golden runs name explicitly, so that the outputs do not
// change when a spec is added; extend the list (and run with -update) when one lands.
var goldenSpecs = []uri.Spec{uri.RFC3986}

// versionSpecs are the specs of the runs that compare versions (check, matrix,
// explain): every spec that has a parser in a commit, so far. Also extend with -update.
var versionSpecs = []uri.Spec{uri.URL1993, uri.RFC1630, uri.RFC1738, uri.RFC1808, uri.URLSyntax05, uri.RFC2396, uri.RFC2732,
	uri.RFC2396bis01, uri.RFC3986, uri.RFC3987, uri.RFC6874, uri.WHATWG}

func specList() string { return idList(goldenSpecs) }

func idList(specs []uri.Spec) string {
	var ids []string
	for _, s := range specs {
		ids = append(ids, s.String())
	}
	return strings.Join(ids, ",")
}

// longLine is an input line one byte over the limit of eachLine.
var longLine = "http://a/" + strings.Repeat("a", maxLine-8)

// awkwardStdin mixes CRLF and LF, a NUL, invalid UTF-8, an over-long line and a last line
// without a line end.
var awkwardStdin = "http://a/b\r\n" + "http://a/\x00b\r\n" + "http://a/\xffb\n" + longLine + "\r\n" + "?y\r\n" + "last"

// goldenCase is one run of the command: testdata/cmd/NAME.golden holds the command
// line, standard output, standard error and exit status.
type goldenCase struct {
	name  string
	args  []string
	stdin string
}

func runGolden(t *testing.T, cases []goldenCase) {
	t.Helper()
	// File arguments are written relative to the repository root.
	t.Chdir("../..")
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run(c.args, strings.NewReader(c.stdin), &stdout, &stderr)
			got := fmt.Sprintf("$ urispec %s\n%s--- stderr\n%s--- exit status %d\n", shellWords(c.args), stdout.String(), stderr.String(), status)
			path := filepath.Join("testdata", "cmd", c.name+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./cmd/urispec -run Golden -update)", err)
			}
			if diff := cmp.Diff(string(want), got); diff != "" {
				t.Errorf("%s: output differs from %s (-want +got):\n%s", c.name, path, diff)
			}
		})
	}
}

func TestGolden(t *testing.T) {
	specs := idList(versionSpecs)
	const urls = "testdata/cmd/urls.txt"
	const crlf = "testdata/cmd/mixed-crlf.txt"
	const hazards = "testdata/cmd/hazards.txt"
	runGolden(t, []goldenCase{
		// check (no golden test existed): arguments, stdin with CRLF, NUL, invalid UTF-8
		// and an over-long line.
		{name: "check-args", args: []string{"check", "-spec", specs, "http://a/b?", "http://a b"}},
		{name: "check-stdin", args: []string{"check", "-spec", specs}, stdin: awkwardStdin},
		{name: "check-json", args: []string{"check", "-spec", specs, "-json"}, stdin: awkwardStdin},
		// A flag after an operand is a flag; an operand that names a file is a URI, with a hint.
		{name: "check-flag-after-uri", args: []string{"check", "http://a b", "-json"}},
		{name: "check-file-operand", args: []string{"check", urls}},
		{name: "check-json-parts", args: []string{"check", "-spec", "url-1993,rfc1738,url-syntax-05", "-json", "URL:telnet://u:p@h:23", "ftp://u:p@h/a/b;type=d", "gopher://h/1sel%09search%09plus"}},

		{name: "matrix", args: []string{"matrix", "-spec", specs, urls}},
		{name: "matrix-json", args: []string{"matrix", "-spec", specs, "-json", crlf}},
		{name: "matrix-json-expected", args: []string{"matrix", "-spec", "rfc3986,whatwg", "-json", "-expected", crlf}},
		// JSON loses nothing: invalid UTF-8 is shown as U+FFFD and given exactly in base64.
		{name: "matrix-json-bytes", args: []string{"matrix", "-spec", "rfc3986", "-json"}, stdin: "http://a/\xffb\nhttp://a/b\n"},
		{name: "resolve-json-bytes", args: []string{"resolve", "-json", "-unvalidated"}, stdin: "http://a/\xffb\tg\xfe#f\xfd\nhttp://a/b\t#\xfc\n"},
		{name: "matrix-problems", args: []string{"matrix", "-spec", specs, crlf, "-"}, stdin: awkwardStdin},
		{name: "matrix-missing-file", args: []string{"matrix", "-spec", specs, urls, "testdata/cmd/no-such-file.txt"}},
		{name: "matrix-directory", args: []string{"matrix", "-spec", specs, "testdata/cmd"}},
		// RFC 3986 against the URL Standard's valid URL string, the pair people ask for.
		{name: "matrix-rfc3986-whatwg", args: []string{"matrix", "-spec", "rfc3986,whatwg", urls}},
		{name: "check-whatwg-base", args: []string{"check", "-spec", "whatwg", "-base", "https://example.com/", "../x?y#z", "//h:99999/", "http://0x7f.1/", "#f"}},
		{name: "check-whatwg-bad-base", args: []string{"check", "-spec", "whatwg", "-base", "example", "x"}},

		{name: "compare", args: []string{"compare", "-groups", "0", urls}},
		{name: "compare-problems", args: []string{"compare", crlf, "-"}, stdin: awkwardStdin},
		{name: "compare-missing-file", args: []string{"compare", "testdata/cmd/no-such-file.txt"}},
		{name: "compare-directory", args: []string{"compare", "testdata/cmd"}},
		{name: "compare-whatwg", args: []string{"compare", "-with", "whatwg", "-groups", "0", urls}},
		{name: "compare-bad-with", args: []string{"compare", "-with", "curl", urls}},
		{name: "lint", args: []string{"lint", hazards}},
		{name: "lint-json", args: []string{"lint", "-json", "-with", "net-url,whatwg"}, stdin: "http://a/b\nhttp://u:p@h:25/\n"},
		{name: "lint-rfc2396", args: []string{"lint", "-spec", "rfc2396", "-with", "net-url", hazards}},
		{name: "lint-clean", args: []string{"lint"}, stdin: "http://example.com/a/b?q=1#f\nhttps://www.example.org/\nnot a uri\n"},
		{name: "lint-base", args: []string{"lint", "-base", "https://app.example/a/b", "-with", "whatwg"}, stdin: "///evil.example/\n/\\evil.example\n../c\n"},
		{name: "lint-bad-base", args: []string{"lint", "-base", "/no/scheme"}, stdin: "g\n"},
		{name: "lint-missing-file", args: []string{"lint", "testdata/cmd/no-such-file.txt", hazards}},
		{name: "check-hazards", args: []string{"check", "-spec", "rfc3986,rfc2396", "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm"}},

		{name: "explain", args: []string{"explain", "-spec", specs, "-base", "http://a/b/c/d;p?q",
			"http://user@a.example:80/b/c?q#", "//[::1]/", "g?y#s", "", "../../../g"}},
		{name: "explain-invalid", args: []string{"explain", "-spec", specs, "-base", "http://a/b/c/d;p?q",
			"http://a b/", "http://[::1/", "http://a/\xffb", "g h"}},
		{name: "explain-lenient", args: []string{"explain", "-spec", "rfc3986", "-base", "https://app.example/a/",
			"http://user@good.example@evil.example/", "/\\evil.example"}},
		{name: "explain-bad-base", args: []string{"explain", "-spec", specs, "-base", "/no/scheme", "g"}},
		{name: "explain-no-uri", args: []string{"explain", "-spec", specs}},

		// diff: the exact difference of two grammars, one pair as JSON, the pairs of
		// the lineage, and refused arguments.
		{name: "diff", args: []string{"diff", "rfc2396", "rfc3986"}},
		{name: "diff-json", args: []string{"diff", "-json", "-n", "4", "rfc3986", "rfc2396bis-01"}},
		{name: "diff-lineage", args: []string{"diff", "-spec", "lineage", "-classes", "3", "-n", "4"}},
		{name: "diff-scheme", args: []string{"diff", "-classes", "3", "http", "rfc3986:http"}},
		{name: "diff-unknown", args: []string{"diff", "rfc2396", "rfc9999"}},
		{name: "diff-one", args: []string{"diff", "rfc2396"}},

		// The spec list: every spec compiled in, in date order, with its lineage.
		{name: "specs", args: []string{"specs"}},
		{name: "specs-json", args: []string{"specs", "-json"}},
	})
}

// TestCRLFLikeLF: a CRLF file gives the same verdicts as the same lines with LF.
func TestCRLFLikeLF(t *testing.T) {
	data, err := os.ReadFile("../../testdata/cmd/mixed-crlf.txt")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte("\r\n")) {
		t.Fatal("mixed-crlf.txt has no CRLF")
	}
	lf := bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	for _, cmd := range [][]string{{"matrix", "-json", "-spec", idList(versionSpecs)}, {"compare"}, {"check", "-json"}} {
		var a, b, stderr bytes.Buffer
		sa := run(cmd, bytes.NewReader(data), &a, &stderr)
		sb := run(cmd, bytes.NewReader(lf), &b, &stderr)
		if diff := cmp.Diff(a.String(), b.String()); diff != "" || sa != sb {
			t.Errorf("%v: CRLF and LF inputs differ (status %d, %d; -crlf +lf):\n%s", cmd, sa, sb, diff)
		}
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

// TestChangesPage: docs/changes.md is what urispec diff -markdown -spec lineage writes
// (go test ./cmd/urispec -run TestChangesPage -update rewrites it).
func TestChangesPage(t *testing.T) {
	var stdout, stderr bytes.Buffer
	run([]string{"diff", "-markdown", "-spec", "lineage"}, strings.NewReader(""), &stdout, &stderr)
	if stderr.Len() > 0 {
		t.Fatalf("stderr: %s", stderr.String())
	}
	const path = "../../docs/changes.md"
	if *update {
		if err := os.WriteFile(path, stdout.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(stdout.Bytes(), want) {
		t.Errorf("docs/changes.md is not what urispec diff -markdown -spec lineage writes: run go test ./cmd/urispec -run TestChangesPage -update and read the diff")
	}
}
