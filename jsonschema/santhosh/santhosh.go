// Package santhosh makes github.com/santhosh-tekuri/jsonschema/v6 check the URI formats of
// JSON Schema with urispec's grammars.
//
// The library checks "uri", "iri", "uri-reference", "iri-reference" and "uri-template" with
// net/url, which accepts characters RFC 3986 excludes (a space, `"`, `<>`, `{}`, `|`, `\`, a
// non-ASCII letter in a URI) and reads a URI Template only for balanced braces. Register
// replaces those five checks with the functions of package uri (uri.FormatChecker).
package santhosh

import (
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/urispec/urispec/uri"
)

// Register makes c check the formats "uri", "uri-reference", "iri", "iri-reference" and
// "uri-template" with urispec: RFC 3986 URI and URI-reference, RFC 3987 IRI and
// IRI-reference, RFC 6570 URI-Template. A value that is not a string passes, as JSON Schema
// says of every string format; an invalid string fails with a *jsonschema.ValidationError
// whose *kind.Format holds, as its Err, the *uri.Error that says at which byte and in which
// rule (its message is part of the library's).
//
// Whether "format" asserts stays the compiler's setting: draft-07 and earlier assert it,
// drafts 2019-09 and 2020-12 treat it as an annotation unless c.AssertFormat() is called.
// Register leaves that choice alone because AssertFormat turns on every format, not only
// these five.
//
// The formats are the generic syntax alone, as JSON Schema defines them; with
// uri.WithSchemeGrammars() among opts, a reference whose scheme has a grammar (http, urn,
// mailto, ...) must match it too (uri.FormatChecker).
func Register(c *jsonschema.Compiler, opts ...uri.FormatOption) {
	for _, name := range uri.FormatNames() {
		check, _ := uri.FormatChecker(name, opts...)
		c.RegisterFormat(&jsonschema.Format{Name: name, Validate: func(v any) error {
			s, ok := v.(string)
			if !ok {
				return nil
			}
			return check(s)
		}})
	}
}
