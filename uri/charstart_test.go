package uri

import (
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// TestCharStart compares charStart, which skips ASCII a word at a time, with the byte
// loop it stands for, on random mixes of ASCII, UTF-8 sequences and stray bytes at every
// offset.
func TestCharStart(t *testing.T) {
	byteLoop := func(s string, off int) int {
		for i := 0; i < off; {
			if s[i] < utf8.RuneSelf {
				i++
				continue
			}
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 || i+size > off {
				return i
			}
			i += size
		}
		return off
	}
	pieces := []string{"a", "/", "%41", "é", "\u4e2d", "\U0001F600", "\xff", "\xe4\xb8", "\x80", "abcdefgh"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var s string
		for range r.IntN(12) {
			s += pieces[r.IntN(len(pieces))]
		}
		for off := 0; off <= len(s); off++ {
			if got, want := charStart(s, off), byteLoop(s, off); got != want {
				t.Fatalf("charStart(%q, %d) = %d, want %d", s, off, got, want)
			}
		}
	}
}
