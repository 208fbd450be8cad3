package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urispec/urispec/internal/subtest"
	"github.com/urispec/urispec/internal/summary"
	"github.com/urispec/urispec/internal/testcorpus"
)

// corpusShards writes the real-world corpus whole and in three shards (every third
// line, from the first, second and third) to a temporary directory.
func corpusShards(t *testing.T) (whole string, shards []string, lines []string) {
	t.Helper()
	var all bytes.Buffer
	parts := make([]bytes.Buffer, 3)
	for i, line := range testcorpus.Lines(t, "testdata/corpora/realworld-urls.txt.gz") {
		all.WriteString(line + "\n")
		parts[i%3].WriteString(line + "\n")
	}
	dir := t.TempDir()
	whole = filepath.Join(dir, "whole.txt")
	if err := os.WriteFile(whole, all.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	for i := range parts {
		name := filepath.Join(dir, "shard"+string(rune('a'+i))+".txt")
		if err := os.WriteFile(name, parts[i].Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		shards = append(shards, name)
	}
	return whole, shards, strings.Split(all.String(), "\n")
}

func runOK(t *testing.T, args ...string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if status := run(args, strings.NewReader(""), &stdout, &stderr); status != exitOK {
		t.Fatalf("urispec %q: exit %d: %s", args, status, stderr.String())
	}
	return stdout.String()
}

// withoutPlaces blanks every example's file and line: shards name other files and
// lines than the whole corpus does, and nothing else may differ.
func withoutPlaces(t *testing.T, doc string, check func(summary.Example)) string {
	t.Helper()
	s, err := summary.Decode(strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	blank := func(gs []summary.Group) {
		for i := range gs {
			for j := range gs[i].Examples {
				check(gs[i].Examples[j])
				gs[i].Examples[j].File, gs[i].Examples[j].Line = "", 0
			}
		}
	}
	blank(s.Unchecked)
	for _, p := range s.Pairs {
		blank(p.Groups)
	}
	for _, o := range s.Only {
		blank(o.Groups)
	}
	var b bytes.Buffer
	if err := s.Encode(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestMergeShardsEqualsMatrix: matrix -summary-json of the real-world corpus equals
// merge -json of the summaries of three shards of it, in every order, but for the
// places of the examples, each of which must hold the example's input.
func TestMergeShardsEqualsMatrix(t *testing.T) {
	whole, shards, _ := corpusShards(t)
	dir := filepath.Dir(whole)
	wholeDoc := runOK(t, "matrix", "-summary-json", "-examples", "3", whole)
	var sums []string
	for i, sh := range shards {
		doc := runOK(t, "matrix", "-summary-json", "-examples", "3", sh)
		name := filepath.Join(dir, "sum"+string(rune('a'+i))+".json")
		if err := os.WriteFile(name, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
		sums = append(sums, name)
	}
	shardLines := map[string][]string{}
	for _, sh := range shards {
		b, err := os.ReadFile(sh)
		if err != nil {
			t.Fatal(err)
		}
		shardLines[sh] = strings.Split(string(b), "\n")
	}
	placeHolds := func(e summary.Example) {
		lines, ok := shardLines[e.File]
		if !ok || e.Line < 1 || int(e.Line) > len(lines) || lines[e.Line-1] != e.Text() {
			t.Errorf("example %q at %s:%d: no such line in the shards", e.Text(), e.File, e.Line)
		}
	}
	want := withoutPlaces(t, wholeDoc, func(summary.Example) {})
	for _, order := range [][]int{{0, 1, 2}, {2, 1, 0}, {1, 2, 0}} {
		t.Run(fmt.Sprint(order), func(t *testing.T) {
			args := []string{"merge", "-json"}
			for _, i := range order {
				args = append(args, sums[i])
			}
			got := withoutPlaces(t, runOK(t, args...), placeHolds)
			if got != want {
				t.Errorf("merge of shards %v differs from matrix of the whole:\n%s", order, cmp.Diff(want, got))
			}
		})
	}
}

// TestMergeReportIsMatrixReport: merge prints matrix's text report.
func TestMergeReportIsMatrixReport(t *testing.T) {
	for _, args := range [][]string{{}, {"-spec", "rfc2396,rfc3986", "-groups", "3", "-examples", "1"}} {
		t.Run(subtest.Args(args), func(t *testing.T) {
			dir := t.TempDir()
			sum := filepath.Join(dir, "sum.json")
			input := testcorpus.Path(t, "testdata/lists/mixed-crlf.txt")
			if err := os.WriteFile(sum, []byte(runOK(t, append(append([]string{"matrix", "-summary-json"}, args...), input)...)), 0o644); err != nil {
				t.Fatal(err)
			}
			text := runOK(t, append(append([]string{"matrix"}, args...), input)...)
			mergeArgs := []string{"merge"}
			if len(args) > 0 {
				mergeArgs = append(mergeArgs, "-groups", "3")
			}
			if got := runOK(t, append(mergeArgs, sum)...); got != text {
				t.Errorf("matrix %q: merge's report differs:\n%s", args, cmp.Diff(text, got))
			}
		})
	}
}

func TestMergeErrors(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.json")
	b := filepath.Join(dir, "b.json")
	os.WriteFile(a, []byte(runOK(t, "matrix", "-summary-json", "-spec", "rfc2396,rfc3986", testcorpus.Path(t, "testdata/lists/mixed-crlf.txt"))), 0o644)
	os.WriteFile(b, []byte(runOK(t, "matrix", "-summary-json", "-spec", "rfc3986", testcorpus.Path(t, "testdata/lists/mixed-crlf.txt"))), 0o644)
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"format": 99}`), 0o644)
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"merge"}, "<stdin>: not a summary"}, // nothing named: standard input, empty here
		{[]string{"merge", a, b}, "different specs"},
		{[]string{"merge", bad}, "format: 99"},
		{[]string{"merge", filepath.Join(dir, "missing.json")}, "no such file"},
		{[]string{"merge", testcorpus.Path(t, "testdata/lists/mixed-crlf.txt")}, "not a summary"},
		{[]string{"matrix", "-json", "-summary-json"}, "exclude each other"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if status := run(tc.args, strings.NewReader(""), &stdout, &stderr); status != exitUsage || !strings.Contains(stderr.String(), tc.msg) {
				t.Errorf("urispec %q: exit %d, stderr %q; want exit 2 and %q", tc.args, status, stderr.String(), tc.msg)
			}
		})
	}
}

// TestMergeStdin: merge with no summary named reads one from standard input, as "-" does.
func TestMergeStdin(t *testing.T) {
	sum := runOK(t, "matrix", "-summary-json", "-spec", "rfc2396,rfc3986", testcorpus.Path(t, "testdata/lists/urls.txt"))
	want := runOK(t, "matrix", "-spec", "rfc2396,rfc3986", testcorpus.Path(t, "testdata/lists/urls.txt"))
	for _, args := range [][]string{{"merge"}, {"merge", "-"}} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if status := run(args, strings.NewReader(sum), &stdout, &stderr); status != exitOK || stdout.String() != want {
				t.Errorf("urispec %q < summary: exit %d, stderr %q, report:\n%s", args, status, stderr.String(), cmp.Diff(want, stdout.String()))
			}
		})
	}
}
