package uri

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/urispec/urispec/internal/subtest"
	"github.com/urispec/urispec/internal/testcorpus"
)

// readers says which rules read the bytes allowed after prefix (the valid beginning of
// an invalid input, parsed by p from its entry rule): for each printable byte c that
// Expected allows there, the rules that read c, each counted once per allowed byte.
// When prefix+c is valid, those are the token rules whose span holds c; otherwise the
// rule whose test failed farthest, past c, which went on reading after it, and the
// rules that enclose it in the grammar (encloses). most is the count of the innermost
// reader that reads the most allowed bytes: the rule named by an error should read at
// least as many.
func (p *Parser) readers(prefix string, encloses map[string][]string) (count map[string]int, most int, innermost string) {
	off := len(prefix)
	count = map[string]int{}
	inner := map[string]int{}
	for c := byte(0x20); c < 0x7f; c++ {
		probe := prefix + string(c)
		var family []string
		if p.m.Run(probe, p.top) {
			for _, t := range p.tokens() { // post-order: inner tokens first
				if int(t[1]) <= off && off < int(t[2]) {
					family = append(family, p.g.names[t[0]])
				}
			}
		} else if f, rule := p.m.Farthest(); f > off {
			family = append([]string{p.g.names[rule]}, encloses[p.g.names[rule]]...)
		}
		seen := map[string]bool{}
		for _, name := range family {
			if !seen[name] {
				seen[name] = true
				count[name]++
			}
		}
		if len(family) > 0 {
			inner[family[0]]++
		}
	}
	for name, n := range inner {
		if n > most || n == most && name < innermost {
			most, innermost = n, name
		}
	}
	return count, most, innermost
}

// enclosing reads a grammar's PEG and returns, for each rule (as errors name it), the
// rules whose bodies reach it, directly or not.
func enclosing(t *testing.T, g *grammar, pegFile string) map[string][]string {
	data, err := os.ReadFile(pegFile)
	if err != nil {
		t.Fatal(err)
	}
	display := map[string]string{}
	for id := range g.numRules() {
		display[g.pegName(id)] = g.names[id]
	}
	// Rule bodies: comments, literals and classes dropped, the names that remain are calls.
	noise := regexp.MustCompile(`(?m)#.*$|'(\\.|[^'\\])*'|"(\\.|[^"\\])*"|\[(\\.|[^\]\\])*\]`)
	text := noise.ReplaceAllString(string(data), " ")
	def := regexp.MustCompile(`(?m)^([A-Za-z_][A-Za-z0-9_]*)\s*<-`)
	word := regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)
	calls := map[string][]string{}
	locs := def.FindAllStringSubmatchIndex(text, -1)
	for i, loc := range locs {
		end := len(text)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		name := text[loc[2]:loc[3]]
		for _, w := range word.FindAllString(text[loc[1]:end], -1) {
			if _, ok := display[w]; ok {
				calls[name] = append(calls[name], w)
			}
		}
	}
	out := map[string][]string{}
	for a := range calls {
		seen := map[string]bool{}
		var walk func(string)
		walk = func(r string) {
			for _, b := range calls[r] {
				if !seen[b] {
					seen[b] = true
					walk(b)
				}
			}
		}
		walk(a)
		for b := range seen {
			if display[a] != display[b] {
				out[display[b]] = append(out[display[b]], display[a])
			}
		}
	}
	return out
}

// checkErrorRule fails t unless the rule that err names reads some of the bytes its
// Expected allows, and no rule reads more of them than it does: the rule is the one
// whose expected set the error gives, which a reader finds in the input ("FTP://x/"
// under rfc1738: scheme, not httpurl, whose literal "http://" only reads "h"). It
// reports whether the error could be judged: an error of a check that follows a
// grammar (a Reason) has no grammar's expected set, and an error after which only the
// end of input is allowed has no byte to read.
func checkErrorRule(t *testing.T, what string, err error) bool {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) || e.Reason != "" || e.Offset > maxProbe {
		return false
	}
	var p *Parser
	var prefix, pegFile string
	switch {
	case e.source().scheme != nil:
		sg := e.source().scheme
		p, prefix = sg.newParser(), e.schemePrefix()
		name := sg.name
		if name == "https" { // one grammar with http
			name = "http"
		}
		pegFile = testcorpus.Path(t, "grammar/schemes/"+name+".peg")
	case e.top != 0:
		var perr error
		if p, perr = NewParser(e.Spec); perr != nil {
			t.Fatal(perr)
		}
		p.top, prefix = int(e.top), e.Input[:e.Offset]
		pegFile = testcorpus.Path(t, "grammar/"+e.Spec.String()+".peg")
	default:
		return false
	}
	count, most, innermost := p.readers(prefix, enclosing(t, p.g, pegFile))
	if most == 0 {
		return false
	}
	if count[e.Rule] < most {
		t.Errorf("%s: %v names %s, which reads %d of the allowed bytes (expected %q); %s reads %d",
			what, e, e.Rule, count[e.Rule], e.Expected(), innermost, most)
	}
	return true
}

// TestErrorRuleReadsExpected checks the rule named by the error of every invalid example:
// the rows of testdata/examples/*.tsv that are invalid under their own spec, the invalid
// rows of the scheme example tables under rfc3986, and RFC 1738's scheme names in upper
// case.
func TestErrorRuleReadsExpected(t *testing.T) {
	files, _ := filepath.Glob(testcorpus.Path(t, "testdata/examples/*.tsv"))
	schemeFiles, _ := filepath.Glob(testcorpus.Path(t, "testdata/examples/schemes/*.tsv"))
	if len(files) == 0 || len(schemeFiles) == 0 {
		t.Fatal("no example files")
	}
	judged, ran := 0, 0 // ran counts the rows that ran: -run may choose some
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			ran++
			spec, err := ParseSpec(strings.TrimSuffix(filepath.Base(file), ".tsv"))
			if err != nil {
				t.Fatal(err)
			}
			for _, row := range readTSV(t, file, false) {
				if err := Validate(spec, row.Fields[0]); err != nil && checkErrorRule(t, file, err) {
					judged++
				}
			}
		})
	}
	for _, file := range schemeFiles {
		t.Run("schemes∕"+filepath.Base(file), func(t *testing.T) {
			ran++
			for _, row := range readTSV(t, file, false) {
				if row.Fields[1] == "invalid" && checkErrorRule(t, filepath.Base(file), Validate(RFC3986, row.Fields[0])) {
					judged++
				}
			}
		})
	}
	for _, s := range []string{"FTP://x/", "ABC:x", "Http://a/", "MAILTO:a@b"} {
		t.Run(subtest.Name(s), func(t *testing.T) {
			ran++
			err := Validate(RFC1738, s)
			var e *Error
			if !errors.As(err, &e) || e.Rule != "scheme" || !checkErrorRule(t, s, err) {
				t.Errorf("rfc1738 %q: %v; want an error in scheme", s, err)
			}
			judged++
		})
	}
	if ran < len(files)+len(schemeFiles)+4 {
		return // -run chose some rows: the count below is of all of them
	}
	// The scheme tables' invalid rows whose error has an expected set (the others are
	// prose rules, with a Reason), and the four above.
	if judged < 20 {
		t.Errorf("only %d errors judged", judged)
	}
	t.Logf("%d errors judged", judged)
}
