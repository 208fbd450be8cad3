package hazard

import (
	"errors"
	"github.com/urispec/urispec/uri"
	"slices"
	"testing"
)

// TestGuard: the readers agree exactly when every one accepts the string and all read
// the same scheme, userinfo, host and port, for meaning (case, escapes, address forms, a
// default port); otherwise the parts that differ and the readers that reject are named;
// a string no reader accepts is a *GuardError.
func TestGuard(t *testing.T) {
	deployed := GuardReaders()
	for _, c := range []struct {
		in       string
		readers  []Reader
		agree    bool
		parts    []string // the parts that differ
		rejected []string
	}{
		{"https://example.com/a", deployed, true, nil, nil},
		{"HTTP://EXAMPLE.com:80/%61", deployed, true, nil, nil},
		{"http://[0:0::1]/", deployed[2:], true, nil, nil},
		{"http:/evil.example/", deployed, false, []string{"host"}, nil},
		{"http://a@b@c/", deployed, false, []string{"userinfo", "host"}, []string{"rfc3986"}},
		{`http://example.com\@evil.com`, deployed, false, nil, []string{"rfc3986", "rfc2396", "net/url"}},
		{"http://0x7f.1/", deployed, false, []string{"host"}, nil},
		{"http://example.com:8080/", []Reader{NetURLReader(), WHATWGReader()}, true, nil, nil},
		{"http://example.com\t/", []Reader{NetURLReader(), WHATWGReader()}, false, nil, []string{"net/url"}},
	} {
		t.Run(c.in, func(t *testing.T) {
			a, err := Guard(c.in, c.readers...)
			if err != nil {
				t.Errorf("%q: %v", c.in, err)
				return
			}
			var parts, rejected []string
			for _, d := range a.Differences {
				parts = append(parts, d.Part)
				if len(d.Values) < 2 {
					t.Errorf("%q: %v has one value", c.in, d)
				}
			}
			for _, r := range a.Rejections {
				rejected = append(rejected, r.Reader)
			}
			if a.Agree != c.agree || !slices.Equal(parts, c.parts) || !slices.Equal(rejected, c.rejected) {
				t.Errorf("%q: agree %v, differ on %v, rejected by %v; want %v, %v, %v", c.in, a.Agree, parts, rejected, c.agree, c.parts, c.rejected)
			}
		})
	}
	_, err := Guard("%%")
	var ge *GuardError
	if !errors.As(err, &ge) || len(ge.Rejections) != len(GuardReaders()) {
		t.Errorf(`Guard("%%%%"): %v; want a *GuardError with every reader's error`, err)
	}
}

// TestGuardRelative: a relative reference is read against the base by each reader's own
// resolution; one that keeps the base's host agrees, one that a browser reads as another
// host does not.
func TestGuardRelative(t *testing.T) {
	const base = "https://example.com/dir/page"
	for in, agree := range map[string]bool{
		"../x":               true,
		"?q":                 true,
		"//cdn.example.com/": true,
		`/\evil.example/`:    false,
		"https:evil.example": false, // no host to RFC 3986 and net/url; a path on the base's host to a browser (same scheme)
	} {
		t.Run(in, func(t *testing.T) {
			a, err := GuardRelative(base, in, SpecReader(uri.RFC3986), NetURLReader(), WHATWGReader())
			if err != nil {
				t.Errorf("%q: %v", in, err)
				return
			}
			if a.Agree != agree {
				t.Errorf("%q: agree %v, want %v: %v %v", in, a.Agree, agree, a.Differences, a.Rejections)
			}
		})
	}
}
