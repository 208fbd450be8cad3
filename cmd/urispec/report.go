package main

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/urispec/urispec/internal/summary"
	"github.com/urispec/urispec/uri"
)

// writeReport prints the text report of matrix and merge from a summary, listing at
// most maxGroups groups (0: all) per pair of versions.
func writeReport(w io.Writer, s *summary.Summary, maxGroups int) {
	var nProblems int64
	for _, g := range s.Unchecked {
		nProblems += g.Count
	}
	fmt.Fprint(w, plural(s.Inputs, "input"))
	if nProblems > 0 {
		fmt.Fprintf(w, " (%d not checked, counted as rejected by every spec: see below)", nProblems)
	}
	fmt.Fprintln(w)
	if s.Blank > 0 {
		fmt.Fprintf(w, "%s skipped (an empty line is no input)\n", plural(s.Blank, "blank line"))
	}
	if s.GenericOnly {
		fmt.Fprintln(w, "read with each spec's generic syntax alone, without scheme grammars (-schemes=false)")
	}
	fmt.Fprintln(w)
	idWidth := len("spec")
	for _, id := range s.Specs {
		idWidth = max(idWidth, len(id))
	}
	fmt.Fprintf(w, "%-*s  %-7s  %9s  %9s\n", idWidth, "spec", "date", "accepts", "rejects")
	for i, id := range s.Specs {
		fmt.Fprintf(w, "%-*s  %-7s  %9d  %9d\n", idWidth, id, specDate(id), s.Accepts[i], s.Inputs-s.Accepts[i])
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "the specs disagree on %s (%s)\n", plural(s.Disagree, "input"), percent(int(s.Disagree), int(s.Inputs)))

	if len(s.Specs) > 1 {
		fmt.Fprintln(w)
		fmt.Fprintln(w, "verdict patterns (+ accepts, - rejects):")
		for _, id := range s.Specs {
			fmt.Fprintf(w, " %*s", len(id), id)
		}
		fmt.Fprintf(w, "  %9s\n", "inputs")
		for _, p := range sortedPatterns(s.Patterns) {
			for i, id := range s.Specs {
				fmt.Fprintf(w, " %*c", len(id), p.key[i])
			}
			fmt.Fprintf(w, "  %9d\n", p.count)
		}
	}
	for _, p := range s.Pairs {
		fmt.Fprintln(w)
		fmt.Fprintf(w, "%s -> %s: %s (%d valid only under %s, %d only under %s)\n",
			p.Older, p.Newer, differ(p.OnlyOlder+p.OnlyNewer), p.OnlyOlder, p.Older, p.OnlyNewer, p.Newer)
		// Each example of a disagreement names the class of the two grammars'
		// difference it belongs to (urispec diff).
		var c classifier
		writeGroups(w, p.Groups, maxGroups, func(input string) string { return "specdiff: " + c.note(p.Older, p.Newer, input) })
	}
	for _, o := range s.Only {
		var n int64
		for _, g := range o.Groups {
			n += g.Count
		}
		if n > 0 {
			fmt.Fprintln(w)
			fmt.Fprintf(w, "only %s accepts: %s\n", o.Spec, plural(n, "input"))
			writeGroups(w, o.Groups, maxGroups, nil)
		}
	}
	if len(s.Hazards) > 0 {
		fmt.Fprintln(w)
		fmt.Fprintln(w, "hazards (inputs by code, read under the newest spec that accepts each; see urispec lint):")
		for _, h := range sortedPatterns(s.Hazards) {
			fmt.Fprintf(w, "  %7d  %s\n", h.count, h.key)
		}
	}
	if nProblems > 0 {
		fmt.Fprintln(w)
		fmt.Fprintf(w, "not checked: %s\n", plural(nProblems, "input"))
		writeGroups(w, s.Unchecked, 0, nil)
	}
}

// specDate is the date of a spec ID, or "?" for one this build does not know (a
// summary written by a newer urispec).
func specDate(id string) string {
	if s, err := uri.ParseSpec(id); err == nil {
		return s.Date()
	}
	return "?"
}

type keyCount struct {
	key   string
	count int64
}

// sortedPatterns is a count map by count, largest first, then by key.
func sortedPatterns(m map[string]int64) []keyCount {
	out := make([]keyCount, 0, len(m))
	for k, n := range m {
		out = append(out, keyCount{k, n})
	}
	slices.SortFunc(out, func(a, b keyCount) int { return cmp.Or(cmp.Compare(b.count, a.count), strings.Compare(a.key, b.key)) })
	return out
}

// byCount is groups by count, largest first, then by key.
func byCount(gs []summary.Group) []summary.Group {
	out := slices.Clone(gs)
	slices.SortFunc(out, func(a, b summary.Group) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), strings.Compare(a.Key, b.Key))
	})
	return out
}

// writeGroups prints up to limit groups (0: all) as "  COUNT  KEY" with indented examples.
func writeGroups(w io.Writer, gs []summary.Group, limit int, note func(input string) string) {
	all := byCount(gs)
	shown := all
	if limit > 0 && len(all) > limit {
		shown = all[:limit]
	}
	for _, g := range shown {
		fmt.Fprintf(w, "  %7d  %s\n", g.Count, g.Key)
		for _, ex := range g.Examples {
			fmt.Fprintf(w, "           %s\n", summaryExampleLine(ex))
			if note != nil {
				if n := note(ex.Text()); n != "" {
					fmt.Fprintf(w, "             %s\n", n)
				}
			}
		}
	}
	if rest := all[len(shown):]; len(rest) > 0 {
		var n int64
		for _, g := range rest {
			n += g.Count
		}
		fmt.Fprintf(w, "  %7d  in %s (-groups 0 lists all)\n", n, plural(len(rest), "more group"))
	}
}

// summaryExampleLine quotes an example as exampleLine does an input: its place and its
// text, shortened, and why it was not checked.
func summaryExampleLine(ex summary.Example) string {
	where := fmt.Sprintf("%s:%d", ex.File, ex.Line)
	line := where + "  " + shorten(ex.Text(), 100)
	if strings.HasPrefix(ex.Note, "line longer") {
		line = where
	}
	if ex.Note != "" {
		line += "  (" + ex.Note + ")"
	}
	return line
}

// plural is n and the noun, in the plural unless n is 1: "1 input", "2 inputs".
func plural[N int | int64](n N, noun string) string {
	return fmt.Sprintf("%d %s", n, nounFor(n, noun))
}

// nounFor is the noun, in the plural unless n is 1: "class", "classes".
func nounFor[N int | int64](n N, noun string) string {
	switch {
	case n == 1:
		return noun
	case strings.HasSuffix(noun, "s"):
		return noun + "es"
	}
	return noun + "s"
}

// differ is "1 input differs" or "N inputs differ".
func differ(n int64) string {
	if n == 1 {
		return "1 input differs"
	}
	return plural(n, "input") + " differ"
}

// percent formats n/total as a percentage with one decimal.
func percent(n, total int) string {
	if total == 0 {
		return "0.0%"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(total))
}
