package uri_test

// FuzzStrictRFC1738 fuzzes what FuzzValidate (rfc1738; uri/fuzz_test.go, the RFC's url
// against the GenericOnly parser) does not: rfc1738's strict top and the scheme
// validators. For any input: no panic; errors are *uri.Error with an offset within the
// input; strict validity implies generic validity; for inputs up to rfc1738FuzzMax bytes,
// the strict verdict equals its definition composed from grammar/rfc1738.abnf (the
// scheme's own rule, or genericurl), and genericurl and url agree with the ABNF
// genericurl (uri/oracle_rfc1738_test.go); a valid URL
// recomposes into itself, has no fragment, and its scheme validator fails exactly when
// the strict parser rejects a URL that the generic syntax accepts.
//
//	go test ./uri -run '^$' -fuzz '^FuzzStrictRFC1738$' -fuzztime 60s

import (
	"errors"
	"testing"

	"github.com/urispec/urispec/gen/rfc1738"
	"github.com/urispec/urispec/uri"
	schemes1738 "github.com/urispec/urispec/uri/rfc1738"
)

// rfc1738FuzzMax bounds the inputs compared with the ABNF while fuzzing: go-abnf's
// recognizer is slow on long inputs (see uri/fuzz_test.go).
const rfc1738FuzzMax = 256

func FuzzStrictRFC1738(f *testing.F) {
	handOffGrammars(f)
	g := loadRFC1738ABNF(f)
	for _, s := range []string{
		"http://a/b?c", "ftp://u:p@1.2.3.4:21/a;type=i", "file:///x", "news:*", "news:a@b.c", "nntp://h/g/1",
		"telnet://h/", "gopher://h/1a%09b%09c", "wais://h/d/t/p", "wais://h/d?s", "prospero://h//p;a=b",
		"mailto:a@b", "x://a", "x:", "http:x", "http://a/~b", "HTTP://a", "http://a/b#c",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		strict, err := uri.NewParser(uri.RFC1738)
		if err != nil {
			t.Fatal(err)
		}
		generic, err := uri.NewParser(uri.RFC1738, uri.GenericOnly())
		if err != nil {
			t.Fatal(err)
		}
		serr, gerr := strict.Validate(s), generic.Validate(s)
		for _, err := range []error{serr, gerr} {
			var e *uri.Error
			if err != nil && (!errors.As(err, &e) || e.Offset < 0 || e.Offset > len(s)) {
				t.Fatalf("%q: bad error %v", s, err)
			}
		}
		if serr == nil && gerr != nil {
			t.Fatalf("%q: strict valid, generic invalid: %v", s, gerr)
		}
		if len(s) <= rfc1738FuzzMax {
			c := &rfc1738Checker{g: g, p: &rfc1738.Parser{}, strict: strict}
			if bad := c.checkTops(s); len(bad) > 0 {
				t.Fatal(bad)
			}
		}
		if gerr != nil {
			return
		}
		r, err := generic.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		if r.String() != s || r.Has(uri.Fragment) {
			t.Fatalf("%q: recomposed as %q, fragment %v", s, r.String(), r.Has(uri.Fragment))
		}
		su, err := schemes1738.Read(r)
		if errors.Is(err, schemes1738.ErrNoScheme) {
			err = nil // no scheme rule: strict checks the generic syntax alone, as generic did
		}
		if (err != nil) != (serr != nil) || (su != nil && err != nil) {
			t.Fatalf("%q: rfc1738.Read %v, %v; strict %v", s, su, err, serr)
		}
		if serr == nil {
			if r, err = strict.Parse(s); err != nil || r.String() != s {
				t.Fatalf("%q: strict Parse %v, %v", s, r, err)
			}
		}
	})
}
