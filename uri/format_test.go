package uri_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/urispec/urispec/uri"
)

// formatCases are strings of JSON-Schema-Test-Suite's format tests and of the RFCs, with
// whether each format accepts them.
var formatCases = []struct {
	s                        string
	uri, uriRef, iri, iriRef bool
}{
	{"http://foo.bar/?baz=qux#quux", true, true, true, true},
	{"http://[V1.fe]", true, true, true, true},
	{"urn:isbn:0-330-34032-8", true, true, true, true},
	{"//foo.bar/?baz=qux#quux", false, true, false, true},
	{"/abc", false, true, false, true},
	{"", false, true, false, true},
	{"#fragment", false, true, false, true},
	{"foo/bar:baz", false, true, false, true},
	{"http://example.org/foobar®.txt", false, false, true, true},
	{"http://ƒøø.ßår/?∂éœ=πîx#πîüx", false, false, true, true},
	{"http:// shouldfail.com", false, false, false, false},
	{":// should fail", false, false, false, false},
	{"http:/[::1]", false, false, false, false},
	{"/a\"b", false, false, false, false},
	{"//a@b@example.com/", false, false, false, false},
	{"\\\\WINDOWS\\fileshare", false, false, false, false},
	{"abc", false, true, false, true},
	{"1a:b", false, false, false, false},
}

func TestFormats(t *testing.T) {
	for _, c := range formatCases {
		t.Run(c.s, func(t *testing.T) {
			for _, f := range []struct {
				name string
				want bool
			}{{"uri", c.uri}, {"uri-reference", c.uriRef}, {"iri", c.iri}, {"iri-reference", c.iriRef}} {
				check, ok := uri.FormatChecker(f.name)
				if !ok {
					t.Fatalf("FormatChecker(%q): not found", f.name)
				}
				err := check(c.s)
				if (err == nil) != f.want {
					t.Errorf("%s(%q) = %v, want valid %v", f.name, c.s, err, f.want)
				}
				var e *uri.Error
				if err != nil && !errors.As(err, &e) {
					t.Errorf("%s(%q): %T is no *uri.Error", f.name, c.s, err)
				}
			}
		})
	}
	if _, ok := uri.FormatChecker("email"); ok {
		t.Error(`FormatChecker("email") found a checker`)
	}
	for _, name := range uri.FormatNames() {
		t.Run(name, func(t *testing.T) {
			if _, ok := uri.FormatChecker(name); !ok {
				t.Errorf("FormatChecker(%q): not found", name)
			}
		})
	}
}

// TestCheckURISchemeError pins the error for a reference that is no URI: the first byte
// with which no URI begins, in scheme, and what a URI allows there.
func TestCheckURISchemeError(t *testing.T) {
	for _, c := range []struct {
		s        string
		offset   int
		expected []string
	}{
		{"//example.com", 0, []string{"ALPHA"}},
		{"", 0, []string{"ALPHA"}},
		{"foo/bar:baz", 3, []string{"ALPHA", "DIGIT", `"+"`, `"-"`, `"."`, `":"`}},
		{"abc", 3, []string{"ALPHA", "DIGIT", `"+"`, `"-"`, `"."`, `":"`}},
	} {
		t.Run(c.s, func(t *testing.T) {
			for _, check := range []func(string) error{uri.CheckURI, uri.CheckIRI} {
				var e *uri.Error
				if !errors.As(check(c.s), &e) {
					t.Fatalf("%q: no *uri.Error", c.s)
				}
				if e.Offset != c.offset || e.Rule != "scheme" || !slices.Equal(e.Expected(), c.expected) {
					t.Errorf("%q: offset %d rule %q expected %q, want %d scheme %q", c.s, e.Offset, e.Rule, e.Expected(), c.offset, c.expected)
				}
			}
		})
	}
	// Past the scheme, the error is the grammar's: the space, in the authority's host.
	var e *uri.Error
	if !errors.As(uri.CheckURI("http:// shouldfail.com"), &e) || e.Offset != 7 || e.Spec != uri.RFC3986 {
		t.Errorf("CheckURI(%q): %v, want an rfc3986 error at byte 7", "http:// shouldfail.com", e)
	}
}

// TestFormatsWithSchemeGrammars: the scheme grammars' own examples of strictness are
// accepted by each URI and IRI format as JSON Schema defines it, and rejected with
// WithSchemeGrammars, by the scheme's grammar or RFC (Error.Scheme); what both accept is
// accepted either way, and uri-template ignores the option.
func TestFormatsWithSchemeGrammars(t *testing.T) {
	schemeOf := map[string]string{"http:///x": "http", "urn:a:b": "urn", "mailto:@@@": "mailto", "geo:94,0": "geo"}
	for _, name := range []string{"uri", "uri-reference", "iri", "iri-reference"} {
		t.Run(name, func(t *testing.T) {
			generic, _ := uri.FormatChecker(name)
			strict, _ := uri.FormatChecker(name, uri.WithSchemeGrammars())
			for s, scheme := range schemeOf {
				if err := generic(s); err != nil {
					t.Errorf("%s(%q) = %v, want valid", name, s, err)
				}
				var e *uri.Error
				if err := strict(s); !errors.As(err, &e) || e.Scheme != scheme {
					t.Errorf("%s(%q) with WithSchemeGrammars = %v, want an *uri.Error of scheme %s", name, s, err, scheme)
				}
			}
			for _, c := range formatCases {
				if (generic(c.s) == nil) != (strict(c.s) == nil) {
					t.Errorf("%s(%q): generic %v, with scheme grammars %v", name, c.s, generic(c.s), strict(c.s))
				}
			}
		})
	}
	tmpl, _ := uri.FormatChecker("uri-template", uri.WithSchemeGrammars())
	if err := tmpl("http:///{x}"); err != nil {
		t.Errorf("uri-template with WithSchemeGrammars: %v", err)
	}
}

// formatValid is one valid input per format, for the allocation test and benchmark.
var formatValid = map[string]string{
	"uri":           "http://user@[::1]:80/hypertext/WWW/TheProject.html?q#f",
	"uri-reference": "//user@[::1]:80/hypertext/WWW/TheProject.html?q#f",
	"iri":           "http://user@résumé.example.org:80/hypertext/WWW/Dürst.html?q#f",
	"iri-reference": "//user@résumé.example.org:80/hypertext/WWW/Dürst.html?q#f",
	"uri-template":  "http://example.com/search{?q,lang}{&page*}/{+path:10}{#frag}",
}

// TestFormatAllocations pins that a format function allocates nothing for a valid input
// (the pooled Parsers of Validate are reused).
func TestFormatAllocations(t *testing.T) {
	for _, name := range uri.FormatNames() {
		t.Run(name, func(t *testing.T) {
			check, _ := uri.FormatChecker(name)
			s := formatValid[name]
			if err := check(s); err != nil {
				t.Errorf("%s(%q): %v", name, s, err)
				return
			}
			if n := testing.AllocsPerRun(100, func() { check(s) }); n != 0 {
				t.Errorf("%s(%q) allocates %v times, want 0", name, s, n)
			}
			strict, _ := uri.FormatChecker(name, uri.WithSchemeGrammars())
			if err := strict(s); err != nil {
				t.Errorf("%s(%q) with WithSchemeGrammars: %v", name, s, err)
				return
			}
			// formatValid's iri is an http IRI, decided from the generic parse without its URI
			// mapping (WithSchemeGrammars says so).
			if n := testing.AllocsPerRun(100, func() { strict(s) }); n != 0 {
				t.Errorf("%s(%q) with WithSchemeGrammars allocates %v times, want 0", name, s, n)
			}
		})
	}
}

func BenchmarkFormats(b *testing.B) {
	for _, name := range uri.FormatNames() {
		check, _ := uri.FormatChecker(name)
		s := formatValid[name]
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(s)))
			for b.Loop() {
				if check(s) != nil {
					b.Fatal(s)
				}
			}
		})
	}
}
