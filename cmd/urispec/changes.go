package main

import (
	"fmt"
	"html"
	"io"
	"strings"

	"github.com/urispec/urispec/uri/specdiff"
)

// writeChanges writes the reports as the Markdown page docs/changes.md: for each pair,
// the classes of strings the newer language gains and loses.
func writeChanges(w io.Writer, reports []*specdiff.Report) {
	fmt.Fprint(w, `# How URI syntax changed

<!-- Written by urispec diff -markdown -spec lineage; TestChangesPage checks it. -->

For each spec version and the one before it, and for RFC 3986 and the URL Standard, the
exact difference of the languages their grammars derive, computed by `+"`urispec diff`"+` from
the minimal automata of grammar/*.abnf ([verification.md](verification.md#specdiff)).
A class of strings is keyed by the rule of the newer (gained) or older (lost) version that
goes on reading, the rule of the other that stops, and the bytes at which it stops (or
the end of the input); its witness is its shortest string, the first in shortlex order.
Each row here is one pair of rules, with the number of its classes (the bytes at which
it stops differ from one to the next) and the shortest witness among them; `+"`urispec diff A B`"+`
lists every class.
A rule named "a or b" is one the grammar can read the byte in either way. Sections are
those of each rule's document; "Appendix A" grammars cite the section the rule's text
comes from. rfc1738, rfc3986 and rfc3987 are the generic syntax (without their scheme
rules); whatwg is a valid URL string against a base whose scheme is special, its port's
range checked and its valid domain not (a witness's host may fail it).

| pair | verdict | gained | lost |
|---|---|---|---|
`)
	for _, r := range reports {
		fmt.Fprintf(w, "| [%s → %s](#%s) | %s | %s | %s |\n", r.A.Name, r.B.Name, anchor(r.A.Name, r.B.Name),
			r.Verdict, sideSummary(r.OnlyB), sideSummary(r.OnlyA))
	}
	for _, r := range reports {
		fmt.Fprintf(w, "\n## %s → %s\n\n", r.A.Name, r.B.Name)
		fmt.Fprintf(w, "%s (%s) and %s (%s): %s.\n", r.A.Name, r.A.Document, r.B.Name, r.B.Document, r.Verdict)
		for _, side := range []struct {
			title string
			s     specdiff.Side
		}{{"Gained", r.OnlyB}, {"Lost", r.OnlyA}} {
			fmt.Fprintf(w, "\n### %s: valid under %s, not under %s\n\n", side.title, side.s.X, side.s.Y)
			if side.s.Empty {
				fmt.Fprintln(w, "None.")
				continue
			}
			fmt.Fprintf(w, "%s; by length 0 to %d: %s.\n\n", sizeText(side.s), len(side.s.Counts)-1, countsText(side.s))
			fmt.Fprintf(w, "| witness | %s goes on | %s stops | classes |\n|---|---|---|---|\n", side.s.X, side.s.Y)
			for _, g := range groupClasses(side.s.Classes) {
				fmt.Fprintf(w, "| %s | %s | %s | %d |\n", mdCode(g[0].Witness), mdRule(g[0].GoesOn), mdRule(g[0].Stops), len(g))
			}
		}
		if len(r.Split) > 0 {
			fmt.Fprintf(w, "\n### Read differently: valid under both, a byte in other components\n\n")
			fmt.Fprintf(w, "| witness | byte | under %s | under %s |\n|---|---|---|---|\n", r.A.Name, r.B.Name)
			for _, c := range r.Split {
				fmt.Fprintf(w, "| %s | %d | %s | %s |\n", mdCode(c.Witness), c.Offset, c.A, c.B)
			}
		}
	}
}

// groupClasses groups the classes by their two rules (the page lists one row for each
// pair of rules, with its shortest witness; urispec diff lists every class), in the
// order of their first witness.
func groupClasses(cs []specdiff.Class) [][]specdiff.Class {
	var out [][]specdiff.Class
	index := map[string]int{}
	for _, c := range cs {
		k := c.GoesOn.Rule + "\x00" + c.Stops.Rule
		i, ok := index[k]
		if !ok {
			i = len(out)
			index[k] = i
			out = append(out, nil)
		}
		out[i] = append(out[i], c)
	}
	return out
}

func anchor(a, b string) string {
	return strings.ReplaceAll(strings.ToLower(a+"--"+b), ".", "")
}

func sideSummary(s specdiff.Side) string {
	if s.Empty {
		return "none"
	}
	return plural(len(s.Classes), "class")
}

func sizeText(s specdiff.Side) string {
	if s.Finite {
		return fmt.Sprintf("%s %s in %s", s.Size, nounFor(min(s.Size.Int64(), 2), "string"),
			plural(len(s.Classes), "class"))
	}
	return "Infinitely many strings in " + plural(len(s.Classes), "class")
}

func countsText(s specdiff.Side) string {
	var c []string
	for _, n := range s.Counts {
		c = append(c, n.String())
	}
	return strings.Join(c, ", ")
}

// mdCode writes s as inline code in a table cell: HTML-escaped (a cell cannot hold a
// raw "|"), bytes that are not printable ASCII as Go escapes.
func mdCode(s string) string {
	t := showWitness(s)
	return "<code>" + strings.ReplaceAll(html.EscapeString(t), "|", "&#124;") + "</code>"
}

func mdRule(r specdiff.RuleRef) string {
	t := r.Rule
	if r.Section != "" {
		t += " (" + r.Section + ")"
	}
	return strings.ReplaceAll(html.EscapeString(t), "|", "&#124;")
}
