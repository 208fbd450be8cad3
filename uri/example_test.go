package uri_test

import (
	"errors"
	"fmt"

	"github.com/urispec/urispec/uri"
)

func ExampleParse() {
	r, err := uri.Parse(uri.RFC3986, "foo://example.com:8042/over/there?name=ferret#nose")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range uri.Components() {
		if v, ok := r.Get(c); ok {
			fmt.Printf("%s: %q\n", c, v)
		} else {
			fmt.Printf("%s: undefined\n", c)
		}
	}
	fmt.Println("host kind:", r.HostKind())
	// Output:
	// scheme: "foo"
	// authority: "example.com:8042"
	// userinfo: undefined
	// host: "example.com"
	// port: "8042"
	// path: "/over/there"
	// query: "name=ferret"
	// fragment: "nose"
	// host kind: reg-name
}

func ExampleValidate() {
	err := uri.Validate(uri.RFC3986, "http://[::1]/a b")
	var e *uri.Error
	if errors.As(err, &e) {
		fmt.Println("offset:", e.Offset)
		fmt.Println("rule:", e.Rule)
		fmt.Println(e)
		// What the grammar allowed there is found on demand, once per error.
		fmt.Println("expected:", e.Expected())
	}
	// Output:
	// offset: 14
	// rule: path-abempty
	// rfc3986: invalid character ' ' at byte 14 in path-abempty
	// expected: [pchar "#" "/" "?" end of input]
}

func ExampleNewParser() {
	// A Parser reuses its buffers from one input to the next (one per goroutine).
	p, err := uri.NewParser(uri.RFC3986)
	if err != nil {
		panic(err)
	}
	for _, s := range []string{"https://go.dev/", "//[v1.x]", "a:b:c", ":no-scheme"} {
		fmt.Println(s, p.Validate(s) == nil)
	}
	// Output:
	// https://go.dev/ true
	// //[v1.x] true
	// a:b:c true
	// :no-scheme false
}

func ExampleParser_Parse() {
	// Parse returns the Reference by value: a valid input costs no allocation.
	p, err := uri.NewParser(uri.RFC3986)
	if err != nil {
		panic(err)
	}
	for _, s := range []string{"https://go.dev/doc?x#top", "mailto:a@b", "a b"} {
		r, err := p.Parse(s)
		if err != nil {
			fmt.Println(err, r.IsValid())
			continue
		}
		host, _ := r.Get(uri.Host)
		query, hasQuery := r.Get(uri.Query)
		fmt.Printf("%q %q %q %v\n", s, host, query, hasQuery)
	}
	// Output:
	// "https://go.dev/doc?x#top" "go.dev" "x" true
	// "mailto:a@b" "" "" false
	// rfc3986: invalid character ' ' at byte 1 in scheme false
}

func ExampleReference_Span() {
	r, err := uri.Parse(uri.RFC3986, "https://user@example.com:8443/a/b?q#")
	if err != nil {
		panic(err)
	}
	for _, c := range uri.Components() {
		if start, end, ok := r.Span(c); ok {
			fmt.Printf("%-9s [%2d,%2d) %q\n", c, start, end, r.Input()[start:end])
		} else {
			fmt.Printf("%-9s undefined\n", c)
		}
	}
	// Output:
	// scheme    [ 0, 5) "https"
	// authority [ 8,29) "user@example.com:8443"
	// userinfo  [ 8,12) "user"
	// host      [13,24) "example.com"
	// port      [25,29) "8443"
	// path      [29,33) "/a/b"
	// query     [34,35) "q"
	// fragment  [36,36) ""
}

func ExampleReference_IsValid() {
	// The zero Reference is no parsed reference: every component is undefined.
	var r uri.Reference
	_, hasScheme := r.Get(uri.Scheme)
	fmt.Println(r.IsValid(), hasScheme, r.IsAbsolute(), r.Spec(), r.HostKind() == uri.NoHost, r.String() == "")
	// A failed Parse returns it.
	r, err := uri.Parse(uri.RFC3986, "http://a b")
	fmt.Println(r.IsValid(), err != nil)
	// Output:
	// false false false Spec(0) true true
	// false true
}

func ExampleParseSpec() {
	s, err := uri.ParseSpec("rfc3986")
	if err != nil {
		panic(err)
	}
	fmt.Println(s, "-", s.Document(), "-", s.Date())
	// Output: rfc3986 - RFC 3986, Appendix A - 2005-01
}

func ExampleSpecs() {
	// The specs in date order: those of the web's first decade.
	for _, s := range uri.Specs() {
		if s.Date() < "2000" {
			fmt.Println(s, s.Date())
		}
	}
	// Output:
	// url-1993 1993-07
	// rfc1630 1994-06
	// rfc1738 1994-12
	// rfc1808 1995-06
	// url-syntax-05 1997-05
	// rfc2396 1998-08
	// rfc2732 1999-12
}

func ExampleSpec_Lineage() {
	l := uri.RFC3986.Lineage()
	fmt.Println(l.Document, "-", l.Status)
	fmt.Println("updates:", l.Updates)
	fmt.Println("obsoletes:", l.Obsoletes)
	fmt.Println("updated by:", l.UpdatedBy)
	// Output:
	// RFC 3986 - Standards Track (STD 66)
	// updates: [RFC 1738]
	// obsoletes: [RFC 2732 RFC 2396 RFC 1808]
	// updated by: [RFC 6874]
}

func ExampleError() {
	// The same string under two versions: RFC 2396 allows "{" nowhere, RFC 3986 neither,
	// but they stop at different rules and expect different characters.
	for _, spec := range []uri.Spec{uri.RFC2396, uri.RFC3986} {
		err := uri.Validate(spec, "http://example.com/{id}")
		var e *uri.Error
		if errors.As(err, &e) {
			fmt.Printf("%v: byte %d (%q), rule %s, expected %v\n", e.Spec, e.Offset, e.Input[e.Offset], e.Rule, e.Expected())
		}
	}
	// Output:
	// rfc2396: byte 19 ('{'), rule abs_path, expected [uric "#" end of input]
	// rfc3986: byte 19 ('{'), rule path-abempty, expected [pchar "#" "/" "?" end of input]
}

func ExampleResolve() {
	for _, ref := range []string{"g;x?y#s", "../g", "../../../g"} {
		r, err := uri.Resolve(uri.RFC3986, "http://a/b/c/d;p?q", ref)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(ref, "->", r)
	}
	// Output:
	// g;x?y#s -> http://a/b/c/g;x?y#s
	// ../g -> http://a/b/g
	// ../../../g -> http://a/g
}

// A documented flaw of an old spec: RFC 2396's grammar rejects the reference "?y" that its
// own Appendix C resolves. Resolve reports the grammar's error; Unvalidated applies the
// algorithm anyway and gives the printed answer.
func ExampleResolve_flaw() {
	_, err := uri.Resolve(uri.RFC2396, "http://a/b/c/d;p?q", "?y")
	var e *uri.Error
	if errors.As(err, &e) {
		fmt.Printf("rejected at byte %d in %s\n", e.Offset, e.Rule)
	}
	r, err := uri.Resolve(uri.RFC2396, "http://a/b/c/d;p?q", "?y", uri.Unvalidated())
	fmt.Println(r, err)
	// Output:
	// rejected at byte 0 in scheme
	// http://a/b/c/?y <nil>
}

func ExampleNonStrict() {
	// "http:g" names the base's own scheme: a strict parser takes it as an absolute URI,
	// the backwards-compatible reading of RFC 3986 5.2.2 as a relative one.
	for _, opts := range [][]uri.ResolveOption{nil, {uri.NonStrict()}} {
		r, err := uri.Resolve(uri.RFC3986, "http://a/b/c/d;p?q", "http:g", opts...)
		fmt.Println(r, err)
	}
	// Output:
	// http:g <nil>
	// http://a/b/c/g <nil>
}

func ExampleNormalize() {
	for _, level := range []uri.Level{uri.LevelSimple, uri.LevelSyntax, uri.LevelScheme} {
		n, err := uri.Normalize(uri.RFC3986, "HTTP://www.Example.COM:80/a/./b/../%7euser", level)
		fmt.Println(level, n, err)
	}
	// Output:
	// simple HTTP://www.Example.COM:80/a/./b/../%7euser <nil>
	// syntax http://www.example.com:80/a/~user <nil>
	// scheme http://www.example.com/a/~user <nil>
}

func ExampleEqual() {
	// The pair of RFC 3986 section 6.2.2: equivalent after syntax-based normalization.
	eq, err := uri.Equal(uri.RFC3986, "example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", uri.LevelSyntax)
	fmt.Println(eq, err)
	// Output: true <nil>
}

func ExampleGenericOnly() {
	// RFC 1738's httpurl requires "//"; its generic syntax does not.
	strict, _ := uri.NewParser(uri.RFC1738)
	generic, _ := uri.NewParser(uri.RFC1738, uri.GenericOnly())
	fmt.Println(strict.Validate("http:x") == nil, generic.Validate("http:x") == nil)
	// Output: false true
}

func ExampleReference_HostKind() {
	// RFC 6874 lets an IPv6 literal name its zone after "%25"; RFC 3986 does not.
	for _, spec := range []uri.Spec{uri.RFC3986, uri.RFC6874} {
		r, err := uri.Parse(spec, "http://[fe80::1%25en0]:8080/")
		if err != nil {
			fmt.Println(spec, "invalid")
			continue
		}
		zone, _ := r.Get(uri.Zone)
		fmt.Println(spec, r.HostKind(), r.Value(uri.Host), zone)
	}
	// Output:
	// rfc3986 invalid
	// rfc6874 IPv6addrz [fe80::1%25en0] en0
}

func ExampleIRIToURI() {
	// RFC 3987 section 3.1's example: the IRI's non-ASCII characters become the
	// percent-encoded octets of their UTF-8.
	u, err := uri.IRIToURI("http://www.example.org/red%09rosé#red")
	fmt.Println(u, err)
	// Output: http://www.example.org/red%09ros%C3%A9#red <nil>
}

// Under whatwg a relative string is judged against a base URL, and an error names the URL
// Standard's validation error.
func ExampleBase() {
	p, err := uri.NewParser(uri.WHATWG, uri.Base("https://example.com/"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Validate("../x?y#z"))
	var e *uri.Error
	if errors.As(p.Validate("//example.com:99999/"), &e) {
		fmt.Println(e.Validation, "at byte", e.Offset)
	}
	if errors.As(uri.Validate(uri.WHATWG, "../x"), &e) { // no base
		fmt.Println(e.Validation)
	}
	// Output:
	// <nil>
	// port-out-of-range at byte 14
	// missing-scheme-non-relative-URL
}
