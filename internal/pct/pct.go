// Package pct reads percent-encoded text (RFC 3986 section 2.1: "%" HEXDIG HEXDIG), for
// package uri and uri/hazard, which both decode the components they read.
package pct

import "strings"

// IsHex reports whether c is a HEXDIG, in either case.
func IsHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

// Unhex is the value of the HEXDIG c.
func Unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// Decode decodes every well-formed %XX of s; a "%" not followed by two HEXDIGs is kept.
func Decode(s string) []byte {
	if !strings.Contains(s, "%") {
		return []byte(s)
	}
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && IsHex(s[i+1]) && IsHex(s[i+2]) {
			out = append(out, Unhex(s[i+1])<<4|Unhex(s[i+2]))
			i += 2
			continue
		}
		out = append(out, s[i])
	}
	return out
}

// DecodeString is string(Decode(s)) without the copy of one into the other: s itself
// when it holds no "%", else the decoded bytes, allocated once.
func DecodeString(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && IsHex(s[i+1]) && IsHex(s[i+2]) {
			b.WriteByte(Unhex(s[i+1])<<4 | Unhex(s[i+2]))
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
