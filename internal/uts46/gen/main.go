// Command gen writes ../tables.go: the code points whose UTS #46 status or mapping in
// golang.org/x/net/idna's Unicode 17.0.0 tables differs from its Unicode 15.0.0 tables,
// which are the ones a Go 1.26 build compiles (x/net selects its tables by the Go
// release: tables17.0.0.go has the build constraint go1.27).
//
// It runs itself twice: under the Go toolchain at hand (Go 1.26: Unicode 15.0.0) and,
// with GOTOOLCHAIN=go1.27.3, under Go 1.27 (Unicode 17.0.0 in x/net, x/text and the
// standard library), and compares what x/net/idna does with each code point. Run it
// from this directory: go run . (the module proxy must serve go1.27.3).
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"log"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/bidi"
	"golang.org/x/text/unicode/norm"
)

// mapper maps and validates nothing but each code point's status: no hyphen, joiner,
// Bidi or length rules, and STD3 off (UTS #46 since Unicode 16 applies the STD3 rules
// after the mapping, to ASCII only).
var mapper = idna.New(idna.MapForLookup(), idna.Transitional(false), idna.StrictDomainName(false),
	idna.CheckHyphens(false), idna.CheckJoiners(false), idna.VerifyDNSLength(false))

// joiner checks the ContextJ rules too, to read a code point's joining type.
var joiner = idna.New(idna.MapForLookup(), idna.Transitional(false), idna.StrictDomainName(false),
	idna.CheckHyphens(false), idna.CheckJoiners(true), idna.VerifyDNSLength(false))

// entry is what x/net/idna does with one code point: its status ('v' valid or deviation,
// 'm' mapped, 'i' ignored, 'd' disallowed), its mapping, and for a valid one its class (see class).
type entry struct {
	status  byte
	mapping string
	class   string // see class
}

// probe maps "0" followed by c: "0" composes with nothing, so what follows it is c's
// mapping.
func probe(c rune) entry {
	out, err := mapper.ToUnicode("0" + string(c))
	switch {
	case err != nil:
		return entry{status: 'd'}
	case out == "0":
		return entry{status: 'i'}
	case out == "0"+string(c):
		return entry{status: 'v', class: class(c)}
	}
	return entry{status: 'm', mapping: out[1:]}
}

// class names what a stand-in for c must share with it in x/net's checks, "" when
// no stand-in can: c must be no mark, of combining class 0 and untouched by
// normalization, of joining type U, and not of a right-to-left Bidi class. The ContextJ
// rule of a ZWNJ tells joining types L and D (c ZWNJ beh passes) and T (beh c ZWNJ beh
// passes) from the others; R is a joining type of right-to-left scripts only, which the
// Bidi classes left leave out. (x/net/idna cannot tell R from U: after a ZWNJ it takes
// both, where RFC 5892 A.1 requires R or D.) The class is c's Bidi class.
func class(c rune) string {
	p := norm.NFC.PropertiesString(string(c))
	if unicode.Is(unicode.M, c) || p.CCC() != 0 || !p.BoundaryBefore() || !p.BoundaryAfter() {
		return ""
	}
	bp, _ := bidi.LookupRune(c)
	switch bp.Class() {
	case bidi.R, bidi.AL, bidi.NSM, bidi.RLE, bidi.RLO, bidi.RLI, bidi.LRE, bidi.LRO, bidi.LRI, bidi.FSI, bidi.PDF, bidi.PDI, bidi.B, bidi.S, bidi.WS, bidi.BN:
		return ""
	}
	const zwnj, beh = "\u200c", "\u0628" // beh is dual-joining
	ok := func(s string) bool { _, err := joiner.ToUnicode(s); return err == nil }
	if ok(string(c)+zwnj+beh) || ok(beh+string(c)+zwnj+beh) {
		return ""
	}
	return fmt.Sprint(bp.Class())
}

func each(f func(c rune)) {
	for c := rune(0); c <= unicode.MaxRune; c++ {
		if c < 0xd800 || c > 0xdfff {
			f(c)
		}
	}
}

func main() {
	dump := flag.Bool("dump", false, "print what x/net/idna does with each code point, and stop")
	flag.Parse()
	if *dump {
		w := bufio.NewWriter(os.Stdout)
		fmt.Fprintln(w, idna.UnicodeVersion)
		each(func(c rune) {
			e := probe(c)
			fmt.Fprintf(w, "%X %c %q %q\n", c, e.status, e.mapping, e.class)
		})
		if err := w.Flush(); err != nil {
			log.Fatal(err)
		}
		return
	}
	cmd := exec.Command("go", "run", ".", "-dump")
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN=go1.27.3")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		log.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	to, from := lines[0], idna.UnicodeVersion
	if from == to {
		log.Fatalf("both toolchains give x/net/idna's Unicode %s tables", from)
	}
	next := map[rune]entry{}
	for _, l := range lines[1:] {
		var c rune
		var st, m string
		var cl string
		if _, err := fmt.Sscanf(l, "%X %s %q %q", &c, &st, &m, &cl); err != nil {
			log.Fatalf("%q: %v", l, err)
		}
		next[c] = entry{status: st[0], mapping: m, class: cl}
	}
	type change struct {
		c       rune
		kind    string
		m       string
		standIn rune
	}
	// Stand-ins: for each class, the first code point from U+0100 on that is valid and
	// of that class in both versions (outside ASCII, so that a label keeps its form;
	// past Latin-1, whose deviation ß is no ordinary letter in x/net's mapping).
	standIns := map[string]rune{}
	each(func(c rune) {
		if n := next[c]; c >= 0x100 && n.status == 'v' && n.class != "" && standIns[n.class] == 0 {
			if o := probe(c); o.status == 'v' && o.class == n.class {
				standIns[n.class] = c
			}
		}
	})
	var changes []change
	each(func(c rune) {
		old, new := probe(c), next[c]
		if old.status == new.status && old.mapping == new.mapping {
			return
		}
		switch new.status {
		case 'm':
			changes = append(changes, change{c: c, kind: "mapped", m: new.mapping})
		case 'i':
			changes = append(changes, change{c: c, kind: "ignored"})
		case 'd':
			changes = append(changes, change{c: c, kind: "disallowed"})
		case 'v':
			if s := standIns[new.class]; s != 0 {
				changes = append(changes, change{c: c, kind: "valid", standIn: s})
			} else {
				changes = append(changes, change{c: c, kind: "unsupported"})
			}
		}
	})
	// Runs: consecutive code points of one kind and stand-in whose mappings, when
	// single code points, advance with them.
	type run struct {
		lo, hi  rune
		kind    string
		m       string
		standIn rune
	}
	var runs []run
	for _, ch := range changes {
		if n := len(runs); n > 0 {
			r := &runs[n-1]
			if r.hi+1 == ch.c && r.kind == ch.kind && r.standIn == ch.standIn {
				if ch.kind != "mapped" {
					r.hi = ch.c
					continue
				}
				rm, cm := single(r.m), single(ch.m)
				if rm >= 0 && cm == rm+(ch.c-r.lo) {
					r.hi = ch.c
					continue
				}
			}
		}
		runs = append(runs, run{ch.c, ch.c, ch.kind, ch.m, ch.standIn})
	}
	count := map[string]int{}
	for _, ch := range changes {
		count[ch.kind]++
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by gen/main.go from golang.org/x/net/idna's tables; DO NOT EDIT.\n\n")
	fmt.Fprintf(&b, "package uts46\n\n")
	fmt.Fprintf(&b, "// The versions of x/net/idna's tables that the changes lead from and to.\nconst (\n\tfromVersion = %q\n\ttoVersion = %q\n)\n\n", from, to)
	var kinds []string
	for k := range count {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	fmt.Fprintf(&b, "// changes lists the code points whose status or mapping in x/net/idna's toVersion\n")
	fmt.Fprintf(&b, "// tables differs from its fromVersion tables, in runs of one kind: a run of mapped\n")
	fmt.Fprintf(&b, "// code points maps its first to mapping and each next one to the code point after\n")
	fmt.Fprintf(&b, "// the last one's; a valid code point names its stand-in.\n")
	fmt.Fprintf(&b, "// %d code points in %d runs (", len(changes), len(runs))
	for i, k := range kinds {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s %d", k, count[k])
	}
	b.WriteString(").\nvar changes = [...]change{\n")
	for _, r := range runs {
		fmt.Fprintf(&b, "\t{%#x, %#x, %s, %s, %#x},\n", r.lo, r.hi, r.kind, strconv.QuoteToASCII(r.m), r.standIn)
	}
	b.WriteString("}\n")
	src, err := format.Source(b.Bytes())
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("../tables.go", src, 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("%d changes from %s to %s in %d runs: %v; stand-ins %q", len(changes), from, to, len(runs), count, standIns)
}

// single returns the code point of s if s is one, else -1.
func single(s string) rune {
	if r := []rune(s); len(r) == 1 {
		return r[0]
	}
	return -1
}
