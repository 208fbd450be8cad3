package whatwgurl

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"
)

// urlTest is one test of web-platform-tests' urltestdata.json: an input, a base, and
// what the URL parser makes of them (the URL class's getters) or failure.
type urlTest struct {
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

func (c urlTest) base() string {
	if c.Base == nil {
		return ""
	}
	return *c.Base
}

// readURLTestData returns the 891 tests of the repository's copy of urltestdata.json
// (testdata/corpora/README.md gives its provenance), skipping the comments between
// them.
func readURLTestData(t testing.TB) []urlTest {
	t.Helper()
	data, err := os.ReadFile("../../testdata/corpora/wpt-urltestdata.json")
	if err != nil {
		t.Fatal(err)
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	var out []urlTest
	for _, m := range raw {
		if len(m) > 0 && m[0] == '"' {
			continue
		}
		var c urlTest
		if err := json.Unmarshal(m, &c); err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	if len(out) != 891 {
		t.Fatalf("urltestdata.json holds %d tests, want 891", len(out))
	}
	return out
}

// check runs c and returns what differs from the test's expectation, "" for a pass.
func (c urlTest) check() string {
	u, err := ParseRef(c.base(), c.Input)
	switch {
	case c.Failure && err != nil:
		return ""
	case c.Failure:
		return fmt.Sprintf("href %q, want failure", u.Href())
	case err != nil:
		return fmt.Sprintf("%v, want %q", err, c.Href)
	}
	for _, g := range []struct{ name, got, want string }{
		{"href", u.Href(), c.Href},
		{"protocol", u.Protocol(), c.Protocol},
		{"username", u.Username(), c.Username},
		{"password", u.Password(), c.Password},
		{"host", u.Host(), c.Host},
		{"hostname", u.Hostname(), c.Hostname},
		{"port", u.Port(), c.Port},
		{"pathname", u.Pathname(), c.Pathname},
		{"search", u.Search(), c.Search},
		{"hash", u.Hash(), c.Hash},
	} {
		if g.got != g.want {
			return fmt.Sprintf("%s %q, want %q", g.name, g.got, g.want)
		}
	}
	return ""
}

// TestURLTestData runs every test of urltestdata.json, base handling included, and
// compares every getter the test gives (origin aside: the package has no origin).
func TestURLTestData(t *testing.T) {
	tests := readURLTestData(t)
	failed := 0
	for _, c := range tests {
		if d := c.check(); d != "" {
			failed++
			t.Errorf("%q against %q: %s", c.Input, c.base(), d)
		}
	}
	t.Logf("%d of %d pass", len(tests)-failed, len(tests))
}
