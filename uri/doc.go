// Package uri validates, parses, resolves and normalizes URI references exactly as each
// historical specification's collected BNF and algorithms define them.
//
// # Spec versions
//
// Each version is a Spec, named on the command line and in JSON by its ID, in date order:
//
//	url-1993       the IETF URL working group Internet-Draft of 1993 (BNF section)
//	rfc1630        RFC 1630, Universal Resource Identifiers in WWW, June 1994 (its
//	               generic and scheme BNFs)
//	rfc1738        RFC 1738, Uniform Resource Locators, December 1994, with its ten schemes
//	rfc1808        RFC 1808, Relative Uniform Resource Locators, June 1995
//	url-syntax-05  draft-fielding-url-syntax-05, May 1997 (became RFC 2396)
//	rfc2396        RFC 2396, URI Generic Syntax, August 1998
//	rfc2732        RFC 2396 as amended by RFC 2732 (IPv6 literals), December 1999
//	rfc2396bis-01  draft-fielding-uri-rfc2396bis-01, March 2003 (became RFC 3986)
//	rfc3986        RFC 3986, URI Generic Syntax, January 2005 (STD 66)
//	rfc3987        RFC 3987, Internationalized Resource Identifiers, January 2005
//	rfc6874        RFC 3986 as updated by RFC 6874 (IPv6 zone IDs), February 2013
//	whatwg         the WHATWG URL Standard's valid URL string, snapshot of July 2026
//
// Specs lists them; Spec.Lineage says what each document updates and obsoletes.
//
// Which to choose: for the URIs of today use RFC3986, the current standard (STD 66); use
// RFC3987 where text may hold non-ASCII characters (IRIs), and RFC6874 only where IPv6
// zone identifiers must be accepted (RFC 9844 has since removed them again). The older
// versions are there to check history: what a string meant when a protocol, a parser or
// a stored document followed that text, and where two versions, or another parser and a
// version, read the same string differently. WHATWG is what browsers write to: a valid
// URL string, which the URL parser reads without a validation error. A relative string is
// valid only against a base (the ParserOption Base); an error names the standard's
// validation error (Error.Validation).
//
// # Strictness
//
// Each spec's grammar (grammar/<spec>.peg in the repository) is compiled by
// github.com/pointlander/peg into a validating parser (gen/<spec>); this package reads
// components from that parser's syntax tree, never from a separate regular expression.
// A string is valid under a spec when the spec's BNF derives it from its top rule, no
// more and no less: not what browsers accept, and with each spec's known flaws kept.
//
// Validate and Parse are safe for concurrent use. A Parser (NewParser) is the same
// without the pool, for one goroutine checking many strings. Parse returns a Reference,
// a value that holds the input and each component's span in it. Errors are *Error
// values that give the byte offset of the first character that cannot be part of a
// valid reference and the rule being parsed there; what the grammar would have accepted
// there is found when asked for (Error.Expected).
//
// # Beyond validation
//
// Resolve resolves a reference against a base with the algorithm of the spec's own
// document (ResolveOption: NonStrict, Unvalidated); Normalize and Equal normalize and
// compare references up to a rung (Level) of RFC 3986's comparison ladder; IRIToURI maps
// an IRI to a URI (RFC 3987 3.1). CheckURI, CheckURIReference, CheckIRI,
// CheckIRIReference and CheckURITemplate are the URI formats of JSON Schema and OpenAPI
// (FormatChecker, FormatNames, WithSchemeGrammars).
//
// Under rfc3986 and rfc3987 a reference whose scheme has a grammar of its own RFC
// (SchemeGrammars: http, https, urn, mailto, file, data, tel, geo) must match it too;
// Reference.SchemeParts returns the parts that grammar names, as the types of package
// uri/scheme, and CheckFileNonstandard reads RFC 8089's Appendix F.
//
// Packages beside this one hold one subject each: uri/scheme the scheme grammars' typed
// parts, uri/rfc1738 RFC 1738's ten scheme validators of 1994 (for a Reference of any
// spec), uri/template RFC 6570 URI Templates, uri/hazard the hazards of a reference and
// the readings of other parsers (differentials, lenient readings, a guard against SSRF),
// and uri/specdiff the exact difference of two specs' grammars.
package uri
