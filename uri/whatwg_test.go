package uri_test

import (
	"errors"
	"testing"

	"github.com/urispec/urispec/uri"
)

// TestWHATWGParsingTable is the table of url.bs section 4 ("URLs"), which gives, for
// each input and base, whether the input is a valid URL string.
func TestWHATWGParsingTable(t *testing.T) {
	for _, tc := range []struct {
		in, base string
		valid    bool
	}{
		{"https:example.org", "", false},
		{"https://////example.com///", "", false},
		{"https://example.com/././foo", "", true},
		{"hello:world", "https://example.com/", true},
		{"https:example.org", "https://example.com/", false},
		{`\example\..\demo/.\`, "https://example.com/", false},
		{"example", "https://example.com/demo", true},
		{"file:///C|/demo", "", false},
		{"..", "file:///C:/demo", true},
		{"file://localhost/", "", true},
		{"file://loc%61lhost/", "", false},
		{"https://user:password@example.org/", "", false},
		{"https://example.org/foo bar", "", false},
		{"https://EXAMPLE.com/../x", "", true},
		{"https://ex ample.org/", "", false},
		{"example", "", false}, // "❌, due to lack of base"
		{"https://example.com:demo", "", false},
		{"http://[www.example.com]/", "", false},
		{"https://example.org//", "", true},
		{"https://example.com/[]?[]#[]", "", false},
		{"https://example/%?%#%", "", false},
		{"https://example/%25?%25#%25", "", true},
	} {
		t.Run(tc.in+" base "+tc.base, func(t *testing.T) {
			err := validateWHATWG(urlTest{Input: tc.in, Base: &tc.base})
			if (err == nil) != tc.valid {
				t.Errorf("%q (base %q): valid %v, want %v (%v)", tc.in, tc.base, err == nil, tc.valid, err)
			}
		})
	}
}

// TestWHATWGErrorNames checks the validation-error name of the examples that url.bs
// gives in its table of validation errors (section 1.1), and of the strings the
// command's documentation uses.
func TestWHATWGErrorNames(t *testing.T) {
	for _, tc := range []struct{ in, base, name string }{
		// url.bs's examples, under the name whose row they illustrate. Where the URL
		// parser reports another validation error first, that one is the name (the row
		// says which comes first).
		{"https://exa%23mple.org", "", "domain-percent-encoded"}, // domain-to-ASCII's example, after the decoding that domain-percent-encoded reports
		{"https://exam%70le.org", "", "domain-percent-encoded"},
		{"foo://exa[mple.org", "", "host-invalid-code-point"},
		{"https://127.0.0.1./", "", "domain-to-ASCII"}, // IPv4-empty-part's example: the strict pass of the domain parser reports domain-to-ASCII first (UTS #46 VerifyDnsLength refuses the empty root label)
		{"https://example.com./", "", "domain-to-ASCII"},
		{"https://1.2.3/", "", "IPv4-too-few-parts"},
		{"https://1.2.3.4.5/", "", "IPv4-too-many-parts"},
		{"https://test.42", "", "IPv4-too-few-parts"}, // IPv4-non-numeric-part's example, on which too-few-parts comes first
		{"https://127.0.0x0.1", "", "IPv4-non-decimal-part"},
		{"https://255.255.4000.1", "", "IPv4-out-of-range-part"},
		{"https://[::1", "", "IPv6-unclosed"},
		{"https://[:1]", "", "IPv6-invalid-compression"},
		{"https://[1:2:3:4:5:6:7:8:9]", "", "IPv6-too-many-pieces"},
		{"https://[1::1::1]", "", "IPv6-multiple-compression"},
		{"https://[1:2:3!:4]", "", "IPv6-invalid-code-point"},
		{"https://[1:2:3:]", "", "IPv6-invalid-code-point"},
		{"https://[1:2:3]", "", "IPv6-too-few-pieces"},
		{"https://[::01]", "", "IPv6-piece-leading-zero"},
		{"https://[1:1:1:1:1:1:1:127.0.0.1]", "", "IPv4-in-IPv6-too-many-pieces"},
		{"https://[ffff::.0.0.1]", "", "IPv4-in-IPv6-invalid-code-point"},
		{"https://[ffff::127.0.xyz.1]", "", "IPv4-in-IPv6-invalid-code-point"},
		{"https://[ffff::127.0xyz]", "", "IPv4-in-IPv6-invalid-code-point"},
		{"https://[ffff::127.00.0.1]", "", "IPv4-in-IPv6-invalid-code-point"},
		{"https://[ffff::127.0.0.1.2]", "", "IPv4-in-IPv6-invalid-code-point"},
		{"https://[ffff::127.0.0.4000]", "", "IPv4-in-IPv6-out-of-range-part"},
		{"https://[ffff::127.0.0]", "", "IPv4-in-IPv6-too-few-parts"},
		{"https://example.org/>", "", "invalid-URL-unit"},
		{" https://example.org ", "", "invalid-URL-unit"},
		{"https://example.org/%s", "", "invalid-URL-unit"},
		{"file:c:/my-secret-folder", "", "special-scheme-missing-following-solidus"},
		{"https:example.org", "", "special-scheme-missing-following-solidus"},
		{`https://example.org\path\to\file`, "", "invalid-reverse-solidus"},
		{"https://user@example.org", "", "invalid-credentials"},
		{"ssh://user@example.org", "", "invalid-credentials"},
		{"https://#fragment", "", "host-missing"},
		{"https://:443", "", "host-missing"},
		{"https://user:pass@", "", "invalid-credentials"}, // host-missing's example, after the credentials
		{"https://example.org:70000", "", "port-out-of-range"},
		{"https://example.org:7z", "", "port-invalid"},
		// No base: a relative string is not a valid URL string.
		{"example", "", "missing-scheme-non-relative-URL"},
		// A base with an opaque path takes "#" and a fragment only.
		{"x", "mailto:a@example", "missing-scheme-non-relative-URL"},
		{"https://example.com/a b", "", "invalid-URL-unit"},
		{"http://0x7f.0.0.1/", "", "IPv4-non-decimal-part"},
		{"http://a_b.example/", "", "domain-to-ASCII"},
		{"http://xn--a.example/", "", "domain-to-ASCII"},
		{"http://a..example/", "", "domain-to-ASCII"},
	} {
		t.Run(tc.in+" "+tc.base, func(t *testing.T) {
			err := validateWHATWG(urlTest{Input: tc.in, Base: &tc.base})
			var e *uri.Error
			if !errors.As(err, &e) || e.Validation != tc.name {
				t.Errorf("%q (base %q): %v, want the validation error %s", tc.in, tc.base, err, tc.name)
			}
		})
	}
}

// TestWHATWGValid checks strings that are valid against a base, and the kinds of host.
func TestWHATWGValid(t *testing.T) {
	for _, tc := range []struct {
		in, base string
		host     uri.HostKind
	}{
		{"../x?y#z", "https://example.com/", uri.NoHost},
		{"//h/x", "https://example.com/", uri.HostName},
		{"//h:65535/x", "https://example.com/", uri.HostName},
		{"#f", "mailto:a@example", uri.NoHost},
		{"//opaque%20host/", "sc://h/", uri.RegName},
	} {
		t.Run(tc.in+" "+tc.base, func(t *testing.T) {
			p, err := uri.NewParser(uri.WHATWG, uri.Base(tc.base))
			if err != nil {
				t.Fatal(err)
			}
			r, err := p.Parse(tc.in)
			if err != nil {
				t.Errorf("%q (base %q): %v", tc.in, tc.base, err)
				return
			}
			if r.HostKind() != tc.host {
				t.Errorf("%q: host kind %v, want %v", tc.in, r.HostKind(), tc.host)
			}
		})
	}
	for in, kind := range map[string]uri.HostKind{
		"http://192.0.2.1/":     uri.IPv4,
		"http://[2001:db8::1]/": uri.IPv6,
		"http://☕.example/":     uri.HostName,
		"sc://opaque%20host/":   uri.RegName,
		"sc://[::1]/":           uri.IPv6,
		"file:///x":             uri.NoHost,
	} {
		t.Run(in, func(t *testing.T) {
			r, err := uri.Parse(uri.WHATWG, in)
			if err != nil {
				t.Errorf("%q: %v", in, err)
				return
			}
			if r.HostKind() != kind {
				t.Errorf("%q: host kind %v, want %v", in, r.HostKind(), kind)
			}
		})
	}
	if _, err := uri.NewParser(uri.WHATWG, uri.Base("/no/scheme")); err == nil {
		t.Error("NewParser accepts a base without a scheme")
	}
}
