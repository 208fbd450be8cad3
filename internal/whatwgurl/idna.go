package whatwgurl

import (
	"errors"
	"strings"

	"golang.org/x/net/idna"
)

// The domain parser (section 3.3, "IDNA") runs UTS #46 ToASCII twice: with the flags
// for beStrict true, whose failure is only the validation error domain-to-ASCII, and
// for a host that is not ASCII, with the flags for beStrict false, whose result is the
// host. x/net/idna is the UTS #46 implementation; an idna.Profile is immutable and safe
// for concurrent use.

// strictProfile is "domain parser ToASCII" with beStrict true: CheckHyphens, CheckBidi,
// CheckJoiners, UseSTD3ASCIIRules and VerifyDnsLength set, Transitional_Processing and
// IgnoreInvalidPunycode not. (MapForLookup is UTS #46's mapping with label validation;
// CheckBidi is x/net/idna's BidiRule.)
var strictProfile = idna.New(
	idna.MapForLookup(),
	idna.BidiRule(),
	idna.Transitional(false),
	idna.CheckHyphens(true),
	idna.CheckJoiners(true),
	idna.StrictDomainName(true),
	idna.VerifyDNSLength(true),
)

// lenientProfile is "domain parser ToASCII" with beStrict false: CheckBidi and
// CheckJoiners set; CheckHyphens, UseSTD3ASCIIRules, VerifyDnsLength,
// Transitional_Processing and IgnoreInvalidPunycode not.
var lenientProfile = idna.New(
	idna.MapForLookup(),
	idna.BidiRule(),
	idna.Transitional(false),
	idna.CheckHyphens(false),
	idna.CheckJoiners(true),
	idna.StrictDomainName(false),
	idna.VerifyDNSLength(false),
)

// encodeLimit bounds the labels that ToASCII Punycode-encodes, in UTF-16 code units.
// x/net/idna's encoder takes time proportional to a label's length times its number of
// distinct non-ASCII code points, so an unbounded label makes the parser quadratic.
// ICU4C, which Chromium, WebKit and Node.js run for UTS #46, refuses to encode a label
// of more than 1000 UTF-16 code units (punycode.cpp, ENCODE_MAX_CODE_UNITS, from
// ICU-13727), and so fails on such a host; this parser does the same. The URL Standard
// sets no limit (whatwg/url issue 824 asks what one should be). x/net/idna's decoder
// bounds itself: it fails on a label that decodes to more than 1024 code points.
const encodeLimit = 1000

// maxExpansion is the most UTF-16 code units that UTS #46's mapping makes of one byte
// of UTF-8 (U+FDFA, 3 bytes, maps to 18 code units); TestMappingExpansion checks it.
// A domain of at most encodeLimit/maxExpansion bytes has no label over encodeLimit
// after mapping, so only a longer one is measured first.
const maxExpansion = 6

// errLabelTooLong is the failure of a label over encodeLimit.
var errLabelTooLong = errors.New("a label to Punycode-encode is longer than 1000 UTF-16 code units")

// toASCII is profile.ToASCII(domain), failing like ICU4C on a label over encodeLimit.
// A domain long enough to have one is first mapped and decoded (ToUnicode, which takes
// linear time), and its labels that ToASCII would encode are measured.
func toASCII(profile *idna.Profile, domain string) (string, error) {
	if len(domain) > encodeLimit/maxExpansion {
		u, err := profile.ToUnicode(domain)
		if err != nil {
			return "", err
		}
		for label := range strings.SplitSeq(u, ".") {
			if !isASCII(label) && utf16Len(label) > encodeLimit {
				return "", errLabelTooLong
			}
		}
	}
	return profile.ToASCII(domain)
}

// utf16Len is the number of UTF-16 code units of s.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n
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

// domainToASCII is the domain parser (section 3.3) with beStrict false, on domain, the
// host percent-decoded; off is the host's first byte in p.s, where domain-to-ASCII is
// reported. ok is false for failure.
func (p *parser) domainToASCII(domain string, off int) (result string, ok bool) {
	// Each pass of x/net/idna reads the domain a bounded number of times (its
	// Punycode coder aside, which toASCII bounds); the lower-casing and the check of
	// forbidden code points read it once each.
	p.steps += 4 * len(domain)
	// 1.-2. The strict pass: its failure is a validation error.
	if !strictlyValid(domain) {
		p.warn(DomainToASCII, off)
	}
	// 5. An ASCII domain is its lower-case form, whatever ToASCII says of it (web
	// compatibility, the standard's note says).
	if isASCII(domain) {
		result = asciiLower(domain, &p.scratch2)
	} else {
		// 6. Otherwise the relaxed pass's result, or failure.
		r, err := toASCII(lenientProfile, domain)
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

// strictlyValid reports whether the domain parser's strict pass ("domain parser
// ToASCII" with beStrict true) succeeds on domain. x/net/idna lets empty labels
// through at the end of a domain ("a." and "a.."), where UTS #46's VerifyDnsLength
// (since Unicode 15.0) allows no empty label, the root label included (golang/go issues
// 47182 and 58778): such a result is a failure here.
func strictlyValid(domain string) bool {
	if ldhDomain(domain) {
		return true
	}
	r, err := toASCII(strictProfile, domain)
	return err == nil && !hasEmptyLabel(r)
}

// hasEmptyLabel reports whether strictly splitting s on "." gives an empty string.
func hasEmptyLabel(s string) bool {
	return s == "" || s[0] == '.' || s[len(s)-1] == '.' || strings.Contains(s, "..")
}

// ldhDomain reports whether domain is one that the strict pass accepts and can be told
// without the Unicode tables: labels of 1 to 63 ASCII letters, digits and hyphens, none
// beginning or ending with a hyphen or holding "--" in its third and fourth places
// (which "xn--" does: those go to x/net/idna), no empty label, at most 253 bytes. The
// mapping then only lower-cases, the Bidi and joiner rules have nothing to check, and
// STD3 and the lengths hold. Most hosts of real URLs are such names, and x/net/idna
// costs more than the rest of the parse on them. TestLDHDomainMatchesIDNA compares the
// two.
func ldhDomain(domain string) bool {
	if domain == "" || len(domain) > 253 {
		return false
	}
	label := 0 // bytes of the current label
	for i := 0; i <= len(domain); i++ {
		if i == len(domain) || domain[i] == '.' {
			if label == 0 || label > 63 || domain[i-1] == '-' {
				return false
			}
			start := i - label
			if domain[start] == '-' || label >= 4 && domain[start+2] == '-' && domain[start+3] == '-' {
				return false
			}
			label = 0
			continue
		}
		switch c := domain[i]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '-':
		default:
			return false
		}
		label++
	}
	return true
}
