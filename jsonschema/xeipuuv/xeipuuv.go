// Package xeipuuv makes github.com/xeipuuv/gojsonschema check the URI formats of JSON Schema
// with urispec's grammars.
//
// The library checks "uri", "iri", "uri-reference" and "iri-reference" with net/url, which
// accepts characters RFC 3986 excludes (a space, `"`, `<>`, `{}`, `|`, `\`, a non-ASCII letter
// in a URI), and "uri-template" with net/url and a regular expression for balanced braces.
// Register replaces those five checks with the functions of package uri (uri.FormatChecker).
package xeipuuv

import (
	"github.com/urispec/urispec/uri"
	"github.com/xeipuuv/gojsonschema"
)

// Register makes chain check the formats "uri", "uri-reference", "iri", "iri-reference" and
// "uri-template" with urispec: RFC 3986 URI and URI-reference, RFC 3987 IRI and
// IRI-reference, RFC 6570 URI-Template. A value that is not a string passes, as JSON Schema
// says of every string format.
//
// The library reads its formats from one package-wide chain, so the call is
// Register(&gojsonschema.FormatCheckers), once, before validating; it then holds for every
// schema of the program. The library asserts "format" in every draft it knows, and its
// checkers answer true or false, so its error names the format but not the byte at fault.
//
// The formats are the generic syntax alone, as JSON Schema defines them; with
// uri.WithSchemeGrammars() among opts, a reference whose scheme has a grammar (http, urn,
// mailto, ...) must match it too (uri.FormatChecker).
func Register(chain *gojsonschema.FormatCheckerChain, opts ...uri.FormatOption) {
	for _, name := range uri.FormatNames() {
		check, _ := uri.FormatChecker(name, opts...)
		chain.Add(name, checker(check))
	}
}

// checker is a check of package uri as a gojsonschema.FormatChecker.
type checker func(string) error

// IsFormat reports whether v, if a string, passes the check.
func (c checker) IsFormat(v any) bool {
	s, ok := v.(string)
	return !ok || c(s) == nil
}
