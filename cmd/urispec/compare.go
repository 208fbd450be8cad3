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

const compareUsage = `usage: urispec compare [-spec ID] [-groups N] [-examples N] [FILE ...]

Runs Go's net/url (url.Parse and url.ParseRequestURI) on URI references, one a line,
from the files or standard input, and reports against the chosen spec (default rfc3986):
inputs net/url accepts that the spec rejects (grouped by the spec's rule and character),
inputs it rejects that the spec accepts (grouped by net/url's error), and inputs both
accept whose host, port, path, query or fragment net/url splits differently (grouped by
component and kind). Components are compared as raw text: net/url's Host, Port(),
EscapedPath() (Opaque when set), RawQuery (ForceQuery: defined and empty) and
EscapedFragment().

url.ParseRequestURI reads a request target: it is compared only on the inputs shaped
like one (no '#', and a scheme or a leading '/').

A line over 1 MiB, not valid UTF-8 or holding a NUL is not compared; it is counted and
listed with its reason.

Exit status: 0 no difference, 1 some difference, 2 usage or I/O error.
`

// netComponents are the components compared, in RFC 3986 order.
var netComponents = []uri.Component{uri.Host, uri.Port, uri.Path, uri.Query, uri.Fragment}

// split is one parser's view of the compared components: text and whether defined.
type split struct {
	v   [5]string
	def [5]bool
}

// specSplit reads the compared components of a parsed reference.
func specSplit(r *uri.Reference) split {
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

// splitDiffs lists the kinds of difference between the spec's split a and net/url's b.
func splitDiffs(spec uri.Spec, a, b split) []string {
	var out []string
	for i, c := range netComponents {
		switch {
		case a.def[i] && !b.def[i]:
			if a.v[i] == "" {
				out = append(out, fmt.Sprintf("%v: empty, defined by %v, undefined by net/url", c, spec))
			} else {
				out = append(out, fmt.Sprintf("%v: defined by %v, undefined by net/url", c, spec))
			}
		case !a.def[i] && b.def[i]:
			out = append(out, fmt.Sprintf("%v: undefined by %v, defined by net/url", c, spec))
		case a.v[i] == b.v[i]:
		case unescapes(a.v[i]) == b.v[i]:
			out = append(out, fmt.Sprintf("%v: percent-decoded by net/url", c))
		case strings.EqualFold(a.v[i], b.v[i]):
			out = append(out, fmt.Sprintf("%v: case changed by net/url", c))
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

// netSide accumulates one net/url function's differences from the spec.
type netSide struct {
	name                    string
	compared                int
	accepts, rejects, split int
	acceptGroups            *groups // net/url accepts, spec rejects
	rejectGroups            *groups // net/url rejects, spec accepts
	splitGroups             *groups
	byComponent             map[uri.Component]int
}

func newNetSide(name string, examples int) *netSide {
	return &netSide{name: name, acceptGroups: newGroups(examples), rejectGroups: newGroups(examples),
		splitGroups: newGroups(examples), byComponent: map[uri.Component]int{}}
}

func (ns *netSide) add(spec uri.Spec, in inputLine, ref *uri.Reference, specErr error, parse func(string) (*url.URL, error), viaRequest bool) {
	ns.compared++
	u, err := parse(in.text)
	switch {
	case err == nil && specErr != nil:
		ns.accepts++
		ns.acceptGroups.add(rejectReason(specErr), func() string { return exampleLine(in) })
	case err != nil && specErr == nil:
		ns.rejects++
		ns.rejectGroups.add(netReason(err), func() string { return exampleLine(in) })
	case err == nil:
		a, b := specSplit(ref), netSplit(in.text, u, viaRequest)
		diffs := splitDiffs(spec, a, b)
		if len(diffs) == 0 {
			return
		}
		ns.split++
		seen := map[uri.Component]bool{}
		for _, d := range diffs {
			name, _, _ := strings.Cut(d, ":")
			for i, c := range netComponents {
				if c.String() == name && !seen[c] {
					seen[c] = true
					ns.byComponent[c]++
					ns.splitGroups.add(d, func() string {
						return fmt.Sprintf("%s\n             %v %s, net/url %s", exampleLine(in), spec, showPart(a.v[i], a.def[i]), showPart(b.v[i], b.def[i]))
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

func runCompare(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("compare", flag.ContinueOnError)
	fs.SetOutput(stderr)
	specFlag := fs.String("spec", "rfc3986", "the spec ID to compare net/url with")
	maxGroups := fs.Int("groups", 15, "groups listed per kind of difference (0: all)")
	maxExamples := fs.Int("examples", 2, "examples listed per group")
	fs.Usage = func() {
		io.WriteString(stderr, compareUsage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return flagStatus(err)
	}
	spec, err := uri.ParseSpec(*specFlag)
	if err != nil {
		fmt.Fprintln(stderr, "urispec compare:", err)
		return exitUsage
	}
	p, err := uri.NewParser(spec)
	if err != nil {
		fmt.Fprintln(stderr, "urispec compare:", err)
		return exitUsage
	}
	var (
		inputs, specAccepts int
		problems            = newGroups(*maxExamples)
		parse               = newNetSide("url.Parse", *maxExamples)
		request             = newNetSide("url.ParseRequestURI", *maxExamples)
	)
	err = eachInput(fs.Args(), stdin, func(in inputLine) error {
		inputs++
		if in.problem != "" {
			problems.add(problemKind(in.problem), func() string { return exampleLine(in) + "  (" + in.problem + ")" })
			return nil
		}
		ref, specErr := p.Parse(in.text)
		if specErr == nil {
			specAccepts++
		}
		parse.add(spec, in, ref, specErr, url.Parse, false)
		if requestShaped(in.text) {
			request.add(spec, in, ref, specErr, url.ParseRequestURI, true)
		}
		return nil
	})
	if err != nil {
		return inputError(stderr, "compare", err)
	}

	w := stdout
	nProblems := 0
	for _, g := range problems.m {
		nProblems += g.count
	}
	compared := inputs - nProblems
	fmt.Fprintf(w, "net/url against %v (%s) on %d inputs", spec, spec.Document(), inputs)
	if nProblems > 0 {
		fmt.Fprintf(w, " (%d not compared: see below)", nProblems)
	}
	fmt.Fprintf(w, "\n%v accepts %d, rejects %d\n\n", spec, specAccepts, compared-specAccepts)
	sides := []*netSide{parse, request}
	label := 36
	row := func(name string, f func(*netSide) int) {
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
	row("inputs compared", func(ns *netSide) int { return ns.compared })
	row(fmt.Sprintf("net/url accepts, %v rejects", spec), func(ns *netSide) int { return ns.accepts })
	row(fmt.Sprintf("net/url rejects, %v accepts", spec), func(ns *netSide) int { return ns.rejects })
	row("both accept, split differently", func(ns *netSide) int { return ns.split })
	for _, c := range netComponents {
		row("  in the "+c.String(), func(ns *netSide) int { return ns.byComponent[c] })
	}
	status := exitOK
	for _, ns := range sides {
		if ns.accepts+ns.rejects+ns.split > 0 {
			status = exitInvalid
		}
		fmt.Fprintf(w, "\n%s accepts, %v rejects: %d inputs\n", ns.name, spec, ns.accepts)
		ns.acceptGroups.write(w, *maxGroups)
		fmt.Fprintf(w, "\n%s rejects, %v accepts: %d inputs\n", ns.name, spec, ns.rejects)
		ns.rejectGroups.write(w, *maxGroups)
		fmt.Fprintf(w, "\n%s splits differently: %d inputs (one input may differ in several components)\n", ns.name, ns.split)
		ns.splitGroups.write(w, *maxGroups)
	}
	if nProblems > 0 {
		fmt.Fprintf(w, "\nnot compared: %d inputs\n", nProblems)
		problems.write(w, 0)
	}
	return status
}
