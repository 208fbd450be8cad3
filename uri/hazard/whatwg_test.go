package hazard_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/urispec/urispec/internal/testcorpus"
	"github.com/urispec/urispec/internal/whatwgurl"
	"github.com/urispec/urispec/uri"
	"github.com/urispec/urispec/uri/hazard"
)

// TestSpecialWithoutSlashes: the hazard is raised where RFC 3986 reads no host and the
// WHATWG URL parser (internal/whatwgurl, a browser's reading) reads the host it names;
// none where the parser reads no host or the reference has an authority.
func TestSpecialWithoutSlashes(t *testing.T) {
	generic, err := uri.NewParser(uri.RFC3986, uri.GenericOnly())
	if err != nil {
		t.Fatal(err)
	}
	for in, want := range map[string]string{
		"http:evil.example/x":        "evil.example",
		"https:/evil.example":        "evil.example",
		"ws:user@evil.example:8080/": "evil.example",
		"ftp:evil.example?q":         "evil.example",
		"HTTP:evil.example":          "evil.example",
		"http:":                      "",
		"http:%2f%2fevil.example/":   "", // the parser decodes "//" into the host and fails
		"http:/.../x":                "",
		"https:foo:bar":              "", // a port that is no number: the parser fails
		"http:?q":                    "",
		"file:/etc/passwd":           "",
		"foo:evil.example":           "",
		"http://good.example/":       "",
	} {
		t.Run(in, func(t *testing.T) {
			// The generic syntax alone: RFC 9110's http-URI rejects http and https without "//".
			r, err := generic.Parse(in)
			if err != nil {
				t.Fatalf("%q: %v", in, err)
			}
			var got []hazard.Hazard
			for _, h := range hazard.Find(r) {
				if h.Code == hazard.SpecialWithoutSlashes {
					got = append(got, h)
				}
			}
			if want == "" {
				if len(got) != 0 {
					t.Errorf("%q: %v, want no special-without-slashes", in, got)
				}
				return
			}
			if len(got) != 1 {
				t.Errorf("%q: %v, want one special-without-slashes", in, got)
				return
			}
			// The host it names is the one a browser reads.
			u, err := whatwgurl.Parse(in)
			if err != nil || u.Hostname() != want {
				t.Errorf("%q: the WHATWG parser reads host %q (%v), the test wants %q", in, u.Hostname(), err, want)
			}
			if uri.Validate(uri.WHATWG, in) == nil {
				t.Errorf("%q is a valid URL string", in)
			}
		})
	}
}

// TestSpecialWithoutSlashesRealWorld: on every line of the real-world corpus that raises
// the hazard under rfc3986, the WHATWG URL parser reads the host the hazard names
// (docs/hazards.md reports the count it logs).
func TestSpecialWithoutSlashesRealWorld(t *testing.T) {
	n := 0
	for _, line := range testcorpus.Lines(t, "testdata/corpora/realworld-urls.txt.gz") {
		r, err := uri.Parse(uri.RFC3986, line)
		if err != nil {
			continue
		}
		for _, h := range hazard.Find(r) {
			if h.Code != hazard.SpecialWithoutSlashes {
				continue
			}
			n++
			u, err := whatwgurl.Parse(line)
			// The parser lower-cases the host; the message quotes it as written.
			if err != nil || !strings.Contains(strings.ToLower(h.Message), fmt.Sprintf("reads the host %q", u.Hostname())) {
				t.Errorf("%q: %s; the WHATWG parser reads host %q (%v)", line, h.Message, u.Hostname(), err)
			}
		}
	}
	if n == 0 {
		t.Error("no line raises special-without-slashes: the test checks nothing")
	}
	t.Logf("%d lines raise special-without-slashes", n)
}
