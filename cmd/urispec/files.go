package main

import (
	"unicode/utf8"

	"github.com/urispec/urispec/internal/summary"
)

// charAt names the byte at offset i of s for group keys and messages: "' '", "'['",
// "U+00E9", "byte 0xFF", "control U+0009", or "end of input" past the end.
func charAt(s string, i int) string { return summary.CharAt(s, i) }

// shorten renders s with printable and cuts it to at most max characters, marking the
// cut with "..."; the cut falls between characters, never inside one.
func shorten(s string, max int) string {
	return cutText(printableText(firstChars(s, max+1)), max, "...")
}

// firstChars is s up to its n-th character (each byte that is not UTF-8 counting as one),
// all of s when it has no more. A character renders as one or more, so the rendering
// of firstChars(s, max+1) is cut where that of s would be, without rendering a long
// line whole to show its beginning.
func firstChars(s string, n int) string {
	k := 0
	for i := range s {
		if k == n {
			return s[:i]
		}
		k++
	}
	return s
}

// cutText cuts text to at most max characters, the last ones being mark when it cuts.
func cutText(text string, max int, mark string) string {
	if utf8.RuneCountInString(text) <= max {
		return text
	}
	keep, n := max-utf8.RuneCountInString(mark), 0
	for i := range text {
		if n == keep {
			return text[:i] + mark
		}
		n++
	}
	return text
}
