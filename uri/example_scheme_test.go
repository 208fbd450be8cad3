package uri_test

import (
	"errors"
	"fmt"

	"github.com/urispec/urispec/uri"
	"github.com/urispec/urispec/uri/scheme"
)

// A reference whose scheme has a grammar of its own gives the parts that grammar names;
// a type switch reads them.
func ExampleReference_SchemeParts() {
	r, err := uri.Parse(uri.RFC3986, "mailto:a@example.org,b@example.org?subject=caf%C3%A9")
	if err != nil {
		panic(err)
	}
	parts, err := r.SchemeParts()
	if err != nil {
		panic(err)
	}
	switch p := parts.(type) {
	case scheme.Mailto:
		fmt.Println(p.Rule, p.Document, p.To, p.Headers)
	case scheme.HTTP:
		fmt.Println(p.Host, p.EffectivePort)
	}
	// Output:
	// mailtoURI RFC 6068 [a@example.org b@example.org] [{subject café}]
}

// Under rfc3986 an http URI must match RFC 9110's grammar and its rules: an empty host
// is invalid, and the error says which rule refused it. GenericOnly checks RFC 3986's
// grammar alone.
func ExampleParser_SchemeGrammars() {
	err := uri.Validate(uri.RFC3986, "http:///x")
	var e *uri.Error
	if errors.As(err, &e) {
		fmt.Println(e.Scheme, e.Section, e.Reason, e.Offset)
	}
	p, _ := uri.NewParser(uri.RFC3986, uri.GenericOnly())
	fmt.Println(p.Validate("http:///x"))
	// Output:
	// http RFC 9110 section 4.2.1 empty host 7
	// <nil>
}
