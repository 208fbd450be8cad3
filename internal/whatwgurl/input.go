package whatwgurl

import (
	"sort"
	"strings"
	"unicode/utf8"
)

// input is the string the state machine reads: the input as given, with its leading
// and trailing C0 controls and spaces stripped and every ASCII tab and newline removed
// (the first steps of the basic URL parser, section 4.4), and, where the input is not
// valid UTF-8, each ill-formed sequence replaced by U+FFFD as the Encoding Standard's
// UTF-8 decoder replaces it (the standard's input is a scalar value string). at maps
// an index into s back to a byte offset in the input as given.
type input struct {
	s string
	// raw is the stripped input as given, at offset start in it. When nothing was
	// removed or replaced inside it, s is raw, and s[i] is at start+i.
	raw   string
	start int
	// marks, when s is not raw, are points where raw and s are in step, at most
	// markEvery bytes of raw apart, in order: at finds the byte of s it is asked for
	// by reading raw again from the mark before it. A table of the offset of every
	// byte of s would take four bytes a byte of input, and only the offsets of the
	// validation errors listed (at most MaxErrors and one) are ever asked for.
	marks []mark
}

// A mark is a point between two units of raw (a byte, a tab or newline, a UTF-8
// sequence or an ill-formed one): raw[r:] is read into s[c:].
type mark struct{ c, r int }

// markEvery is the most bytes of raw between two marks: at reads at most that many.
const markEvery = 256

// at returns the byte offset in the input as given of s[i]; for i == len(s), the
// offset just past the stripped input's last byte.
func (in *input) at(i int) int {
	if in.marks == nil {
		return in.start + i
	}
	if i >= len(in.s) {
		return in.start + len(in.raw)
	}
	k := sort.Search(len(in.marks), func(k int) bool { return in.marks[k].c > i }) - 1
	c, r := in.marks[k].c, in.marks[k].r
	for {
		n, out := in.unit(r)
		if out > 0 && i < c+out {
			// s[i] is in what this unit reads as: a byte of a valid sequence is its
			// own, the bytes of U+FFFD are all at the ill-formed sequence's first.
			if out == n {
				return in.start + r + (i - c)
			}
			return in.start + r
		}
		c, r = c+out, r+n
	}
}

// unit reads the unit at raw[r:]: n bytes of raw that become out bytes of s (0 for a
// tab or newline, 3 for the U+FFFD of an ill-formed sequence).
func (in *input) unit(r int) (n, out int) {
	c := in.raw[r]
	switch {
	case isTabOrNewline(c):
		return 1, 0
	case c < utf8.RuneSelf:
		return 1, 1
	}
	n, ok := utf8Sequence(in.raw[r:])
	if !ok {
		return n, len("\uFFFD")
	}
	return n, n
}

// isC0OrSpace is a C0 control or space (Infra).
func isC0OrSpace(c byte) bool { return c <= ' ' }

// isTabOrNewline is an ASCII tab or newline (Infra): TAB, LF, CR.
func isTabOrNewline(c byte) bool { return c == '\t' || c == '\n' || c == '\r' }

// cleanInput runs the first steps of the basic URL parser (section 4.4) on raw and
// records their validation errors in errs: invalid-URL-unit once for leading or
// trailing C0 controls or spaces (at the first of them), and once for tabs and
// newlines (at the first of them).
func cleanInput(raw string, errs *[]ValidationError) input {
	start, end := 0, len(raw)
	for start < end && isC0OrSpace(raw[start]) {
		start++
	}
	for end > start && isC0OrSpace(raw[end-1]) {
		end--
	}
	if start > 0 || end < len(raw) {
		at := 0
		if start == 0 {
			at = end
		}
		*errs = append(*errs, ValidationError{InvalidURLUnit, at})
	}
	in := input{s: raw[start:end], raw: raw[start:end], start: start}
	tabs := strings.IndexAny(in.raw, "\t\n\r") // the first tab or newline
	if tabs >= 0 {
		*errs = append(*errs, ValidationError{InvalidURLUnit, start + tabs})
	}
	valid := utf8.ValidString(in.raw)
	if tabs < 0 && valid {
		return in
	}
	// Rebuild s from raw: each tab and newline dropped, each ill-formed UTF-8 sequence
	// replaced; its length first, so that it is one allocation of what it holds.
	size := len(in.raw) - strings.Count(in.raw, "\t") - strings.Count(in.raw, "\n") - strings.Count(in.raw, "\r")
	if !valid {
		size = 0
		for r := 0; r < len(in.raw); {
			n, out := in.unit(r)
			size, r = size+out, r+n
		}
	}
	var buf strings.Builder
	buf.Grow(size)
	in.marks = make([]mark, 0, len(in.raw)/markEvery+1)
	last := -markEvery
	for r := 0; r < len(in.raw); {
		if r-last >= markEvery {
			in.marks = append(in.marks, mark{buf.Len(), r})
			last = r
		}
		if c := in.raw[r]; c < utf8.RuneSelf {
			if !isTabOrNewline(c) {
				buf.WriteByte(c)
			}
			r++
			continue
		}
		n, out := in.unit(r)
		if out == n {
			buf.WriteString(in.raw[r : r+n])
		} else {
			buf.WriteString("\uFFFD")
		}
		r += n
	}
	in.s = buf.String() // the bytes Grow allocated, not a copy
	return in
}

// utf8Sequence reads the UTF-8 sequence that begins s (s[0] >= 0x80) as the Encoding
// Standard's UTF-8 decoder does: ok with its length if it is well-formed; otherwise
// the length of the maximal subpart that one U+FFFD replaces (at least 1).
func utf8Sequence(s string) (n int, ok bool) {
	c := s[0]
	lo, hi := byte(0x80), byte(0xBF)
	need := 0
	switch {
	case 0xC2 <= c && c <= 0xDF:
		need = 1
	case 0xE0 <= c && c <= 0xEF:
		need = 2
		if c == 0xE0 {
			lo = 0xA0
		} else if c == 0xED {
			hi = 0x9F
		}
	case 0xF0 <= c && c <= 0xF4:
		need = 3
		if c == 0xF0 {
			lo = 0x90
		} else if c == 0xF4 {
			hi = 0x8F
		}
	default:
		return 1, false
	}
	for k := 1; k <= need; k++ {
		if k >= len(s) || s[k] < lo || s[k] > hi {
			return k, false
		}
		lo, hi = 0x80, 0xBF
	}
	return need + 1, true
}
