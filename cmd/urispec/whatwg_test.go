package main

import (
	"slices"
	"testing"

	"github.com/urispec/urispec/uri"
)

// TestWHATWGDifferentials: what the WHATWG reader reports against rfc3986, and what it
// must not (a host in Punycode is the same host; a host in Unicode is the same host as
// its percent-encoded UTF-8 under rfc3986).
func TestWHATWGDifferentials(t *testing.T) {
	cases := []struct {
		in   string
		want []uri.HazardCode
	}{
		{"http://xn--bcher-kva.test/", nil},
		{"https://a:b@xn--g6w251d/?abc#foo", nil},
		{"http://b%C3%BCcher.test/", nil},
		{"http://EXAMPLE.com:80/a/./b", nil},
		{"http://example.com", nil},
		{"http:g", []uri.HazardCode{uri.DifferentialHost}},
		{"http://0x7f.1/", []uri.HazardCode{uri.DifferentialHost}},
		{"http://h/a/%2e%2e/b", []uri.HazardCode{uri.DifferentialPath}},
		{"file://D:/Program", []uri.HazardCode{uri.DifferentialHost, uri.DifferentialPath}},
	}
	w := newWHATWGReader()
	for _, c := range cases {
		r, err := uri.Parse(uri.RFC3986, c.in)
		if err != nil {
			t.Fatalf("%q: %v", c.in, err)
		}
		var got []uri.HazardCode
		for _, h := range r.Differentials(w) {
			got = append(got, h.Code)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: differentials %v, want %v (%v)", c.in, got, c.want, r.Differentials(w))
		}
	}
}
