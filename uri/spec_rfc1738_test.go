package uri_test

import (
	"strings"
	"testing"

	"github.com/urispec/urispec/uri"
)

// TestRFC1738Components checks the components of RFC 1738 URLs (uri/spec_rfc1738.go)
// and their recomposition, strict and generic-only.
func TestRFC1738Components(t *testing.T) {
	generic, err := uri.NewParser(uri.RFC1738, uri.GenericOnly())
	if err != nil {
		t.Fatal(err)
	}
	strict, err := uri.NewParser(uri.RFC1738)
	if err != nil {
		t.Fatal(err)
	}
	// Columns: scheme, authority, userinfo, host, port, path, query, user, password, host
	// kind; "-" undefined.
	for _, tc := range []struct {
		in       string
		want     string
		strictOK bool
		generic  string // the components under GenericOnly, if they differ
	}{
		{"http://a/b?c", "http a - a - /b c - - hostname", true, "http a - a - /b?c - - - hostname"},
		{"http://a", "http a - a - '' - - - hostname", true, ""},
		{"ftp://u:p@1.2.3.4:21/a;type=i", "ftp u:p@1.2.3.4:21 u:p 1.2.3.4 21 /a;type=i - u p IPv4address", true, ""},
		{"ftp://foo:@host.com/", "ftp foo:@host.com foo: host.com - / - foo '' hostname", true, ""},
		{"ftp://@host.com/", "ftp @host.com '' host.com - / - '' - hostname", true, ""},
		{"file:///x", "file '' - - - /x - - - ", true, "file - - - - ///x - - - "},
		{"news:12@a.b", "news - - - - 12@a.b - - - ", true, ""},
		{"mailto:a@b?c", "mailto - - - - a@b?c - - - ", true, ""},
		{"gopher://h/1a%09b", "gopher h - h - /1a%09b - - - hostname", true, ""},
		{"wais://h/d?s", "wais h - h - /d s - - hostname", true, "wais h - h - /d?s - - - hostname"},
		{"telnet://h/", "telnet h - h - / - - - hostname", true, ""},
		// Generic syntax: no query; an authority only where ip-schemepart matches.
		{"x://u@a:1/p?q", "x u@a:1 u a 1 /p?q - u - hostname", true, ""},
		{"x:///a", "x - - - - ///a - - - ", true, ""},
		{"x:", "x - - - - '' - - - ", true, ""},
		{"http:x", "", false, "http - - - - x - - - "},
		{"http://a/b?c/d", "", false, "http a - a - /b?c/d - - - hostname"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			for _, p := range []*uri.Parser{strict, generic} {
				r, err := p.Parse(tc.in)
				if p == strict && !tc.strictOK {
					if err == nil {
						t.Errorf("strict %q: valid, want invalid", tc.in)
					}
					continue
				}
				if err != nil {
					t.Errorf("%q: %v", tc.in, err)
					continue
				}
				var got []string
				for _, c := range []uri.Component{uri.Scheme, uri.Authority, uri.Userinfo, uri.Host, uri.Port, uri.Path, uri.Query, uri.User, uri.Password} {
					v, ok := r.Get(c)
					switch {
					case !ok:
						v = "-"
					case v == "":
						v = "''"
					}
					got = append(got, v)
				}
				got = append(got, r.HostKind().String())
				want := tc.want
				if p == generic && tc.generic != "" {
					want = tc.generic // genericurl: no query, an authority only in ip-schemepart
				}
				if g := strings.Join(got, " "); g != want {
					t.Errorf("%q (generic %v):\n got %s\nwant %s", tc.in, p == generic, g, want)
				}
				if r.Has(uri.Fragment) {
					t.Errorf("%q: a fragment", tc.in)
				}
				if s := r.String(); s != tc.in {
					t.Errorf("%q: recomposed as %q", tc.in, s)
				}
			}
		})
	}
}
