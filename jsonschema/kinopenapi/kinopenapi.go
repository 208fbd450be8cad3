// Package kinopenapi makes github.com/getkin/kin-openapi (package openapi3) check the URI
// formats of the OpenAPI Specification with urispec's grammars.
//
// OpenAPI takes its string formats from JSON Schema, but kin-openapi defines only "byte",
// "date" and "date-time" of them: a schema {type: string, format: uri} accepts every string.
// This package supplies "uri", "uri-reference", "iri", "iri-reference" and "uri-template" from
// the functions of package uri (uri.FormatChecker), either for chosen validations
// (Validators) or for the whole program (Register).
package kinopenapi

import (
	"github.com/getkin/kin-openapi/openapi3"
	"github.com/urispec/urispec/uri"
)

// Validators returns the five formats "uri", "uri-reference", "iri", "iri-reference" and
// "uri-template" as kin-openapi format validators (RFC 3986 URI and URI-reference, RFC 3987
// IRI and IRI-reference, RFC 6570 URI-Template), keyed by format name, for
// openapi3.WithStringFormatValidators: they then apply to the validations given that option,
// under both the OpenAPI 3.0 validator and the JSON Schema 2020-12 one
// (openapi3.EnableJSONSchema2020), and leave the package-wide formats alone. An invalid string
// fails with an error that says what the *uri.Error says (at which byte, in which rule); the
// 3.0 validator's error wraps the *uri.Error itself.
//
// The formats are the generic syntax alone, as JSON Schema defines them; with
// uri.WithSchemeGrammars() among opts, a reference whose scheme has a grammar (http, urn,
// mailto, ...) must match it too (uri.FormatChecker).
func Validators(opts ...uri.FormatOption) map[string]openapi3.StringFormatValidator {
	m := make(map[string]openapi3.StringFormatValidator)
	for _, name := range uri.FormatNames() {
		check, _ := uri.FormatChecker(name, opts...)
		m[name] = openapi3.NewCallbackValidator(check)
	}
	return m
}

// Register defines the five formats package-wide with openapi3.DefineStringFormatValidator,
// so that every later validation checks them, openapi3filter's request and response
// validation included. Call it once, before validating: kin-openapi's table of formats is a
// plain map that is not safe to change while validations run. opts are as for Validators.
func Register(opts ...uri.FormatOption) {
	for name, v := range Validators(opts...) {
		openapi3.DefineStringFormatValidator(name, v)
	}
}
