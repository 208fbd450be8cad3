package uri_test

import (
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/urispec/urispec/internal/testcorpus"
	"github.com/urispec/urispec/uri"
)

// TestZeroReference: the zero Reference is no parsed reference and says so, and a failed
// Parse returns it.
func TestZeroReference(t *testing.T) {
	var r uri.Reference
	for c := uri.Scheme; c <= uri.Params; c++ {
		if v, ok := r.Get(c); ok || v != "" || r.Has(c) {
			t.Errorf("zero Reference: %v = %q, %v", c, v, ok)
		}
		if start, end, ok := r.Span(c); ok || start != 0 || end != 0 {
			t.Errorf("zero Reference: Span(%v) = %d, %d, %v", c, start, end, ok)
		}
	}
	if r.IsValid() || r.IsAbsolute() || r.Spec() != 0 || r.String() != "" || r.HostKind() != uri.NoHost || r.Input() != "" {
		t.Errorf("zero Reference: valid %v, absolute %v, spec %v, %q, %v", r.IsValid(), r.IsAbsolute(), r.Spec(), r.String(), r.HostKind())
	}
	for _, spec := range uri.Specs() {
		t.Run(spec.String(), func(t *testing.T) {
			r, err := uri.Parse(spec, "\x00")
			if err == nil || r != (uri.Reference{}) {
				t.Errorf("%v: Parse of an invalid input = %+v, %v; want the zero Reference and an error", spec, r, err)
			}
		})
	}
}

// TestSpan: every line of the real-world sample that a spec accepts passes
// parsedProblems's checks (the fuzz targets' for a valid input): the Reference is valid
// and recomposes the input, every defined component lies where the input holds its text
// and inside its parent, the path is defined, and the host kind is set with the host.
func TestSpan(t *testing.T) {
	data, err := os.ReadFile(testcorpus.Path(t, "testdata/corpora/realworld-sample.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range uri.Specs() {
		t.Run(spec.String(), func(t *testing.T) {
			p, err := uri.NewParser(spec)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, line := range append(strings.Split(string(data), "\n"), "", "#f", "?q") {
				r, err := p.Parse(line)
				if err != nil {
					continue
				}
				n++
				if r.Spec() != spec {
					t.Errorf("%v %q: spec %v", spec, line, r.Spec())
				}
				for _, problem := range parsedProblems(r, line) {
					t.Errorf("%v %q: %s", spec, line, problem)
				}
			}
			if n == 0 {
				t.Errorf("%v: no line of the sample is valid; the test checks nothing", spec)
			}
		})
	}
}

// TestExpectedOnce: an Error's Expected is found once; later calls and concurrent ones
// return the same list, at the cost of one copy (finding it again would parse, and
// allocate for each probe).
func TestExpectedOnce(t *testing.T) {
	err := uri.Validate(uri.RFC3986, "http://a b/c")
	e, ok := err.(*uri.Error)
	if !ok {
		t.Fatalf("%v is not an *uri.Error", err)
	}
	var wg sync.WaitGroup
	got := make([][]string, 8)
	for i := range got {
		wg.Go(func() { got[i] = e.Expected() })
	}
	wg.Wait()
	for _, g := range got {
		if len(g) == 0 || !slices.Equal(g, got[0]) {
			t.Fatalf("concurrent Expected: %q, %q", g, got[0])
		}
	}
	if n := testing.AllocsPerRun(100, func() { e.Expected() }); n != 1 {
		t.Errorf("Expected after the first call allocates %v times, want 1 (the copy)", n)
	}
	// The copy is the caller's.
	first := e.Expected()
	first[0] = "changed"
	if e.Expected()[0] == "changed" {
		t.Error("Expected returns the Error's own slice")
	}
}
