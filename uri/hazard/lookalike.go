package hazard

import (
	"sort"

	"github.com/urispec/urispec/uri"
)

// lookalike is a character that NFKC or the mapping of UTS #46 (IDNA) turns into text
// holding a delimiter of the authority or of the reference (": / ? # @ [ ] ."), so that
// an IRI's host reads as one name and, once mapped, as another: "evil.example：good" is
// one reg-name under RFC 3987 and "evil.example:good" after NFKC. To is the mapping.
type lookalike struct {
	r  rune
	to string
}

// lookalikes is sorted by rune. TestLookalikesFromUnicode derives the NFKC and UTS #46
// entries from golang.org/x/text and golang.org/x/net/idna and checks that this table
// equals them, so package uri needs neither module at run time. The entries marked
// "confusable" are mapped by neither: UTS #39 lists them among the confusables of "/"
// (U+2044 FRACTION SLASH, U+2215 DIVISION SLASH, U+29F8 BIG SOLIDUS).
var lookalikes = []lookalike{
	{0x2024, "."}, {0x2025, ".."}, {0x2026, "..."}, {0x2044, "/"}, // 2044: confusable
	{0x2047, "??"}, {0x2048, "?!"}, {0x2049, "!?"},
	{0x2100, "a/c"}, {0x2101, "a/s"}, {0x2105, "c/o"}, {0x2106, "c/u"},
	{0x2215, "/"}, // confusable
	{0x2488, "1."}, {0x2489, "2."}, {0x248A, "3."}, {0x248B, "4."}, {0x248C, "5."},
	{0x248D, "6."}, {0x248E, "7."}, {0x248F, "8."}, {0x2490, "9."}, {0x2491, "10."},
	{0x2492, "11."}, {0x2493, "12."}, {0x2494, "13."}, {0x2495, "14."}, {0x2496, "15."},
	{0x2497, "16."}, {0x2498, "17."}, {0x2499, "18."}, {0x249A, "19."}, {0x249B, "20."},
	{0x29F8, "/"}, // confusable
	{0x2A74, "::="}, {0x3002, "."}, {0x33C2, "a.m."}, {0x33C7, "Co."}, {0x33D8, "p.m."},
	{0xFE13, ":"}, {0xFE16, "?"}, {0xFE19, "..."}, {0xFE30, ".."}, {0xFE47, "["},
	{0xFE48, "]"}, {0xFE52, "."}, {0xFE55, ":"}, {0xFE56, "?"}, {0xFE5F, "#"},
	{0xFE6B, "@"}, {0xFF03, "#"}, {0xFF0E, "."}, {0xFF0F, "/"}, {0xFF1A, ":"},
	{0xFF1F, "?"}, {0xFF20, "@"}, {0xFF3B, "["}, {0xFF3D, "]"}, {0xFF61, "."},
	{0x1F100, "0."},
}

// confusableSlashes are the entries of lookalikes that no mapping derives.
var confusableSlashes = []rune{0x2044, 0x2215, 0x29F8}

// lookalikeOf returns what r maps to, if r is a lookalike delimiter.
func lookalikeOf(r rune) (string, bool) {
	i := sort.Search(len(lookalikes), func(i int) bool { return lookalikes[i].r >= r })
	if i < len(lookalikes) && lookalikes[i].r == r {
		return lookalikes[i].to, true
	}
	return "", false
}

// lookalikeDelimiters raises LookalikeDelimiter for each lookalike delimiter in the
// authority of an IRI, written as UTF-8 or percent-encoded.
func (h *hazards) lookalikeDelimiters() {
	b, e, ok := h.r.Span(uri.Authority)
	if !ok {
		return
	}
	auth := h.r.Input()[b:e]
	for i := 0; i < len(auth); {
		r, size := decodeRuneEscaped(auth[i:])
		if to, ok := lookalikeOf(r); ok {
			h.add(LookalikeDelimiter, b+i, size, "the authority holds U+%04X, which looks like or maps (NFKC, IDNA) to %q: the host a person reads, or that a mapping parser reads, is not the one RFC 3987 reads", r, to)
		}
		i += size
	}
}
