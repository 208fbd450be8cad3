package uri_test

import (
	"errors"
	"testing"

	"github.com/urispec/urispec/uri"
)

// TestRFC2732Addresses checks the seven literal addresses RFC 2732 section 2 prints,
// each as the host of "//[address]": six are IPv6addresses of RFC 2373 Appendix B (host
// kind IPv6address, host written with its brackets); "::192.9.5.5" is not, a flaw of
// that grammar (hexpart "::" [ hexseq ] must be followed by ":" IPv4address), which the
// parser reproduces with an error at the "." after "192".
func TestRFC2732Addresses(t *testing.T) {
	for _, tc := range []struct {
		addr  string
		valid bool
	}{
		{"FEDC:BA98:7654:3210:FEDC:BA98:7654:3210", true},
		{"1080:0:0:0:8:800:200C:4171", true},
		{"3ffe:2a00:100:7031::1", true},
		{"1080::8:800:200C:417A", true},
		{"::192.9.5.5", false},
		{"::FFFF:129.144.52.38", true},
		{"2010:836B:4179::836B:4179", true},
	} {
		t.Run(tc.addr, func(t *testing.T) {
			in := "//[" + tc.addr + "]"
			r, err := uri.Parse(uri.RFC2732, in)
			if !tc.valid {
				var e *uri.Error
				if !errors.As(err, &e) {
					t.Errorf("Parse(rfc2732, %q) = %v, want a *uri.Error", in, err)
					return
				}
				if e.Offset != 8 {
					t.Errorf("Parse(rfc2732, %q): error at byte %d, want 8 (the \".\" after \"192\"): %v", in, e.Offset, e)
				}
				return
			}
			if err != nil {
				t.Errorf("Parse(rfc2732, %q): %v", in, err)
				return
			}
			if h, ok := r.Get(uri.Host); !ok || h != "["+tc.addr+"]" || r.HostKind() != uri.IPv6 {
				t.Errorf("Parse(rfc2732, %q): host %q (defined %v), kind %v; want %q, IPv6address", in, h, ok, r.HostKind(), "["+tc.addr+"]")
			}
		})
	}
}

// TestRFC2732Brackets pins where RFC 2732 3 (3)'s "[" and "]" in reserved reach (uric:
// query, fragment, opaque_part after its first character) and where they do not (the
// explicit lists of pchar, rel_segment, uric_no_slash, reg_name), under rfc2732 and,
// for contrast, rfc2396.
func TestRFC2732Brackets(t *testing.T) {
	for _, tc := range []struct {
		in               string
		rfc2732, rfc2396 bool
	}{
		{"?a", false, false}, // RFC 2396's "?y" flaw, unchanged
		{"p?a[1]=x", true, false},
		{"p#[f]", true, false},
		{"mailto:a[b]", true, false},
		{"a:[b", false, false},
		{"http://h/[x]", false, false},
		{"[x]", false, false},
		{"//[::1]/", true, false},
		{"//u@[::1]:80/p?q#f", true, false},
		{"//[::1]x/", false, false},
		{"//[::1%25eth0]/", false, false},
		{"//999.1.1.1/", true, true},
		{"//1234.1.1.1/", true, true}, // a reg_name under both
	} {
		t.Run(tc.in, func(t *testing.T) {
			for _, c := range []struct {
				spec uri.Spec
				want bool
			}{{uri.RFC2732, tc.rfc2732}, {uri.RFC2396, tc.rfc2396}} {
				if err := uri.Validate(c.spec, tc.in); (err == nil) != c.want {
					t.Errorf("Validate(%v, %q) = %v, want valid %v", c.spec, tc.in, err, c.want)
				}
			}
		})
	}
	// RFC 2732 3 (2): a part of more than three digits is no IPv4address, so the
	// authority is a reg_name (no host); under RFC 2396 it is an IPv4address.
	for spec, want := range map[uri.Spec]uri.HostKind{uri.RFC2732: uri.NoHost, uri.RFC2396: uri.IPv4} {
		t.Run(spec.String(), func(t *testing.T) {
			r, err := uri.Parse(spec, "//1234.1.1.1/")
			if err != nil {
				t.Errorf("Parse(%v, %q): %v", spec, "//1234.1.1.1/", err)
			} else if r.HostKind() != want {
				t.Errorf("Parse(%v, %q): host kind %v, want %v", spec, "//1234.1.1.1/", r.HostKind(), want)
			}
		})
	}
}

// TestRFC2732Resolve: RFC 2732 changes the syntax only, so references resolve by RFC
// 2396's section 5.2 (its Appendix C table runs under rfc2732 in resolve_test.go); here
// against a base whose host is an IPv6reference, whose brackets the steps carry over as
// part of the authority.
func TestRFC2732Resolve(t *testing.T) {
	const base = "http://[::FFFF:129.144.52.38]:80/b/c/d;p?q"
	for _, tc := range []struct{ ref, want string }{
		{"../g", "http://[::FFFF:129.144.52.38]:80/b/g"},
		{"//[1080::8:800:200C:417A]/foo", "http://[1080::8:800:200C:417A]/foo"},
		{"g?a[1]=x#[f]", "http://[::FFFF:129.144.52.38]:80/b/c/g?a[1]=x#[f]"},
	} {
		t.Run(tc.ref, func(t *testing.T) {
			res, err := uri.Resolve(uri.RFC2732, base, tc.ref)
			if err != nil || res.Target != tc.want {
				t.Errorf("Resolve(rfc2732, %q, %q) = %q, %v; want %q", base, tc.ref, res.Target, err, tc.want)
			}
		})
	}
	// The same base is invalid under plain RFC 2396.
	if _, err := uri.Resolve(uri.RFC2396, base, "g"); err == nil {
		t.Errorf("Resolve(rfc2396, %q, g): no error, want the base rejected", base)
	}
}
