package pipeline

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/urispec/urispec/internal/lines"
	"github.com/urispec/urispec/internal/summary"
	"github.com/urispec/urispec/internal/testcorpus"
	"github.com/urispec/urispec/uri"
)

// TestMain parses Beam's flags and initialises Beam: prism's loopback workers run in
// this test binary.
func TestMain(m *testing.M) { ptest.Main(m) }

const corpusLines = 93526

// splitCorpus writes the real-world corpus, its bytes unchanged, as n files of
// consecutive lines in dir, and returns their glob.
func splitCorpus(t *testing.T, dir string, n int) string {
	t.Helper()
	var all [][]byte
	for _, line := range bytes.SplitAfter(testcorpus.ReadFile(t, "testdata/corpora/realworld-urls.txt.gz"), []byte("\n")) {
		if len(line) > 0 {
			all = append(all, line)
		}
	}
	if len(all) != corpusLines {
		t.Fatalf("the corpus has %d lines, want %d", len(all), corpusLines)
	}
	for i := range n {
		part := all[i*len(all)/n : (i+1)*len(all)/n]
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("part-%d.txt", i)), bytes.Join(part, nil), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, "part-*.txt")
}

// edgeLines is a file of the lines whose reading could differ between two readers: CRLF,
// a CR inside a line, empty lines, a line one byte over the limit, a NUL, bytes that are
// not UTF-8, a corpus line seen again (its example is the earliest place), and a last
// line without LF.
var edgeLines = "http://a/b\r\nhttp://a/\rb\n\n\r\n" + strings.Repeat("a", lines.Max+1) + "\r\n" +
	"http://a/\x00\nhttp://a/\xff\xfe\nhttp://[::1]:80/\nhttp://[fe80::1%25eth0]/\nhttp://a/b\n%zz"

// goRun runs the go command in dir and fails the test on error.
func goRun(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// urispec runs the command built from this repository and returns its standard output.
func urispec(t *testing.T, bin string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(bin, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("urispec %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return out
}

// TestPipelineEqualsMatrix runs the pipeline with the in-process prism runner on the
// real-world corpus split into five files, plus a file of edge cases, and requires the
// summary it writes to be byte for byte what `urispec matrix -summary-json` writes for
// the same files named in the order their globs match them. `urispec merge` of it must
// then print matrix's report.
func TestPipelineEqualsMatrix(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a Beam pipeline on 93,526 lines")
	}
	dir := t.TempDir()
	partsGlob := splitCorpus(t, dir, 5)
	edge := filepath.Join(dir, "edge.txt")
	if err := os.WriteFile(edge, []byte(edgeLines), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "urispec")
	goRun(t, testcorpus.Root(t), "build", "-o", bin, "./cmd/urispec")

	ids, err := SpecIDs("all")
	if err != nil {
		t.Fatal(err)
	}
	const k = 2
	out := filepath.Join(dir, "out", "summary.json")
	p, s := beam.NewPipelineWithRoot()
	sums := Summarize(s, Options{Globs: []string{partsGlob, edge}, Specs: ids, Examples: k})
	Write(s, out, sums)
	if _, err := prism.Execute(context.Background(), p); err != nil {
		t.Fatalf("pipeline: %v", err)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}

	files, err := filepath.Glob(partsGlob)
	if err != nil || len(files) != 5 {
		t.Fatalf("glob %s: %v %v", partsGlob, files, err)
	}
	files = append(files, edge)
	want := urispec(t, bin, append([]string{"matrix", "-summary-json", "-examples", fmt.Sprint(k)}, files...)...)
	if !bytes.Equal(got, want) {
		t.Fatalf("the pipeline's summary differs from matrix -summary-json of the same files:\n%s", lineDiff(want, got))
	}
	sum, err := summary.Decode(bytes.NewReader(got))
	if err != nil {
		t.Fatal(err)
	}
	// edgeLines has two empty lines ("\n" and "\r\n"), which are no inputs.
	if n := int64(corpusLines + strings.Count(edgeLines, "\n") + 1 - 2); sum.Inputs != n || sum.Blank != 2 || len(sum.Unchecked) != 3 {
		t.Errorf("summary of %d inputs and %d blank lines with %d unchecked groups, want %d, 2 and 3 (too long, NUL, UTF-8)", sum.Inputs, sum.Blank, len(sum.Unchecked), n)
	}

	report := urispec(t, bin, append([]string{"matrix"}, files...)...)
	if merged := urispec(t, bin, "merge", out); !bytes.Equal(merged, report) {
		t.Errorf("urispec merge of the pipeline's summary differs from matrix's report:\n%s", lineDiff(report, merged))
	}
}

// TestPipelineGenericOnly: with GenericOnly, the pipeline's summary is what
// `urispec matrix -schemes=false -summary-json` writes, and it differs from the default's
// (http:g is an RFC 3986 URI that RFC 9110's http-URI rejects).
func TestPipelineGenericOnly(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	if err := os.WriteFile(in, []byte("http:g\nhttp://a/b\nmailto:\nurn:x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "urispec")
	goRun(t, testcorpus.Root(t), "build", "-o", bin, "./cmd/urispec")
	ids, err := SpecIDs("rfc3986,rfc3987")
	if err != nil {
		t.Fatal(err)
	}
	run := func(genericOnly bool) []byte {
		out := filepath.Join(dir, fmt.Sprint(genericOnly), "summary.json")
		p, s := beam.NewPipelineWithRoot()
		Write(s, out, Summarize(s, Options{Globs: []string{in}, Specs: ids, Examples: 2, GenericOnly: genericOnly}))
		if _, err := prism.Execute(context.Background(), p); err != nil {
			t.Fatalf("pipeline: %v", err)
		}
		got, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	generic, schemes := run(true), run(false)
	want := urispec(t, bin, "matrix", "-spec", "rfc3986,rfc3987", "-schemes=false", "-summary-json", in)
	if !bytes.Equal(generic, want) {
		t.Fatalf("GenericOnly: the pipeline's summary differs from matrix -schemes=false:\n%s", lineDiff(want, generic))
	}
	if bytes.Equal(generic, schemes) {
		t.Error("the summaries with and without the scheme grammars are equal")
	}
}

// lineDiff shows the first lines where a and b differ.
func lineDiff(a, b []byte) string {
	al, bl := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	var out []string
	for i := 0; i < max(len(al), len(bl)) && len(out) < 20; i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			out = append(out, fmt.Sprintf("line %d:\n  want %.200s\n  got  %.200s", i+1, x, y))
		}
	}
	return strings.Join(out, "\n")
}

// TestNoMatch: a pattern that matches no file fails the pipeline, as a missing file
// fails matrix.
func TestNoMatch(t *testing.T) {
	ids, err := SpecIDs("rfc3986")
	if err != nil {
		t.Fatal(err)
	}
	p, s := beam.NewPipelineWithRoot()
	dir := t.TempDir()
	sums := Summarize(s, Options{Globs: []string{filepath.Join(dir, "*.txt")}, Specs: ids, Examples: 2})
	Write(s, filepath.Join(dir, "out.json"), sums)
	if _, err := prism.Execute(context.Background(), p); err == nil || !strings.Contains(err.Error(), "no files matching pattern") {
		t.Fatalf("pipeline on a glob that matches nothing: error %v, want no files matching pattern", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "out.json")); err == nil {
		t.Error("pipeline on a glob that matches nothing wrote a summary")
	}
}

// TestSpecIDs: -spec reads as matrix's: oldest first, each once.
func TestSpecIDs(t *testing.T) {
	ids, err := SpecIDs("rfc3986, rfc2396,rfc3986")
	if err != nil || strings.Join(ids, ",") != "rfc2396,rfc3986" {
		t.Errorf("SpecIDs = %v, %v", ids, err)
	}
	if _, err := SpecIDs("rfc9999"); err == nil {
		t.Error("SpecIDs(rfc9999): no error")
	}
	all, err := SpecIDs("all")
	if err != nil || len(all) != len(uri.Specs()) || all[0] != uri.Specs()[0].String() {
		t.Errorf("SpecIDs(all) = %v, %v", all, err)
	}
}

// TestCheckGlobs: a glob that matches no file is refused before the pipeline runs, in
// one line that names it; one that matches is not.
func TestCheckGlobs(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.txt"), []byte("http://a/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := CheckGlobs(ctx, []string{filepath.Join(dir, "*.txt")}); err != nil {
		t.Errorf("a glob that matches: %v", err)
	}
	none := filepath.Join(dir, "nothing*")
	err := CheckGlobs(ctx, []string{filepath.Join(dir, "a.txt"), none})
	if err == nil || err.Error() != "-input "+none+" matches no file" {
		t.Errorf("a glob that matches nothing: %v", err)
	}
}
