package whatwgurl

import (
	"fmt"
	"testing"

	"github.com/urispec/urispec/internal/subtest"
	"github.com/urispec/urispec/internal/testcorpus"
)

// readURLTestData returns the 891 tests of the repository's copy of urltestdata.json
// (testdata/corpora/README.md gives its provenance).
func readURLTestData(tb testing.TB) []testcorpus.URLTest {
	tb.Helper()
	tests := testcorpus.URLTests(tb, "testdata/corpora/wpt-urltestdata.json")
	if len(tests) != 891 {
		tb.Fatalf("urltestdata.json holds %d tests, want 891", len(tests))
	}
	return tests
}

// checkURLTest runs c and returns what differs from the test's expectation, "" for a
// pass.
func checkURLTest(c testcorpus.URLTest) string {
	u, err := ParseRef(c.BaseURL(), c.Input)
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
		t.Run(subtest.Name(c.Input), func(t *testing.T) {
			if d := checkURLTest(c); d != "" {
				failed++
				t.Errorf("%q against %q: %s", c.Input, c.BaseURL(), d)
			}
		})
	}
	t.Logf("%d of %d pass", len(tests)-failed, len(tests))
}
