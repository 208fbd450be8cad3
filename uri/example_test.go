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
	}
	// Output:
	// offset: 14
	// rule: path-abempty
	// rfc3986: invalid character ' ' at byte 14 in path-abempty (expected pchar, "#", "/", "?" or end of input)
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

func ExampleParseSpec() {
	s, err := uri.ParseSpec("rfc3986")
	if err != nil {
		panic(err)
	}
	fmt.Println(s, "-", s.Document(), "-", s.Date())
	// Output: rfc3986 - RFC 3986, Appendix A - 2005-01
}
