// Package idnatest reads UTS #46's conformance file, IdnaTestV2.txt
// (testdata/corpora/IdnaTestV2.txt), for the tests of internal/uts46 and of package uri.
//
// How the file is read (its header says the same):
//   - columns are separated by ";", a "#" starts a comment, and each column is trimmed;
//     "" is the empty string, and \uXXXX and \x{XXXX} are code points (a pair of
//     \uXXXX surrogates is one code point; a lone surrogate, which a Go string cannot
//     hold, is read as U+FFFD, which UTS #46 disallows as it does the surrogate);
//   - only the nontransitional ToASCII columns are read (4 and 5): toAsciiN, blank for
//     the toUnicode value (column 2, itself blank for the source), and
//     toAsciiNStatus, blank for the toUnicode status (column 3), "[]" for none;
//   - the status codes are those of the file's header: Pn processing step n, Vn
//     validity criterion n, U1 UseSTD3ASCIIRules, An ToASCII step n, Bn the Bidi rule,
//     Cn ContextJ, Xn toUnicode. A row is an error for a set of flags when a code
//     remains after the codes of the flags that are off are set aside (Ignored).
package idnatest

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Case is one row of the file.
type Case struct {
	Line   int    // in the file, from 1
	Source string // column 1
	// ToASCII is toAsciiN, the nontransitional ToASCII of Source; Status its status
	// codes, none when it succeeds with all flags set.
	ToASCII string
	Status  []string
	// Surrogate: Source held a lone surrogate, read as U+FFFD.
	Surrogate bool
}

// Ignored are the status codes of the flags that the URL Standard's beStrict turns off
// when false (the file's header: VerifyDnsLength A4_1 and A4_2, CheckHyphens V2 and V3,
// UseSTD3ASCIIRules U1).
var Ignored = map[string]bool{"A4_1": true, "A4_2": true, "V2": true, "V3": true, "U1": true}

// Errors returns the status codes of c that remain with beStrict's flags.
func (c Case) Errors(beStrict bool) []string {
	var out []string
	for _, s := range c.Status {
		if beStrict || !Ignored[s] {
			out = append(out, s)
		}
	}
	return out
}

// Read reads the file at path.
func Read(path string) ([]Case, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var cases []Case
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line, _, _ := strings.Cut(sc.Text(), "#")
		if strings.TrimSpace(line) == "" {
			continue
		}
		col := strings.Split(line, ";")
		if len(col) != 7 {
			return nil, fmt.Errorf("%s:%d: %d columns, want 7", path, n, len(col))
		}
		for i := range col {
			col[i] = strings.TrimSpace(col[i])
		}
		c := Case{Line: n}
		var err error
		if c.Source, c.Surrogate, err = unescape(col[0]); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		toUnicode := c.Source
		if col[1] != "" {
			if toUnicode, _, err = unescape(col[1]); err != nil {
				return nil, fmt.Errorf("%s:%d: %v", path, n, err)
			}
		}
		c.ToASCII = toUnicode
		if col[3] != "" {
			if c.ToASCII, _, err = unescape(col[3]); err != nil {
				return nil, fmt.Errorf("%s:%d: %v", path, n, err)
			}
		}
		status := col[4]
		if status == "" {
			status = col[2]
		}
		for _, s := range strings.Split(strings.Trim(status, "[]"), ",") {
			if s = strings.TrimSpace(s); s != "" {
				c.Status = append(c.Status, s)
			}
		}
		cases = append(cases, c)
	}
	return cases, sc.Err()
}

// unescape reads a column: "" is the empty string; \uXXXX and \x{XXXX} are code points.
func unescape(s string) (out string, surrogate bool, err error) {
	if s == `""` {
		return "", false, nil
	}
	var b strings.Builder
	high := rune(-1) // a pending high surrogate
	lone := func() {
		if high >= 0 {
			b.WriteRune(utf8.RuneError)
			surrogate, high = true, -1
		}
	}
	for i := 0; i < len(s); {
		hex, width := "", 0
		switch {
		case strings.HasPrefix(s[i:], `\u`) && i+6 <= len(s):
			hex, width = s[i+2:i+6], 6
		case strings.HasPrefix(s[i:], `\x{`):
			j := strings.IndexByte(s[i:], '}')
			if j < 0 {
				return "", false, fmt.Errorf("unclosed \\x{ in %q", s)
			}
			hex, width = s[i+3:i+j], j+1
		}
		if width == 0 {
			lone()
			r, size := utf8.DecodeRuneInString(s[i:])
			b.WriteRune(r)
			i += size
			continue
		}
		v, err := strconv.ParseUint(hex, 16, 32)
		if err != nil {
			return "", false, fmt.Errorf("bad escape in %q: %v", s, err)
		}
		i += width
		r := rune(v)
		switch {
		case 0xd800 <= r && r <= 0xdbff:
			lone()
			high = r
		case 0xdc00 <= r && r <= 0xdfff:
			if high < 0 {
				b.WriteRune(utf8.RuneError)
				surrogate = true
				continue
			}
			b.WriteRune(0x10000 + (high-0xd800)<<10 + (r - 0xdc00))
			high = -1
		default:
			lone()
			b.WriteRune(r)
		}
	}
	lone()
	return b.String(), surrogate, nil
}
