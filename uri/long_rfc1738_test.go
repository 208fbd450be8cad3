package uri_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/urispec/urispec/uri"
)

// TestLongInputsRFC1738: long inputs in each RFC 1738 rule run in linear time, strict and
// generic-only, valid or not (the generated parsers backtrack without memoisation).
func TestLongInputsRFC1738(t *testing.T) {
	const mb = 1 << 20
	// No time limit (timed assertions do not belong in tests): quadratic work on 1 MB
	// would take hours, and the test binary's timeout stops it. Durations are logged.
	cases := []struct{ name, input string }{
		{"hostname labels", "http://" + strings.Repeat("a.", mb/2) + "b/"},
		{"hostname hyphens", "http://a" + strings.Repeat("-", mb) + "b/"},
		{"hostnumber-like", "ftp://" + strings.Repeat("1.", mb/2) + "1/"},
		{"user without @", "ftp://" + strings.Repeat("a;", mb/2)},
		{"user and password", "telnet://" + strings.Repeat("a", mb/2) + ":" + strings.Repeat("b", mb/2) + "@h/"},
		{"http path", "http://h/" + strings.Repeat("a/", mb/2) + "?" + strings.Repeat("b", mb/2)},
		{"ftp path", "ftp://h/" + strings.Repeat("%41/", mb/4) + ";type=a"},
		{"gopher selector", "gopher://h/1" + strings.Repeat("a%09", mb/4)},
		{"news article", "news:" + strings.Repeat("a.", mb/2) + "@h"},
		{"news group", "news:a" + strings.Repeat(".b", mb/2)},
		{"wais", "wais://h/" + strings.Repeat("d", mb/2) + "/" + strings.Repeat("t", mb/2) + "/p"},
		{"prospero fields", "prospero://h/p" + strings.Repeat(";a=b", mb/4)},
		{"mailto", "mailto:" + strings.Repeat("a@", mb/2)},
		{"generic", "x://" + strings.Repeat("a:", mb/2)},
		{"scheme", strings.Repeat("a", mb) + ":"},
		{"invalid at the end", "http://h/" + strings.Repeat("a", mb) + "~"},
		{"invalid after telnet", "telnet://" + strings.Repeat("h", mb) + "/x"},
	}
	for _, opts := range [][]uri.ParserOption{nil, {uri.GenericOnly()}} {
		p, err := uri.NewParser(uri.RFC1738, opts...)
		if err != nil {
			t.Fatal(err)
		}
		name := "strict "
		if opts != nil {
			name = "generic-only "
		}
		for _, c := range cases {
			t.Run(name+c.name, func(t *testing.T) {
				start := time.Now()
				err := p.Validate(c.input)
				d := time.Since(start)
				t.Logf("%s (generic-only %v): %v (valid %v)", c.name, opts != nil, d.Round(time.Millisecond), err == nil)
				var e *uri.Error
				if err != nil && (!errors.As(err, &e) || e.Offset < 0 || e.Offset > len(c.input)) {
					t.Errorf("%s (generic-only %v): bad error %v", c.name, opts != nil, err)
				}
			})
		}
	}
}
