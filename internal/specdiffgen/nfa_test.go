package main

import (
	"fmt"
	"testing"
	"unicode/utf8"
)

// matches reports whether b is one of the byte sequences of seqs.
func matches(seqs [][][2]byte, b []byte) bool {
	for _, seq := range seqs {
		if len(seq) != len(b) {
			continue
		}
		ok := true
		for i, r := range seq {
			if b[i] < r[0] || b[i] > r[1] {
				ok = false
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// TestUTF8Ranges: the byte sequences of a code point range match the UTF-8 of every code
// point in it and of none outside (the ranges of rfc3987's ucschar and iprivate, and
// whatwg's URL code points, and ranges that cross every length).
func TestUTF8Ranges(t *testing.T) {
	for _, r := range [][2]rune{{0xA0, 0xD7FF}, {0xF900, 0xFDCF}, {0xFDF0, 0xFFEF}, {0x10000, 0x1FFFD},
		{0xE000, 0xF8FF}, {0x100000, 0x10FFFD}, {0x20, 0x10FFFF}, {0x7F, 0x800}, {0xFFFF, 0x10000}} {
		t.Run(fmt.Sprintf("U+%04X-U+%04X", r[0], r[1]), func(t *testing.T) {
			seqs := utf8Ranges(r[0], r[1])
			for c := max(r[0]-300, 0); c <= min(r[1]+300, utf8.MaxRune); c++ {
				if 0xD800 <= c && c <= 0xDFFF {
					continue
				}
				if c-r[0] > 5000 && r[1]-c > 5000 { // the middle of a long range: a sample
					c += 997
				}
				b := utf8.AppendRune(nil, c)
				if want := r[0] <= c && c <= r[1]; matches(seqs, b) != want {
					t.Errorf("range %X-%X: U+%04X matched %v, want %v", r[0], r[1], c, !want, want)
				}
			}
		})
	}
}
