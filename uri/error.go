package uri

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Error describes why a string is not a valid reference under a spec.
type Error struct {
	Spec  Spec
	Input string
	// Offset is the byte offset of the first character that cannot be part of a valid
	// reference: every longer prefix has no valid continuation. It is len(Input) when
	// the input is a valid beginning that stops too early.
	Offset int
	// Rule is the grammar rule (as the spec spells it) that was being parsed at Offset.
	Rule string

	// top is the entry rule of the Parser that made the error, for Expected; given is
	// an expected set fixed when the error was made (top is then 0).
	top   int
	given []string
}

// Expected lists what the grammar would have accepted at Offset: names of character
// classes ("pchar"), quoted characters ("\"/\""), and "end of input". It is nil when
// Offset is beyond 64 KiB.
//
// It is computed on each call (Error calls it too), not when the Error is made, so that
// code that only tests for an error (a validator, a corpus report) does not pay for it:
// finding it parses Input[:Offset] followed by a probe byte once, and again with one byte
// of each class of bytes that this parse leaves undecided. Safe for concurrent use.
func (e *Error) Expected() []string {
	if e.top == 0 {
		return e.given
	}
	if e.Offset > maxProbe {
		return nil
	}
	p, err := get(e.Spec)
	if err != nil {
		return nil
	}
	defer pools[e.Spec].Put(p)
	top := p.top
	p.top = e.top
	defer func() { p.top = top }()
	return p.expected(e.Input[:e.Offset])
}

// Error returns a message such as
// `rfc3986: invalid character ' ' at byte 8 in reg-name (expected ...)`.
func (e *Error) Error() string { return e.Message(e.Expected()) }

// Message is Error's text with an expected set the caller already holds (from
// Expected), so that a caller that needs both, such as a JSON report, parses for it once.
func (e *Error) Message(expected []string) string {
	var b strings.Builder
	b.WriteString(e.Spec.String())
	b.WriteString(": ")
	if e.Offset >= len(e.Input) {
		fmt.Fprintf(&b, "unexpected end of input at byte %d", e.Offset)
	} else {
		fmt.Fprintf(&b, "invalid %s at byte %d", describeAt(e.Input, e.Offset), e.Offset)
	}
	if e.Rule != "" {
		b.WriteString(" in ")
		b.WriteString(e.Rule)
	}
	if len(expected) > 0 {
		b.WriteString(" (expected ")
		b.WriteString(orList(expected))
		b.WriteString(")")
	}
	return b.String()
}

// describeAt names the character at byte i: printable ASCII quoted, other characters by
// code point, bytes that are not UTF-8 by value.
func describeAt(s string, i int) string {
	c := s[i]
	switch {
	case c >= 0x20 && c < 0x7f:
		return "character " + quoteChar(rune(c))
	case c < 0x80:
		return fmt.Sprintf("control character U+%04X", c)
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && size <= 1 {
		return fmt.Sprintf("byte 0x%02X (not UTF-8)", c)
	}
	return fmt.Sprintf("non-ASCII character U+%04X %q", r, r)
}

func quoteChar(r rune) string {
	if r == '\'' {
		return `"'"`
	}
	return "'" + string(r) + "'"
}

// orList joins items as "a, b or c".
func orList(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}

// summarize names the allowed bytes: each class wholly allowed that covers bytes not yet
// named (classes come largest first), then the remaining bytes one by one.
func summarize(allowed *[256]bool, classes []charClass) []string {
	var out []string
	var named [256]bool
	for _, c := range classes {
		all, adds := true, false
		for i := 0; i < len(c.chars); i++ {
			if !allowed[c.chars[i]] {
				all = false
				break
			}
			if !named[c.chars[i]] {
				adds = true
			}
		}
		if all && adds {
			out = append(out, c.name)
			for i := 0; i < len(c.chars); i++ {
				named[c.chars[i]] = true
			}
		}
	}
	for i := 0; i < 256; i++ {
		if allowed[i] && !named[i] {
			out = append(out, strconv.Quote(string(rune(i))))
		}
	}
	return out
}
