package uri_test

import (
	"errors"
	"testing"

	"github.com/urispec/urispec/uri"
)

// FuzzWHATWGChecks fuzzes whatwg with the checks that follow its grammar, against each
// kind of base: no panic; an error is an *uri.Error whose Offset lies within the input;
// and a string valid with the checks is valid for the grammar alone (the checks only
// take away). FuzzValidate (whatwg) compares the grammar alone with the ABNF oracle.
//
//	go test ./uri -run '^$' -fuzz '^FuzzWHATWGChecks$' -fuzztime 60s
func FuzzWHATWGChecks(f *testing.F) {
	for _, s := range []string{"https://example.com/a b", "../x?y#z", "http://0x7f.1/", "http://[::1]:99999/",
		"http://☕.example/", "sc://h:1/p?q#f", "file:///c:/x", "http://xn--a.example/", "#f"} {
		f.Add(s)
	}
	bases := []string{"", "https://example.com/", "file:///x", "sc://h/p", "mailto:a@example"}
	f.Fuzz(func(t *testing.T, s string) {
		for _, base := range bases {
			var opts []uri.ParserOption
			if base != "" {
				opts = append(opts, uri.Base(base))
			}
			full, err := uri.NewParser(uri.WHATWG, opts...)
			if err != nil {
				t.Fatal(err)
			}
			grammar, err := uri.NewParser(uri.WHATWG, append(opts, uri.GrammarOnly())...)
			if err != nil {
				t.Fatal(err)
			}
			err = full.Validate(s)
			if err == nil {
				if g := grammar.Validate(s); g != nil {
					t.Fatalf("%q (base %q): valid with the checks, and the grammar alone says %v", s, base, g)
				}
				continue
			}
			var e *uri.Error
			if !errors.As(err, &e) {
				t.Fatalf("%q (base %q): error %T %v, want *uri.Error", s, base, err, err)
			}
			if e.Offset < 0 || e.Offset > len(s) {
				t.Fatalf("%q (base %q): offset %d outside the input: %v", s, base, e.Offset, err)
			}
			_ = e.Error()
		}
	})
}
