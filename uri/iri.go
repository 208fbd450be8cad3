package uri

// IRIToURI maps an IRI reference to a URI reference as RFC 3987 section 3.1 says: each
// character of ucschar or iprivate is converted to its UTF-8 octets (step 2.1), and each
// octet is written %HH (step 2.2, upper-case hex digits as the section's examples have
// them). iri must be valid under RFC3987's grammar (the scheme grammars that Parse layers
// on it do not apply: the mapping is defined on the generic syntax), else its *Error is
// returned: in a valid IRI
// those are the only non-ASCII characters, so every other character is kept, "%" of an
// existing escape included ("red%09ros&#xE9;" gives "red%09ros%C3%A9", not "%2509").
// The result is valid under RFC3986.
func IRIToURI(iri string) (string, error) {
	if err := validatePlain(RFC3987, iri); err != nil {
		return "", err
	}
	if isASCII(iri) {
		return iri, nil
	}
	return percentEncodeNonASCII(iri), nil
}
