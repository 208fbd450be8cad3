package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"strings"

	"github.com/urispec/urispec/uri"
)

const compareDoc = `Runs another parser on URI references, one a line, from the files or standard input
(empty lines are skipped, and counted in the report), and reports against the chosen
spec (default rfc3986): inputs the parser accepts that the spec rejects (grouped by the
spec's rule and character), inputs it rejects that the spec accepts (grouped by its
error), and inputs both accept whose host, port, path, query or fragment it splits
differently (grouped by component and kind).

-with net-url (the default) runs Go's url.Parse and url.ParseRequestURI. Components are
compared as raw text: net/url's Host, Port(), EscapedPath() (Opaque when set), RawQuery
(ForceQuery: defined and empty) and EscapedFragment(). url.ParseRequestURI reads a
request target: it is compared only on the inputs shaped like one (no '#', and a scheme
or a leading '/').

-with whatwg runs the WHATWG URL Standard's parser (what browsers do; urispec's own
implementation, internal/whatwgurl) on absolute references (a relative one needs a
base; none is assumed). It hands back normalized parts; a part that equals the spec's after the
spec's scheme-based normalization (RFC 3986 6.2.2-6.2.3) is grouped as "normalized".

A line over 1 MiB, not valid UTF-8 or holding a NUL is not compared; it is counted and
listed with its reason. A file that cannot be read is reported on standard error, the
others are read, and the report covers what was read.

With -json, the report as one JSON document: parser, spec, inputs, not_compared,
spec_accepts, spec_rejects, sides (one per function compared: name, compared, skipped,
accepts, rejects, split, by_component, and the groups accepted, rejected and split,
each {key, count, examples: [{where, input, note, detail}]}) and problems.

Exit status: 0 no difference, 1 some difference, 2 usage error, an input that could not
be read, or output that could not be written.`

// netComponents are the components compared, in RFC 3986 order.
var netComponents = []uri.Component{uri.Host, uri.Port, uri.Path, uri.Query, uri.Fragment}

// split is one parser's view of the compared components: text and whether defined.
type split struct {
	v   [5]string
	def [5]bool
}

// specSplit reads the compared components of a parsed reference.
func specSplit(r uri.Reference) split {
	var s split
	for i, c := range netComponents {
		s.v[i], s.def[i] = r.Get(c)
	}
	return s
}

// netSplit reads the same components from net/url's result for input. net/url keeps no
// record of whether there was an authority; the test of its parse function is repeated
// here (an authority follows the scheme, or, via Parse, any "//" but "///").
func netSplit(input string, u *url.URL, viaRequest bool) split {
	var s split
	rest := input
	if !viaRequest {
		rest, _, _ = strings.Cut(rest, "#")
	}
	if u.Scheme != "" {
		rest = rest[len(u.Scheme)+1:]
	}
	if strings.HasSuffix(rest, "?") && strings.Count(rest, "?") == 1 {
		rest = rest[:len(rest)-1]
	} else {
		rest, _, _ = strings.Cut(rest, "?")
	}
	if (u.Scheme != "" || !viaRequest && !strings.HasPrefix(rest, "///")) && strings.HasPrefix(rest, "//") {
		h := u.Host
		s.v[0], s.def[0] = h, true
		if i := strings.LastIndexByte(h, ':'); i >= 0 && (!strings.HasPrefix(h, "[") || strings.HasSuffix(h[:i], "]")) {
			s.v[0] = h[:i]
			s.v[1], s.def[1] = h[i+1:], true
		}
	}
	if u.Opaque != "" {
		s.v[2] = u.Opaque
	} else {
		s.v[2] = u.EscapedPath()
	}
	s.def[2] = true
	s.v[3], s.def[3] = u.RawQuery, u.RawQuery != "" || u.ForceQuery
	if !viaRequest {
		s.v[4] = u.EscapedFragment()
		s.def[4] = s.v[4] != ""
	}
	return s
}

// splitDiffs lists the kinds of difference between the spec's split a and the split b
// of the parser named who. norm, when set, is a after the spec's scheme-based
// normalization (RFC 3986 6.2.2-6.2.3), for a parser that hands back normalized parts.
func splitDiffs(spec uri.Spec, who string, a, b split, norm *split) []string {
	var out []string
	for i, c := range netComponents {
		switch {
		case norm != nil && (a.def[i] != b.def[i] || a.v[i] != b.v[i]) && norm.def[i] == b.def[i] && norm.v[i] == b.v[i]:
			out = append(out, fmt.Sprintf("%v: normalized by %s as %v's normalization does", c, who, spec))
		case a.def[i] && !b.def[i]:
			if a.v[i] == "" {
				out = append(out, fmt.Sprintf("%v: empty, defined by %v, undefined by %s", c, spec, who))
			} else {
				out = append(out, fmt.Sprintf("%v: defined by %v, undefined by %s", c, spec, who))
			}
		case !a.def[i] && b.def[i]:
			out = append(out, fmt.Sprintf("%v: undefined by %v, defined by %s", c, spec, who))
		case a.v[i] == b.v[i]:
		case unescapes(a.v[i]) == b.v[i]:
			out = append(out, fmt.Sprintf("%v: percent-decoded by %s", c, who))
		case strings.EqualFold(a.v[i], b.v[i]):
			out = append(out, fmt.Sprintf("%v: case changed by %s", c, who))
		default:
			out = append(out, fmt.Sprintf("%v: different text", c))
		}
	}
	return out
}

// unescapes decodes %XX sequences (left as they are when malformed).
func unescapes(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	if v, err := url.PathUnescape(s); err == nil {
		return v
	}
	return s
}

// netReason is net/url's error without the input: its inner error, with quoted texts
// longer than one character replaced by "..." so that they group ("invalid port "..."
// after host", but "invalid character " " in host name").
func netReason(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	msg := err.Error()
	var b strings.Builder
	for {
		i := strings.IndexByte(msg, '"')
		if i < 0 {
			b.WriteString(msg)
			break
		}
		j := i + 1
		for j < len(msg) && msg[j] != '"' {
			if msg[j] == '\\' {
				j++
			}
			j++
		}
		if j >= len(msg) {
			b.WriteString(msg)
			break
		}
		b.WriteString(msg[:i+1])
		if q := msg[i+1 : j]; len(q) <= 1 {
			b.WriteString(q)
		} else {
			b.WriteString("...")
		}
		b.WriteByte('"')
		msg = msg[j+1:]
	}
	return b.String()
}

// requestShaped reports whether s looks like a request target: no '#', and a scheme or
// a leading '/'.
func requestShaped(s string) bool {
	return !strings.Contains(s, "#") && (strings.HasPrefix(s, "/") || hasScheme(s))
}

// side is one parser compared with the spec: how it reads a string, and the
// differences found so far.
type side struct {
	name string // the function compared: "url.Parse", "whatwg"
	who  string // the parser, in messages: "net/url", "whatwg"
	// read is the parser's split of a string, or its error. errNotCompared skips the
	// input (a relative reference, which the WHATWG parser reads only against a base).
	read func(string) (split, error)
	// normalized: the parser hands back normalized parts, so the spec's split is also
	// compared after its own normalization (a difference that vanishes is named so).
	normalized bool
	// only, when set, says which inputs the side compares at all.
	only                    func(string) bool
	compared, skipped       int
	accepts, rejects, split int
	acceptGroups            *groups // the parser accepts, spec rejects
	rejectGroups            *groups // the parser rejects, spec accepts
	splitGroups             *groups
	byComponent             map[uri.Component]int
}

// errNotCompared marks an input that a side does not compare.
var errNotCompared = errors.New("not compared")

func newSide(name, who string, examples int, read func(string) (split, error)) *side {
	return &side{name: name, who: who, read: read, acceptGroups: newGroups(examples), rejectGroups: newGroups(examples),
		splitGroups: newGroups(examples), byComponent: map[uri.Component]int{}}
}

// netURLSides are url.Parse and url.ParseRequestURI, the latter only on inputs shaped
// like a request target.
func netURLSides(examples int) []*side {
	parse := newSide("url.Parse", "net/url", examples, func(s string) (split, error) {
		u, err := url.Parse(s)
		if err != nil {
			return split{}, err
		}
		return netSplit(s, u, false), nil
	})
	request := newSide("url.ParseRequestURI", "net/url", examples, func(s string) (split, error) {
		u, err := url.ParseRequestURI(s)
		if err != nil {
			return split{}, err
		}
		return netSplit(s, u, true), nil
	})
	request.only = requestShaped
	return []*side{parse, request}
}

func (sd *side) add(spec uri.Spec, in inputLine, ref uri.Reference, specErr error) {
	if sd.only != nil && !sd.only(in.text) {
		return
	}
	b, err := sd.read(in.text)
	if errors.Is(err, errNotCompared) {
		sd.skipped++
		return
	}
	sd.compared++
	switch {
	case err == nil && specErr != nil:
		sd.accepts++
		sd.acceptGroups.add(rejectReason(specErr), func() groupExample { return exampleOf(in) })
	case err != nil && specErr == nil:
		sd.rejects++
		sd.rejectGroups.add(netReason(err), func() groupExample { return exampleOf(in) })
	case err == nil:
		a := specSplit(ref)
		var norm *split
		if sd.normalized {
			if n, err := uri.Normalize(spec, in.text, uri.LevelScheme); err == nil {
				if nr, err := uri.Parse(spec, n); err == nil {
					ns := specSplit(nr)
					norm = &ns
				}
			}
		}
		diffs := splitDiffs(spec, sd.who, a, b, norm)
		if len(diffs) == 0 {
			return
		}
		sd.split++
		seen := map[uri.Component]bool{}
		for _, d := range diffs {
			name, _, _ := strings.Cut(d, ":")
			for i, c := range netComponents {
				if c.String() == name && !seen[c] {
					seen[c] = true
					sd.byComponent[c]++
					sd.splitGroups.add(d, func() groupExample {
						ex := exampleOf(in)
						ex.Detail = fmt.Sprintf("%v %s, %s %s", spec, showPart(a.v[i], a.def[i]), sd.who, showPart(b.v[i], b.def[i]))
						return ex
					})
				}
			}
		}
	}
}

// showPart quotes a component for an example, or says it is undefined.
func showPart(v string, def bool) string {
	if !def {
		return "(undefined)"
	}
	return `"` + shorten(v, 60) + `"`
}

func compareCommand() command {
	return command{
		name:    "compare",
		summary: "compare Go's net/url or the WHATWG parser with a spec on many URIs",
		usage:   "compare [-spec ID] [-with net-url|whatwg] [-schemes=false] [-json] [-groups N] [-examples N] [FILE ...]",
		doc:     compareDoc,
		setup: func(fs *flag.FlagSet) func(*cmdEnv, []string) int {
			spec := specFlags(fs, "rfc3986", false)
			with := fs.String("with", "net-url", "the other `PARSER`: net-url (url.Parse and url.ParseRequestURI) or whatwg (the WHATWG URL Standard)")
			schemes := schemesVar(fs)
			asJSON := jsonVar(fs, "the report")
			groups := groupsVar(fs)
			examples := examplesVar(fs, "examples listed per group")
			return func(x *cmdEnv, files []string) int {
				return runCompare(x, spec.one(), schemeOptions(*schemes), *with, *asJSON, *groups, *examples, files)
			}
		},
	}
}

// compareJSON is the report of compare -json.
type compareJSON struct {
	Parser      string      `json:"parser"`
	Spec        string      `json:"spec"`
	Inputs      int         `json:"inputs"`
	Blank       int         `json:"blank"`
	NotCompared int         `json:"not_compared"`
	SpecAccepts int         `json:"spec_accepts"`
	SpecRejects int         `json:"spec_rejects"`
	Sides       []sideJSON  `json:"sides"`
	Problems    []groupJSON `json:"problems"`
}

// sideJSON is one function compared in compare -json.
type sideJSON struct {
	Name        string         `json:"name"`
	Compared    int            `json:"compared"`
	Skipped     int            `json:"skipped"`
	Accepts     int            `json:"accepts"`
	Rejects     int            `json:"rejects"`
	Split       int            `json:"split"`
	ByComponent map[string]int `json:"by_component"`
	Accepted    []groupJSON    `json:"accepted"`
	Rejected    []groupJSON    `json:"rejected"`
	SplitGroups []groupJSON    `json:"split_groups"`
}

func runCompare(x *cmdEnv, spec uri.Spec, opts []uri.ParserOption, with string, asJSON bool, maxGroups, maxExamples int, files []string) int {
	p, _ := uri.NewParser(spec, opts...) // -spec checked it
	var sides []*side
	switch with {
	case "net-url":
		sides = netURLSides(maxExamples)
	case "whatwg":
		sides = []*side{whatwgSide(maxExamples)}
	default:
		return x.usageError("-with %q: want net-url or whatwg", with)
	}
	var (
		inputs, specAccepts int
		problems            = newGroups(maxExamples)
	)
	lr := x.readLines(files, false)
	err := lr.each(files, func(in inputLine) error {
		inputs++
		if pr := in.problem(); pr != "" {
			problems.add(problemKind(pr), func() groupExample {
				ex := exampleOf(in)
				ex.Note = pr
				return ex
			})
			return nil
		}
		ref, specErr := p.Parse(in.text)
		if specErr == nil {
			specAccepts++
		}
		for _, sd := range sides {
			sd.add(spec, in, ref, specErr)
		}
		return nil
	})
	if err != nil {
		return x.stop(err)
	}
	x.blankReported = true // the report counts them
	// What was read is reported even when some file could not be (exit 2 all the same).
	nProblems := problems.total()
	status := exitOK
	for _, sd := range sides {
		if sd.accepts+sd.rejects+sd.split > 0 {
			status = exitInvalid
		}
	}
	if asJSON {
		out := compareJSON{Parser: sides[0].who, Spec: spec.String(), Inputs: inputs, Blank: x.blank, NotCompared: nProblems,
			SpecAccepts: specAccepts, SpecRejects: inputs - nProblems - specAccepts, Problems: problems.json()}
		for _, sd := range sides {
			byComp := map[string]int{}
			for _, c := range netComponents {
				byComp[c.String()] = sd.byComponent[c]
			}
			out.Sides = append(out.Sides, sideJSON{Name: sd.name, Compared: sd.compared, Skipped: sd.skipped,
				Accepts: sd.accepts, Rejects: sd.rejects, Split: sd.split, ByComponent: byComp,
				Accepted: sd.acceptGroups.json(), Rejected: sd.rejectGroups.json(), SplitGroups: sd.splitGroups.json()})
		}
		if err := x.encoder().Encode(out); err != nil {
			return x.stop(err)
		}
		return status
	}
	writeCompare(x.stdout, spec, sides, inputs, x.blank, specAccepts, problems, maxGroups)
	return status
}

// writeCompare prints compare's text report.
func writeCompare(w io.Writer, spec uri.Spec, sides []*side, inputs, blank, specAccepts int, problems *groups, maxGroups int) {
	nProblems := problems.total()
	compared := inputs - nProblems
	fmt.Fprintf(w, "%s against %v (%s) on %s", sides[0].who, spec, spec.Document(), plural(inputs, "input"))
	if nProblems > 0 {
		fmt.Fprintf(w, " (%d not compared: see below)", nProblems)
	}
	fmt.Fprintln(w)
	if blank > 0 {
		fmt.Fprintf(w, "%s skipped (an empty line is no input)\n", plural(blank, "blank line"))
	}
	fmt.Fprintf(w, "%v accepts %d, rejects %d\n\n", spec, specAccepts, compared-specAccepts)
	label := 36
	row := func(name string, f func(*side) int) {
		fmt.Fprintf(w, "%-*s", label, name)
		for _, ns := range sides {
			fmt.Fprintf(w, "  %*d", len(ns.name), f(ns))
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "%-*s", label, "")
	for _, ns := range sides {
		fmt.Fprintf(w, "  %s", ns.name)
	}
	fmt.Fprintln(w)
	row("inputs compared", func(ns *side) int { return ns.compared })
	if sides[0].who == "whatwg" {
		row("not compared (relative: no base)", func(ns *side) int { return ns.skipped })
	}
	row(fmt.Sprintf("%s accepts, %v rejects", sides[0].who, spec), func(ns *side) int { return ns.accepts })
	row(fmt.Sprintf("%s rejects, %v accepts", sides[0].who, spec), func(ns *side) int { return ns.rejects })
	row("both accept, split differently", func(ns *side) int { return ns.split })
	for _, c := range netComponents {
		row("  in the "+c.String(), func(ns *side) int { return ns.byComponent[c] })
	}
	for _, ns := range sides {
		fmt.Fprintf(w, "\n%s accepts, %v rejects: %s\n", ns.name, spec, plural(ns.accepts, "input"))
		ns.acceptGroups.write(w, maxGroups)
		fmt.Fprintf(w, "\n%s rejects, %v accepts: %s\n", ns.name, spec, plural(ns.rejects, "input"))
		ns.rejectGroups.write(w, maxGroups)
		fmt.Fprintf(w, "\n%s splits differently: %s (one input may differ in several components)\n", ns.name, plural(ns.split, "input"))
		ns.splitGroups.write(w, maxGroups)
	}
	if nProblems > 0 {
		fmt.Fprintf(w, "\nnot compared: %s\n", plural(nProblems, "input"))
		problems.write(w, 0)
	}
}
