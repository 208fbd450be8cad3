package whatwgurl

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// offsets is the offset in raw of each byte of the cleaned input, and one for its end,
// worked out byte by byte: what input.at must return.
func offsets(raw string) []int {
	start, end := 0, len(raw)
	for start < end && isC0OrSpace(raw[start]) {
		start++
	}
	for end > start && isC0OrSpace(raw[end-1]) {
		end--
	}
	var at []int
	for i := start; i < end; {
		c := raw[i]
		switch {
		case isTabOrNewline(c):
			i++
		case c < utf8.RuneSelf:
			at = append(at, i)
			i++
		default:
			n, ok := utf8Sequence(raw[i:end])
			for k := range n {
				if ok {
					at = append(at, i+k)
				} else if k < len("\uFFFD") {
					at = append(at, i)
				}
			}
			if !ok {
				for k := n; k < len("\uFFFD"); k++ {
					at = append(at, i)
				}
			}
			i += n
		}
	}
	return append(at, end)
}

// TestInputAt compares input.at, which reads the input again from its last mark,
// with the offset of every byte worked out byte by byte, on inputs with tabs,
// newlines and ill-formed UTF-8 near and across the marks.
func TestInputAt(t *testing.T) {
	long := strings.Repeat("a\tb", 200) + strings.Repeat("\xff\xe2\x82é", 150) +
		strings.Repeat("\n", 700) + "x" + strings.Repeat("\xf0\x9f\x98\x80\r", 90)
	inputs := []string{
		"http://h/", " \thttp://h/\n ", "http://h/\xff", "a\tb\nc\rd", "\xe2\x82\xe2\x82\xac",
		"\xf4\x90\x80\x80z", "\xed\xa0\x80", long, " " + long + "\t",
	}
	for _, raw := range inputs {
		t.Run(fmt.Sprintf("%.40q", raw), func(t *testing.T) {
			var errs []ValidationError
			in := cleanInput(raw, &errs)
			want := offsets(raw)
			if len(want) != len(in.s)+1 {
				t.Errorf("%q: cleaned to %d bytes, want %d", raw, len(in.s), len(want)-1)
				return
			}
			for i, w := range want {
				if got := in.at(i); got != w {
					t.Errorf("%.40q: at(%d) = %d, want %d", raw, i, got, w)
					break
				}
			}
		})
	}
}
