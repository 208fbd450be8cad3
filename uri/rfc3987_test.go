package uri_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
	"unicode/utf8"

	"github.com/urispec/urispec/uri"
)

// The code point ranges of RFC 3987 section 2.2, as printed. The grammar writes them as
// UTF-8 byte sequences (grammar/rfc3987.peg); these tests check the two against each
// other, and the oracle draws its non-ASCII near-misses from the edges of each range.
var (
	ucscharRanges = [][2]rune{
		{0xA0, 0xD7FF}, {0xF900, 0xFDCF}, {0xFDF0, 0xFFEF},
		{0x10000, 0x1FFFD}, {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD},
		{0x40000, 0x4FFFD}, {0x50000, 0x5FFFD}, {0x60000, 0x6FFFD},
		{0x70000, 0x7FFFD}, {0x80000, 0x8FFFD}, {0x90000, 0x9FFFD},
		{0xA0000, 0xAFFFD}, {0xB0000, 0xBFFFD}, {0xC0000, 0xCFFFD},
		{0xD0000, 0xDFFFD}, {0xE1000, 0xEFFFD},
	}
	iprivateRanges = [][2]rune{{0xE000, 0xF8FF}, {0xF0000, 0xFFFFD}, {0x100000, 0x10FFFD}}
)

func inRanges(r rune, ranges [][2]rune) bool {
	for _, rg := range ranges {
		if r >= rg[0] && r <= rg[1] {
			return true
		}
	}
	return false
}

// illFormed are byte strings that are not well-formed UTF-8 (RFC 3629 section 4): a lone
// continuation byte, overlong forms, UTF-8 of surrogates, code points above U+10FFFF,
// bytes that never occur, and sequences cut short.
var illFormed = []string{
	"\x80", "\xbf", "\xc0\x80", "\xc1\xbf", "\xe0\x80\x80", "\xe0\x9f\xbf", "\xf0\x80\x80\x80",
	"\xf0\x8f\xbf\xbf", "\xed\xa0\x80", "\xed\xbf\xbf", "\xf4\x90\x80\x80", "\xf5\x80\x80\x80",
	"\xf8\x88\x80\x80\x80", "\xfe", "\xff", "\xc3", "\xe4\xb8", "\xf0\x9f\x98",
}

// wideTokens are what the oracle's near-misses of rfc3987 insert or substitute besides
// ASCII: each range's first and last code point and those just outside it, and
// ill-formed UTF-8.
func wideTokens() []string {
	var out []string
	for _, rg := range append(append([][2]rune{}, ucscharRanges...), iprivateRanges...) {
		for _, r := range []rune{rg[0] - 1, rg[0], rg[1], rg[1] + 1} {
			if utf8.ValidRune(r) {
				out = append(out, string(r))
			}
		}
	}
	return append(out, illFormed...)
}

// mutateWide is mutate with tokens of any length: one token inserted or replacing a
// byte, or a byte deleted (which may cut a UTF-8 sequence).
func mutateWide(r *rand.Rand, s []byte, ascii string, wide []string) []byte {
	tok := string(ascii[r.IntN(len(ascii))])
	if r.IntN(2) == 0 {
		tok = wide[r.IntN(len(wide))]
	}
	out := make([]byte, 0, len(s)+len(tok))
	switch op := r.IntN(3); {
	case op == 0 || len(s) == 0:
		i := r.IntN(len(s) + 1)
		out = append(append(append(out, s[:i]...), tok...), s[i:]...)
	case op == 1:
		i := r.IntN(len(s))
		out = append(append(out, s[:i]...), s[i+1:]...)
	default:
		i := r.IntN(len(s))
		out = append(append(append(out, s[:i]...), tok...), s[i+1:]...)
	}
	return out
}

// TestRFC3987CodePoints checks the grammar's byte sequences against the printed ranges for
// every code point from U+0000 to U+10FFFF: alone in a path ("a:" X, where ipchar allows
// ucschar) and in a query ("a:?" X, where iquery also allows iprivate). An invalid one
// is rejected at the byte where its character begins.
func TestRFC3987CodePoints(t *testing.T) {
	g, _ := uri.GenParser(uri.RFC3987)
	m := g.New()
	top := g.ID("IRI_reference")
	p, err := uri.NewParser(uri.RFC3987)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for r := rune(0x80); r <= utf8.MaxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue // not encodable in UTF-8: among illFormed
		}
		c := string(r)
		for _, tc := range []struct {
			prefix string
			want   bool
		}{
			{"a:", inRanges(r, ucscharRanges)},
			{"a:?", inRanges(r, ucscharRanges) || inRanges(r, iprivateRanges)},
		} {
			n++
			s := tc.prefix + c
			if got := m.Run(s, top); got != tc.want {
				t.Errorf("%q (U+%04X): valid %v, want %v", s, r, got, tc.want)
				continue
			}
			if !tc.want && r%97 == 0 { // the error's position, on a sample (errors cost probes)
				var e *uri.Error
				if err := p.Validate(s); !errors.As(err, &e) || e.Offset != len(tc.prefix) {
					t.Errorf("%q: %v, want an *Error at byte %d", s, err, len(tc.prefix))
				}
			}
		}
	}
	for _, bad := range illFormed {
		t.Run(strconv.Quote(bad), func(t *testing.T) {
			for _, s := range []string{"a:" + bad, "a:?" + bad, "a:" + bad + "b", "//h/" + bad} {
				n++
				var e *uri.Error
				want := len(s) - len(bad)
				if s[len(s)-1] == 'b' {
					want--
				}
				if err := p.Validate(s); !errors.As(err, &e) || e.Offset != want {
					t.Errorf("%q: %v, want an *Error at byte %d", s, err, want)
				}
			}
		})
	}
	t.Logf("%d strings checked", n)
}

// TestRFC3987Errors: an error names the first byte of the character that cannot be part
// of an IRI reference, and what was expected there, non-ASCII classes included.
func TestRFC3987Errors(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		expected []string
	}{
		{"http://a/\ufdd0", `rfc3987: invalid non-ASCII character U+FDD0 '\ufdd0' at byte 9 in ipath-abempty`, []string{`pchar`, `"#"`, `"/"`, `"?"`, `ucschar`, `end of input`}},
		{"http://a/b?\U0010fffe", `rfc3987: invalid non-ASCII character U+10FFFE '\U0010fffe' at byte 11 in iquery`, []string{`pchar`, `"#"`, `"/"`, `"?"`, `ucschar`, `iprivate`, `end of input`}},
		{"http://a/\xe4\xb8(", `rfc3987: invalid byte 0xE4 (not UTF-8) at byte 9 in ipath-abempty`, []string{`pchar`, `"#"`, `"/"`, `"?"`, `ucschar`, `end of input`}},
		{"http://[::é]/", `rfc3987: invalid non-ASCII character U+00E9 'é' at byte 10 in IPv6address`, []string{`HEXDIG`, `"]"`}},
	} {
		t.Run(tc.in, func(t *testing.T) {
			err := uri.Validate(uri.RFC3987, tc.in)
			if err == nil || err.Error() != tc.want || !slices.Equal(expectedOf(err), tc.expected) {
				t.Errorf("Validate(%q) =\n  %v, expected %q\nwant\n  %s, expected %q", tc.in, err, expectedOf(err), tc.want, tc.expected)
			}
		})
	}
}
