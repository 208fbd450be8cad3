package main

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/urispec/urispec/internal/testcorpus"
)

// runStdin runs urispec with input on standard input and returns standard output,
// failing on an exit status other than 0.
func runStdin(t *testing.T, input string, args ...string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if status := run(args, strings.NewReader(input), &stdout, &stderr); status != exitOK {
		t.Fatalf("urispec %q: exit %d: %s", args, status, stderr.String())
	}
	return stdout.String()
}

// decodeLines decodes one JSON object a line.
func decodeLines[T any](t *testing.T, out string) []T {
	t.Helper()
	var vs []T
	dec := json.NewDecoder(strings.NewReader(out))
	for dec.More() {
		var v T
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
		vs = append(vs, v)
	}
	return vs
}

// The disagreements below are RFC 3986 ∖ RFC 2396's classes, as urispec diff names them:
// an empty path then a query, and a scheme with an empty hier-part.
var specdiffCases = []struct{ input, goesOn, stops string }{
	{"?", "relative-ref", "URI-reference"},
	{"A:", "URI", "absoluteURI"},
}

// TestMatrixJSONSpecdiff: matrix -json names the specdiff class of each disagreement
// of a pair it compares, and nothing where the specs agree.
func TestMatrixJSONSpecdiff(t *testing.T) {
	var lines []string
	for _, c := range specdiffCases {
		lines = append(lines, c.input)
	}
	out := runStdin(t, strings.Join(append(lines, "http://a/b"), "\n")+"\n", "matrix", "-json", "-spec", "rfc2396,rfc3986")
	objs := decodeLines[matrixJSON](t, out)
	if len(objs) != len(specdiffCases)+1 {
		t.Fatalf("%d objects, want %d:\n%s", len(objs), len(specdiffCases)+1, out)
	}
	for i, c := range specdiffCases {
		checkSpecdiff(t, "matrix -json "+c.input, objs[i].Specdiff, c.input, c.goesOn, c.stops)
	}
	if last := objs[len(objs)-1]; len(last.Specdiff) != 0 {
		t.Errorf("matrix -json http://a/b: specdiff %+v, want none (the specs agree)", last.Specdiff)
	}
}

// TestExplainJSONSpecdiff: explain -json names the class on the object of the newer
// spec of the pair, and on none other.
func TestExplainJSONSpecdiff(t *testing.T) {
	for _, c := range specdiffCases {
		t.Run(c.input, func(t *testing.T) {
			objs := decodeLines[explainResult](t, runOK(t, "explain", "-json", "-spec", "rfc2396,rfc3986", c.input))
			if len(objs) != 2 || objs[0].Spec != "rfc2396" || objs[1].Spec != "rfc3986" {
				t.Fatalf("explain -json %q: %+v", c.input, objs)
			}
			if len(objs[0].Specdiff) != 0 {
				t.Errorf("explain -json %q: rfc2396's object has specdiff %+v, want none", c.input, objs[0].Specdiff)
			}
			checkSpecdiff(t, "explain -json "+c.input, objs[1].Specdiff, c.input, c.goesOn, c.stops)
		})
	}
}

// TestHTMLSpecdiff: the HTML report names the class of each example of a pair's
// disagreement, as the text report does.
func TestHTMLSpecdiff(t *testing.T) {
	page := runStdin(t, "?\nA:\n", "matrix", "-html", "-spec", "rfc2396,rfc3986")
	text := runStdin(t, "?\nA:\n", "matrix", "-spec", "rfc2396,rfc3986")
	for _, want := range []string{
		"specdiff: rfc3986 URI accepts at the end where rfc2396 absoluteURI stops short (witness A:)",
		"specdiff: rfc3986 relative-ref goes on at &#34;?&#34; where rfc2396 URI-reference stops (witness ?)",
	} {
		if !strings.Contains(page, `<span class="specdiff">`+want+"</span>") {
			t.Errorf("matrix -html lacks %q", want)
		}
		if !strings.Contains(text, strings.ReplaceAll(want, "&#34;", `"`)) {
			t.Errorf("matrix lacks %q", want)
		}
	}
}

func checkSpecdiff(t *testing.T, what string, ds []specdiffJSON, witness, goesOn, stops string) {
	t.Helper()
	if len(ds) != 1 {
		t.Errorf("%s: specdiff %+v, want one pair", what, ds)
		return
	}
	d := ds[0]
	if d.Older != "rfc2396" || d.Newer != "rfc3986" || d.AcceptedBy != "rfc3986" || d.RejectedBy != "rfc2396" {
		t.Errorf("%s: pair %+v, want rfc2396 -> rfc3986 accepted by rfc3986", what, d)
	}
	if d.Class == nil || d.Class.GoesOn.Rule != goesOn || d.Class.Stops.Rule != stops || d.Class.Witness != witness {
		t.Errorf("%s: class %+v, want %s goes on, %s stops, witness %q", what, d.Class, goesOn, stops, witness)
	}
	if !strings.Contains(d.Note, goesOn) {
		t.Errorf("%s: note %q does not name %s", what, d.Note, goesOn)
	}
}

// TestChangesPage: docs/changes.md is what urispec diff -markdown -spec lineage writes
// (go test ./cmd/urispec -run TestChangesPage -update rewrites it).
func TestChangesPage(t *testing.T) {
	var stdout, stderr bytes.Buffer
	run([]string{"diff", "-markdown", "-spec", "lineage"}, strings.NewReader(""), &stdout, &stderr)
	if stderr.Len() > 0 {
		t.Fatalf("stderr: %s", stderr.String())
	}
	path := testcorpus.Path(t, "docs/changes.md")
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
