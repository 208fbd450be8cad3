package main

import (
	"encoding/base64"
	"errors"
	"strings"
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

// errorJSON is the "error" object of a grammar error, with what the grammar expected
// (in "expected" and at the end of "message").
func errorJSON(e *uri.Error) *jsonError {
	j := placeJSON(e)
	j.Message, j.Expected = errorText(e), e.Expected()
	return j
}

// placeJSON is the "error" object of a grammar error without what the grammar expected:
// its message is the error's own (Error), and finding the expected set, about fifteen
// parses of the input's prefix (uri.Error.Expected), is not paid for.
func placeJSON(e *uri.Error) *jsonError {
	return &jsonError{Offset: e.Offset, Rule: e.Rule, Message: e.Error(),
		Scheme: e.Scheme, Section: e.Section, Reason: e.Reason, Validation: e.Validation}
}

// errorPlace is where a grammar rejected an input: the offset and rule of a *uri.Error
// (of a spec's grammar or the URI Template grammar), and what was expected there (found
// when asked).
type errorPlace struct {
	offset   int
	rule     string
	expected func() []string
}

// placeOf finds the *uri.Error in err.
func placeOf(err error) (errorPlace, bool) {
	var e *uri.Error
	if errors.As(err, &e) {
		return errorPlace{e.Offset, e.Rule, e.Expected}, true
	}
	return errorPlace{}, false
}

// errorText is err's message followed by what the grammar expected, when err holds a
// *uri.Error (whose own message leaves that out): "rfc3986:
// invalid character ' ' at byte 8 in reg-name (expected unreserved, ... or end of
// input)". Every message the command prints for a rejected input goes through it.
func errorText(err error) string {
	e, ok := placeOf(err)
	if !ok {
		return err.Error()
	}
	exp := e.expected()
	if len(exp) == 0 {
		return err.Error()
	}
	if len(exp) > 1 {
		exp = []string{strings.Join(exp[:len(exp)-1], ", "), exp[len(exp)-1]}
	}
	return err.Error() + " (expected " + strings.Join(exp, " or ") + ")"
}

// appendJSONString appends s as a JSON string exactly as encoding/json writes it with
// SetEscapeHTML(false): `"` and `\` escaped, \b \f \n \r \t short, other controls as
// \u00XX, each byte that is not UTF-8 as \ufffd, U+2028 and U+2029 escaped.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
