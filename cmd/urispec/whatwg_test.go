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
	p, _ := uri.NewParser(uri.RFC3986, uri.GenericOnly()) // "http:g" is no http-URI (RFC 9110)
	for _, c := range cases {
		r, err := p.Parse(c.in)
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

// TestBaseDifferentials: a valid relative reference is compared, resolved against the
// base, with the WHATWG parser's reading of it against the same base; one that keeps the
// base's host, or whose reading agrees, is not reported; without a WHATWG reader nothing
// is compared. A rejected reference gets its lenient readings, also against the base.
func TestBaseDifferentials(t *testing.T) {
	readers := []uri.Reader{uri.NetURLReader(), newWHATWGReader()}
	cases := []struct {
		in      string
		readers []uri.Reader
		want    []uri.HazardCode
	}{
		{"///evil.example/", readers, []uri.HazardCode{uri.DifferentialHost, uri.DifferentialPath}},
		{"//evil%E3%80%82example", readers, []uri.HazardCode{uri.DifferentialHost}},
		{"///evil.example/", []uri.Reader{uri.NetURLReader()}, nil},
		{"//evil.example/x", readers, nil},
		{"../g", readers, nil},
		{"g?q#f", readers, nil},
		{"#f", readers, nil},
		{`/\evil.example`, readers, []uri.HazardCode{uri.LenientReading}},
		{`a\b`, readers, nil}, // keeps the base's host
	}
	p, _ := uri.NewParser(uri.RFC3986)
	for _, c := range cases {
		var got []uri.HazardCode
		hz := lintLine(p, c.readers, relativeBase, c.in).hazards
		for _, h := range hz {
			got = append(got, h.Code)
			if h.Code != uri.LenientReading && (h.Offset != 0 || h.Length != len(c.in)) {
				t.Errorf("%q: %v spans %d+%d, want the whole reference", c.in, h.Code, h.Offset, h.Length)
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: %v, want %v (%v)", c.in, got, c.want, hz)
		}
	}
}
