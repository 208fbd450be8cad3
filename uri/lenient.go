package uri

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Lenient reports how the given readers that are not spec grammars (Go's net/url, the
// WHATWG parser: the lenient parsers that someone deploys) read a string that e's spec
// rejects. Each reader that accepts it gives a LenientReading hazard at the byte where
// the spec stopped (e.Offset): the backslash of "http://evil.example\@good.example/",
// the second "@" of "http://user@good.example@evil.example/". A check that rejects the
// string and a client that reads it part there. Readers of one reading share a hazard;
// nil when every reader rejects the string too or reads no host in it, and when the
// spec stops at a byte that parsers do not split differently (see confusingAt): a
// lenient parser also reads "http://bücher.example/" or "http://h/%s", and reads them as
// anyone would.
func (e *Error) Lenient(readers ...Reader) []Hazard {
	if !confusingAt(e.Input, e.Offset) {
		return nil
	}
	type group struct {
		names   []string
		reading string
	}
	var groups []group
	for _, rd := range readers {
		if s, err := ParseSpec(rd.Name()); err == nil && s != WHATWG {
			// A grammar: its verdict is matrix's business, not a lenient reading. The
			// name "whatwg" is the WHATWG URL parser's (see SpecReader).
			continue
		}
		other, err := rd.Read(e.Input)
		if err != nil || !other.HasHost || other.Host == "" {
			// A reading without a host sends a request nowhere it was not sent.
			continue
		}
		reading := describeReading(other)
		found := false
		for i := range groups {
			if groups[i].reading == reading {
				groups[i].names = append(groups[i].names, rd.Name())
				found = true
			}
		}
		if !found {
			groups = append(groups, group{[]string{rd.Name()}, reading})
		}
	}
	if len(groups) == 0 {
		return nil
	}
	at, length := "the end of the input", 0
	if e.Offset < len(e.Input) {
		_, length = utf8.DecodeRuneInString(e.Input[e.Offset:])
		at = fmt.Sprintf("%q", e.Input[e.Offset:e.Offset+length])
	}
	var out []Hazard
	for _, g := range groups {
		out = append(out, Hazard{Code: LenientReading, Section: LenientReading.Section(e.Spec),
			Offset: e.Offset, Length: length,
			Message: fmt.Sprintf("%s rejects it at byte %d (%s in %s), but %s %s it and %s %s", e.Spec, e.Offset, at, e.Rule, andList(g.names), verbAccept(len(g.names)), verb(len(g.names)), g.reading)})
	}
	return out
}

func verbAccept(n int) string {
	if n == 1 {
		return "accepts"
	}
	return "accept"
}

// describeReading writes the parts of a reading that decide where a request goes.
func describeReading(rd Reading) string {
	var parts []string
	parts = append(parts, describeHost(rd))
	if rd.HasUserinfo && rd.Userinfo != "" {
		parts = append(parts, fmt.Sprintf("userinfo %q", rd.Userinfo))
	}
	if rd.HasPort && rd.Port != "" {
		parts = append(parts, fmt.Sprintf("port %q", rd.Port))
	}
	parts = append(parts, fmt.Sprintf("path %q", shortText(rd.Path+queryText(rd))))
	return strings.Join(parts, ", ")
}

// confusingAt reports whether the byte at off of s is one that lenient parsers read as
// a delimiter, or drop, where the grammar has none: "\\" (a "/" to the WHATWG parser in
// special schemes), "@" (a second one: the last one ends the userinfo), TAB, CR and LF
// (the WHATWG parser removes them anywhere), and spaces and controls at either end (it
// strips them).
func confusingAt(s string, off int) bool {
	if off >= len(s) {
		return false
	}
	switch c := s[off]; {
	case c == '\\', c == '@', c == '\t', c == '\r', c == '\n':
		return true
	case c <= ' ':
		// The parser stops at the first such byte: at the start, or followed by
		// nothing but more of them.
		return off == 0 || strings.TrimLeftFunc(s[off:], func(r rune) bool { return r <= ' ' }) == ""
	}
	return false
}
