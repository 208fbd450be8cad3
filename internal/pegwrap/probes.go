package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"sort"
	"strings"
)

// probeClasses partitions the printable ASCII characters (0x20-0x7e) into the classes
// that the parser cannot tell apart, and returns for each character the smallest one of
// its class, as a 128-byte table (0 outside the printable range).
//
// The generated parser reads the input only through character tests: a comparison with
// one character, a range, a class table, the cases of a switch, and matchDot (which
// accepts every character but the end). Two characters that every one of those tests
// accepts or rejects alike lead the parser through the same steps, so an input with one
// in place of the other at a position gives the same result and the same farthest
// failure. Package uri uses that to compute an error's expected set with one parse per
// class instead of one per character.
//
// Every read of buffer[position] must be one of those shapes: anything else stops
// generation, since an unseen test could tell apart two characters put in one class.
func probeClasses(code []byte) (string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "parser.go", code, 0)
	if err != nil {
		return "", fmt.Errorf("generated code does not parse: %w", err)
	}
	text := func(n ast.Node) string {
		return string(code[fset.Position(n.Pos()).Offset:fset.Position(n.End()).Offset])
	}
	tables, err := classTableDecls(f)
	if err != nil {
		return "", err
	}
	var tests []*[128]bool
	add := func(in func(c rune) bool) {
		var set [128]bool
		for c := range set {
			set[c] = in(rune(c))
		}
		tests = append(tests, &set)
	}
	reads, known := 0, 0 // reads of buffer[position], and those in a recognized test
	var fail error
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IndexExpr:
			if text(n) == "buffer[position]" {
				reads++
			}
		case *ast.BinaryExpr: // buffer[position] != rune('x'), or != endSymbol (matchDot)
			if n.Op == token.NEQ && text(n.X) == "buffer[position]" {
				if text(n.Y) == "endSymbol" {
					known++
					return true
				}
				if c, ok := bound(n.Y, "rune(", text); ok {
					known++
					add(func(r rune) bool { return r == c })
				}
			}
		case *ast.IfStmt:
			if n.Init == nil {
				return true
			}
			switch init := text(n.Init); init {
			case "c := buffer[position]": // a range
				if lo, hi, ok := rangeTest(n.Cond, text); ok {
					known++
					add(func(r rune) bool { return r >= lo && r <= hi })
				}
			case "c := uint32(buffer[position])": // a class table
				t := strings.TrimSuffix(strings.TrimPrefix(text(n.Cond), "c < 128 && "), "[c] != 0")
				if table, ok := tables[t]; ok {
					known++
					add(func(r rune) bool { return table[r] != 0 })
				}
			}
		case *ast.SwitchStmt:
			if n.Tag == nil || text(n.Tag) != "buffer[position]" {
				return true
			}
			known++
			for _, s := range n.Body.List {
				cc := s.(*ast.CaseClause)
				// Characters above ASCII (rfc3987's UTF-8 bytes) tell no printable
				// ASCII characters apart; the test is kept for the ASCII ones it lists.
				chars, ok := caseLiterals(cc)
				if !ok {
					fail = fmt.Errorf("a switch case at %v is not a list of character literals", fset.Position(cc.Pos()))
					return false
				}
				add(func(r rune) bool { return slices.Contains(chars, r) })
			}
		}
		return true
	})
	if fail != nil {
		return "", fail
	}
	if reads != known {
		return "", fmt.Errorf("%d reads of buffer[position] are not character tests pegwrap knows (%d are)", reads-known, known)
	}
	// Characters with the same answers to every test form a class; the first (smallest)
	// character of each class represents it.
	rep := map[string]byte{}
	var table [128]byte
	for c := byte(0x20); c < 0x7f; c++ {
		var sig strings.Builder
		for _, t := range tests {
			if t[c] {
				sig.WriteByte('1')
			} else {
				sig.WriteByte('0')
			}
		}
		if _, ok := rep[sig.String()]; !ok {
			rep[sig.String()] = c
		}
		table[c] = rep[sig.String()]
	}
	return string(table[:]), nil
}

// describeClasses writes the classes of a probe table for its comment.
func describeClasses(table string) string {
	members := map[byte][]byte{}
	for c := 0x20; c < 0x7f; c++ {
		members[table[c]] = append(members[table[c]], byte(c))
	}
	reps := make([]int, 0, len(members))
	for r := range members {
		reps = append(reps, int(r))
	}
	sort.Ints(reps)
	var out []string
	for _, r := range reps {
		var set [128]bool
		for _, c := range members[byte(r)] {
			set[c] = true
		}
		out = append(out, "["+describe(&set)+"]")
	}
	return fmt.Sprintf("%d classes: %s", len(out), strings.Join(out, " "))
}
