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
