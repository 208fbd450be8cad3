package main

import (
	"strings"
	"testing"
)

// TestLocalPosition checks the hand-overs that localPosition writes around each way a
// rule body passes position and tokenIndex on, and that it refuses a shape it does not know.
func TestLocalPosition(t *testing.T) {
	src := `package x

func f() {
	_rules = [...]func() bool{
		nil,
		func() bool {
			position1, tokenIndex1 := position, tokenIndex
			if !_rules[ruleb]() {
				goto l1
			}
			if !matchDot() {
				if int(position) > p.far {
					p.far, p.farComp = int(position), p.comp
				}
				goto l1
			}
			position++
			add(rulea, position1)
			return true
		l1:
			position, tokenIndex = position1, tokenIndex1
			return false
		},
	}
}
`
	got, err := localPosition([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := `		func() bool {
			pos, ti := position, tokenIndex
			position1, tokenIndex1 := pos, ti
			if position, tokenIndex = pos, ti; !_rules[ruleb]() {
				goto l1
			}
			pos, ti = position, tokenIndex
			if position = pos; !matchDot() {
				if int(pos) > p.far {
					p.far, p.farComp = int(pos), p.comp
				}
				goto l1
			}
			pos = position
			pos++
			position, tokenIndex = pos, ti
			add(rulea, position1)
			ti = tokenIndex
			position, tokenIndex = pos, ti
			return true
		l1:
			pos, ti = position1, tokenIndex1
			position, tokenIndex = pos, ti
			return false
		},`
	if !strings.Contains(string(got), want) {
		t.Errorf("got\n%s\nwant it to hold\n%s", got, want)
	}
	bad := strings.Replace(src, "\t\t\tposition++\n", "\t\t\tif _rules[ruleb]() {\n\t\t\t}\n", 1)
	if _, err := localPosition([]byte(bad)); err == nil {
		t.Error("a rule call of an unknown shape was accepted")
	}
}
