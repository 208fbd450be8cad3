package main

import (
	"strings"
	"testing"
)

// TestNoteTests generates a grammar with a lookahead, an optional part, a semantic
// predicate and a rule called from a lookahead, and checks what noteTests writes: a sure
// note for a test outside them, an unsure one inside each, the call through p.peek, the
// matchDot mark, and the count of lookaheads in the noteMask comment.
func TestNoteTests(t *testing.T) {
	// big calls itself, so it is not copied into top: it stays a call.
	got := generate(t, "# pegwrap: entries top\n# pegwrap: tokens top big\n"+
		"top <- 'a' ('b' 'c')? !big ('d' &{false})? 'e' !.\nbig <- 'x' big / 'z'\n")
	for _, want := range []string{
		"p.note(0, true)",                                  // 'a', and the same mask again for the 'a' of nothing else
		"p.peek(p.rules[rulebig])",                         // big runs inside !big
		"if int(p.position) == p.at {\n\t\t\tp.dot = true", // matchDot
		"// 3 lookaheads, 1 rule calls inside them.",       // !big, !., and the block of &{false}
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	// 'b' and 'c' are in an optional part (sure), 'd' in the predicate's block (not).
	// The notes are in the noted twins of the rules (twins.go).
	got = twinsOf(got, "n")
	for _, c := range []string{"b", "c", "e"} {
		if !noteBefore(got, "'"+c+"'", "true") {
			t.Errorf("the test of %q is not a sure note", c)
		}
	}
	if !noteBefore(got, "'d'", "false") {
		t.Error("the test of 'd', before a predicate, is a sure note")
	}
}

// noteBefore reports whether the first failing test of code that names lit records a
// note whose sure argument is sure.
func noteBefore(code, lit, sure string) bool {
	i := strings.Index(code, "buffer[pos] != "+lit+" {") // as localPosition and byteBuffer write it
	if i < 0 {
		return false
	}
	rest := code[i:]
	j := strings.Index(rest, "p.note(")
	return j >= 0 && strings.HasPrefix(rest[j:][strings.Index(rest[j:], ", ")+2:], sure+")")
}

// TestNoteTestsRefusesUnknownReads checks that a read of the current byte that is no known
// test stops generation (it could treat a byte apart unrecorded).
func TestNoteTestsRefusesUnknownReads(t *testing.T) {
	src := "package x\n\nfunc f(buffer []rune, position int) bool {\n\treturn buffer[position] == 'a'\n}\n"
	if _, err := noteTests([]byte(src)); err == nil || !strings.Contains(err.Error(), "unknown reads") {
		t.Errorf("noteTests accepted an unknown read: %v", err)
	}
}
