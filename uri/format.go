package uri

// The five URI formats of JSON Schema (draft 2020-12 validation vocabulary, sections
// 7.3.5 and 7.3.6, and the earlier drafts) and of the OpenAPI Specification, as
// functions of package uri. They are here, and not in a package of their own, because
// package uri is the one public package: a validator imports nothing more, and the
// functions reuse pooled Parsers, which is what lets them allocate nothing for a valid
// input.
//
// Each format is its RFC's generic syntax alone, as JSON Schema defines it: the scheme
// grammars that Validate applies under RFC 3986 and RFC 3987 by default (http-URI of RFC
// 9110, mailtoURI of RFC 6068, ...) are not part of it, so "http:x" is a "uri".

// CheckURI reports whether s is an RFC 3986 URI (section 3: a scheme, then the
// hier-part, query and fragment; the JSON Schema format "uri"): nil, or an *Error whose
// Spec is RFC3986. A relative reference is rejected at the first byte where no URI can
// go on: "//example.com" at byte 0, in scheme.
func CheckURI(s string) error { return checkWithScheme(RFC3986, s) }

// CheckURIReference reports whether s is an RFC 3986 URI-reference (section 4.1: a URI
// or a relative reference; the JSON Schema format "uri-reference"): nil, or an *Error
// whose Spec is RFC3986. It is Validate(RFC3986, s) under GenericOnly.
func CheckURIReference(s string) error { return validatePlain(RFC3986, s) }

// CheckIRI reports whether s is an RFC 3987 IRI (section 2.2, rule IRI; the JSON Schema
// format "iri"): nil, or an *Error whose Spec is RFC3987.
func CheckIRI(s string) error { return checkWithScheme(RFC3987, s) }

// CheckIRIReference reports whether s is an RFC 3987 IRI-reference (section 2.2; the
// JSON Schema format "iri-reference"): nil, or an *Error whose Spec is RFC3987. It is
// Validate(RFC3987, s) under GenericOnly.
func CheckIRIReference(s string) error { return validatePlain(RFC3987, s) }

// FormatChecker returns the function that checks the JSON Schema format name: "uri",
// "uri-reference", "iri", "iri-reference" or "uri-template". It reports false for any
// other name.
func FormatChecker(name string) (func(string) error, bool) {
	switch name {
	case "uri":
		return CheckURI, true
	case "uri-reference":
		return CheckURIReference, true
	case "iri":
		return CheckIRI, true
	case "iri-reference":
		return CheckIRIReference, true
	case "uri-template":
		return CheckURITemplate, true
	}
	return nil, false
}

// FormatNames lists the names FormatChecker knows, in the order JSON Schema's
// validation vocabulary lists them.
func FormatNames() []string {
	return []string{"uri", "uri-reference", "iri", "iri-reference", "uri-template"}
}

// checkWithScheme checks that s is a URI (RFC 3986) or IRI (RFC 3987): a reference that
// begins with a scheme and ":". Both grammars' URI-reference (IRI-reference) is
// "URI / relative-ref", and no relative reference begins with scheme ":" (its first
// segment has no ":"), so s is a URI exactly when it begins so and is a valid reference.
// Testing the scheme first makes the offset of an error the URI rule's own: the first
// byte with which no URI begins.
func checkWithScheme(spec Spec, s string) error {
	if i, ok := schemePrefix(s); !ok {
		e := &Error{Spec: spec, Input: s, Offset: i, Rule: "scheme"}
		// What a URI allows at i: a scheme begins with ALPHA; after that, more scheme
		// characters or the ":" that ends it.
		if i == 0 {
			e.expected = []string{"ALPHA"}
		} else {
			e.expected = []string{"ALPHA", "DIGIT", `"+"`, `"-"`, `"."`, `":"`}
		}
		return e
	}
	return validatePlain(spec, s)
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
