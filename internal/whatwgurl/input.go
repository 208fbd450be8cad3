package whatwgurl

import "unicode/utf8"

// input is the string the state machine reads: the input as given, with its leading
// and trailing C0 controls and spaces stripped and every ASCII tab and newline removed
// (the first steps of the basic URL parser, section 4.4), and, where the input is not
// valid UTF-8, each ill-formed sequence replaced by U+FFFD as the Encoding Standard's
// UTF-8 decoder replaces it (the standard's input is a scalar value string). at maps
// an index into s back to a byte offset in the input as given.
type input struct {
	s string
	// orig[i] is the offset in the input as given of s[i], with one more entry for the
	// end of s; nil when nothing was removed or replaced inside the stripped input, in
	// which case s[i] is at start+i.
	orig  []int32
	start int
}

// at returns the byte offset in the input as given of s[i]; for i == len(s), the
// offset just past the stripped input's last byte.
func (in *input) at(i int) int {
	if in.orig != nil {
		return int(in.orig[i])
	}
	return in.start + i
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
	s := raw[start:end]
	tabs := -1 // the first tab or newline
	for i := 0; i < len(s); i++ {
		if isTabOrNewline(s[i]) {
			tabs = i
			break
		}
	}
	if tabs >= 0 {
		*errs = append(*errs, ValidationError{InvalidURLUnit, start + tabs})
	}
	valid := utf8.ValidString(s)
	if tabs < 0 && valid {
		return input{s: s, start: start}
	}
	// Rebuild s with the offsets of its bytes: each tab and newline dropped, each
	// ill-formed UTF-8 sequence replaced.
	buf := make([]byte, 0, len(s)+8)
	orig := make([]int32, 0, len(s)+9)
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case isTabOrNewline(c):
			i++
		case c < utf8.RuneSelf || valid:
			buf = append(buf, c)
			orig = append(orig, int32(start+i))
			i++
		default:
			n, ok := utf8Sequence(s[i:])
			if ok {
				buf = append(buf, s[i:i+n]...)
				for k := range n {
					orig = append(orig, int32(start+i+k))
				}
			} else {
				buf = append(buf, "\uFFFD"...)
				orig = append(orig, int32(start+i), int32(start+i), int32(start+i))
			}
			i += n
		}
	}
	orig = append(orig, int32(end))
	return input{s: string(buf), orig: orig, start: start}
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
