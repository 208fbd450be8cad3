package whatwgurl

import (
	"fmt"
	"strings"
	"testing"

	"github.com/urispec/urispec/internal/testcorpus"
)

// readHostTests returns the tests of a WPT host test file in testdata/corpora.
func readHostTests(t testing.TB, name string) []testcorpus.HostTest {
	t.Helper()
	return testcorpus.HostTests(t, "testdata/corpora/"+name)
}

// checkHostTest runs c as WPT's toascii.window.js and IdnaTestV2.window.js do, with the
// URL constructor: "" for a pass, otherwise what differs.
func checkHostTest(c testcorpus.HostTest) string {
	// The input is percent-encoded where it would end the host (": / ? # \\"), so the
	// host parser reads all of it.
	var in strings.Builder
	for _, r := range c.Input {
		if strings.ContainsRune(":/?#\\", r) {
			fmt.Fprintf(&in, "%%%02X", r)
		} else {
			in.WriteRune(r)
		}
	}
	u, err := Parse("https://" + in.String() + "/x")
	switch {
	case c.Output == nil && err != nil:
		return ""
	case c.Output == nil:
		return fmt.Sprintf("host %q, want failure", u.Host())
	case err != nil:
		return fmt.Sprintf("%v, want host %q", err, *c.Output)
	case u.Host() != *c.Output || u.Hostname() != *c.Output || u.Pathname() != "/x" || u.Href() != "https://"+*c.Output+"/x":
		return fmt.Sprintf("href %q, want host %q", u.Href(), *c.Output)
	}
	return ""
}

// toASCIIDepartures are the tests of toascii.json that the parser fails, with the
// reason; TestHostTests fails on a failing test not listed here and on a listed one that
// passes.
var toASCIIDepartures = map[string]string{}

// TestHostTests runs WPT's tests of the URL parser's domain to ASCII (beStrict false),
// toascii.json. (WPT's IdnaTestV2.json is UTS #46's conformance file less the rows that
// only the strict flags fail: internal/uts46 runs the whole file, with both flags.)
func TestHostTests(t *testing.T) {
	tests := readHostTests(t, "wpt-toascii.json")
	n := 0
	failed := map[string]bool{}
	ran := 0
	for _, c := range tests {
		t.Run(c.Input, func(t *testing.T) {
			ran++
			if c.Input == "" {
				return // "https:///x" tests another thing: WPT skips it
			}
			n++
			d := checkHostTest(c)
			if d == "" {
				return
			}
			failed[c.Input] = true
			if _, ok := toASCIIDepartures[c.Input]; !ok {
				t.Errorf("%+q: %s", c.Input, d)
			}
		})
	}
	if ran < len(tests) {
		return // -run chose some rows: the checks of the whole file need them all
	}
	for in := range toASCIIDepartures {
		if !failed[in] {
			t.Errorf("%+q passes: remove it from toASCIIDepartures", in)
		}
	}
	if n < 80 {
		t.Errorf("%d tests: the file was misread", n)
	}
	t.Logf("toascii.json: %d of %d pass", n-len(failed), n)
}
