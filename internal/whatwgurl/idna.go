package whatwgurl

import (
	"github.com/urispec/urispec/internal/uts46"
)

// The domain parser (section 3.3, "IDNA") runs UTS #46 ToASCII twice: with the flags
// for beStrict true, whose failure is only the validation error domain-to-ASCII, and
// for a host that is not ASCII, with the flags for beStrict false, whose result is the
// host. internal/uts46 is that ToASCII: golang.org/x/net/idna corrected to agree with
// every row of UTS #46's conformance file, in time linear in the domain (it refuses to
// Punycode-encode a label of more than 1000 UTF-16 code units, as ICU4C does).

// domainToASCII is the domain parser (section 3.3) with beStrict false, on domain, the
// host percent-decoded; off is the host's first byte in p.s, where domain-to-ASCII is
// reported. ok is false for failure.
func (p *parser) domainToASCII(domain string, off int) (result string, ok bool) {
	// Each pass of ToASCII reads the domain a bounded number of times (its mapping,
	// normalization, checks and encoding of labels of at most 1000 code units); the
	// lower-casing and the check of forbidden code points read it once each.
	p.steps += 4 * len(domain)
	// 1.-2. The strict pass: its failure is a validation error.
	if _, err := uts46.ToASCII(domain, true); err != nil {
		p.warn(DomainToASCII, off)
	}
	// 5. An ASCII domain is its lower-case form, whatever ToASCII says of it (web
	// compatibility, the standard's note says).
	if isASCII(domain) {
		result = asciiLower(domain, &p.scratch2)
	} else {
		// 6. Otherwise the relaxed pass's result, or failure.
		r, err := uts46.ToASCII(domain, false)
		if err != nil {
			return "", false
		}
		result = r
	}
	// 7.-8. Not empty, and no forbidden domain code point.
	if result == "" {
		return "", false
	}
	for i := 0; i < len(result); i++ {
		if isForbiddenDomain(result[i]) {
			return "", false
		}
	}
	return result, true
}

// isASCII reports whether s is an ASCII string.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// asciiLower returns s with ASCII upper-case letters lower-cased, s itself where it
// has none (the common case, without allocating); buf is scratch space.
func asciiLower(s string, buf *[]byte) string {
	i := 0
	for i < len(s) && !('A' <= s[i] && s[i] <= 'Z') {
		i++
	}
	if i == len(s) {
		return s
	}
	b := append((*buf)[:0], s...)
	for ; i < len(b); i++ {
		if 'A' <= b[i] && b[i] <= 'Z' {
			b[i] += 'a' - 'A'
		}
	}
	*buf = b
	return string(b)
}
