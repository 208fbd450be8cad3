package hazard

import (
	"errors"
	"github.com/urispec/urispec/uri"
	"slices"
	"strings"
	"testing"
)

// TestLenient: strings that RFC 3986 rejects at a byte that lenient parsers split
// differently are reported with the reading of each reader that reads a host; others,
// and readers that are grammars, are not.
func TestLenient(t *testing.T) {
	evil := Reading{HasAuthority: true, HasHost: true, Host: "evil.example", Path: "/"}
	for _, c := range []struct {
		in      string
		readers []Reader
		want    int    // hazards
		span    string // of the first
		message string // in the first
	}{
		{"http://user:pass@good.example@evil.example/", []Reader{NetURLReader()}, 1, "@", `net/url accepts it and reads host "evil.example", userinfo "user:pass@good.example"`},
		{`http://evil.example\@good.example/`, []Reader{fakeReader{"whatwg", evil}}, 1, `\`, `rejects it at byte 19 ("\\" in authority), but whatwg accepts it and reads host "evil.example"`},
		{`/\evil.example`, []Reader{fakeReader{"whatwg", evil}}, 1, `\`, `whatwg accepts`},
		{" http://evil.example/", []Reader{fakeReader{"whatwg", evil}}, 1, " ", `whatwg accepts`},
		{"http://evil.example/\t", []Reader{fakeReader{"whatwg", evil}}, 1, "\t", `whatwg accepts`},
		{"http://user:pass@good.example@evil.example/", []Reader{NetURLReader(), fakeReader{"w", Reading{HasAuthority: true, HasHost: true, Host: "evil.example", Userinfo: "user:pass@good.example", HasUserinfo: true, Path: "/"}}}, 1, "@", "net/url and w accept it"},
		// A reader that reads no host, or an empty one, sends nothing anywhere.
		{`/\evil.example`, []Reader{NetURLReader()}, 0, "", ""},
		{`file:\x`, []Reader{fakeReader{"whatwg", Reading{HasAuthority: true, HasHost: true, Path: "/x"}}}, 0, "", ""},
		// Grammars are not lenient readers.
		{"http://user:pass@good.example@evil.example/", []Reader{SpecReader(uri.RFC2396)}, 0, "", ""},
		// Bytes that no parser takes for a delimiter.
		{"http://b\u00fccher.example/", []Reader{WHATWGReader(), NetURLReader()}, 0, "", ""},
		{"http://B\u00dcCHER.example/", []Reader{WHATWGReader(), NetURLReader()}, 0, "", ""},
		{"http://b%C3%BCcher.example/a b", []Reader{WHATWGReader(), NetURLReader()}, 0, "", ""},
		{"http://example.com/a b", []Reader{WHATWGReader(), NetURLReader()}, 0, "", ""},
		{"https://matrix.to/#/#room", []Reader{WHATWGReader(), NetURLReader()}, 0, "", ""},
		{"http://example.com/%s", []Reader{NetURLReader()}, 0, "", ""},
	} {
		t.Run(c.in, func(t *testing.T) {
			err := uri.Validate(uri.RFC3986, c.in)
			var e *uri.Error
			if !errors.As(err, &e) {
				t.Fatalf("%q: rfc3986 gives %v", c.in, err)
			}
			hz := Lenient(e, c.readers...)
			if len(hz) != c.want {
				t.Errorf("%q: %d hazards, want %d: %v", c.in, len(hz), c.want, hz)
				return
			}
			if c.want == 0 {
				return
			}
			h := hz[0]
			if h.Code != LenientReading || h.Section == "" {
				t.Errorf("%q: %v", c.in, h)
			}
			if got := c.in[h.Offset : h.Offset+h.Length]; got != c.span {
				t.Errorf("%q: span %q, want %q", c.in, got, c.span)
			}
			if !strings.Contains(h.Message, c.message) {
				t.Errorf("%q: message %q lacks %q", c.in, h.Message, c.message)
			}
		})
	}
}

// TestLenientNamesTheParser: under the whatwg spec, whose name the WHATWG URL parser's
// reader shares, a lenient reading names the parser as such, not as the spec that has
// just rejected the string; under another spec the reader keeps its name.
func TestLenientNamesTheParser(t *testing.T) {
	for _, c := range []struct {
		spec       uri.Spec
		in         string
		want, lack string
	}{
		{uri.WHATWG, "http://0x7f.1/", "but the WHATWG URL parser accepts it", "but whatwg accepts"},
		{uri.RFC3986, `http://0x7f.1\@good.example/`, "but whatwg accepts it", "WHATWG URL parser"},
	} {
		t.Run(c.spec.String()+" "+c.in, func(t *testing.T) {
			var e *uri.Error
			if !errors.As(uri.Validate(c.spec, c.in), &e) {
				t.Fatalf("%v accepts %q", c.spec, c.in)
			}
			var msgs []string
			for _, h := range Lenient(e, WHATWGReader()) {
				msgs = append(msgs, h.Message)
			}
			all := strings.Join(msgs, "\n")
			if !strings.Contains(all, c.want) || strings.Contains(all, c.lack) {
				t.Errorf("%v %q: messages %q: want %q, not %q", c.spec, c.in, all, c.want, c.lack)
			}
		})
	}
}

// TestLenientDeployed: strings that a spec rejects and that the deployed parsers read
// anyway (the WHATWG parser, net/url) get the hazards of what they read: each string
// here raises at least the codes listed, under rfc3986 with its scheme grammars (the
// default) or under whatwg.
func TestLenientDeployed(t *testing.T) {
	readers := []Reader{NetURLReader(), WHATWGReader()}
	for _, c := range []struct {
		spec uri.Spec
		in   string
		want []Code
	}{
		{uri.RFC3986, "http://127\u30020\u30020\u30021/", []Code{LenientReading, InternalHost}},
		{uri.RFC3986, "http://\u2460\u2461\u2466.\u24ea.\u24ea.\u2460/", []Code{LenientReading, InternalHost}},
		{uri.RFC3986, "http://loca\u217chost/", []Code{LenientReading, InternalHost}},
		{uri.RFC3986, "http://\u24d6\u24de\u24de\u24d6\u24db\u24d4.com/", []Code{LenientReading}},
		{uri.RFC3986, "http://1.1.1.1 &@2.2.2.2# @3.3.3.3/", []Code{LenientReading}},
		{uri.RFC3986, "http://foo@127.0.0.1 @google.com/", []Code{LenientReading}},
		{uri.RFC3986, "https://www.victim.com\u2044some\u2044path\u2044\u0294some=param\uff03hash@attacker.com", []Code{LenientReading}},
		{uri.RFC3986, "http:0xd8.0x3a.0xd6.0xce", []Code{LenientReading}},
		{uri.RFC3986, "http:///attacker.com", []Code{LenientReading}},
		{uri.RFC3986, "https:///www.whitelisteddomain.tld@www.google.com/%2e%2e", []Code{LenientReading}},
		{uri.RFC3986, "http:/evil.example/", []Code{LenientReading}},
		{uri.RFC3986, "data:text/html,<script>alert(1)</script>", []Code{ActiveData}},
		{uri.RFC3986, "http://a.com\uff0fX.b.com", []Code{LookalikeDelimiter}},
		{uri.RFC3986, "https://evil.c\u2100.example.com", []Code{LookalikeDelimiter}},
		{uri.RFC3986, "tftp://127.0.0.1:69/a b", []Code{SmugglingScheme, InternalHost}},
		{uri.RFC3986, "http://127.0.0.1:25/%0D%0AHELO orange.tw%0D%0AMAIL FROM\u2026", []Code{InternalHost, BadPort, EncodedControl}},
		{uri.WHATWG, "http://0x7f.1/", []Code{LenientReading, InternalHost}},
		{uri.WHATWG, "http://127.0.0.1./", []Code{InternalHost}},
		{uri.WHATWG, "http://%31%32%37.0.0.1/", []Code{InternalHost}},
	} {
		t.Run(c.spec.String()+" "+c.in, func(t *testing.T) {
			p, _ := uri.NewParser(c.spec)
			_, err := p.Parse(c.in)
			var e *uri.Error
			if !errors.As(err, &e) {
				t.Errorf("%v %q: %v; want a rejection", c.spec, c.in, err)
				return
			}
			hz := Lenient(e, readers...)
			for _, code := range c.want {
				if !slices.ContainsFunc(hz, func(h Hazard) bool { return h.Code == code }) {
					t.Errorf("%v %q: no %s in %v", c.spec, c.in, code, hz)
				}
			}
		})
	}
}
