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
	var e *uri.Error
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

func ExampleWithSchemeGrammars() {
	// JSON Schema's "uri" is RFC 3986's generic syntax; WithSchemeGrammars adds the
	// grammar of each reference's scheme, as Validate and urispec check apply it.
	generic, _ := uri.FormatChecker("uri")
	strict, _ := uri.FormatChecker("uri", uri.WithSchemeGrammars())
	for _, s := range []string{"http:///x", "urn:a:b", "mailto:@@@", "geo:94,0", "https://example.org/"} {
		fmt.Printf("%-22q generic: %v\n%22s strict:  %v\n", s, generic(s), "", strict(s))
	}
	// Output:
	// "http:///x"            generic: <nil>
	//                        strict:  rfc3986: http: empty host at byte 7 (RFC 9110 section 4.2.1: a recipient MUST reject an "http" URI with an empty host identifier as invalid)
	// "urn:a:b"              generic: <nil>
	//                        strict:  rfc3986: urn: invalid character ':' at byte 5 in NID (RFC 8141 section 2)
	// "mailto:@@@"           generic: <nil>
	//                        strict:  rfc3986: mailto: invalid character '@' at byte 7 in local-part (RFC 6068 section 2)
	// "geo:94,0"             generic: <nil>
	//                        strict:  rfc3986: geo: latitude 94 is outside -90 to 90 at byte 4 (RFC 5870 section 3.4.2: 'geo' URIs with longitude values outside the range of -180 to 180 decimal degrees or with latitude values outside the range of -90 to 90 degrees MUST be considered invalid)
	// "https://example.org/" generic: <nil>
	//                        strict:  <nil>
}
