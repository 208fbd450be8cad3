package uri

import (
	"testing"

	"github.com/urispec/urispec/internal/testcorpus"
)

// TSVRow is one data line of a TSV file, with its 1-based line number.
type TSVRow = testcorpus.TSVRow

// readTSV reads a tab-separated file (testcorpus.TSV), skipping "#" comment lines and,
// if header is true, the first data line.
func readTSV(t testing.TB, path string, header bool) []TSVRow {
	t.Helper()
	rows, err := testcorpus.TSV(path, header)
	if err != nil {
		t.Fatalf("reading test data: %v", err)
	}
	return rows
}
