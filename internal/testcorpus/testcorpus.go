// Package testcorpus is the one way the tests and benchmarks of every package reach the
// files of the repository they share: Root and Path find them from any package's
// directory, Lines and ReadFile read them (decompressing a .gz file), and URLTests and
// HostTests read the copies of web-platform-tests' URL tests in testdata/corpora
// (testdata/corpora/README.md gives the provenance of every copied corpus), and TSV the
// tab-separated tables of testdata.
package testcorpus

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"os"
	"strings"
	"testing"
)

// ReadFile returns the content of the file at rel from the repository root (Path),
// decompressed if its name ends in ".gz".
func ReadFile(tb testing.TB, rel string) []byte {
	tb.Helper()
	data, err := os.ReadFile(Path(tb, rel))
	if err != nil {
		tb.Fatal(err)
	}
	if !strings.HasSuffix(rel, ".gz") {
		return data
	}
	data, err = gunzip(data)
	if err != nil {
		tb.Fatalf("%s: %v", rel, err)
	}
	return data
}

// Lines returns every line of the file at rel (ReadFile), without their line ends; a
// final line end ends the last line rather than starting an empty one.
func Lines(tb testing.TB, rel string) []string {
	tb.Helper()
	return splitLines(ReadFile(tb, rel))
}

// GzipLines returns every line of the gzip-compressed file at path, for a program
// (internal/anchorbench) rather than a test.
func GzipLines(path string) ([]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if data, err = gunzip(data); err != nil {
		return nil, err
	}
	return splitLines(data), nil
}

func gunzip(data []byte) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(zr)
}

func splitLines(data []byte) []string {
	text := strings.TrimSuffix(string(data), "\n")
	if text == "" {
		return nil
	}
	return strings.Split(text, "\n")
}

// URLTest is one test of web-platform-tests' urltestdata.json: an input, a base, and
// what the URL parser makes of them (the URL class's getters) or failure.
type URLTest struct {
	Input    string  `json:"input"`
	Base     *string `json:"base"`
	Failure  bool    `json:"failure"`
	Href     string  `json:"href"`
	Protocol string  `json:"protocol"`
	Username string  `json:"username"`
	Password string  `json:"password"`
	Host     string  `json:"host"`
	Hostname string  `json:"hostname"`
	Port     string  `json:"port"`
	Pathname string  `json:"pathname"`
	Search   string  `json:"search"`
	Hash     string  `json:"hash"`
}

// BaseURL is the test's base, "" for none.
func (t URLTest) BaseURL() string {
	if t.Base == nil {
		return ""
	}
	return *t.Base
}

// HostTest is one test of web-platform-tests' toascii.json or IdnaTestV2.json: a host,
// and the host the URL parser makes of it in "https://" + Input + "/x" (Output), or
// failure (nil).
type HostTest struct {
	Input  string  `json:"input"`
	Output *string `json:"output"`
}

// URLTests returns the tests of a urltestdata.json file at rel from the repository
// root, without the comments between them.
func URLTests(tb testing.TB, rel string) []URLTest {
	tb.Helper()
	return readTests[URLTest](tb, rel)
}

// HostTests returns the tests of a toascii.json or IdnaTestV2.json file at rel from the
// repository root, without the comments between them.
func HostTests(tb testing.TB, rel string) []HostTest {
	tb.Helper()
	return readTests[HostTest](tb, rel)
}

// readTests reads a JSON array of test objects and comment strings.
func readTests[T any](tb testing.TB, rel string) []T {
	tb.Helper()
	var raw []json.RawMessage
	if err := json.Unmarshal(ReadFile(tb, rel), &raw); err != nil {
		tb.Fatalf("%s: %v", rel, err)
	}
	var out []T
	for _, m := range raw {
		if len(m) > 0 && m[0] == '"' {
			continue // a comment
		}
		var t T
		if err := json.Unmarshal(m, &t); err != nil {
			tb.Fatalf("%s: %v", rel, err)
		}
		out = append(out, t)
	}
	return out
}

// TSVRow is one data line of a TSV file, with its 1-based line number.
type TSVRow struct {
	Line   int
	Fields []string
}

// TSV reads a tab-separated file, skipping "#" comment lines and, if header is true,
// the first data line.
func TSV(path string, header bool) ([]TSVRow, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
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
	return rows, sc.Err()
}
