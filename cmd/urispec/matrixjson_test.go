package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"

	"github.com/urispec/urispec/internal/subtest"
	"github.com/urispec/urispec/internal/testcorpus"
)

// TestMatrixJSONEncoding checks that matrix -json, which writes its objects by hand,
// writes what encoding/json writes for the same values: each line is decoded and
// encoded again, and must come back byte for byte. The inputs hold every field (errors
// with and without expected sets, a scheme and section, a validation name, classes and
// null classes, input_error, input_base64, HTML-special bytes).
func TestMatrixJSONEncoding(t *testing.T) {
	files := []string{testcorpus.Path(t, "testdata/lists/urls.txt"), testcorpus.Path(t, "testdata/lists/mixed-crlf.txt"),
		testcorpus.Path(t, "testdata/lists/hazards.txt"), testcorpus.Path(t, "testdata/lists/lenient.txt")}
	for _, extra := range [][]string{nil, {"-expected"}} {
		t.Run(subtest.Args(extra), func(t *testing.T) {
			out := runOK(t, append(append([]string{"matrix", "-json"}, extra...), files...)...)
			lines := strings.SplitAfter(out, "\n")
			if len(lines) < 50 {
				t.Fatalf("matrix -json %v: %d lines", extra, len(lines))
			}
			for _, l := range lines[:len(lines)-1] {
				var m struct {
					matrixJSON
					Specdiff []specdiffJSON `json:"specdiff,omitempty"`
				}
				if err := json.Unmarshal([]byte(l), &m); err != nil {
					t.Fatalf("%s: %v", l, err)
				}
				m.matrixJSON.Specdiff = m.Specdiff
				if m.InputB64 != "" { // the exact bytes, which encoding/json writes as \ufffd
					exact, err := base64.StdEncoding.DecodeString(m.InputB64)
					if err != nil {
						t.Fatal(err)
					}
					m.Input = string(exact)
				}
				var buf bytes.Buffer
				enc := json.NewEncoder(&buf)
				enc.SetEscapeHTML(false)
				if err := enc.Encode(m.matrixJSON); err != nil {
					t.Fatal(err)
				}
				if buf.String() != l {
					t.Errorf("matrix -json %v wrote\n%s\nencoding/json writes\n%s", extra, l, buf.String())
				}
			}
		})
	}
}
