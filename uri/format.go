package uri

import "sync"

// The five URI formats of JSON Schema (draft 2020-12 validation vocabulary, sections
// 7.3.5 and 7.3.6, and the earlier drafts) and of the OpenAPI Specification, as
// functions of package uri. They are here, and not in a package of their own, because
// package uri is the one public package: a validator imports nothing more, and the
// functions reuse pooled Parsers, which is what lets them allocate nothing for a valid
// input.
//
// Each format is its RFC's generic syntax alone, as JSON Schema defines it and the
// JSON-Schema-Test-Suite expects: the scheme grammars that Validate applies under RFC
// 3986 and RFC 3987 by default (http-URI of RFC 9110, mailtoURI of RFC 6068, ...) are not
// part of it, so "http:x" is a "uri". WithSchemeGrammars adds them.

// CheckURI reports whether s is an RFC 3986 URI (section 3: a scheme, then the
// hier-part, query and fragment; the JSON Schema format "uri"): nil, or an *Error whose
// Spec is RFC3986. A relative reference is rejected at the first byte where no URI can
// go on: "//example.com" at byte 0, in scheme.
//
// It checks the generic syntax alone, as JSON Schema's format does, and so accepts
// "http:///x", "urn:a:b", "mailto:@@@" and "geo:94,0", which Validate(RFC3986, s) and
// urispec check reject by the grammars of their schemes. FormatChecker("uri",
// WithSchemeGrammars()) checks those grammars too.
func CheckURI(s string) error { return checkWithScheme(&plainPools, RFC3986, s) }

// CheckURIReference reports whether s is an RFC 3986 URI-reference (section 4.1: a URI
// or a relative reference; the JSON Schema format "uri-reference"): nil, or an *Error
// whose Spec is RFC3986. It is Validate(RFC3986, s) under GenericOnly.
//
// It checks the generic syntax alone, as JSON Schema's format does, and so accepts
// "http:///x", "urn:a:b", "mailto:@@@" and "geo:94,0", which Validate(RFC3986, s) and
// urispec check reject by the grammars of their schemes. FormatChecker("uri-reference",
// WithSchemeGrammars()) checks those grammars too.
func CheckURIReference(s string) error { return validatePlain(RFC3986, s) }

// CheckIRI reports whether s is an RFC 3987 IRI (section 2.2, rule IRI; the JSON Schema
// format "iri"): nil, or an *Error whose Spec is RFC3987.
//
// It checks the generic syntax alone, as JSON Schema's format does, and so accepts
// "http:///x", "urn:a:b", "mailto:@@@" and "geo:94,0", which Validate(RFC3987, s) and
// urispec check -spec rfc3987 reject by the grammars of their schemes.
// FormatChecker("iri", WithSchemeGrammars()) checks those grammars too.
func CheckIRI(s string) error { return checkWithScheme(&plainPools, RFC3987, s) }

// CheckIRIReference reports whether s is an RFC 3987 IRI-reference (section 2.2; the
// JSON Schema format "iri-reference"): nil, or an *Error whose Spec is RFC3987. It is
// Validate(RFC3987, s) under GenericOnly.
//
// It checks the generic syntax alone, as JSON Schema's format does, and so accepts
// "http:///x", "urn:a:b", "mailto:@@@" and "geo:94,0", which Validate(RFC3987, s) and
// urispec check -spec rfc3987 reject by the grammars of their schemes.
// FormatChecker("iri-reference", WithSchemeGrammars()) checks those grammars too.
func CheckIRIReference(s string) error { return validatePlain(RFC3987, s) }

// The formats with the scheme grammars (WithSchemeGrammars): Validate's pools.
func checkURISchemes(s string) error          { return checkWithScheme(&pools, RFC3986, s) }
func checkURIReferenceSchemes(s string) error { return Validate(RFC3986, s) }
func checkIRISchemes(s string) error          { return checkWithScheme(&pools, RFC3987, s) }
func checkIRIReferenceSchemes(s string) error { return Validate(RFC3987, s) }

// FormatOption changes what the functions FormatChecker returns check.
type FormatOption func(*formatOptions)

type formatOptions struct{ schemes bool }

// WithSchemeGrammars makes the URI and IRI formats check a reference whose scheme has a
// grammar (SchemeGrammars: http, https, urn, mailto, geo, ...) against that grammar and
// the rules its RFC adds in prose, as Validate does under RFC 3986 and RFC 3987 by
// default and urispec check does: "http:///x" (RFC 9110 4.2.1: an empty host),
// "urn:a:b" (RFC 8141 2: no ":" in a NID), "mailto:@@@" and "geo:94,0" (RFC 5870 3.4.2:
// a latitude beyond 90) are then rejected. This is stricter than JSON Schema's formats,
// which the JSON-Schema-Test-Suite holds to the generic syntax. "uri-template" ignores
// the option. With it a function allocates nothing for a valid input either, but for an
// IRI with non-ASCII characters whose scheme's RFC allows IRIs (http, https, file,
// mailto) and whose scheme's grammar runs: it reads the URI the IRI maps to (RFC 3987
// 3.1), one string. An http or https IRI, and most file IRIs, are decided from the generic
// parse without it.
func WithSchemeGrammars() FormatOption { return func(o *formatOptions) { o.schemes = true } }

// FormatChecker returns the function that checks the JSON Schema format name: "uri",
// "uri-reference", "iri", "iri-reference" or "uri-template". It reports false for any
// other name. Without options the functions are CheckURI, CheckURIReference, CheckIRI,
// CheckIRIReference and CheckURITemplate: the generic syntax alone, as JSON Schema
// defines the formats, which allocate nothing for a valid input; WithSchemeGrammars
// adds the scheme grammars.
func FormatChecker(name string, opts ...FormatOption) (func(string) error, bool) {
	var o formatOptions
	for _, opt := range opts {
		opt(&o)
	}
	switch name {
	case "uri":
		return pick(o.schemes, CheckURI, checkURISchemes), true
	case "uri-reference":
		return pick(o.schemes, CheckURIReference, checkURIReferenceSchemes), true
	case "iri":
		return pick(o.schemes, CheckIRI, checkIRISchemes), true
	case "iri-reference":
		return pick(o.schemes, CheckIRIReference, checkIRIReferenceSchemes), true
	case "uri-template":
		return CheckURITemplate, true
	}
	return nil, false
}

// pick is generic when schemes is false, else withSchemes.
func pick(schemes bool, generic, withSchemes func(string) error) func(string) error {
	if schemes {
		return withSchemes
	}
	return generic
}

// FormatNames lists the names FormatChecker knows, in the order JSON Schema's
// validation vocabulary lists them.
func FormatNames() []string {
	return []string{"uri", "uri-reference", "iri", "iri-reference", "uri-template"}
}

// checkWithScheme checks that s is a URI (RFC 3986) or IRI (RFC 3987), with the Parsers
// of pool: a reference that begins with a scheme and ":". Both grammars' URI-reference (IRI-reference) is
// "URI / relative-ref", and no relative reference begins with scheme ":" (its first
// segment has no ":"), so s is a URI exactly when it begins so and is a valid reference.
// Testing the scheme first makes the offset of an error the URI rule's own: the first
// byte with which no URI begins.
func checkWithScheme(pool *[numSpecs]sync.Pool, spec Spec, s string) error {
	if i, ok := schemePrefix(s); !ok {
		e := &Error{Spec: spec, Input: s, Offset: i, Rule: "scheme"}
		// What a URI allows at i: a scheme begins with ALPHA; after that, more scheme
		// characters or the ":" that ends it.
		if i == 0 {
			return e.withExpected("ALPHA")
		}
		return e.withExpected("ALPHA", "DIGIT", `"+"`, `"-"`, `"."`, `":"`)
	}
	return validateFrom(pool, spec, s)
}

// schemePrefix reports whether s begins with scheme ":" (RFC 3986 3.1: scheme = ALPHA
// *( ALPHA / DIGIT / "+" / "-" / "." )), and otherwise the offset of the first byte that
// cannot continue such a beginning.
func schemePrefix(s string) (int, bool) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return i, true
		default:
			return i, false
		}
	}
	return len(s), false
}
