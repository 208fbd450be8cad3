package uri_test

import (
	"testing"

	"github.com/urispec/urispec/uri"
)

// TestAllocations pins what a reused Parser allocates: nothing for a valid input (to
// validate, or to parse: the Reference is a value; an IRI's URI mapping aside, below), and for an invalid one the *Error
// alone (its Expected is found when asked). The generated parsers reuse their rune buffer and
// token list and report a failed Run without an error value (internal/pegwrap), and
// uri.Parser reuses its token slice.
func TestAllocations(t *testing.T) {
	for _, spec := range uri.Specs() {
		t.Run(spec.String(), func(t *testing.T) {
			s := allocInput(t, spec)
			p, err := uri.NewParser(spec)
			if err != nil {
				t.Fatal(err)
			}
			if err := p.Validate(s); err != nil {
				t.Fatalf("%v: %v", spec, err)
			}
			// An IRI with characters outside ASCII whose scheme's grammar runs is checked by
			// the URI it maps to (RFC 3987 3.1), and the mapping allocates; an http IRI such
			// as rfc3987's input is decided from the generic parse (httpShortcut) and
			// allocates nothing.
			want := 0.0
			if n := testing.AllocsPerRun(100, func() { p.Validate(s) }); n != want {
				t.Errorf("%v: Validate allocates %v times per input, want %v", spec, n, want)
			}
			if n := testing.AllocsPerRun(100, func() { p.Parse(s) }); n != want {
				t.Errorf("%v: Parse allocates %v times per input, want %v", spec, n, want)
			}
			// Invalid in the middle (a viability run follows the failed one) and at the end.
			for _, bad := range []string{s[:7] + "\x01" + s[7:], s + "\x01"} {
				if p.Validate(bad) == nil {
					t.Fatalf("%v: %q is valid", spec, bad)
				}
				if n := testing.AllocsPerRun(100, func() { p.Validate(bad) }); n != 1 {
					t.Errorf("%v: Validate(%q) allocates %v times, want 1 (the Error)", spec, bad, n)
				}
				if n := testing.AllocsPerRun(100, func() { p.Parse(bad) }); n != 1 {
					t.Errorf("%v: Parse(%q) allocates %v times, want 1 (the Error)", spec, bad, n)
				}
			}
		})
	}
}

// allocInputs are the inputs of TestAllocations, the richest first: each spec is
// measured on the first one it accepts, so a spec needs no input of its own. An IRI
// (rfc3987), a zone identifier (rfc6874), an IPv6 host, userinfo, then the older specs'
// forms. A domain under whatwg goes through UTS #46 (golang.org/x/net/idna), which
// allocates: the IPv4 host comes before the first input with a domain and no userinfo
// (the valid URL string has none), so that whatwg is measured on it.
var allocInputs = []string{
	"http://user@résumé.example.org:80/hypertext/WWW/Dürst.html?q#f",
	"http://user@[fe80::1%25en0]:80/hypertext/WWW/TheProject.html?q#f",
	"http://user@[::1]:80/hypertext/WWW/TheProject.html?q#f",
	"http://user@[1080::8:800:200C:417A]:80/hypertext/WWW/TheProject.html?q#f",
	"http://user:pw@www.cern.ch:80/hypertext/WWW/TheProject.html?q#f",
	"http://user@www.cern.ch:80/hypertext/WWW/TheProject.html?q#f",
	"http://192.0.2.16:80/hypertext/WWW/TheProject.html?q#f",
	"http://www.cern.ch:80/hypertext/WWW/TheProject.html;type=a?q#f",
	"http://www.cern.ch/hypertext/WWW/TheProject.html?q",
	"http://www.cern.ch/hypertext/WWW/TheProject.html",
}

// allocInput returns the first of allocInputs that spec accepts.
func allocInput(t *testing.T, spec uri.Spec) string {
	t.Helper()
	for _, s := range allocInputs {
		if uri.Validate(spec, s) == nil {
			t.Logf("%v: %s", spec, s)
			return s
		}
	}
	t.Fatalf("%v accepts none of allocInputs: add an input it accepts", spec)
	return ""
}

// TestShortcutRejectionAllocations pins that a rejection by a scheme grammar's shortcut
// (uri/schemes.go) allocates its *Error alone, as a rejection by the generic grammar does.
func TestShortcutRejectionAllocations(t *testing.T) {
	for _, spec := range []uri.Spec{uri.RFC3986, uri.RFC3987} {
		t.Run(spec.String(), func(t *testing.T) {
			p, err := uri.NewParser(spec)
			if err != nil {
				t.Fatal(err)
			}
			s := "file:///srv/app/node_modules/rxjs/CHANGELOG.md?t=1764201600001"
			if p.Validate(s) == nil {
				t.Fatalf("%v: %q is valid", spec, s)
			}
			if n := testing.AllocsPerRun(100, func() { p.Validate(s) }); n != 1 {
				t.Errorf("%v: Validate(%q) allocates %v times, want 1 (the Error)", spec, s, n)
			}
		})
	}
}
