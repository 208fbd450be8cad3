// Package kaptinlin makes github.com/kaptinlin/jsonschema check the URI formats of JSON
// Schema with urispec's grammars.
//
// The library checks "uri", "iri", "uri-reference", "iri-reference" and "uri-template" with
// net/url, which accepts characters RFC 3986 excludes (a space, `"`, `<>`, `{}`, `|`, `\`, a
// non-ASCII letter in a URI) and reads a URI Template only for balanced braces. Register
// replaces those five checks with the functions of package uri (uri.FormatChecker).
package kaptinlin

import (
	"github.com/kaptinlin/jsonschema"
	"github.com/urispec/urispec/uri"
)

// Register makes c check the formats "uri", "uri-reference", "iri", "iri-reference" and
// "uri-template" with urispec: RFC 3986 URI and URI-reference, RFC 3987 IRI and
// IRI-reference, RFC 6570 URI-Template. The formats are registered for the type "string", so
// a value of another type passes, as JSON Schema says of every string format. The library's
// format validators answer true or false, so its error names the format but not the byte at
// fault; the functions of package uri say that.
//
// Whether "format" asserts stays the compiler's setting (c.SetAssertFormat(true)): without it
// the library treats "format" as an annotation and no format fails. Register leaves that
// choice alone because it turns on every format, not only these five.
//
// The formats are the generic syntax alone, as JSON Schema defines them; with
// uri.WithSchemeGrammars() among opts, a reference whose scheme has a grammar (http, urn,
// mailto, ...) must match it too (uri.FormatChecker).
func Register(c *jsonschema.Compiler, opts ...uri.FormatOption) {
	for _, name := range uri.FormatNames() {
		check, _ := uri.FormatChecker(name, opts...)
		c.RegisterFormat(name, func(v any) bool {
			s, ok := v.(string)
			return !ok || check(s) == nil
		}, "string")
	}
}
