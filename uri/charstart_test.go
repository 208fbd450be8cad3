package uri

import (
	"math/rand/v2"
	"testing"
)

// TestCharStart compares charStart, which skips ASCII a word at a time, with the byte
// loop from the input's start (charStartFrom), on random mixes of ASCII, UTF-8 sequences
// and stray bytes at every offset.
func TestCharStart(t *testing.T) {
	pieces := []string{"a", "/", "%41", "é", "\u4e2d", "\U0001F600", "\xff", "\xe4\xb8", "\x80", "abcdefgh"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var s string
		for range r.IntN(12) {
			s += pieces[r.IntN(len(pieces))]
		}
		for off := 0; off <= len(s); off++ {
			if got, want := charStart(s, off), charStartFrom(s, 0, off); got != want {
				t.Fatalf("charStart(%q, %d) = %d, want %d", s, off, got, want)
			}
		}
	}
}
