// Package scheme holds the typed parts that the grammars of today's scheme RFCs name in a
// URI: HTTP (http and https, RFC 9110), URN (RFC 8141), Mailto with its MailtoHeaders
// (RFC 6068), File (RFC 8089), Data with its DataParameters (RFC 2397), Tel (RFC 3966)
// and Geo (RFC 5870), whose other parameters are Parameters. Each embeds the Grammar that
// read it (the scheme's name, document, section and rule), which makes it a Parts.
//
// Package uri checks a reference against the grammar of its scheme (uri.SchemeGrammars
// lists them) under rfc3986 and rfc3987, and returns these values from
// uri.Reference.SchemeParts; ErrNoGrammar is its error for a scheme without a grammar.
// Values are the text of the URI as written unless a type says otherwise. RFC 1738's
// scheme syntax of 1994 is package uri/rfc1738's.
package scheme

import "errors"

// Grammar describes one scheme grammar: what uri.SchemeGrammars lists and what every
// Parts carries.
type Grammar struct {
	// Name is the scheme in lower case ("http").
	Name string `json:"name"`
	// Document is the RFC that defines the scheme's syntax ("RFC 9110"), and Section the
	// section that prints it ("4.2.1").
	Document string `json:"document"`
	Section  string `json:"section"`
	// Rule is the scheme's rule, as the RFC spells it ("http-URI").
	Rule string `json:"rule"`
}

// Scheme returns g itself: every scheme's parts type embeds its Grammar, which makes it
// a Parts.
func (g Grammar) Scheme() Grammar { return g }

// Parts is what a scheme's grammar names in a reference: one of HTTP (http and https),
// URN, Mailto, File, Data, Tel and Geo. Each encodes to JSON as an object with the
// fields of Grammar and its own (the "scheme" object of urispec check -json).
type Parts interface {
	Scheme() Grammar
}

// ErrNoGrammar is the error of uri.Reference.SchemeParts for a reference that has no
// scheme, or whose scheme has no grammar (uri.SchemeGrammars lists those that have one).
// Test for it with errors.Is.
var ErrNoGrammar = errors.New("uri: no grammar for this scheme")
