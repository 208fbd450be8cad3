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

// CheckURI reports whether s is an RFC 3986 URI (section 3; the JSON Schema format
// "uri"): nil, or an *Error whose Spec is RFC3986. Like each Check function, it checks
// the generic syntax alone (FormatChecker).
func CheckURI(s string) error {
	if err := noSchemeError(RFC3986, s); err != nil {
		return err
	}
	return uriFormat.validate(s)
}

// CheckURIReference reports whether s is an RFC 3986 URI-reference (section 4.1: a URI
// or a relative reference; the JSON Schema format "uri-reference"): nil, or an *Error
// whose Spec is RFC3986. It is Validate(RFC3986, s) under GenericOnly.
func CheckURIReference(s string) error { return uriFormat.validate(s) }

// CheckIRI reports whether s is an RFC 3987 IRI (section 2.2, rule IRI; the JSON Schema
// format "iri"): nil, or an *Error whose Spec is RFC3987. It is CheckURI for IRIs.
func CheckIRI(s string) error {
	if err := noSchemeError(RFC3987, s); err != nil {
		return err
	}
	return iriFormat.validate(s)
}

// CheckIRIReference reports whether s is an RFC 3987 IRI-reference (section 2.2; the
// JSON Schema format "iri-reference"): nil, or an *Error whose Spec is RFC3987. It is
// Validate(RFC3987, s) under GenericOnly.
func CheckIRIReference(s string) error { return iriFormat.validate(s) }

// formatGrammar is the grammar of a format's spec, and a pool of its Parsers without the
// scheme grammars (as plainPools' are). The formats reach it by name, not through Spec,
// whose grammar and descriptor reach every spec's parser (specTable): a program that
// checks only formats links the parsers of RFC 3986 and RFC 3987 and no other.
type formatGrammar struct {
	spec    Spec
	binding func() binding
	pool    sync.Pool
}

var (
	uriFormat = formatGrammar{spec: RFC3986, binding: rfc3986Grammar}
	iriFormat = formatGrammar{spec: RFC3987, binding: rfc3987Grammar}
)

// validate is Validate(f.spec, s) under GenericOnly: f's specs have no checks that follow
// the grammar, so it is the grammar's verdict.
func (f *formatGrammar) validate(s string) error {
	p, ok := f.pool.Get().(*Parser)
	if !ok {
		g := specGrammars[f.spec].get(f.spec.String(), f.binding)
		p = &Parser{spec: f.spec, g: g, top: g.top, m: g.newMachine()}
	}
	defer f.pool.Put(p)
	if p.m.Accepts(s, p.top) {
		return nil
	}
	return p.explain(s)
}

// The formats with the scheme grammars (WithSchemeGrammars): Validate's pools.
func checkURISchemes(s string) error {
	if err := noSchemeError(RFC3986, s); err != nil {
		return err
	}
	return Validate(RFC3986, s)
}
func checkURIReferenceSchemes(s string) error { return Validate(RFC3986, s) }
func checkIRISchemes(s string) error {
	if err := noSchemeError(RFC3987, s); err != nil {
		return err
	}
	return Validate(RFC3987, s)
}
func checkIRIReferenceSchemes(s string) error { return Validate(RFC3987, s) }

// FormatOption changes what the functions FormatChecker returns check.
type FormatOption func(*formatOptions)

type formatOptions struct{ schemes bool }

// WithSchemeGrammars makes the URI and IRI formats check the grammar of a reference's
// scheme (SchemeGrammars) as Validate does: stricter than JSON Schema. A valid input
// allocates nothing but the URI mapping of an IRI whose scheme's grammar runs on it
// (docs/templates.md). "uri-template" ignores the option.
func WithSchemeGrammars() FormatOption { return func(o *formatOptions) { o.schemes = true } }

// FormatChecker returns the function that checks the JSON Schema format name: "uri",
// "uri-reference", "iri", "iri-reference" or "uri-template"; false for any other name.
// Without options they are the Check functions: the generic syntax alone, as JSON
// Schema's formats, allocating nothing for a valid input; they accept "http:///x" and
// "geo:94,0", which Validate rejects by their schemes' grammars (WithSchemeGrammars).
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

// noSchemeError is the error of s, a reference under spec (RFC 3986 or RFC 3987), as a
// URI (IRI), or nil when s begins with a scheme and ":". Both grammars' URI-reference
// (IRI-reference) is "URI / relative-ref", and no relative reference begins with scheme
// ":" (its first segment has no ":"), so s is a URI exactly when it begins so and is a
// valid reference. Testing the scheme first makes the offset of an error the URI rule's
// own: the first byte with which no URI begins.
func noSchemeError(spec Spec, s string) error {
	i, ok := schemePrefix(s)
	if ok {
		return nil
	}
	e := &Error{Spec: spec, Input: s, Offset: i, Rule: "scheme"}
	// What a URI allows at i: a scheme begins with ALPHA; after that, more scheme
	// characters or the ":" that ends it.
	if i == 0 {
		return e.withSource(noSchemeAtStart)
	}
	return e.withSource(noSchemeLater)
}

// What a URI allows where a scheme is missing: its first character, or a later one.
var (
	noSchemeAtStart = fixedExpected("ALPHA")
	noSchemeLater   = fixedExpected("ALPHA", "DIGIT", `"+"`, `"-"`, `"."`, `":"`)
)

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
