package main

import "testing"

// TestCaretColumn: the column caretLine computes without rendering is printable's column
// at every offset, inside characters and escapes included.
func TestCaretColumn(t *testing.T) {
	for _, s := range []string{
		"", "http://h/", `a\b`, "a\tb", "bücher", "日本語/x", "\xff\xfe", "a\u202eb", "e\u0301", "ａｂ", "x\xe6\x97",
	} {
		_, col := printable(s)
		for off := 0; off <= len(s); off++ {
			if got := walkPrintable(s, nil, nil, off); got != col[off] {
				t.Errorf("%q at %d: column %d, printable's %d", s, off, got, col[off])
			}
		}
	}
}

// TestShortenPrefix: shorten and shortenText, which render only the beginning of a line,
// give what rendering all of it and cutting gives.
func TestShortenPrefix(t *testing.T) {
	for _, s := range []string{
		"", "http://h/", `a\b\c\d`, "a\tb\tc", "bücherbücher", "日本語/x/日本語", "\xff\xfe\xfd\xfc", "a\u202eb\u202ec", "ｂｃｄｅ", "x\xe6\x97yz",
	} {
		text, _ := printable(s)
		for max := 3; max <= 12; max++ {
			if got, want := shorten(s, max), cutText(text, max, "..."); got != want {
				t.Errorf("shorten(%q, %d) = %q, want %q", s, max, got, want)
			}
			if got, want := shortenText(s, max), cutText(text, max, "…"); got != want {
				t.Errorf("shortenText(%q, %d) = %q, want %q", s, max, got, want)
			}
		}
	}
}
