package hazard

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/urispec/urispec/internal/pct"
)

// The hazards of RFC 3987 (IRIs), whose grammar admits characters that RFC 3986's does
// not: bidirectional formatting characters (inside ucschar's range %xA0-D7FF, though
// section 4.1 says IRIs "MUST NOT" contain them) and letters of any script, which
// section 8 warns can be used for spoofing. The checks are functions of the host's text
// (escapes decoded, since an ireg-name may carry its UTF-8 percent-encoded), so that they
// can be tested on their own.

// iri applies the RFC 3987 checks to the reference's host.
func (h *hazards) iri() {
	b, e, ok := hostSpan(h.r)
	if !ok {
		return
	}
	host := h.r.Input()[b:e]
	if i, r, ok := bidiFormattingIn(host); ok {
		_, size := decodeRuneEscaped(host[i:])
		h.add(BidiFormatting, b+i, size, "the host holds the bidirectional formatting character %s, which RFC 3987 section 4.1 forbids in IRIs: it can make the host display as another", bidiName(r))
	}
	if label, scripts, ok := mixedScriptLabel(host); ok {
		h.add(MixedScriptHost, b, e-b, "host label %q mixes the scripts %s: a look-alike of another name (RFC 3987 section 8 and its section 7.5)", label, strings.Join(scripts, " and "))
	}
	h.lookalikeDelimiters()
}

// bidiFormatting are the characters RFC 3987 section 4.1 lists (LRM, RLM, LRE, RLE, LRO,
// RLO, PDF), the isolates that Unicode 6.3 added after it (LRI, RLI, FSI, PDI), and ALM.
var bidiFormatting = map[rune]string{
	0x200E: "LRM", 0x200F: "RLM", 0x202A: "LRE", 0x202B: "RLE", 0x202C: "PDF",
	0x202D: "LRO", 0x202E: "RLO", 0x2066: "LRI", 0x2067: "RLI", 0x2068: "FSI",
	0x2069: "PDI", 0x061C: "ALM",
}

func bidiName(r rune) string { return fmt.Sprintf("U+%04X (%s)", r, bidiFormatting[r]) }

// bidiFormattingIn finds the first bidirectional formatting character in host, written
// as UTF-8 or percent-encoded; i is its byte offset in host.
func bidiFormattingIn(host string) (i int, r rune, ok bool) {
	for i := 0; i < len(host); {
		r, size := decodeRuneEscaped(host[i:])
		if _, bidi := bidiFormatting[r]; bidi {
			return i, r, true
		}
		i += size
	}
	return 0, 0, false
}

// decodeRuneEscaped decodes the character at the start of s, written as UTF-8 or as the
// percent-encoding of its UTF-8 bytes; size is the number of bytes of s it takes.
func decodeRuneEscaped(s string) (r rune, size int) {
	if s[0] != '%' {
		return utf8.DecodeRuneInString(s)
	}
	var buf [utf8.UTFMax]byte
	n, j := 0, 0
	for n < utf8.UTFMax && j+2 < len(s) && s[j] == '%' && pct.IsHex(s[j+1]) && pct.IsHex(s[j+2]) {
		buf[n] = pct.Unhex(s[j+1])<<4 | pct.Unhex(s[j+2])
		n++
		j += 3
		if utf8.FullRune(buf[:n]) {
			break
		}
	}
	if n == 0 {
		return '%', 1
	}
	r, rs := utf8.DecodeRune(buf[:n])
	return r, rs * 3
}

// mixedScriptLabel finds the first label of host (escapes decoded) whose letters belong
// to more than one script, other than the combinations that Unicode Technical Standard
// #39 calls "highly restrictive" (Latin with Han, Hiragana and Katakana; Latin with Han
// and Bopomofo; Latin with Han and Hangul). Common and Inherited characters (digits,
// "-", combining marks) belong to every script.
func mixedScriptLabel(host string) (label string, scripts []string, ok bool) {
	dec := pct.DecodeString(host)
	for _, l := range strings.Split(dec, ".") {
		set := map[string]bool{}
		for _, r := range l {
			if s := scriptOf(r); s != "" {
				set[s] = true
			}
		}
		if len(set) > 1 && !restrictiveSet(set) {
			for s := range set {
				scripts = append(scripts, s)
			}
			sort.Strings(scripts)
			return l, scripts, true
		}
	}
	return "", nil, false
}

// scriptOf names the script of r ("" for Common, Inherited and unassigned characters).
func scriptOf(r rune) string {
	if r < 0x80 {
		if isAlpha(byte(r)) {
			return "Latin"
		}
		return ""
	}
	for _, s := range scriptTables() {
		if unicode.Is(s.table, r) {
			return s.name
		}
	}
	return ""
}

// restrictiveSets are UTS #39's allowed combinations of more than one script.
var restrictiveSets = []map[string]bool{
	{"Latin": true, "Han": true, "Hiragana": true, "Katakana": true},
	{"Latin": true, "Han": true, "Bopomofo": true},
	{"Latin": true, "Han": true, "Hangul": true},
}

func restrictiveSet(set map[string]bool) bool {
	for _, allowed := range restrictiveSets {
		ok := true
		for s := range set {
			ok = ok && allowed[s]
		}
		if ok {
			return true
		}
	}
	return false
}
