package uri

// IRIToURI maps an IRI reference, valid under RFC3987's generic syntax (else its *Error
// is returned), to a URI reference as RFC 3987 section 3.1 says: each ucschar or
// iprivate becomes its UTF-8 octets written %HH; every other character is kept.
func IRIToURI(iri string) (string, error) {
	if err := validatePlain(RFC3987, iri); err != nil {
		return "", err
	}
	if isASCII(iri) {
		return iri, nil
	}
	return percentEncodeNonASCII(iri), nil
}
