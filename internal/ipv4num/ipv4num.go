// Package ipv4num is the URL Standard's IPv4 number parser and its ends in a number
// checker (section 3.5), which package uri's whatwg checks, internal/whatwgurl's host
// parser and uri/hazard all apply to the last label of a host. It is a package of its
// own so that package uri does not import internal/whatwgurl for it.
package ipv4num

import (
	"strings"

	"github.com/urispec/urispec/internal/pct"
)

// Cap stands for every number of 2^32 or more: the IPv4 parser fails on such a part
// wherever it is, so the mathematical integer of a long part need not be computed.
const Cap = 1 << 32

// EndsInANumber is the ends in a number checker: whether the last label of s, or the
// one before an empty last label ("1.2.3.4."), is all ASCII digits or an IPv4 number.
func EndsInANumber(s string) bool {
	s = strings.TrimSuffix(s, ".")
	last := s[strings.LastIndexByte(s, '.')+1:]
	if last != "" && isDecimal(last) {
		return true
	}
	_, _, ok := Parse(last)
	return ok
}

// Parse is the IPv4 number parser: the number (at most Cap), whether it was written in
// hexadecimal or octal (a validation error), and false for failure.
func Parse(s string) (n uint64, nonDecimal, ok bool) {
	if s == "" {
		return 0, false, false
	}
	base := uint64(10)
	switch {
	case len(s) >= 2 && (s[:2] == "0x" || s[:2] == "0X"):
		s, base, nonDecimal = s[2:], 16, true
	case len(s) >= 2 && s[0] == '0':
		s, base, nonDecimal = s[1:], 8, true
	}
	if s == "" {
		return 0, true, true
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !pct.IsHex(c) || uint64(pct.Unhex(c)) >= base {
			return 0, false, false
		}
		if n < Cap {
			n = min(n*base+uint64(pct.Unhex(c)), Cap)
		}
	}
	return n, nonDecimal, true
}

// isDecimal reports whether s holds only ASCII digits.
func isDecimal(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
