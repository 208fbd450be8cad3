package main

import (
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/urispec/urispec/uri/specdiff"
)

func diffCommand() command {
	return command{
		name:    "diff",
		summary: "the exact difference of two specs' grammars: classes of strings, witnesses",
		usage:   "diff [-json | -markdown] [-n N] [-classes N] (A B | -spec all|lineage)",
		doc: `Compares two languages from the minimal automata of their grammars (built from
grammar/*.abnf): each of A ∖ B and B ∖ A is empty, finite (with its size) or infinite;
the number of its strings of each length up to -n; its classes of strings, each keyed by
the deciding rules (the rule of the one that goes on reading, the rule of the other that
stops, and the bytes at which it stops, or the end of the input) with the class's
shortest string in shortlex order; and the verdict: equal, subset (A ⊂ B), superset
(B ⊂ A) or incomparable. Then the classes of strings both accept on which a byte
belongs to different components under each (a host under one, a path under the other).

A and B are spec IDs (urispec specs), rfc6570, the scheme grammars (http, https, urn,
mailto, file, file-F, data, tel, geo: the top rule with RFC 3986's "#" fragment where
the scheme's own rule has none), or NAME:SCHEME, the strings of NAME whose scheme is
SCHEME. rfc1738, rfc3986 and rfc3987 are the generic syntax (check -schemes=false);
whatwg is a valid URL string against a base whose scheme is special (check -spec whatwg
-base https://example.com/), with the port's range inside the automaton and the valid
domain outside it. -spec lineage diffs every adjacent pair of the lineage, and rfc3986
and whatwg; -spec all also each scheme grammar against rfc3986:SCHEME, the generic syntax
it is layered on.

With -markdown, the report is a Markdown page: the classes each newer language gains and
loses, with their rules, sections and witnesses (docs/changes.md is
urispec diff -markdown -spec lineage).

With -json, one object per pair: a and b (name, title, top, document, notes, states,
classes), verdict, only_a and only_b (accepted_by, rejected_by, empty, finite, size,
counts, classes: goes_on and stops {rule, section, stack}, at, end_of_input, witness,
offset) and split (a, b, witness, offset).

Exit status: 0 the languages are equal (every pair with -spec all), 1 they differ, 2
usage error or output that could not be written.`,
		setup: func(fs *flag.FlagSet) func(*cmdEnv, []string) int {
			asJSON := jsonVar(fs, "one object per pair")
			n := countVar(fs, "n", 8, 0, 64, "count the strings of each length up to")
			classes := countVar(fs, "classes", 10, 0, maxGroups, "classes listed per side, 0 for all (-json lists all)")
			all := fs.String("spec", "", "lineage: every adjacent pair of the lineage, and rfc3986 and whatwg; all: those and each scheme grammar against rfc3986:SCHEME")
			markdown := fs.Bool("markdown", false, "print the report as a Markdown page (docs/changes.md)")
			return func(x *cmdEnv, args []string) int {
				var pairs []specdiff.Pair
				switch {
				case *all == "all" && len(args) == 0:
					pairs = specdiff.AllPairs()
				case *all == "lineage" && len(args) == 0:
					pairs = specdiff.LineagePairs()
				case *all != "":
					return x.usageError("invalid value %q for flag -spec: all or lineage, or name two languages", *all)
				case len(args) == 2:
					pairs = []specdiff.Pair{{A: args[0], B: args[1]}}
				default:
					return x.usageError("want two languages, or -spec all")
				}
				for _, p := range pairs {
					for _, name := range []string{p.A, p.B} {
						if _, err := specdiff.Lookup(name); err != nil {
							return x.usageError("%s", strings.TrimPrefix(err.Error(), "specdiff: "))
						}
					}
				}
				if *markdown && *asJSON {
					return x.usageError("-json and -markdown exclude each other")
				}
				return runDiff(x, pairs, *n, *classes, *asJSON, *markdown)
			}
		},
	}
}

func runDiff(x *cmdEnv, pairs []specdiff.Pair, n, classes int, asJSON, markdown bool) int {
	reports := make([]*specdiff.Report, len(pairs))
	var wg sync.WaitGroup
	next := make(chan int)
	for range 2 {
		wg.Go(func() {
			for i := range next {
				a, _ := specdiff.Lookup(pairs[i].A)
				b, _ := specdiff.Lookup(pairs[i].B)
				reports[i] = specdiff.Diff(a, b, n)
			}
		})
	}
	for i := range pairs {
		next <- i
	}
	close(next)
	wg.Wait()
	status := exitOK
	if markdown {
		writeChanges(x.stdout, reports)
		for _, r := range reports {
			if r.Verdict != specdiff.Equal {
				status = exitInvalid
			}
		}
		return status
	}
	enc := x.encoder()
	for i, r := range reports {
		if r.Verdict != specdiff.Equal {
			status = exitInvalid
		}
		if asJSON {
			if err := enc.Encode(diffJSON(r)); err != nil {
				return x.stop(err)
			}
			continue
		}
		if i > 0 {
			fmt.Fprintln(x.stdout)
		}
		writeDiff(x.stdout, r, classes)
	}
	return status
}

// jsonReport adds the base64 of a witness that is not UTF-8, as every -json does.
type jsonReport struct {
	*specdiff.Report
	OnlyA jsonSide `json:"only_a"`
	OnlyB jsonSide `json:"only_b"`
}

type jsonSide struct {
	specdiff.Side
	Classes []jsonClass `json:"classes"`
}

type jsonClass struct {
	specdiff.Class
	WitnessBase64 string `json:"witness_base64,omitempty"`
}

func diffJSON(r *specdiff.Report) jsonReport {
	side := func(s specdiff.Side) jsonSide {
		js := jsonSide{Side: s, Classes: []jsonClass{}}
		for _, c := range s.Classes {
			js.Classes = append(js.Classes, jsonClass{Class: c, WitnessBase64: exactBytes(c.Witness)})
		}
		return js
	}
	return jsonReport{Report: r, OnlyA: side(r.OnlyA), OnlyB: side(r.OnlyB)}
}

// writeDiff prints one pair's report for people.
func writeDiff(w io.Writer, r *specdiff.Report, classes int) {
	for _, l := range []*specdiff.Language{r.A, r.B} {
		fmt.Fprintf(w, "%s: %s, top rule %s", l.Name, l.Document, l.Top)
		if l.States > 0 {
			fmt.Fprintf(w, "; minimal automaton of %d states over %d byte classes", l.States, l.Classes)
		}
		fmt.Fprintln(w)
		for _, note := range l.Notes {
			fmt.Fprintf(w, "  note: %s\n", note)
		}
	}
	verdict := map[specdiff.Verdict]string{
		specdiff.Equal:        "equal: the same strings",
		specdiff.Subset:       fmt.Sprintf("subset: every string of %s is in %s, not the reverse", r.A.Name, r.B.Name),
		specdiff.Superset:     fmt.Sprintf("superset: every string of %s is in %s, not the reverse", r.B.Name, r.A.Name),
		specdiff.Incomparable: "incomparable: each accepts strings the other rejects",
	}[r.Verdict]
	fmt.Fprintf(w, "verdict: %s\n", verdict)
	for _, s := range []specdiff.Side{r.OnlyA, r.OnlyB} {
		writeSide(w, s, classes)
	}
	if len(r.Split) > 0 {
		fmt.Fprintf(w, "\nboth accept, components differ: %s\n", plural(len(r.Split), "class"))
		for i, c := range r.Split {
			if classes > 0 && i >= classes {
				fmt.Fprintf(w, "  ... %d more (-classes 0 lists them)\n", len(r.Split)-i)
				break
			}
			fmt.Fprintf(w, "  %-20s byte %d is %s under %s, %s under %s\n", showWitness(c.Witness), c.Offset,
				c.A, r.A.Name, c.B, r.B.Name)
		}
	}
}

func writeSide(w io.Writer, s specdiff.Side, classes int) {
	fmt.Fprintf(w, "\n%s ∖ %s: ", s.X, s.Y)
	switch {
	case s.Empty:
		fmt.Fprintln(w, "empty")
		return
	case s.Finite:
		fmt.Fprintf(w, "finite, %s %s", s.Size, nounFor(min(s.Size.Int64(), 2), "string"))
	default:
		fmt.Fprint(w, "infinite")
	}
	fmt.Fprintf(w, ", %s\n", plural(len(s.Classes), "class"))
	lens, counts := []string{"length"}, []string{"strings"}
	for l, c := range s.Counts {
		lens, counts = append(lens, strconv.Itoa(l)), append(counts, c.String())
	}
	writeRow := func(cells []string) {
		fmt.Fprint(w, " ")
		for i, c := range cells {
			width := len(c)
			if i < len(lens) {
				width = max(len(lens[i]), len(counts[i]))
			}
			fmt.Fprintf(w, " %*s", width, c)
		}
		fmt.Fprintln(w)
	}
	lens[0], counts[0] = fmt.Sprintf("%-7s", lens[0]), fmt.Sprintf("%-7s", counts[0])
	writeRow(lens)
	writeRow(counts)
	for i, c := range s.Classes {
		if classes > 0 && i >= classes {
			fmt.Fprintf(w, "  ... %d more (-classes 0 lists them)\n", len(s.Classes)-i)
			break
		}
		fmt.Fprintf(w, "  %s\n", showWitness(c.Witness))
		if c.End {
			fmt.Fprintf(w, "      %s %s%s accepts at the end; %s %s%s stops short\n",
				s.X, c.GoesOn.Rule, cited(c.GoesOn), s.Y, c.Stops.Rule, cited(c.Stops))
			continue
		}
		fmt.Fprintf(w, "      at byte %d, %s: %s %s%s goes on; %s %s%s stops\n", c.Offset, c.At,
			s.X, c.GoesOn.Rule, cited(c.GoesOn), s.Y, c.Stops.Rule, cited(c.Stops))
	}
}

func cited(r specdiff.RuleRef) string {
	if r.Section == "" {
		return ""
	}
	return " (" + r.Section + ")"
}

// showWitness writes a witness as it is when it is printable ASCII without spaces, and
// quoted with Go's escapes otherwise ("" for the empty string).
func showWitness(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' || s[i] >= 0x7F || s[i] == '"' {
			return strconv.Quote(s)
		}
	}
	if s == "" || !utf8.ValidString(s) {
		return strconv.Quote(s)
	}
	return s
}

// classLine says, for one string of r's difference, the class it belongs to: the rule
// that goes on, the rule that stops and where, and the class's witness.
func classLine(c specdiff.Class, x, y string) string {
	if c.End {
		return fmt.Sprintf("%s %s accepts at the end where %s %s stops short (witness %s)",
			x, c.GoesOn.Rule, y, c.Stops.Rule, showWitness(c.Witness))
	}
	return fmt.Sprintf("%s %s goes on at %s where %s %s stops (witness %s)",
		x, c.GoesOn.Rule, c.At, y, c.Stops.Rule, showWitness(c.Witness))
}

// classifier names the specdiff class of the strings on which two specs' verdicts
// differ, computing each pair's report once.
type classifier struct {
	mu      sync.Mutex
	reports map[[2]string]*specdiff.Report
}

// note returns the line that names the class of input, valid under a and not b (or the
// reverse), or says that the automata do not separate it: the difference then comes
// from what they leave out (a scheme grammar, whatwg's valid domain or its base).
func (c *classifier) note(a, b, input string) string {
	la, errA := specdiff.Lookup(a)
	lb, errB := specdiff.Lookup(b)
	if errA != nil || errB != nil {
		return ""
	}
	c.mu.Lock()
	if c.reports == nil {
		c.reports = map[[2]string]*specdiff.Report{}
	}
	r, ok := c.reports[[2]string{a, b}]
	if !ok {
		r = specdiff.Compare(la, lb)
		c.reports[[2]string{a, b}] = r
	}
	c.mu.Unlock()
	cl, ok := r.Classify(input)
	if !ok {
		return "the grammars' automata do not separate it (a scheme grammar, a check or a base decides)"
	}
	x, y := a, b
	if !la.Accepts(input) {
		x, y = b, a
	}
	return classLine(cl, x, y)
}
