package uri

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// TSVRow is one data line of a TSV file, with its 1-based line number.
type TSVRow struct {
	Line   int
	Fields []string
}

// readTSV reads a tab-separated file, skipping "#" comment lines and, if header is true,
// the first data line.
func readTSV(t testing.TB, path string, header bool) []TSVRow {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("reading test data: %v", err)
	}
	defer f.Close()
	var rows []TSVRow
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 4<<20)
	for n := 1; sc.Scan(); n++ {
		text := sc.Text()
		if strings.HasPrefix(text, "#") {
			continue
		}
		if header {
			header = false
			continue
		}
		rows = append(rows, TSVRow{n, strings.Split(text, "\t")})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}
