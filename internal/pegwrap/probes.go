package main

import (
	"fmt"
	"sort"
	"strings"
)

// probeClasses partitions the printable ASCII characters (0x20-0x7e) into the classes
// that the parser cannot tell apart, and records for each character the smallest one of
// its class, as a 128-byte table (0 outside the printable range): Parser.Representative.
//
// The generated parser reads the input only through character tests: a comparison with
// one character, a range, a class table, the cases of a switch, and the test of . (which
// accepts every byte before the end). Two characters that every one of those tests
// accepts or rejects alike lead the parser through the same steps, so an input with one
// in place of the other at a position gives the same result and the same farthest
// failure. Package uri uses that to compute an error's expected set with one parse per
// class instead of one per character.
//
// Every read of buffer[position] must be one of those shapes: anything else stops
// generation, since an unseen test could tell apart two characters put in one class.
// Without this pass every character is a class of its own.
func probeClasses(p *program) error {
	sets, err := tested(p)
	if err != nil {
		return fmt.Errorf("probes: %w", err)
	}
	classes := partition(sets)
	var table [128]byte
	for c := 0x20; c < 0x7f; c++ {
		table[c] = classes[c]
	}
	p.probes = string(table[:])
	return nil
}

// partition maps every byte to the smallest byte that every set holds or leaves alike
// with it.
func partition(sets []mask) [256]byte {
	rep := map[string]byte{}
	var classes [256]byte
	for c := 0; c < 256; c++ {
		sig := make([]byte, len(sets))
		for i := range sets {
			if sets[i].has(c) {
				sig[i] = 1
			}
		}
		if _, ok := rep[string(sig)]; !ok {
			rep[string(sig)] = byte(c)
		}
		classes[c] = rep[string(sig)]
	}
	return classes
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
