package api

import (
	"slices"
	"testing"
)

// alphabet covers the bytes of every rule of testdata/tiny.peg, bytes no rule accepts
// (space, "\x00", a byte above 127), and the delimiters of its entries.
const alphabet = "aZ9F-%:/?@,#;*!.~$+()\x80 \x00"

// entries are the rules of testdata/tiny.peg that the tests start from.
var entries = []string{"top", "alt", "list"}

// each calls f with every string of up to n bytes over alphabet.
func each(n int, f func(s string)) {
	var walk func(s string, depth int)
	walk = func(s string, depth int) {
		f(s)
		if depth == 0 {
			return
		}
		for i := 0; i < len(alphabet); i++ {
			walk(s+alphabet[i:i+1], depth-1)
		}
	}
	walk("", n)
}

// depth is the length of the strings the tests try: 3 with -short.
func depth() int {
	if testing.Short() {
		return 3
	}
	return 4
}

// errorAtReference is ErrorAt without its shortcut: the binary search over the
// prefixes after every failure that Farthest does not end.
func errorAtReference(p *Parser, s string, rule int) (int, int) {
	if p.Run(s, rule) {
		return -1, -1
	}
	off, r := p.Farthest()
	if off < len(s) && p.viable(s[:off+1], rule) {
		lo, hi := off+1, len(s)
		for hi-lo > 1 {
			if mid := (lo + hi) / 2; p.viable(s[:mid], rule) {
				lo = mid
			} else {
				hi = mid
			}
		}
		off, r = lo, p.ruleAtEnd(s[:lo], rule)
	}
	return off, r
}

// expectedReference is Expected found by probing alone: a text c may follow prefix if,
// on prefix+c, the parser reads past c.
func expectedReference(p *Parser, prefix string, rule int, samples []string) (allowed [4]uint64, wide uint64, end bool) {
	for c := 0x20; c < 0x7f; c++ {
		s := prefix + string(rune(c))
		if p.Run(s, rule) || p.far > len(prefix) {
			allowed[c>>6] |= 1 << (c & 63)
		}
	}
	for i, w := range samples {
		s := prefix + w
		if p.Run(s, rule) || p.far >= len(s) {
			wide |= 1 << i
		}
	}
	return allowed, wide, p.Run(prefix, rule)
}

// TestErrorAt checks ErrorAt, which parses again only when a lookahead or a predicate
// read past the farthest failing test (Reach), against the search after every failure,
// on every short string from every entry rule of testdata/tiny.peg.
func TestErrorAt(t *testing.T) {
	p, ref := &Parser{}, &Parser{}
	checked := 0
	each(depth(), func(s string) {
		for _, e := range entries {
			rule := RuleID(e)
			wantOff, wantRule := errorAtReference(ref, s, rule)
			if p.Accepts(s, rule) {
				if wantOff >= 0 {
					t.Fatalf("%s %q: Accepts, reference fails at %d", e, s, wantOff)
				}
				continue
			}
			off, r := p.ErrorAt(s, rule)
			if off != wantOff || r != wantRule {
				t.Fatalf("%s %q: ErrorAt %d in %s, reference %d in %s", e, s, off, RuleName(r), wantOff, RuleName(wantRule))
			}
			checked++
		}
	})
	t.Logf("%d failures checked", checked)
}

// TestExpected checks Expected, which parses once with Collect's probe and again only
// for the classes of bytes the probe leaves undecided, against probing every printable
// byte, every sample and the end, after the beginning of every error of every short
// string from every entry rule of testdata/tiny.peg.
func TestExpected(t *testing.T) {
	p, ref := &Parser{}, &Parser{}
	samples := []string{"\x80", "\u00e9", "a"}
	seen := map[string]bool{}
	each(depth(), func(s string) {
		for _, e := range entries {
			rule := RuleID(e)
			if p.Accepts(s, rule) {
				continue
			}
			off, _ := p.ErrorAt(s, rule)
			key := e + "\x00" + s[:off]
			if seen[key] {
				continue
			}
			seen[key] = true
			allowed, wide, end := p.Expected(s[:off], rule, samples)
			wa, ww, we := expectedReference(ref, s[:off], rule, samples)
			if allowed != wa || wide != ww || end != we {
				t.Fatalf("%s %q: Expected %x %b %v, reference %x %b %v", e, s[:off], allowed, wide, end, wa, ww, we)
			}
		}
	})
	t.Logf("%d prefixes checked", len(seen))
}

// TestRepresentative checks what Expected relies on: the parser cannot tell apart a
// character from its Representative, at any position of any string of up to 2 bytes
// (3 without -short) and one more there.
func TestRepresentative(t *testing.T) {
	p := &Parser{}
	classes := 0
	for c := byte(0x20); c < 0x7f; c++ {
		if r := p.Representative(c); r > c || p.Representative(r) != r {
			t.Fatalf("Representative(%q) = %q, not the smallest of its class", c, r)
		} else if r == c {
			classes++
		}
	}
	each(depth()-2, func(s string) {
		for i := 0; i <= len(s); i++ {
			for c := byte(0x20); c < 0x7f; c++ {
				r := p.Representative(c)
				if r == c {
					continue
				}
				rest := ""
				if i < len(s) {
					rest = s[i+1:]
				}
				withC, withR := s[:i]+string(c)+rest, s[:i]+string(r)+rest
				for _, e := range entries {
					rule := RuleID(e)
					okC := p.Run(withC, rule)
					farC, _ := p.Farthest()
					okR := p.Run(withR, rule)
					farR, _ := p.Farthest()
					if okC != okR || farC != farR {
						t.Fatalf("%s: %q: %v at %d; %q: %v at %d", e, withC, okC, farC, withR, okR, farR)
					}
				}
			}
		}
	})
	t.Logf("%d classes of printable characters", classes)
}

// TestRunRecording checks that RunRecording gives Run's result and Farthest, and Run's
// tokens of the rules it records only; Accepts records none.
func TestRunRecording(t *testing.T) {
	p, q := &Parser{}, &Parser{}
	var record [4]uint64
	for _, name := range []string{"host", "word"} {
		id := RuleID(name)
		record[id/64] |= 1 << (id % 64)
	}
	matched := 0
	each(depth(), func(s string) {
		for _, e := range entries {
			rule := RuleID(e)
			ok := p.Run(s, rule)
			far, r := p.Farthest()
			var want [][3]int32
			for _, tok := range p.Tokens(nil) {
				if record[tok[0]/64]&(1<<(tok[0]%64)) != 0 {
					want = append(want, tok)
				}
			}
			gotOK := q.RunRecording(s, rule, &record)
			gotFar, gotR := q.Farthest()
			if gotOK != ok || gotFar != far || gotR != r {
				t.Fatalf("%s %q: RunRecording %v at %d in %d, Run %v at %d in %d", e, s, gotOK, gotFar, gotR, ok, far, r)
			}
			if !ok {
				continue
			}
			matched++
			if got := q.Tokens(nil); !slices.Equal(got, want) {
				t.Fatalf("%s %q: RunRecording's tokens %v, Run's of the recorded rules %v", e, s, got, want)
			}
			if !q.Accepts(s, rule) || len(q.Tokens(nil)) != 0 {
				t.Fatalf("%s %q: Accepts differs from Run, or records tokens", e, s)
			}
		}
	})
	if matched == 0 {
		t.Fatal("no string matched")
	}
	t.Logf("%d matches", matched)
}

// TestTokens checks the syntax tree of one match: post-order spans of the token rules.
func TestTokens(t *testing.T) {
	p := &Parser{}
	if !p.Run("a://h/x/y?q", RuleID("top")) {
		t.Fatal("no match")
	}
	var got []string
	for _, tok := range p.Tokens(nil) {
		got = append(got, RuleName(int(tok[0]))+" "+"a://h/x/y?q"[tok[1]:tok[2]])
	}
	want := []string{"host h", "path /x/y", "top a://h/x/y?q"}
	if !slices.Equal(got, want) {
		t.Errorf("tokens %q, want %q", got, want)
	}
	if RuleID("nope") != -1 || RuleName(-1) != "" || RuleName(NumRules()) != "" || RuleName(RuleID("word")) != "word" {
		t.Error("RuleID and RuleName do not agree")
	}
}
