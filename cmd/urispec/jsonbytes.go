package main

import (
	"encoding/base64"
	"unicode/utf8"

	"github.com/urispec/urispec/uri"
)

// exactBytes returns the standard base64 of s when s is not valid UTF-8, else "". JSON
// strings cannot hold invalid UTF-8 (encoding/json writes U+FFFD for each bad byte), so
// every -json output that carries an input string also carries its exact bytes this way,
// under the same key with "_base64" appended (omitted when the string is valid UTF-8).
func exactBytes(s string) string {
	if utf8.ValidString(s) {
		return ""
	}
	return base64.StdEncoding.EncodeToString([]byte(s))
}

// errorJSON is the "error" object of a grammar error.
func errorJSON(e *uri.Error) *jsonError {
	exp := e.Expected() // computed once for both fields: it costs parses
	return &jsonError{Offset: e.Offset, Rule: e.Rule, Message: e.Message(exp), Expected: exp}
}
