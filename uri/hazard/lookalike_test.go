package hazard

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/norm"
)

// TestLookalikesFromUnicode derives the lookalike delimiters from the Unicode data that
// golang.org/x/text (NFKC) and golang.org/x/net/idna (the mapping of UTS #46) carry:
// every character above U+007F whose NFKC form, or else whose UTS #46 mapping, holds one
// of ": / ? # @ [ ] .". The committed table must equal them, plus the confusables that
// no mapping derives.
func TestLookalikesFromUnicode(t *testing.T) {
	mapping := idna.New(idna.MapForLookup(), idna.Transitional(false))
	var want []lookalike
	for r := rune(0x80); r <= utf8.MaxRune; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		if slices.Contains(confusableSlashes, r) {
			want = append(want, lookalike{r, "/"})
			continue
		}
		to := norm.NFKC.String(string(r))
		if !strings.ContainsAny(to, ":/?#@[].") {
			// The mapping reports STD3 and label errors for some of them; the mapped
			// text is what matters here.
			to, _ = mapping.ToUnicode(string(r))
			if !strings.ContainsAny(to, ":/?#@[].") {
				continue
			}
		}
		want = append(want, lookalike{r, to})
	}
	if !slices.Equal(lookalikes, want) {
		t.Errorf("lookalikes differ from the Unicode data:\n got %+q\nwant %+q", lookalikes, want)
	}
	for _, r := range []rune{0xFF1A, 0xFF0F, 0x2215, 0xFE6B, 0x3002, 0xFF0E, 0xFF20, 0xFF1F, 0xFF03, 0xFF3B, 0xFF3D} {
		t.Run(fmt.Sprintf("U+%04X", r), func(t *testing.T) {
			if _, ok := lookalikeOf(r); !ok {
				t.Errorf("U+%04X is not a lookalike", r)
			}
		})
	}
	for _, r := range []rune{':', '/', 'a', 0xE9, 0x4E2D, 0xFF21} {
		t.Run(fmt.Sprintf("U+%04X", r), func(t *testing.T) {
			if to, ok := lookalikeOf(r); ok {
				t.Errorf("U+%04X is a lookalike of %q", r, to)
			}
		})
	}
}
