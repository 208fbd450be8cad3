package whatwgurl

import "unicode/utf8"

// An encodeSet is one of the percent-encode sets of section 1.3 ("Percent-encoded
// bytes"), as a bit in encodeSets. Every set holds every code point above U+007E, so a
// byte of a non-ASCII code point's UTF-8 is always percent-encoded; the table covers
// ASCII.
type encodeSet uint8

const (
	c0ControlSet    encodeSet = 1 << iota // C0 controls and code points above U+007E (DELETE too)
	fragmentSet                           // C0 control set, space " < > `
	querySet                              // C0 control set, space " # < >
	specialQuerySet                       // query set and '
	pathSet                               // query set and ? ^ ` { }
	userinfoSet                           // path set and / : ; = @ [ \ ] |
)

// encodeSets[c] has the bit of every set that holds the ASCII code point c.
var encodeSets = func() (t [128]encodeSet) {
	add := func(set encodeSet, chars string) {
		for i := 0; i < len(chars); i++ {
			t[chars[i]] |= set
		}
	}
	all := c0ControlSet | fragmentSet | querySet | specialQuerySet | pathSet | userinfoSet
	for c := range 0x20 {
		t[c] = all
	}
	t[0x7F] = all // DELETE is above U+007E
	add(fragmentSet, " \"<>`")
	add(querySet|specialQuerySet|pathSet|userinfoSet, " \"#<>")
	add(specialQuerySet, "'")
	add(pathSet|userinfoSet, "?^`{}")
	add(userinfoSet, "/:;=@[\\]|")
	return t
}()

// inSet reports whether the byte c is percent-encoded under set.
func inSet(c byte, set encodeSet) bool {
	return c >= utf8.RuneSelf || encodeSets[c]&set != 0
}

const upperHex = "0123456789ABCDEF"

// appendEncoded appends to b the UTF-8 percent-encoding (section 1.3) of s, a valid
// UTF-8 string, under set: each byte in the set as "%" and two upper-case hex digits.
func appendEncoded(b []byte, s string, set encodeSet) []byte {
	for i := 0; i < len(s); i++ {
		b = appendEncodedByte(b, s[i], set)
	}
	return b
}

// appendEncodedByte appends c, percent-encoded if set holds it.
func appendEncodedByte(b []byte, c byte, set encodeSet) []byte {
	if inSet(c, set) {
		return append(b, '%', upperHex[c>>4], upperHex[c&15])
	}
	return append(b, c)
}

// isHex is an ASCII hex digit.
func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// unhex is the value of the ASCII hex digit c.
func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// isPercentEncoded reports whether a percent-encoded byte ("%" and two ASCII hex
// digits) begins s[i:].
func isPercentEncoded(s string, i int) bool {
	return i+2 < len(s) && s[i] == '%' && isHex(s[i+1]) && isHex(s[i+2])
}

// appendDecoded appends the percent-decoding of s (section 1.3) to b: each
// percent-encoded byte becomes its byte, everything else is kept.
func appendDecoded(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if isPercentEncoded(s, i) {
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return b
}

// isURLCodePoint reports whether r is a URL code point (section 4.3): an ASCII
// alphanumeric, one of !$&'()*+,-./:;=?@_~, or a code point from U+00A0 to U+10FFFD
// that is neither a surrogate nor a noncharacter.
func isURLCodePoint(r rune) bool {
	if r < utf8.RuneSelf {
		c := byte(r)
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
			return true
		}
		switch c {
		case '!', '$', '&', '\'', '(', ')', '*', '+', ',', '-', '.', '/', ':', ';', '=', '?', '@', '_', '~':
			return true
		}
		return false
	}
	return r >= 0xA0 && r <= 0x10FFFD && !(0xD800 <= r && r <= 0xDFFF) &&
		!(0xFDD0 <= r && r <= 0xFDEF) && r&0xFFFE != 0xFFFE
}
