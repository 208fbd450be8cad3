package main

import (
	"fmt"
	"strings"
)

// printable renders s on one terminal line: printable ASCII as is, every other byte as
// \xNN, so that columns can be computed. col[i] is the column where byte i starts
// (col[len(s)] is the end).
func printable(s string) (text string, col []int) {
	var b strings.Builder
	col = make([]int, len(s)+1)
	for i := 0; i < len(s); i++ {
		col[i] = b.Len()
		if c := s[i]; c >= 0x20 && c < 0x7f && c != '\\' {
			b.WriteByte(c)
		} else if c == '\\' {
			b.WriteString(`\\`)
		} else {
			fmt.Fprintf(&b, `\x%02x`, c)
		}
	}
	col[len(s)] = b.Len()
	return b.String(), col
}

// caretLine returns indent spaces, then spaces up to the column of byte off, then "^".
func caretLine(indent int, s string, off int) string {
	_, col := printable(s)
	if off > len(s) {
		off = len(s)
	}
	return strings.Repeat(" ", indent+col[off]) + "^"
}
