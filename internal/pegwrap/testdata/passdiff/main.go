// Command passdiff compares two parsers of one grammar, generated with every pass (package
// on) and with one pass switched off (package off): TestPassesKeepTheLanguage
// (internal/pegwrap/passes_test.go) builds it in a temporary module with the two
// packages and runs it. On every string of up to -depth bytes over -alphabet, and on
// every line of -sample (Go-quoted strings), from every rule of -entries, the two must
// give the same verdict, the same syntax tree on a match, and on a failure the same
// error (ErrorAt: offset and rule) and the same expected set there (Expected). It exits
// with status 1 at the first difference.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"passdiff/off"
	"passdiff/on"
)

// machine is the API of a generated parser (internal/pegwrap/api/api.go) that the
// comparison reads.
type machine interface {
	Run(s string, rule int) bool
	Accepts(s string, rule int) bool
	Tokens(dst [][3]int32) [][3]int32
	ErrorAt(s string, rule int) (off, r int)
	Expected(prefix string, rule int, samples []string) (allowed [4]uint64, wide uint64, end bool)
}

// parser is one side of the comparison.
type parser struct {
	m        machine
	ruleID   func(string) int
	ruleName func(int) string
	expected map[string]string // memo of Expected by entry and prefix
}

// result is what one parser says of one string from one entry rule.
func (p *parser) result(entry, s string) string {
	rule := p.ruleID(entry)
	if p.m.Run(s, rule) {
		if !p.m.Accepts(s, rule) {
			return "Run matches, Accepts does not"
		}
		var b strings.Builder
		b.WriteString("match")
		for _, t := range p.m.Tokens(nil) {
			fmt.Fprintf(&b, " %s[%d:%d]", p.ruleName(int(t[0])), t[1], t[2])
		}
		return b.String()
	}
	if p.m.Accepts(s, rule) {
		return "Accepts matches, Run does not"
	}
	off, r := p.m.ErrorAt(s, rule)
	key := entry + "\x00" + s[:off]
	exp, ok := p.expected[key]
	if !ok {
		allowed, _, end := p.m.Expected(s[:off], rule, nil)
		exp = fmt.Sprintf("%x %v", allowed, end)
		p.expected[key] = exp
	}
	return fmt.Sprintf("error at %d in %s, expected %s", off, p.ruleName(r), exp)
}

func main() {
	entries := flag.String("entries", "", "the entry rules, separated by commas")
	alphabet := flag.String("alphabet", "", "the bytes of the strings, Go-quoted")
	depth := flag.Int("depth", 4, "the length of the longest string over the alphabet")
	sample := flag.String("sample", "", "a file of Go-quoted strings, one a line")
	flag.Parse()
	bytes, err := strconv.Unquote(*alphabet)
	if err != nil {
		fmt.Fprintln(os.Stderr, "passdiff: -alphabet:", err)
		os.Exit(2)
	}
	a := &parser{m: &on.Parser{}, ruleID: on.RuleID, ruleName: on.RuleName, expected: map[string]string{}}
	b := &parser{m: &off.Parser{}, ruleID: off.RuleID, ruleName: off.RuleName, expected: map[string]string{}}
	names := strings.Split(*entries, ",")
	checked := 0
	check := func(s string) {
		for _, e := range names {
			if ra, rb := a.result(e, s), b.result(e, s); ra != rb {
				fmt.Printf("%s %q:\n  with the pass:    %s\n  without the pass: %s\n", e, s, ra, rb)
				os.Exit(1)
			}
			checked++
		}
	}
	var walk func(s string, n int)
	walk = func(s string, n int) {
		check(s)
		if n == 0 {
			return
		}
		for i := 0; i < len(bytes); i++ {
			walk(s+bytes[i:i+1], n-1)
		}
	}
	walk("", *depth)
	samples := 0
	if *sample != "" {
		f, err := os.Open(*sample)
		if err != nil {
			fmt.Fprintln(os.Stderr, "passdiff:", err)
			os.Exit(2)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			s, err := strconv.Unquote(sc.Text())
			if err != nil {
				fmt.Fprintln(os.Stderr, "passdiff: sample:", err)
				os.Exit(2)
			}
			check(s)
			samples++
		}
	}
	fmt.Printf("%d checks (%d entries; strings of up to %d bytes over %d bytes, and %d sample strings); %d distinct error prefixes\n",
		checked, len(names), *depth, len(bytes), samples, len(a.expected))
}
