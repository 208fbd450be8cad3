package uri_test

import (
	"testing"

	whatwgurl "github.com/nlnwa/whatwg-url/url"

	"github.com/urispec/urispec/uri"
)

// TestSpecialWithoutSlashes: the hazard is raised where RFC 3986 reads no host and the
// WHATWG URL parser (nlnwa/whatwg-url, a browser's reading) reads the host it names;
// none where the parser reads no host or the reference has an authority.
func TestSpecialWithoutSlashes(t *testing.T) {
	p := whatwgurl.NewParser()
	for in, want := range map[string]string{
		"http:evil.example/x":        "evil.example",
		"https:/evil.example":        "evil.example",
		"ws:user@evil.example:8080/": "evil.example",
		"ftp:evil.example?q":         "evil.example",
		"HTTP:evil.example":          "evil.example",
		"http:":                      "",
		"http:?q":                    "",
		"file:/etc/passwd":           "",
		"foo:evil.example":           "",
		"http://good.example/":       "",
	} {
		r, err := uri.Parse(uri.RFC3986, in)
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		var got []uri.Hazard
		for _, h := range r.Hazards() {
			if h.Code == uri.SpecialWithoutSlashes {
				got = append(got, h)
			}
		}
		if want == "" {
			if len(got) != 0 {
				t.Errorf("%q: %v, want no special-without-slashes", in, got)
			}
			continue
		}
		if len(got) != 1 {
			t.Errorf("%q: %v, want one special-without-slashes", in, got)
			continue
		}
		// The host it names is the one a browser reads.
		u, err := p.Parse(in)
		if err != nil || u.Hostname() != want {
			t.Errorf("%q: the WHATWG parser reads host %q (%v), the test wants %q", in, u.Hostname(), err, want)
		}
		if uri.Validate(uri.WHATWG, in) == nil {
			t.Errorf("%q is a valid URL string", in)
		}
	}
}
