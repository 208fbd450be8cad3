package main

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// printable renders s on one terminal line, so that columns can be computed: printable
// ASCII as is ("\" as `\\`), a printable non-ASCII character (valid UTF-8: a letter, mark,
// number, punctuation or symbol) as itself, and every other byte as \xNN: controls,
// bytes that are not UTF-8, and format characters such as the bidirectional controls
// U+202A-U+202E, which would reorder the line on screen. col[i] is the terminal column
// where byte i starts (col[len(s)] is the end; the bytes inside a character share its
// column).
func printable(s string) (text string, col []int) {
	var b strings.Builder
	b.Grow(len(s)) // at least s, so that a long one is not copied as the builder doubles
	col = make([]int, len(s)+1)
	walkPrintable(s, &b, col, len(s))
	return b.String(), col
}

// walkPrintable walks s as printable renders it, up to byte stop (len(s): all of it):
// it writes the text to b and each byte's column to col, either of them when not nil,
// and returns col[stop], the column where the character holding byte stop starts.
// caretLine needs that column only, and so no copy of s and no column per byte.
func walkPrintable(s string, b *strings.Builder, col []int, stop int) int {
	w := 0
	for i := 0; i < len(s); {
		if i == stop && b == nil && col == nil {
			return w
		}
		if col != nil {
			col[i] = w
		}
		c := s[i]
		switch {
		case c == '\\':
			if b != nil {
				b.WriteString(`\\`)
			}
			w += 2
			i++
			continue
		case c >= 0x20 && c < 0x7f:
			if b != nil {
				b.WriteByte(c)
			}
			w++
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if c >= utf8.RuneSelf && !(r == utf8.RuneError && size == 1) && unicode.IsPrint(r) {
			if b == nil && col == nil && stop < i+size {
				return w // stop is inside this character
			}
			if b != nil {
				b.WriteString(s[i : i+size])
			}
			if col != nil {
				for k := 1; k < size; k++ {
					col[i+k] = w
				}
			}
			w += runeWidth(r)
			i += size
			continue
		}
		if b != nil {
			fmt.Fprintf(b, `\x%02x`, c)
		}
		w += 4
		i++
	}
	if col != nil {
		col[len(s)] = w
		return col[stop]
	}
	return w
}

// printableText is printable's text: s itself when it is printable ASCII without "\\"
// (most inputs), without computing the columns.
func printableText(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '\\' {
			var b strings.Builder
			b.Grow(len(s))
			walkPrintable(s, &b, nil, len(s))
			return b.String()
		}
	}
	return s
}

// runeWidth is the number of terminal columns a printable non-ASCII character takes:
// 0 for a combining mark, 2 for the wide scripts of East Asia and the fullwidth forms,
// 1 otherwise. It approximates Unicode's East Asian Width (UAX #11) with the standard
// library's tables; a character it gets wrong moves the caret, not the offset.
func runeWidth(r rune) int {
	switch {
	case unicode.Is(unicode.Mn, r), unicode.Is(unicode.Me, r):
		return 0
	case unicode.In(r, unicode.Han, unicode.Hangul, unicode.Hiragana, unicode.Katakana),
		r >= 0xFF01 && r <= 0xFF60, r >= 0xFFE0 && r <= 0xFFE6, r >= 0x3000 && r <= 0x303F:
		return 2
	}
	return 1
}

// caretLine returns indent spaces, then spaces up to the column of byte off, then "^".
func caretLine(indent int, s string, off int) string {
	if off > len(s) {
		off = len(s)
	}
	return strings.Repeat(" ", indent+walkPrintable(s, nil, nil, off)) + "^"
}
