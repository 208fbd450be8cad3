// Package uri validates, parses, resolves and normalizes URI references exactly as each
// historical specification's collected BNF and algorithms define them.
//
// # Spec versions
//
// Each version is a Spec constant, from URL1993 (the IETF URL working group's
// Internet-Draft of 1993) to WHATWG (the URL Standard's valid URL string), in date
// order; its comment names its document. A Spec is named on the command line and in JSON
// by its ID (Spec.String: "url-1993", "rfc3986", "whatwg"). Specs lists them, ParseSpec
// reads an ID, Spec.Title, Spec.Date and Spec.Document give its document, and
// Spec.Lineage what it updates and obsoletes.
//
// For the URIs of today use RFC3986 (STD 66), RFC3987 where text may hold non-ASCII
// characters (IRIs), and RFC6874 only where IPv6 zone identifiers must be accepted;
// WHATWG is what browsers write to. The older versions check history: what a string
// meant under a text that a protocol or parser followed.
//
// # Strictness
//
// Each spec's grammar (grammar/<spec>.peg) is compiled by github.com/pointlander/peg into
// a validating parser (gen/<spec>), from whose syntax tree this package reads
// components. A string is valid under a spec when the spec's BNF derives it from its top
// rule, no more and no less, with each spec's known flaws kept.
//
// Validate and Parse are safe for concurrent use; a Parser (NewParser, with the
// ParserOptions GenericOnly, GrammarOnly and Base) is the same for one goroutine. Parse
// returns a Reference, a value that holds the input and the span of each Component
// (Components), and the HostKind of its host. An *Error gives the byte offset and the rule where the input
// stops being valid, and on demand what the grammar would have accepted there.
//
// # Beyond validation
//
// Resolve resolves a reference against a base with the algorithm of the spec's own
// document, into a Result or a *ResultError (ResolveOption: NonStrict, Unvalidated);
// Normalize and Equal normalize and compare references up to a rung (Level, ParseLevel)
// of RFC 3986's comparison ladder; IRIToURI maps an IRI to a URI (RFC 3987 3.1).
// CheckURI, CheckURIReference, CheckIRI, CheckIRIReference and CheckURITemplate are the
// URI formats of JSON Schema and OpenAPI (FormatChecker, FormatNames; the FormatOption
// WithSchemeGrammars).
//
// Under rfc3986 and rfc3987 a reference whose scheme has a grammar of its own RFC
// (SchemeGrammars: http, https, urn, mailto, file, data, tel, geo) must match it too;
// Reference.SchemeParts returns its parts (package uri/scheme's types), and
// CheckFileNonstandard reads RFC 8089's Appendix F.
//
// Packages beside this one hold one subject each: uri/scheme the scheme grammars' typed
// parts, uri/rfc1738 RFC 1738's ten scheme validators, uri/template RFC 6570 URI
// Templates, uri/hazard the hazards of a reference and how other parsers read it
// (differentials, lenient readings, a guard against SSRF), uri/specdiff the exact
// difference of two specs' grammars.
package uri
