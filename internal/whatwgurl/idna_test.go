package whatwgurl

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/urispec/urispec/internal/testcorpus"
	"golang.org/x/net/idna"
)

// readHostTests returns the tests of a WPT host test file in testdata/corpora.
func readHostTests(t testing.TB, name string) []testcorpus.HostTest {
	t.Helper()
	tests, err := testcorpus.HostTests("../../testdata/corpora/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return tests
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

// departure is one row of testdata/idna-departures.tsv.
type departure struct{ file, input, what string }

// readDepartures reads testdata/idna-departures.tsv, and checks that x/net/idna does
// what each row says it does.
func readDepartures(t *testing.T) map[string]map[string]string {
	t.Helper()
	data, err := os.ReadFile("testdata/idna-departures.tsv")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]string{"wpt-toascii.json": {}, "wpt-idnatestv2.json": {}}
	header := true
	for n, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		if header {
			header = false
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 || out[f[0]] == nil {
			t.Fatalf("idna-departures.tsv line %d: want a file of WPT's, an input and a departure", n+1)
		}
		in, err := strconv.Unquote(f[1])
		if err != nil {
			t.Fatalf("idna-departures.tsv line %d: %v", n+1, err)
		}
		if err := checkDeparture(f[2]); err != nil {
			t.Errorf("idna-departures.tsv line %d: %v", n+1, err)
		}
		out[f[0]][in] = f[2]
	}
	return out
}

// checkDeparture checks what a row says of x/net/idna: "disallows U+XXXX ..." (each
// code point fails the relaxed ToASCII alone and after "a", so that neither a
// combining mark's place nor the Bidi rule is what fails), and "maps U+1E9E to "ss"".
func checkDeparture(what string) error {
	for part := range strings.SplitSeq(what, "; ") {
		switch {
		case strings.HasPrefix(part, "disallows "):
			for cp := range strings.FieldsSeq(strings.TrimPrefix(part, "disallows ")) {
				n, err := strconv.ParseUint(strings.TrimPrefix(cp, "U+"), 16, 32)
				if err != nil {
					return err
				}
				r := string(rune(n))
				_, e1 := lenientProfile.ToASCII(r)
				_, e2 := lenientProfile.ToASCII("a" + r)
				if e1 == nil || e2 == nil {
					return fmt.Errorf("x/net/idna does not disallow %s", cp)
				}
			}
		case part == `maps U+1E9E to "ss"`:
			if got, err := lenientProfile.ToASCII("\u1e9e"); got != "ss" || err != nil {
				return fmt.Errorf("x/net/idna maps U+1E9E to %q (%v)", got, err)
			}
		default:
			return fmt.Errorf("unknown departure %q", part)
		}
	}
	return nil
}

// TestHostTests runs WPT's tests of the URL parser's domain to ASCII (beStrict false):
// toascii.json and IdnaTestV2.json (UTS #46's conformance data less the rows that only
// the strict flags fail). A test that fails must be one of testdata/idna-departures.tsv,
// a departure of x/net/idna (Unicode 15.0.0's IDNA table, idna.UnicodeVersion) from the
// tests' UTS #46.
func TestHostTests(t *testing.T) {
	departures := readDepartures(t)
	for _, name := range []string{"wpt-toascii.json", "wpt-idnatestv2.json"} {
		known := departures[name]
		tests := readHostTests(t, name)
		n := 0
		failed := map[string]bool{}
		for _, c := range tests {
			if c.Input == "" {
				continue // "https:///x" tests another thing: WPT skips it
			}
			n++
			d := checkHostTest(c)
			if d == "" {
				continue
			}
			failed[c.Input] = true
			if _, ok := known[c.Input]; !ok {
				t.Errorf("%s: %+q: %s", name, c.Input, d)
			}
		}
		for in := range known {
			if !failed[in] {
				t.Errorf("%s: %+q passes: remove it from testdata/idna-departures.tsv", name, in)
			}
		}
		t.Logf("%s: %d of %d pass; the other %d are departures of x/net/idna (Unicode %s)",
			name, n-len(failed), n, len(failed), idna.UnicodeVersion)
	}
}
