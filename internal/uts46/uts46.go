// Package uts46 is UTS #46 ToASCII (Unicode IDNA Compatibility Processing, Unicode
// 17.0.0) with the flags of the URL Standard's "domain parser ToASCII" (section 3.3,
// "IDNA"): CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength set to beStrict,
// CheckBidi and CheckJoiners true, Transitional_Processing and IgnoreInvalidPunycode
// false. The whatwg spec's valid domain runs it with beStrict true; the URL parser's
// domain to ASCII with beStrict false.
//
// golang.org/x/net/idna does the work that needs Unicode data: the mapping of each code
// point, normalization, the validity criteria, the ContextJ and Bidi rules. This package
// corrects where x/net/idna, as a Go 1.26 build compiles it, departs from UTS #46 17.0.0
// and its conformance file IdnaTestV2.txt (docs/specs.md lists each departure with a
// row of the file that shows it):
//
//   - x/net/idna selects its tables by the Go release: Go 1.26 gets Unicode 15.0.0's
//     (tables15.0.0.go; tables17.0.0.go is for Go 1.27). The code points whose status
//     or mapping differs in 17.0.0 are listed in tables.go, written by gen/ from
//     x/net/idna's own two tables: the mapping follows the list, and a code point valid
//     in 17.0.0 that x/net/idna does not know is checked in the place of a stand-in that
//     it knows and that its checks treat alike (same Bidi class, no mark, joining type
//     U, untouched by normalization). The few valid in 17.0.0 that no stand-in fits
//     (marks and right-to-left letters of new scripts, whose normalization, Bidi or
//     joining data x/net/idna and x/text lack) are refused with an Error.
//   - The Unicode 15.0.0 algorithm that x/net/idna then runs applies UseSTD3ASCIIRules
//     to the characters before the mapping ("=" in "=\u0338", which normalizes to
//     "≠"); UTS #46 since 16.0.0 checks the ASCII code points of each label after the
//     mapping and normalization (status code U1). This package does the latter.
//   - VerifyDnsLength disallows every empty label, the root label included (since UTS
//     #46 15.1.0); x/net/idna lets empty labels through at the end of a domain.
//   - A Punycode label that decodes to the empty string or to ASCII only is an error
//     (P4), as is a decoded label that begins with "xn--" (V4).
//
// Under a Go release whose x/net/idna tables are of another version than tables.go's
// fromVersion, the table does not apply (ToASCII then trusts x/net/idna's mapping).
package uts46

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/norm"
)

// Error reports why ToASCII failed: the status code of UTS #46's conformance file
// (IdnaTestV2.txt) for the step that failed, and what was found.
type Error struct {
	Domain string
	// Code is the status code: "P4" (a Punycode label that is not ASCII, cannot be
	// decoded, or decodes to nothing or to ASCII only), "V4" (a decoded label that
	// begins with "xn--"), "V7" (a code point whose status in Unicode 17.0.0 is not
	// valid), "U1" (UseSTD3ASCIIRules: an ASCII code point other than a-z, 0-9 and "-"),
	// "A3" (Punycode encoding), "A4_1" and "A4_2" (VerifyDnsLength: the name's length,
	// a label's length); "idna" for an error that x/net/idna reports (it does not
	// export its codes: the validity criteria, ContextJ and Bidi rules), and
	// "unsupported" for a code point new in Unicode 16.0.0 or 17.0.0 that x/net/idna's
	// tables lack and no stand-in fits.
	Code string
	// Reason says what is wrong.
	Reason string
	// Err is x/net/idna's error, for Code "idna".
	Err error
}

func (e *Error) Error() string {
	return "uts46: " + e.Reason + " (" + e.Code + ")" // a rejected host's message pays for it: no fmt
}

// Unwrap returns x/net/idna's error, if any.
func (e *Error) Unwrap() error { return e.Err }

// The kinds of change of tables.go.
type kind uint8

const (
	mapped kind = iota + 1
	ignored
	disallowed
	valid       // valid in toVersion, checked through its stand-in
	unsupported // valid in toVersion, without a stand-in
)

type change struct {
	lo, hi  rune
	kind    kind
	mapping string
	standIn rune
}

// applies says whether tables.go corrects the x/net/idna that was compiled.
var applies = idna.UnicodeVersion == fromVersion

// lookup returns the change of r, if it has one.
func lookup(r rune) (change, bool) {
	if !applies {
		return change{}, false
	}
	i := sort.Search(len(changes), func(i int) bool { return changes[i].hi >= r })
	if i < len(changes) && changes[i].lo <= r {
		return changes[i], true
	}
	return change{}, false
}

// mapOne is the mapping of UTS #46 section 4 step 1 with Transitional_Processing and
// UseSTD3ASCIIRules off (the STD3 rules are checked later, as U1): a disallowed code
// point stays, to fail the validity criteria.
var mapOne = idna.New(idna.MapForLookup(), idna.Transitional(false), idna.StrictDomainName(false),
	idna.CheckHyphens(false), idna.CheckJoiners(false), idna.VerifyDNSLength(false))

// The profiles that check the processed labels: the validity criteria, CheckJoiners
// and CheckBidi, and CheckHyphens as beStrict says. STD3 and lengths are this
// package's (above).
var (
	checkStrict = idna.New(idna.MapForLookup(), idna.BidiRule(), idna.Transitional(false),
		idna.CheckHyphens(true), idna.CheckJoiners(true), idna.StrictDomainName(false), idna.VerifyDNSLength(false))
	checkLenient = idna.New(idna.MapForLookup(), idna.BidiRule(), idna.Transitional(false),
		idna.CheckHyphens(false), idna.CheckJoiners(true), idna.StrictDomainName(false), idna.VerifyDNSLength(false))
)

// ToASCII is the URL Standard's "domain parser ToASCII" of domain with beStrict: UTS
// #46 ToASCII with the flags above. It returns the ASCII domain, or an *Error. It takes
// time linear in the domain's length: most domains are decided by ldhDomain without the
// Unicode tables, and a label longer than EncodeLimit is not Punycode-encoded.
func ToASCII(domain string, beStrict bool) (string, error) {
	if ascii, ok := ldhDomain(domain); ok {
		return ascii, nil
	}
	if beStrict {
		if err := asciiRefusal(domain); err != nil {
			return "", err
		}
	}
	if beStrict && len(domain) > 253 && isASCII(domain) {
		// The mapping only lower-cases ASCII, and the result keeps a Punycode label as it
		// is: the result is as long as domain, which VerifyDnsLength refuses (step 3
		// below: more than 253 bytes, or 254 with an empty root label), whatever else
		// is wrong with it.
		return "", &Error{Domain: domain, Code: "A4_1", Reason: fmt.Sprintf("an ASCII domain of %d bytes is longer than 253 (VerifyDnsLength)", len(domain))}
	}
	return toASCII(domain, beStrict)
}

// EncodeLimit bounds the labels that ToASCII Punycode-encodes, in UTF-16 code units
// after the mapping. x/net/idna's encoder takes time proportional to a label's length
// times its number of distinct non-ASCII code points, so an unbounded label would make
// ToASCII quadratic. ICU4C, which Chromium, WebKit and Node.js run for UTS #46, refuses
// to encode a label of more than 1000 UTF-16 code units (punycode.cpp,
// ENCODE_MAX_CODE_UNITS, from ICU-13727), and so fails on such a domain; ToASCII does the
// same, with the code "A3". UTS #46 and the URL Standard set no limit (whatwg/url issue
// 824 asks what one should be); with beStrict such a label would fail VerifyDnsLength
// anyway. x/net/idna's decoder bounds itself: it fails on a label that decodes to more
// than 1024 code points.
const EncodeLimit = 1000

// toASCII is ToASCII with the Unicode tables.
func toASCII(domain string, beStrict bool) (string, error) {
	fail := func(code, format string, args ...any) (string, error) {
		return "", &Error{Domain: domain, Code: code, Reason: fmt.Sprintf(format, args...)}
	}
	// failWith is fail with the reason concatenated, for the failures that ASCII domains
	// meet: a rejected host's message is part of what its rejection costs, and fmt's was
	// a tenth of it. (%q is strconv.Quote, and QuoteRune for a byte; %d is Itoa.)
	failWith := func(code, reason string) (string, error) {
		return "", &Error{Domain: domain, Code: code, Reason: reason}
	}
	// Processing (section 4), steps 1 and 2: map, normalize.
	labels := strings.Split(norm.NFC.String(mapDomain(domain)), ".")
	// Step 3, break into labels; step 4, convert and validate. check holds what
	// x/net/idna validates: each label with its stand-ins, a decoded one encoded again
	// so that x/net/idna reads it as a Punycode label (validated, not mapped).
	check := make([]string, len(labels))
	for i, label := range labels {
		decoded := strings.HasPrefix(label, "xn--")
		if decoded {
			if !isASCII(label) {
				return fail("P4", "label %q begins with \"xn--\" and is not ASCII", label)
			}
			u, err := idna.Punycode.ToUnicode(label)
			switch {
			case err != nil:
				return fail("P4", "label %q is not Punycode: %v", label, err)
			case isASCII(u):
				return fail("P4", "Punycode label %q decodes to %q, which is not outside ASCII", label, u)
			case strings.HasPrefix(u, "xn--"):
				return fail("V4", "Punycode label %q decodes to %q, which begins with \"xn--\"", label, u)
			}
			label, labels[i] = u, u
		}
		var b strings.Builder
		for _, r := range label {
			c, ok := lookup(r)
			switch {
			case !ok:
				b.WriteRune(r)
			case c.kind == valid:
				b.WriteRune(c.standIn)
			case c.kind == unsupported:
				return fail("unsupported", "%U is valid in Unicode %s, but this build's x/net/idna (Unicode %s) lacks the data to check it", r, toVersion, fromVersion)
			case c.kind == disallowed || decoded:
				// A decoded label is not mapped: a mapped or ignored code point fails too.
				return fail("V7", "%U in label %q is not valid in Unicode %s", r, label, toVersion)
			default:
				b.WriteRune(r)
			}
		}
		check[i] = b.String()
		if decoded {
			a, err := idna.Punycode.ToASCII(check[i])
			if err != nil {
				return fail("A3", "label %q: %v", label, err)
			}
			check[i] = a
		}
	}
	p := checkLenient
	if beStrict {
		p = checkStrict
	}
	if _, err := p.ToUnicode(strings.Join(check, ".")); err != nil {
		return "", &Error{Domain: domain, Code: "idna", Reason: err.Error(), Err: err}
	}
	if beStrict {
		for _, label := range labels {
			for i := 0; i < len(label); i++ {
				if c := label[i]; c < utf8.RuneSelf && !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-') {
					return failWith("U1", strconv.QuoteRune(rune(c))+" in label "+strconv.Quote(label)+" is not a letter, digit or hyphen (UseSTD3ASCIIRules)")
				}
			}
		}
	}
	// ToASCII (section 4.2) step 2: encode.
	for i, label := range labels {
		if !isASCII(label) {
			if n := utf16Len(label); n > EncodeLimit {
				return fail("A3", "label of %d UTF-16 code units: more than the %d that are Punycode-encoded (ICU4C's limit)", n, EncodeLimit)
			}
			a, err := idna.Punycode.ToASCII(label)
			if err != nil {
				return fail("A3", "label %q: %v", label, err)
			}
			labels[i] = a
		}
	}
	ascii := strings.Join(labels, ".")
	if beStrict {
		// Step 3, VerifyDnsLength: the name without the root label and its dot holds 1
		// to 253 code points, and every label, the root label included, 1 to 63.
		if n := len(strings.TrimSuffix(ascii, ".")); n < 1 || n > 253 {
			return failWith("A4_1", strconv.Quote(ascii)+" is "+strconv.Itoa(n)+" long, not 1 to 253 (VerifyDnsLength)")
		}
		for i, label := range labels {
			switch {
			case label == "" && i == len(labels)-1:
				return failWith("A4_2", strconv.Quote(ascii)+" ends in an empty root label (VerifyDnsLength)")
			case label == "":
				return failWith("A4_2", strconv.Quote(ascii)+" has an empty label (VerifyDnsLength)")
			case len(label) > 63:
				return failWith("A4_2", "label "+strconv.Quote(label)+" of "+strconv.Quote(ascii)+" is "+strconv.Itoa(len(label))+" long, not 1 to 63 (VerifyDnsLength)")
			}
		}
	}
	return ascii, nil
}

// Map is the mapping that ToASCII applies to s before anything else (UTS #46 section 4
// step 1, with Transitional_Processing and UseSTD3ASCIIRules off): each code point
// mapped, an ignored one removed, a disallowed one kept, ASCII letters lowercased. The
// playground shows with it what a character of the input stands for.
func Map(s string) string { return mapDomain(s) }

// mapDomain is step 1 of the processing: each code point mapped by tables.go where it
// lists the code point, otherwise by x/net/idna.
func mapDomain(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < utf8.RuneSelf:
			if 'A' <= r && r <= 'Z' {
				r += 'a' - 'A'
			}
			b.WriteRune(r)
			continue
		}
		if c, ok := lookup(r); ok {
			switch c.kind {
			case mapped:
				if first, size := utf8.DecodeRuneInString(c.mapping); size == len(c.mapping) {
					b.WriteRune(first + r - c.lo)
				} else {
					b.WriteString(c.mapping)
				}
			case ignored:
			default:
				b.WriteRune(r)
			}
			continue
		}
		// "0" composes with nothing: what follows it is r's mapping. A disallowed r
		// stays, to fail the validity criteria.
		if out, err := mapOne.ToUnicode("0" + string(r)); err == nil {
			b.WriteString(out[1:])
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
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

// ldhDomain is ToASCII for the domains it can decide without the Unicode tables, with
// either beStrict: ASCII letters, digits and hyphens in labels of 1 to 63 bytes, none
// beginning or ending with a hyphen or holding "--" in its third and fourth places
// (which "xn--" does: those go to the tables), no empty label, at most 253 bytes in
// all. The mapping then only lower-cases, the Bidi and joiner rules have nothing to
// check, and STD3 and the lengths hold; ok is false for every other domain (a final "."
// included: VerifyDnsLength refuses the empty root label). Most hosts of real URLs are
// such names, and the processing costs more than a URL parse on them; a domain with no
// upper-case letter is returned without a copy. TestLDHDomain and FuzzLDHDomain compare
// it with toASCII.
func ldhDomain(domain string) (ascii string, ok bool) {
	if domain == "" || len(domain) > 253 {
		return "", false
	}
	upper := false
	label := 0 // bytes of the current label
	for i := 0; i <= len(domain); i++ {
		if i == len(domain) || domain[i] == '.' {
			if label == 0 || label > 63 || domain[i-1] == '-' {
				return "", false
			}
			start := i - label
			if domain[start] == '-' || label >= 4 && domain[start+2] == '-' && domain[start+3] == '-' {
				return "", false
			}
			label = 0
			continue
		}
		switch c := domain[i]; {
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9', c == '-':
		case 'A' <= c && c <= 'Z':
			upper = true
		default:
			return "", false
		}
		label++
	}
	if upper {
		return strings.ToLower(domain), true
	}
	return domain, true
}

// asciiRefusal decides, without the Unicode tables, the ASCII domains that ToASCII with
// beStrict refuses for UseSTD3ASCIIRules (U1) or VerifyDnsLength (A4_1, A4_2): those
// whose labels x/net/idna's validation passes (none begins with "xn--", and CheckHyphens
// holds), with the error the processing gives (TestASCIIRefusal, FuzzASCIIRefusal). It
// returns nil for every other domain, which the processing decides. For an ASCII domain
// the mapping lowers the letters and changes nothing else, normalization is the
// identity, and the labels are what the validation checks, in that order: CheckHyphens,
// then U1 on each label, then the lengths.
func asciiRefusal(domain string) *Error {
	if len(domain) > 253 || !isASCII(domain) {
		return nil
	}
	ascii := strings.ToLower(domain)
	fail := func(code, reason string) *Error { return &Error{Domain: domain, Code: code, Reason: reason} }
	// The validation: every label before U1 (x/net/idna's ToUnicode runs first).
	for label := range strings.SplitSeq(ascii, ".") {
		if strings.HasPrefix(label, "xn--") || strings.HasPrefix(label, "-") || strings.HasSuffix(label, "-") ||
			len(label) >= 4 && label[2:4] == "--" {
			return nil
		}
	}
	for label := range strings.SplitSeq(ascii, ".") {
		for i := 0; i < len(label); i++ {
			if c := label[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-') {
				return fail("U1", strconv.QuoteRune(rune(c))+" in label "+strconv.Quote(label)+" is not a letter, digit or hyphen (UseSTD3ASCIIRules)")
			}
		}
	}
	if n := len(strings.TrimSuffix(ascii, ".")); n < 1 {
		return fail("A4_1", strconv.Quote(ascii)+" is "+strconv.Itoa(n)+" long, not 1 to 253 (VerifyDnsLength)")
	}
	labels := strings.Split(ascii, ".")
	for i, label := range labels {
		switch {
		case label == "" && i == len(labels)-1:
			return fail("A4_2", strconv.Quote(ascii)+" ends in an empty root label (VerifyDnsLength)")
		case label == "":
			return fail("A4_2", strconv.Quote(ascii)+" has an empty label (VerifyDnsLength)")
		case len(label) > 63:
			return fail("A4_2", "label "+strconv.Quote(label)+" of "+strconv.Quote(ascii)+" is "+strconv.Itoa(len(label))+" long, not 1 to 63 (VerifyDnsLength)")
		}
	}
	return nil
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
