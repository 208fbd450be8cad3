package main

import (
	"strings"
	"testing"
)

// TestReachTests checks where reachTests records: once per lookahead (!big, &'q' and !.)
// and once per semantic predicate, and not in the loop of 'a'* or the optional ('b' 'c')?,
// which run on every accepted byte.
func TestReachTests(t *testing.T) {
	got := generate(t, "# pegwrap: entries top\n# pegwrap: tokens top big\n"+
		"top <- 'a'* ('b' 'c')? !big &'q' ('d' &{false})? 'q' !.\nbig <- 'x' 'y' 'z'\n")
	for kind, code := range map[string]string{"plain": twinsOf(got, "r"), "noted": twinsOf(got, "n")} {
		if n := strings.Count(code, "p.reach = int(pos) - 1"); n != 4 {
			t.Errorf("%d reach records in the %s rules, want 4 (!big, &'q', &{false}, !.)", n, kind)
		}
	}
	// The record of !. comes after matchDot succeeded, before the goto that fails !.
	i := strings.Index(got, "!p.matchDot() {")
	if j := strings.Index(got[max(i, 0):], "pos = p.position\n"); i < 0 || j < 0 ||
		!strings.HasPrefix(strings.TrimLeft(got[i+j+len("pos = p.position\n"):], "\t"), "if int(pos)-1 > p.reach {") {
		t.Error("no record after matchDot in !.")
	}
}
