package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/urispec/urispec/uri"
	"github.com/urispec/urispec/uri/hazard"
)

const explainDoc = `Explains each URI under every chosen spec (default: all, oldest first): the verdict;
for a valid one, each component's span marked under the string and the layout form
(<scheme>://<authority><path>?<query>#<fragment>) and the span of each hazard marked
with "!" (see urispec lint; -with chooses the parsers compared, by default the deployed
ones: rfc3986, rfc2396, net-url and whatwg); for an
invalid one, the offending byte marked with a caret, the rule and what the grammar
expected there, and how net/url and the WHATWG parser (among the -with readers) read it
where they accept it (the lenient-reading hazard of lint); with -base, the resolution of
the URI against the base by the spec's own algorithm (under whatwg, -base is also the
base a relative URI is judged against). Relative references are read by
the WHATWG parser against -base, or ` + relativeBase + ` without one.
Colour is used only when standard output is a terminal (and NO_COLOR is not set).

Under rfc3986 and rfc3987, a valid URI whose scheme has a grammar of its own (http,
https, urn, mailto, ...) also shows the parts that grammar names (scheme:); with
-schemes=false, each spec's generic syntax alone decides (as in check).

With -json, one object per URI and spec: the fields of check -json (input, spec, valid,
components, host_kind, scheme, hazards, error), spans (each defined component's [start, end)
byte offsets), layout, with -base resolved (an object of resolve -json), and where the
spec and the one before it (or rfc3986, for whatwg) disagree, specdiff: the class of
urispec diff the URI belongs to.

Exit status: 0 (the explanation is the result, whatever the verdicts), 2 usage error or
output that could not be written.`

func explainCommand() command {
	return command{
		name:    "explain",
		summary: "diagnose one URI under every spec: components, errors, resolution",
		usage:   "explain [-spec ID,...|all] [-schemes=false] [-base URI] [-with READERS] [-json] URI ...",
		doc:     explainDoc,
		setup: func(fs *flag.FlagSet) func(*cmdEnv, []string) int {
			specs := specFlags(fs, "all", true)
			schemes := schemesVar(fs)
			base := addBaseFlag(fs, "", "resolve each URI against this base `URI`, and compare relative references with\nthe WHATWG parser's reading against it (by default "+relativeBase+")")
			with := readersVar(fs, "deployed")
			asJSON := jsonVar(fs, "one object per URI and spec")
			return func(x *cmdEnv, args []string) int {
				if len(args) == 0 {
					return x.usageError("no URI to explain")
				}
				var o explainOptions
				o.base, o.readers, o.json, o.schemes = *base, with.readers(), *asJSON, *schemes
				fs.Visit(func(f *flag.Flag) { o.withBase = o.withBase || f.Name == "base" })
				return runExplain(x, sortedSpecs(specs.specs), o, args)
			}
		},
	}
}

type explainOptions struct {
	schemes  bool
	base     string
	withBase bool
	readers  []hazard.Reader
	json     bool
}

// relative is the base that relative references are compared against: -base, or
// relativeBase without one.
func (o explainOptions) relative() string {
	if o.withBase {
		return o.base
	}
	return relativeBase
}

// explainResult is one object of explain -json.
type explainResult struct {
	checkResult
	Spans    map[string][2]int `json:"spans,omitempty"`
	Layout   string            `json:"layout,omitempty"`
	Resolved *resolveResult    `json:"resolved,omitempty"`
	// Specdiff names, for each pair that ends at this spec (the spec before it in date
	// order, and rfc3986 for whatwg) and whose verdicts differ on the input, the class of
	// the two grammars' difference it belongs to.
	Specdiff []specdiffJSON `json:"specdiff,omitempty"`
}

// The parts explain marks, in the order they are listed.
var explainComponents = []uri.Component{uri.Prefix, uri.Scheme, uri.Authority, uri.Userinfo, uri.User, uri.Password, uri.Host, uri.Zone, uri.Port, uri.Path, uri.Params, uri.Query, uri.Fragment}

// palette holds the escape sequences used; all empty without colour.
type palette struct{ valid, invalid, mark, reset string }

func paletteFor(w io.Writer) palette {
	if f, ok := w.(*os.File); ok && os.Getenv("NO_COLOR") == "" {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			return palette{valid: "\x1b[32m", invalid: "\x1b[1;31m", mark: "\x1b[36m", reset: "\x1b[0m"}
		}
	}
	return palette{}
}

func runExplain(x *cmdEnv, specs []uri.Spec, o explainOptions, inputs []string) int {
	if o.json {
		enc := x.encoder()
		var classes classifier
		for _, input := range inputs {
			ds := explainDisagreements(specs, input, o, &classes)
			for _, s := range specs {
				res := explainJSON(s, input, o)
				for _, d := range ds {
					if d.Newer == s.String() {
						res.Specdiff = append(res.Specdiff, d)
					}
				}
				if err := enc.Encode(res); err != nil {
					return x.stop(err)
				}
			}
		}
		return exitOK
	}
	pal := paletteFor(x.terminal)
	// Written as it is made: a line of 1 MiB is explained under a dozen specs, and a
	// Builder of the whole text would copy it again at each doubling.
	b := x.stdout
	var classes classifier
	for i, input := range inputs {
		if i > 0 {
			b.WriteString("\n")
		}
		text, _ := printable(input)
		if text == "" {
			text = `"" (the empty string)`
		}
		fmt.Fprintf(b, "%s\n", text)
		if o.withBase {
			bt, _ := printable(o.base)
			fmt.Fprintf(b, "base: %s\n", bt)
		}
		for _, s := range specs {
			b.WriteString("\n")
			explainOne(b, s, input, o, pal)
		}
		explainClasses(b, specs, input, o, &classes)
	}
	return exitOK
}

// explainClasses names, for each pair of specs that matrix compares (adjacent ones, and
// rfc3986 and whatwg) and that disagree on input, the class of their grammars'
// difference that input belongs to (urispec diff).
func explainClasses(b *bufio.Writer, specs []uri.Spec, input string, o explainOptions, c *classifier) {
	ds := explainDisagreements(specs, input, o, c)
	if len(ds) == 0 {
		return
	}
	b.WriteString("\nwhere the specs disagree (urispec diff):\n")
	for _, d := range ds {
		fmt.Fprintf(b, "    %s -> %s: %s\n", d.Older, d.Newer, d.Note)
	}
}

// explainDisagreements lists the pairs of specs that matrix compares (adjacent ones,
// and rfc3986 and whatwg) whose parsers disagree on input, each with the class of the
// grammars' difference that input belongs to.
func explainDisagreements(specs []uri.Spec, input string, o explainOptions, c *classifier) []specdiffJSON {
	var out []specdiffJSON
	pair := func(a, z uri.Spec) {
		_, errA := o.parser(a).Parse(input)
		_, errZ := o.parser(z).Parse(input)
		if (errA == nil) == (errZ == nil) {
			return
		}
		accepted := a
		if errZ == nil {
			accepted = z
		}
		if d, ok := c.json(a.String(), z.String(), accepted.String(), input); ok {
			out = append(out, d)
		}
	}
	for i := 0; i+1 < len(specs); i++ {
		pair(specs[i], specs[i+1])
	}
	if i, j := slices.Index(specs, uri.RFC3986), slices.Index(specs, uri.WHATWG); i >= 0 && j >= 0 && j != i+1 {
		pair(uri.RFC3986, uri.WHATWG)
	}
	return out
}

// explainJSON is the explanation of input under spec as explain -json prints it.
func explainJSON(spec uri.Spec, input string, o explainOptions) explainResult {
	res := explainResult{checkResult: checkResult{Input: input, InputBase64: exactBytes(input), Spec: spec.String()}}
	p := o.parser(spec)
	r, err := p.Parse(input)
	var ue *uri.Error
	switch {
	case err == nil:
		res.Valid, res.Components, res.HostKind = true, componentsOf(r), r.HostKind().String()
		hz := hazardsWith(r, o.readers, o.relative())
		if hz == nil {
			hz = []hazard.Hazard{}
		}
		res.Hazards = &hz
		res.Layout = layout(r)
		res.Scheme, _ = schemeJSON(r, p.SchemeGrammars(), errorJSON, nil) // r is valid: its parts are there
		res.Spans = map[string][2]int{}
		for _, c := range explainComponents {
			if begin, end, ok := r.Span(c); ok {
				res.Spans[c.String()] = [2]int{begin, end}
			}
		}
	case errors.As(err, &ue):
		res.Error = errorJSON(ue)
		if hz := lenientWith(ue, o.readers, o.relative()); hz != nil {
			res.Hazards = &hz
		}
	default:
		res.Error = &jsonError{Message: err.Error()}
	}
	if o.withBase {
		if rr, _, err := resolveOne(spec, o.base, input, nil, nil); err == nil {
			res.Resolved = &rr
		}
	}
	return res
}

// parser is the parser explain reads under spec: without scheme grammars under
// -schemes=false, and against -base where the spec's validity depends on a base (whatwg,
// see uri.Base); a base the parser refuses is left out.
func (o explainOptions) parser(spec uri.Spec) *uri.Parser {
	opts := schemeOptions(o.schemes)
	if o.base != "" {
		if p, err := uri.NewParser(spec, append(opts, uri.Base(o.base))...); err == nil {
			return p
		}
	}
	p, _ := uri.NewParser(spec, opts...) // -spec checked that spec has a parser
	return p
}

// sortedSpecs orders specs oldest first, each once.
func sortedSpecs(specs []uri.Spec) []uri.Spec {
	var seen [256]bool
	var out []uri.Spec
	for _, s := range uri.Specs() {
		for _, t := range specs {
			if s == t && !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		}
	}
	return out
}

// explainOne writes the explanation of input under one spec.
func explainOne(b *bufio.Writer, spec uri.Spec, input string, o explainOptions, pal palette) {
	text, col := printable(input)
	const indent = "    "
	p := o.parser(spec)
	r, err := p.Parse(input)
	if err != nil {
		fmt.Fprintf(b, "%v (%s): %sinvalid%s\n", spec, spec.Document(), pal.invalid, pal.reset)
		var ue *uri.Error
		if !errors.As(err, &ue) {
			fmt.Fprintf(b, "%s%v\n", indent, err)
		} else {
			fmt.Fprintf(b, "%s%s\n", indent, text)
			fmt.Fprintf(b, "%s%s%s\n", pal.invalid, caretLine(len(indent), input, ue.Offset), pal.reset)
			where := "at byte " + fmt.Sprint(ue.Offset)
			if ue.Rule != "" {
				where += " in " + ue.Rule
			}
			if ue.Scheme != "" {
				where += " of the " + ue.Scheme + " scheme (" + ue.Section + ")"
			}
			if ue.Reason != "" { // a rule stated in prose or by a procedure (a scheme's RFC, whatwg)
				fmt.Fprintf(b, "%sfound:     %s at byte %d\n", indent, ue.Reason, ue.Offset)
				fmt.Fprintf(b, "%srule:      %s\n", indent, ue.Error())
			} else {
				fmt.Fprintf(b, "%sfound:     %s %s\n", indent, charAt(input, ue.Offset), where)
			}
			if ue.Validation != "" {
				fmt.Fprintf(b, "%sstandard:  validation error %s\n", indent, ue.Validation)
			}
			if exp := ue.Expected(); len(exp) > 0 {
				fmt.Fprintf(b, "%sexpected:  %s\n", indent, strings.Join(exp, ", "))
			}
			// A lenient parser's reading of what the spec rejects is a hazard of its own.
			if hz := lenientWith(ue, o.readers, o.relative()); hz != nil {
				explainHazards(b, hz, col, indent, col[len(input)]+2, pal)
			}
		}
	} else {
		fmt.Fprintf(b, "%v (%s): %svalid%s\n", spec, spec.Document(), pal.valid, pal.reset)
		fmt.Fprintf(b, "%s%s\n", indent, text)
		width := col[len(input)] + 2
		var undefined []string
		for _, c := range explainComponents {
			v, ok := r.Get(c)
			if !ok {
				if slices.Contains(uri.Components(), c) { // spec-specific parts are not listed
					undefined = append(undefined, c.String())
				}
				continue
			}
			begin, end, _ := r.Span(c) // defined: Get said so
			from, to := col[begin], col[end]
			mark := strings.Repeat("^", to-from)
			if to == from {
				mark = "|"
			}
			line := strings.Repeat(" ", from) + mark
			label := fmt.Sprintf("%-9s %s", c, showPart(v, true))
			if c == uri.Host && r.HostKind() != uri.NoHost {
				label += " (" + r.HostKind().String() + ")"
			}
			fmt.Fprintf(b, "%s%s%-*s%s  %s\n", indent, pal.mark, width, line, pal.reset, label)
		}
		fmt.Fprintf(b, "%slayout:    %s\n", indent, layout(r))
		if len(undefined) > 0 {
			fmt.Fprintf(b, "%sundefined: %s\n", indent, strings.Join(undefined, ", "))
		}
		if p.SchemeGrammars() {
			if line := schemePartsLine(r); line != "" {
				fmt.Fprintf(b, "%sscheme:    %s\n", indent, line)
			}
		}
		explainHazards(b, hazardsWith(r, o.readers, o.relative()), col, indent, width, pal)
	}
	if o.withBase {
		fmt.Fprintf(b, "%sresolved:  %s\n", indent, resolution(spec, o.base, input))
	}
}

// explainHazards marks the span of each hazard under the input, with its code,
// section and message ("hazards: none" when there is none).
func explainHazards(b *bufio.Writer, hz []hazard.Hazard, col []int, indent string, width int, pal palette) {
	if len(hz) == 0 {
		fmt.Fprintf(b, "%shazards:   none\n", indent)
		return
	}
	for _, h := range hz {
		from, to := col[h.Offset], col[h.Offset+h.Length]
		mark := strings.Repeat("!", to-from)
		if to == from {
			mark = "|"
		}
		line := strings.Repeat(" ", from) + mark
		fmt.Fprintf(b, "%s%s%-*s%s  hazard %s (%s): %s\n", indent, pal.invalid, width, line, pal.reset, h.Code, h.Section, h.Message)
	}
}

// layout writes the reference's shape with its defined components, such as
// "<scheme>://<userinfo>@<host>:<port><path>?<query>".
func layout(r uri.Reference) string {
	var b strings.Builder
	if r.Has(uri.Prefix) { // the part before the scheme: url-1993's "URL:", rfc1630's "url:"
		b.WriteString("<prefix>")
	}
	if r.Has(uri.Scheme) {
		b.WriteString("<scheme>:")
	}
	if r.Has(uri.Authority) {
		b.WriteString("//")
		switch {
		case r.Has(uri.Userinfo):
			b.WriteString("<userinfo>@")
		case r.Has(uri.User) && r.Has(uri.Password):
			b.WriteString("<user>:<password>@")
		case r.Has(uri.User):
			b.WriteString("<user>@")
		}
		switch {
		case r.Has(uri.Zone): // rfc6874: the zone is inside the IP literal
			b.WriteString("[<address>%25<zone>]")
		case r.Has(uri.Host):
			b.WriteString("<host>")
		default:
			b.WriteString("<authority>")
		}
		if r.Has(uri.Port) {
			b.WriteString(":<port>")
		}
	}
	if r.Value(uri.Path) != "" {
		b.WriteString("<path>")
	}
	if r.Has(uri.Query) {
		b.WriteString("?<query>")
	}
	if r.Has(uri.Fragment) {
		b.WriteString("#<fragment>")
	}
	if b.Len() == 0 {
		return "(empty reference)"
	}
	return b.String()
}

// resolution describes resolving ref against base under spec.
func resolution(spec uri.Spec, base, ref string) string {
	res, err := uri.Resolve(spec, base, ref)
	var re *uri.ResultError
	switch {
	case err == nil:
		t, _ := printable(res.String())
		return t
	case errors.As(err, &re):
		t, _ := printable(re.Result.String())
		return fmt.Sprintf("%s (which the grammar rejects: %s)", t, errorText(re.Err))
	default:
		var ue *uri.Error
		if errors.As(err, &ue) && ue.Input == base && ue.Input != ref {
			return "not resolved: the base is invalid: " + errorText(err)
		}
		return "not resolved: " + errorText(err)
	}
}

// schemePartsLine shows r's scheme parts on one line: the scheme's rule and where it is
// printed, then each part as name=value, values as in JSON ("" when the scheme has no
// grammar).
func schemePartsLine(r uri.Reference) string {
	parts, err := r.SchemeParts()
	if err != nil {
		return ""
	}
	g := parts.Scheme()
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s section %s):", g.Rule, g.Document, g.Section)
	data, err := json.Marshal(parts)
	if err != nil {
		return ""
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.Token() // {
	for dec.More() {
		key, _ := dec.Token()
		var v json.RawMessage
		if dec.Decode(&v) != nil {
			break
		}
		switch key {
		case "name", "document", "section", "rule": // said above
			continue
		}
		fmt.Fprintf(&b, " %s=%s", key, v)
	}
	return b.String()
}
