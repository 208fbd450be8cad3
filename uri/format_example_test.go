package uri_test

import (
	"errors"
	"fmt"

	"github.com/urispec/urispec/uri"
)

func ExampleCheckURI() {
	for _, s := range []string{"https://example.org/a?b#c", "//example.org/a", "https://example.org/foobar®.txt"} {
		fmt.Printf("%q: %v\n", s, uri.CheckURI(s))
	}
	// Output:
	// "https://example.org/a?b#c": <nil>
	// "//example.org/a": rfc3986: invalid character '/' at byte 0 in scheme
	// "https://example.org/foobar®.txt": rfc3986: invalid non-ASCII character U+00AE '®' at byte 26 in path-abempty
}

func ExampleCheckURIReference() {
	err := uri.CheckURIReference("/a\"b")
	var e *uri.Error
	if errors.As(err, &e) {
		fmt.Println(e)
		fmt.Println("expected:", e.Expected())
	}
	fmt.Println(uri.CheckURIReference("../a/b?c"))
	// Output:
	// rfc3986: invalid character '"' at byte 2 in path-absolute
	// expected: [pchar "#" "/" "?" end of input]
	// <nil>
}

func ExampleCheckIRI() {
	fmt.Println(uri.CheckIRI("https://example.org/foobar®.txt"))
	fmt.Println(uri.CheckIRI("http://[V1.fe]"))
	fmt.Println(uri.CheckIRI("résumé.html"))
	// Output:
	// <nil>
	// <nil>
	// rfc3987: invalid non-ASCII character U+00E9 'é' at byte 1 in scheme
}

func ExampleCheckIRIReference() {
	fmt.Println(uri.CheckIRIReference("résumé.html#ß"))
	fmt.Println(uri.CheckIRIReference("a b"))
	// Output:
	// <nil>
	// rfc3987: invalid character ' ' at byte 1 in scheme
}

func ExampleCheckURITemplate() {
	fmt.Println(uri.CheckURITemplate("https://example.org/search{?q,lang}{#section}"))
	err := uri.CheckURITemplate("/users/{user id}")
	var e *uri.TemplateError
	if errors.As(err, &e) {
		fmt.Println(e)
		fmt.Println("expected:", e.Expected())
	}
	// Output:
	// <nil>
	// rfc6570: invalid character ' ' at byte 12 in varname
	// expected: [varchar "*" "," "." ":" "}"]
}

func ExampleFormatChecker() {
	// The functions under the names of JSON Schema's "format" keyword, to register with
	// a validator.
	for _, name := range uri.FormatNames() {
		check, _ := uri.FormatChecker(name)
		fmt.Printf("%s: %v\n", name, check("http://example.com/{path}") == nil)
	}
	// Output:
	// uri: false
	// uri-reference: false
	// iri: false
	// iri-reference: false
	// uri-template: true
}
