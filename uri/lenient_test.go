package uri

import (
	"errors"
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
		{"http://user:pass@good.example@evil.example/", []Reader{SpecReader(RFC2396)}, 0, "", ""},
		// Bytes that no parser takes for a delimiter.
		{"http://b\u00fccher.example/", []Reader{fakeReader{"whatwg", evil}}, 0, "", ""},
		{"http://example.com/a b", []Reader{fakeReader{"whatwg", evil}}, 0, "", ""},
		{"http://example.com/%s", []Reader{NetURLReader()}, 0, "", ""},
	} {
		err := Validate(RFC3986, c.in)
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("%q: rfc3986 gives %v", c.in, err)
		}
		hz := e.Lenient(c.readers...)
		if len(hz) != c.want {
			t.Errorf("%q: %d hazards, want %d: %v", c.in, len(hz), c.want, hz)
			continue
		}
		if c.want == 0 {
			continue
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
	}
}
