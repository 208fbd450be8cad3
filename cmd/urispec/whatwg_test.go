package main

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/urispec/urispec/internal/subtest"
	"github.com/urispec/urispec/uri"
	"github.com/urispec/urispec/uri/hazard"
)

// TestWHATWGDifferentials: what the WHATWG reader reports against rfc3986, and what it
// must not (a host in Punycode is the same host; a host in Unicode is the same host as
// its percent-encoded UTF-8 under rfc3986).
func TestWHATWGDifferentials(t *testing.T) {
	cases := []struct {
		in   string
		want []hazard.Code
	}{
		{"http://xn--bcher-kva.test/", nil},
		{"https://a:b@xn--g6w251d/?abc#foo", nil},
		{"http://b%C3%BCcher.test/", nil},
		{"http://EXAMPLE.com:80/a/./b", nil},
		{"http://example.com", nil},
		{"http:g", []hazard.Code{hazard.DifferentialHost}},
		{"http://0x7f.1/", []hazard.Code{hazard.DifferentialHost}},
		{"http://h/a/%2e%2e/b", []hazard.Code{hazard.DifferentialPath}},
		{"file://D:/Program", []hazard.Code{hazard.DifferentialHost, hazard.DifferentialPath}},
	}
	w := newWHATWGReader()
	p, _ := uri.NewParser(uri.RFC3986, uri.GenericOnly()) // "http:g" is no http-URI (RFC 9110)
	for _, c := range cases {
		t.Run(subtest.Name(c.in), func(t *testing.T) {
			r, err := p.Parse(c.in)
			if err != nil {
				t.Fatalf("%q: %v", c.in, err)
			}
			var got []hazard.Code
			for _, h := range hazard.Differentials(r, w) {
				got = append(got, h.Code)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("%q: differentials %v, want %v (%v)", c.in, got, c.want, hazard.Differentials(r, w))
			}
		})
	}
}

// TestBaseDifferentials: a valid relative reference is compared, resolved against the
// base, with the WHATWG parser's reading of it against the same base; one that keeps the
// base's host, or whose reading agrees, is not reported; without a WHATWG reader nothing
// is compared. A rejected reference gets its lenient readings, also against the base.
// A reference that begins with "//" and names a host is a network-path-reference (its
// span: the "//" and the authority) whether or not the readings agree.
func TestBaseDifferentials(t *testing.T) {
	readers := []hazard.Reader{hazard.NetURLReader(), newWHATWGReader()}
	cases := []struct {
		in      string
		readers []hazard.Reader
		want    []hazard.Code
	}{
		{"///evil.example/", readers, []hazard.Code{hazard.DifferentialHost, hazard.DifferentialPath}},
		{"//evil%E3%80%82example", readers, []hazard.Code{hazard.NetworkPathReference, hazard.DifferentialHost}},
		{"///evil.example/", []hazard.Reader{hazard.NetURLReader()}, nil},
		{"//evil.example/x", readers, []hazard.Code{hazard.NetworkPathReference}},
		{"../g", readers, nil},
		{"g?q#f", readers, nil},
		{"#f", readers, nil},
		{`/\evil.example`, readers, []hazard.Code{hazard.LenientReading}},
		{`a\b`, readers, nil}, // keeps the base's host
	}
	p, _ := uri.NewParser(uri.RFC3986)
	for _, c := range cases {
		t.Run(subtest.Name(c.in), func(t *testing.T) {
			var got []hazard.Code
			hz := lintLine(p, c.readers, relativeBase, c.in).hazards
			for _, h := range hz {
				got = append(got, h.Code)
				if h.Code != hazard.LenientReading && h.Code != hazard.NetworkPathReference && (h.Offset != 0 || h.Length != len(c.in)) {
					t.Errorf("%q: %v spans %d+%d, want the whole reference", c.in, h.Code, h.Offset, h.Length)
				}
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("%q: %v, want %v (%v)", c.in, got, c.want, hz)
			}
		})
	}
}

// TestCheckReadsAsBrowsers: check -with deployed gives, for strings that attackers send
// (valid or not under rfc3986), a hazard; for each rejected one, what the WHATWG parser
// (a browser) reads.
func TestCheckReadsAsBrowsers(t *testing.T) {
	payloads := []string{
		"http://127\u30020\u30020\u30021/", "http://\u2460\u2461\u2466.\u24ea.\u24ea.\u2460/", "http://loca\u217chost/",
		"http://\u24d6\u24de\u24de\u24d6\u24db\u24d4.com/", "http://1.1.1.1 &@2.2.2.2# @3.3.3.3/", "http://foo@127.0.0.1 @google.com/",
		"https://www.victim.com\u2044some\u2044path\u2044\u0294some=param\uff03hash@attacker.com",
		"http:0xd8.0x3a.0xd6.0xce", "http:///attacker.com", "https:///www.whitelisteddomain.tld@www.google.com/%2e%2e",
		"http:/evil.example/", "data:text/html,<script>alert(1)</script>",
		"http://127.0.0.1:25/%0D%0AHELO orange.tw%0D%0AMAIL FROM\u2026",
		"http://localhost:80", "http://metadata.google.internal/computeMetadata/v1/", "http://instance-data", "jar:http://127.0.0.1!/",
	}
	var stdout, stderr bytes.Buffer
	args := append([]string{"check", "-json", "-with", "deployed", "--"}, payloads...)
	if status := run(args, strings.NewReader(""), &stdout, &stderr); status != exitInvalid {
		t.Fatalf("exit %d, want 1 (some are invalid): %s", status, stderr.String())
	}
	dec := json.NewDecoder(&stdout)
	n := 0
	for dec.More() {
		var r checkResult
		if err := dec.Decode(&r); err != nil {
			t.Fatal(err)
		}
		n++
		if r.Hazards == nil || len(*r.Hazards) == 0 {
			t.Errorf("%q: no hazard", r.Input)
			continue
		}
		if r.Valid {
			continue
		}
		browser := false
		for _, h := range *r.Hazards {
			browser = browser || strings.Contains(h.Message, "whatwg")
		}
		if !browser {
			t.Errorf("%q: no hazard gives the WHATWG parser's reading: %v", r.Input, *r.Hazards)
		}
	}
	if n != len(payloads) {
		t.Errorf("%d results for %d inputs", n, len(payloads))
	}
}
