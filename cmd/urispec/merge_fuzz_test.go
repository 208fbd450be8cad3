package main

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/urispec/urispec/internal/summary"
	"github.com/urispec/urispec/internal/testcorpus"
)

// FuzzMerge feeds merge mutated summaries: a summary either is refused with an error, or
// is reported in full (text, HTML, JSON) and merges with itself, without a panic. Since
// merge writes nothing before every summary is read and checked, no partial report can
// come out of a bad file.
func FuzzMerge(f *testing.F) {
	input, err := os.ReadFile(testcorpus.Path(f, "testdata/lists/mixed-crlf.txt"))
	if err != nil {
		f.Fatal(err)
	}
	for _, args := range [][]string{
		{"matrix", "-summary-json"},
		{"matrix", "-summary-json", "-spec", "rfc2396,rfc3986", "-examples", "1"},
		{"matrix", "-summary-json", "-spec", "rfc3986"},
	} {
		var stdout, stderr bytes.Buffer
		if status := run(args, bytes.NewReader(input), &stdout, &stderr); status > exitInvalid {
			f.Fatalf("%q: exit %d: %s", args, status, stderr.String())
		}
		f.Add(stdout.Bytes())
	}
	// One classifier for every input: the difference of two specs' automata that names
	// the class of an example (specdiff.Compare) took 0.2 s of the 0.5 s of each input
	// made from a summary of every spec, and FuzzMerge ran 16 inputs in 10 s. It is
	// started afresh after 64 pairs (a mutated summary can name "rfc3986:" with any
	// scheme).
	c := new(classifier)
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := summary.Decode(bytes.NewReader(data))
		if err != nil {
			return
		}
		c.mu.Lock()
		if len(c.reports) > 64 {
			c.reports = nil
		}
		c.mu.Unlock()
		writeReport(io.Discard, s, 0, c)
		if err := writeHTML(io.Discard, s, 0); err != nil {
			t.Errorf("writeHTML of a summary Decode accepted: %v", err)
		}
		if err := s.Encode(io.Discard); err != nil {
			t.Errorf("Encode: %v", err)
		}
		m, err := summary.Merge(s, s)
		if err != nil {
			if !strings.Contains(err.Error(), "2^63-1") {
				t.Errorf("Merge with itself: %v", err)
			}
			return
		}
		if err := m.Check(); err != nil {
			t.Errorf("a summary merged with itself fails its check: %v", err)
		}
	})
}
