// Package testcorpus reads the copies of other projects' test data in testdata/corpora
// (testdata/corpora/README.md gives their provenance) for the tests and benchmarks of
// more than one package: the real-world URL lists and web-platform-tests' URL tests,
// and the tab-separated tables of testdata (TSV).
package testcorpus

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"io"
	"os"
	"strings"
)

// GzipLines returns every line of a gzip-compressed text file.
func GzipLines(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, err
	}
	data, err := io.ReadAll(zr)
	if err != nil {
		return nil, err
	}
	return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n"), nil
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

// URLTests returns the tests of a urltestdata.json file, without the comments between
// them.
func URLTests(path string) ([]URLTest, error) { return readTests[URLTest](path) }

// HostTests returns the tests of a toascii.json or IdnaTestV2.json file, without the
// comments between them.
func HostTests(path string) ([]HostTest, error) { return readTests[HostTest](path) }

// readTests reads a JSON array of test objects and comment strings.
func readTests[T any](path string) ([]T, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	var out []T
	for _, m := range raw {
		if len(m) > 0 && m[0] == '"' {
			continue // a comment
		}
		var t T
		if err := json.Unmarshal(m, &t); err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
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
