// Package uri validates and parses URI references exactly as each historical
// specification's collected BNF defines them: the 1993 URL draft, RFC 1738,
// draft-fielding-url-syntax-05, RFC 2396, draft-fielding-uri-rfc2396bis-01 and RFC 3986.
//
// Each spec's grammar (grammar/<spec>.peg in the repository) is compiled by
// github.com/pointlander/peg into a validating parser (gen/<spec>); this package reads
// components from that parser's syntax tree, never from a separate regular expression.
// A string is valid under a spec when the spec's BNF derives it from its top rule, no
// more and no less: not what browsers accept, and with each spec's known flaws kept.
//
// Validate and Parse are safe for concurrent use. A Parser (NewParser) is the same
// without the pool, for one goroutine checking many strings. Errors are *Error values
// that give the byte offset of the first character that cannot be part of a valid
// reference, the rule being parsed there and what the grammar would have accepted.
package uri
