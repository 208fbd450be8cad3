package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/urispec/urispec/internal/ordered"
	"github.com/urispec/urispec/uri"
	"github.com/urispec/urispec/uri/hazard"
	"github.com/urispec/urispec/uri/rfc1738"
	"github.com/urispec/urispec/uri/scheme"
)

// jsonError is the "error" object of check -json. scheme and section are set when the
// grammar of the reference's scheme (or a rule its RFC adds in prose) rejected it, and
// reason for such a prose rule (uri.Error).
type jsonError struct {
	Offset   int      `json:"offset"`
	Rule     string   `json:"rule"`
	Message  string   `json:"message"`
	Expected []string `json:"expected,omitempty"`
	Scheme   string   `json:"scheme,omitempty"`
	Section  string   `json:"section,omitempty"`
	Reason   string   `json:"reason,omitempty"`
	// Validation is the URL Standard's name for the error (whatwg only).
	Validation string `json:"validation,omitempty"`
}

// jsonComponents holds each component's text, null when undefined (docs/design.md).
type jsonComponents struct {
	Scheme    *string `json:"scheme"`
	Authority *string `json:"authority"`
	Userinfo  *string `json:"userinfo"`
	Host      *string `json:"host"`
	Port      *string `json:"port"`
	Path      *string `json:"path"`
	Query     *string `json:"query"`
	Fragment  *string `json:"fragment"`
	User      *string `json:"user,omitempty"`
	Password  *string `json:"password,omitempty"`
	Prefix    *string `json:"prefix,omitempty"` // url-1993's "URL:", rfc1630's "url:"
	Zone      *string `json:"zone,omitempty"`   // rfc6874's ZoneID, when the host has one
	Params    *string `json:"params,omitempty"` // rfc1808's params, when the path has a ";"
}

type checkResult struct {
	Input       string          `json:"input"`
	InputBase64 string          `json:"input_base64,omitempty"`
	Spec        string          `json:"spec"`
	Valid       bool            `json:"valid"`
	Components  *jsonComponents `json:"components"`
	// URI is a valid rfc3987 IRI reference mapped to a URI reference (RFC 3987 3.1).
	URI      string `json:"uri,omitempty"`
	HostKind string `json:"host_kind,omitempty"`
	// Scheme is what the grammar of the reference's scheme, under the spec being checked,
	// makes of a valid reference (schemeJSON): RFC 1738's rule of its scheme under
	// rfc1738, the scheme's own grammar under rfc3986 and rfc3987. Absent otherwise.
	Scheme json.RawMessage `json:"scheme,omitempty"`
	// Hazards are the valid reference's hazards and parser differentials (an empty list
	// when there is none); for an invalid input, its lenient readings (hazard.Lenient)
	// when the -with readers give some, else absent.
	Hazards *[]hazard.Hazard `json:"hazards,omitempty"`
	Error   *jsonError       `json:"error,omitempty"`
}

// schemeJSON encodes the scheme object of a valid reference for checkResult.Scheme, from
// the grammar of its spec: schemes says whether r's parser checked the scheme grammars.
//   - Under rfc1738, for a reference with a scheme, RFC 1738's rule of the scheme
//     (package uri/rfc1738): null when the scheme is not one of its ten,
//     {"name": ..., "error": {...}} when the URL does not match that scheme's rule (with
//     -schemes=false; the offset is into the input), else the fields of the scheme's
//     rfc1738 type.
//   - Under a spec that checks scheme grammars (rfc3986, rfc3987) unless -schemes=false,
//     the parts that the grammar of the reference's scheme names (uri.Reference.SchemeParts:
//     the scheme's name, document, section and rule, and the fields of its uri type);
//     nil when its scheme has no grammar.
//
// nil otherwise.
//
// errJSON writes the error of RFC 1738's rule (errorJSON, or placeJSON without -expected);
// last, when not nil, keeps the JSON of the parts last written.
func schemeJSON(r uri.Reference, schemes bool, errJSON func(*uri.Error) *jsonError, last *partsMemo) (json.RawMessage, error) {
	switch {
	case r.Spec() == uri.RFC1738:
		return rfc1738JSON(r, errJSON)
	case schemes:
		return schemePartsJSON(r, last)
	}
	return nil, nil
}

// rfc1738JSON encodes r's RFC 1738 scheme-specific syntax.
func rfc1738JSON(r uri.Reference, errJSON func(*uri.Error) *jsonError) (json.RawMessage, error) {
	if !r.IsAbsolute() {
		return nil, nil
	}
	su, err := rfc1738.Read(r)
	var ue *uri.Error
	switch {
	case errors.Is(err, rfc1738.ErrNoScheme):
		return json.RawMessage("null"), nil
	case err == nil:
		return json.Marshal(su)
	case errors.As(err, &ue):
		return json.Marshal(struct {
			Name  string     `json:"name"`
			Error *jsonError `json:"error"`
		}{strings.ToLower(r.Value(uri.Scheme)), errJSON(ue)})
	}
	return nil, err
}

// schemePartsJSON encodes r's scheme parts: nil when its scheme has no grammar. Parts
// equal to last's are not encoded again.
func schemePartsJSON(r uri.Reference, last *partsMemo) (json.RawMessage, error) {
	parts, err := r.SchemeParts()
	switch {
	case errors.Is(err, scheme.ErrNoGrammar):
		return nil, nil
	case err != nil:
		return nil, err // cannot happen: r's parser checked the scheme's grammar
	case last == nil:
		return json.Marshal(parts)
	case last.parts != nil && reflect.DeepEqual(parts, last.parts):
		return last.json, nil
	}
	b, err := json.Marshal(parts)
	if err == nil {
		last.parts, last.json = parts, b
	}
	return b, err
}

// partsMemo is the JSON of scheme parts: rfc3986 and rfc3987 mostly find the same
// parts in a line, whose JSON check writes once.
type partsMemo struct {
	parts scheme.Parts
	json  json.RawMessage // read only: results share it
}

func componentsOf(r uri.Reference) *jsonComponents {
	c := new(jsonComponents)
	fillComponents(c, new([13]string), r)
	return c
}

// fillComponents sets c to r's components, their texts held in texts: check reuses both
// for every line (check -json -spec all writes twelve of these a line).
func fillComponents(c *jsonComponents, texts *[13]string, r uri.Reference) {
	n := 0
	get := func(comp uri.Component) *string {
		v, ok := r.Get(comp)
		if !ok {
			return nil
		}
		texts[n] = v
		n++
		return &texts[n-1]
	}
	*c = jsonComponents{
		Scheme: get(uri.Scheme), Authority: get(uri.Authority), Userinfo: get(uri.Userinfo),
		Host: get(uri.Host), Port: get(uri.Port), Path: get(uri.Path), Query: get(uri.Query),
		Fragment: get(uri.Fragment), User: get(uri.User), Password: get(uri.Password),
		Prefix: get(uri.Prefix), Zone: get(uri.Zone), Params: get(uri.Params),
	}
}

// fields lists c's components in the order of their JSON keys, and whether each is left
// out when undefined.
func (c *jsonComponents) fields() [13]struct {
	key       string
	v         *string
	omitEmpty bool
} {
	return [13]struct {
		key       string
		v         *string
		omitEmpty bool
	}{{"scheme", c.Scheme, false}, {"authority", c.Authority, false}, {"userinfo", c.Userinfo, false},
		{"host", c.Host, false}, {"port", c.Port, false}, {"path", c.Path, false}, {"query", c.Query, false},
		{"fragment", c.Fragment, false}, {"user", c.User, true}, {"password", c.Password, true},
		{"prefix", c.Prefix, true}, {"zone", c.Zone, true}, {"params", c.Params, true}}
}

// equal reports whether c and d hold the same components: under most specs a line splits
// alike, and check writes the JSON of equal components once.
func (c *jsonComponents) equal(d *jsonComponents) bool {
	eq := func(p, q *string) bool { return p == nil && q == nil || p != nil && q != nil && *p == *q }
	return eq(c.Scheme, d.Scheme) && eq(c.Authority, d.Authority) && eq(c.Userinfo, d.Userinfo) &&
		eq(c.Host, d.Host) && eq(c.Port, d.Port) && eq(c.Path, d.Path) && eq(c.Query, d.Query) &&
		eq(c.Fragment, d.Fragment) && eq(c.User, d.User) && eq(c.Password, d.Password) &&
		eq(c.Prefix, d.Prefix) && eq(c.Zone, d.Zone) && eq(c.Params, d.Params)
}

// appendJSON appends c as encoding/json writes it.
func (c *jsonComponents) appendJSON(b []byte) []byte {
	for i, f := range c.fields() {
		if f.v == nil && f.omitEmpty {
			continue
		}
		if i == 0 {
			b = append(b, '{')
		} else {
			b = append(b, ',')
		}
		b = appendJSONString(b, f.key)
		b = append(b, ':')
		if f.v == nil {
			b = append(b, "null"...)
		} else {
			b = appendJSONString(b, *f.v)
		}
	}
	return append(b, '}')
}

const checkDoc = `Checks each URI reference under each chosen spec (default rfc3986) and prints its
verdict: for a valid one its hazards (see urispec lint), for an invalid one a caret
under the offending byte and the error (offset, rule, what the grammar allows there).

The inputs are the URI arguments, then the lines of each -f FILE ("-f -" is standard
input); with neither, the lines of standard input. An argument is always a URI, never a
file name (one that names a file gets a hint on standard error). Empty lines are no
inputs: they are skipped, and counted on standard error at the end. Lines are checked
in batches on every CPU and printed in input order, each batch as soon as it is done.

Hazards are the reference's own (RFC 3986 section 7 and its counterparts). The
differential hazards (a part that another parser reads differently) need a reading by
each of those parsers: ask for them with -with (deployed, all, or a list such as
net-url,whatwg); urispec lint compares with the deployed ones by default. With net-url or
whatwg among them, an invalid reference also gets its lenient readings (lenient-reading:
how those parsers read what the spec rejects).

With -json, one object per input and spec: input, spec, valid, components (null when
undefined), host_kind, scheme (what the grammar of the reference's scheme makes of it:
the parts its own grammar names under rfc3986 and rfc3987, the fields of RFC 1738's rule
under rfc1738), hazards, and for an invalid input error {offset, rule, message, and scheme,
section and reason when the scheme's grammar or RFC rejected it, section, reason and
validation when a check of whatwg's did} (and hazards when it has lenient readings).
What the grammar expected at the error's offset, which the text output prints and which
costs about fifteen parses of the input's prefix to find, is in the JSON with -expected:
the error's "expected" list, and the end of its message (as matrix -json -expected).

With -format, each input is checked against one of the URI formats of JSON Schema and
OpenAPI instead: uri (an RFC 3986 URI: a scheme, a fragment allowed), uri-reference, iri
(RFC 3987), iri-reference, or uri-template (an RFC 6570 URI Template). As JSON Schema
defines them (and its test suite expects), these are the generic syntax alone: -format
uri accepts http:///x, urn:a:b, mailto:@@@ and geo:94,0, which check without -format
rejects by the grammars of their schemes; -format with -schemes checks those grammars
too (uri.WithSchemeGrammars). No hazards are looked for; -json prints input, format,
valid and error (with -expected, what the grammar expected).

Under whatwg, a relative-URL string is valid only against a base URL (its validity
depends on the base's scheme): give one with -base. Without a base, only absolute URLs
are valid URL strings, as the URL parser fails on a relative one. The other specs ignore
-base. An error under whatwg also names the URL Standard's validation error
(invalid-URL-unit, domain-to-ASCII, port-out-of-range, ...).

When standard error is a terminal and standard output is not, progress is shown while
files or standard input are read (not with -json).

Exit status: 0 every input valid, 1 some input invalid, 2 usage error, an input that
could not be read, or output that could not be written.`

func checkCommand() command {
	return command{
		name:    "check",
		summary: "validate URI references and show their components",
		usage:   "check [-spec ID,...|all | -format FORMAT] [-json [-expected]] [-with READERS] [-schemes=false] [-base URL] [-f FILE]... [URI ...]",
		doc:     checkDoc,
		setup: func(fs *flag.FlagSet) func(*cmdEnv, []string) int {
			o := checkOptions{specs: specFlags(fs, "rfc3986", true)}
			fs.BoolVar(&o.json, "json", false, "print one JSON object per input and spec")
			o.expected = expectedVar(fs)
			o.with = readersVar(fs, "none")
			o.base = addBaseFlag(fs, "", "the base `URL` a relative-URL string is valid against under whatwg (without it, only\nabsolute URLs are valid URL strings), and that the -with readers read relative\nreferences against (by default "+relativeBase+")")
			o.schemes = schemesVar(fs)
			files := filesVar(fs, "URI references")
			format := fs.String("format", "", "check against a `FORMAT` of JSON Schema and OpenAPI instead of specs: uri,\nuri-reference, iri, iri-reference or uri-template (see docs/jsonschema.md); as JSON\nSchema defines them, the generic syntax alone, so that -format uri accepts http:///x,\nwhich check rejects; -format with -schemes adds the scheme grammars")
			return func(x *cmdEnv, args []string) int {
				if *o.expected && !o.json {
					return x.usageError("-expected goes with -json")
				}
				if *format == "" {
					return runCheck(x, o, args, *files)
				}
				if _, ok := uri.FormatChecker(*format); !ok {
					return x.usageError("unknown -format %q (known: %s)", *format, formatNames())
				}
				var other string
				schemes := false // a format is the generic syntax unless -schemes is given
				fs.Visit(func(f *flag.Flag) {
					switch f.Name {
					case "spec", "with":
						other = f.Name
					case "schemes":
						schemes = *o.schemes
					}
				})
				if other != "" {
					return x.usageError("-format and -%s exclude each other: a format names its own grammar", other)
				}
				var opts []uri.FormatOption
				if schemes {
					if *format == "uri-template" {
						return x.usageError("-schemes applies to the formats uri, uri-reference, iri and iri-reference")
					}
					opts = append(opts, uri.WithSchemeGrammars())
				}
				return runCheckFormat(x, *format, opts, o.json, *o.expected, args, *files)
			}
		},
	}
}

type checkOptions struct {
	specs    *specsFlag
	json     bool
	expected *bool
	with     *readersFlag
	schemes  *bool
	base     *string
}

func runCheck(x *cmdEnv, o checkOptions, args, files []string) int {
	opts := schemeOptions(*o.schemes)
	if *o.base != "" {
		opts = append(opts, uri.Base(*o.base))
	}
	specs := o.specs.specs
	for _, s := range specs {
		if _, err := uri.NewParser(s, opts...); err != nil { // a base without a scheme
			return x.usageError("-base: %v", err)
		}
	}
	// Inputs are checked and their output written in batches on GOMAXPROCS workers, each
	// with its own checker, and printed in input order; standard output is flushed after
	// each batch.
	newWorker := func() func(inputLine) checkOut {
		c := newChecker(specs, opts, o.with.readers(), cmp.Or(*o.base, relativeBase), o.json, *o.expected)
		return c.check
	}
	// Progress on a terminal, but not under -json, nor when the verdicts stream to the
	// terminal too (the progress line would break them).
	return checkInputs(x, args, files, newWorker, !o.json && !isTerminal(x.terminal))
}

// checkInputs checks the arguments, then the lines of the files (standard input with
// neither), on the workers newWorker makes, and prints each input's output in input
// order. It returns exitInvalid when some input was invalid.
func checkInputs(x *cmdEnv, args, files []string, newWorker func() func(inputLine) checkOut, progress bool) int {
	status := exitOK
	// emit prints what a worker wrote for one input.
	emit := func(_ inputLine, out checkOut) error {
		if out.invalid {
			status = exitInvalid
		}
		if _, err := x.stdout.Write(out.text); err != nil {
			return err
		}
		return out.err
	}
	pool := ordered.New(0, 256, newWorker, emit, x.stdout.Flush)
	var err error
	for i, a := range args {
		if err = pool.Add(inputLine{file: "<args>", line: i + 1, text: a}); err != nil {
			break
		}
	}
	if err == nil && (len(files) > 0 || len(args) == 0) {
		err = readPooled(x, files, pool, progress)
	} else if cerr := pool.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return x.stop(err)
	}
	return status
}

// checkOut is what check prints for one input under every spec, whether some spec
// rejects it, and the error that stops the command (after the text).
type checkOut struct {
	text    []byte
	invalid bool
	err     error
}

// checker checks inputs under the chosen specs on one worker.
type checker struct {
	parsers []*uri.Parser
	// readers are the -with readers, each reading an input at most once whatever the
	// number of specs it is compared under; byName finds the spec readers, which take
	// the reading of a spec's own parse instead of parsing again.
	readers []hazard.Reader
	byName  map[string]*onceReader
	// base is what relative references are read against by the readers (-base).
	base string
	// finder reads a line's host once for all the specs that split off the same one.
	finder hazard.Finder
	json   bool
	// errJSON writes an error's JSON: with its expected set under -expected.
	errJSON func(*uri.Error) *jsonError
	buf     bytes.Buffer
	// Per spec, for the input being checked.
	refs    []uri.Reference
	ues     []*uri.Error
	results []checkResult
	comps   []jsonComponents // results' components
	texts   [][13]string     // their texts
	// Under -json, what the input's results share: its "input" and "input_base64"
	// members, once a line, and the JSON of the last components and hazards written
	// (a line's specs mostly split it alike and find the same hazards).
	head      []byte
	compsSeen []compsJSON
	lastHz    []hazard.Hazard
	hzJSON    []byte
	lastParts partsMemo
	slab      []byte // what handOut cuts the outputs from
}

func newChecker(specs []uri.Spec, opts []uri.ParserOption, readers []hazard.Reader, base string, asJSON, expected bool) *checker {
	c := &checker{json: asJSON, base: base, byName: map[string]*onceReader{}, errJSON: errorJSONFunc(expected)}
	c.refs, c.ues, c.results = make([]uri.Reference, len(specs)), make([]*uri.Error, len(specs)), make([]checkResult, len(specs))
	c.comps, c.texts = make([]jsonComponents, len(specs)), make([][13]string, len(specs))
	for _, s := range specs {
		p, _ := uri.NewParser(s, opts...) // every spec has a parser: -spec checked it
		c.parsers = append(c.parsers, p)
	}
	for _, r := range readers {
		or := &onceReader{r: r}
		c.readers = append(c.readers, or)
		// A parse with options may read otherwise than the reader; "whatwg" names the
		// WHATWG parser's reader, not the whatwg grammar's.
		if len(opts) == 0 && r.Name() != uri.WHATWG.String() {
			c.byName[r.Name()] = or
		}
	}
	return c
}

// check checks one input under each parser's spec and writes what is printed. It runs
// on a worker, formatting included: a single goroutine printing 10 JSON objects a line
// would be the bottleneck of check -spec all -json.
func (c *checker) check(in inputLine) checkOut {
	var out checkOut
	c.buf.Reset()
	refs, ues, results := c.refs, c.ues, c.results // reused: nothing of them outlives the call
	clear(ues)
	b64 := exactBytes(in.text)
	if c.json {
		c.head = append(c.head[:0], `{"input":`...)
		c.head = appendJSONString(c.head, in.text)
		if b64 != "" {
			c.head = append(c.head, `,"input_base64":`...)
			c.head = appendJSONString(c.head, b64)
		}
		c.compsSeen, c.lastHz = c.compsSeen[:0], nil
		c.lastParts = partsMemo{}
	}
	for i, p := range c.parsers {
		res := &results[i]
		*res = checkResult{Input: in.text, InputBase64: b64, Spec: p.Spec().String()}
		if in.readErr != nil {
			refs[i] = uri.Reference{}
			res.Error = &jsonError{Message: fmt.Sprintf("line %d: %v", in.line, in.readErr)}
			continue
		}
		r, err := p.Parse(in.text)
		refs[i] = r // the zero Reference when rejected: not valid
		if or := c.byName[p.Spec().String()]; or != nil {
			or.set(in.text, r, err)
		}
		switch {
		case err == nil:
		case errors.As(err, &ues[i]):
			if c.json {
				res.Error = c.errJSON(ues[i])
			}
		default:
			out.err = err
			return out
		}
	}
	for i := range results {
		res := &results[i]
		if refs[i].IsValid() {
			if err := c.describe(i, refs[i], c.parsers[i].SchemeGrammars()); err != nil {
				out.err = err
				break
			}
		} else {
			out.invalid = true
			if ues[i] != nil {
				if hz := lenientWith(ues[i], c.readers, c.base); hz != nil {
					res.Hazards = &hz
				}
			}
		}
		var err error
		if c.json {
			err = c.appendJSON(res)
		} else {
			err = writeCheck(&c.buf, *res, ues[i])
		}
		if err != nil {
			out.err = err
			break
		}
		if i == 0 && len(results) > 1 {
			// The other specs' results are about as long as the first: room for them
			// at once, so that a long line's output is not copied over and over as
			// the buffer doubles.
			c.buf.Grow(c.buf.Len() * (len(results) - 1))
		}
	}
	if c.buf.Len() > 64<<10 {
		// A long output is handed out as it is, rather than copied to a slab, and
		// the next line starts a buffer of its own.
		out.text = c.buf.Bytes()
		c.buf = bytes.Buffer{}
		return out
	}
	out.text = c.handOut(c.buf.Bytes())
	return out
}

// handOut returns a copy of b for the emitter, cut from c.slab: one allocation for many
// lines instead of one a line (check -spec all -json writes some 4 KB a line). What is
// handed out is never written again: a full slab is left to the lines cut from it.
func (c *checker) handOut(b []byte) []byte {
	if cap(c.slab)-len(c.slab) < len(b) {
		c.slab = make([]byte, 0, max(64<<10, len(b)))
	}
	n := len(c.slab)
	c.slab = append(c.slab, b...)
	return c.slab[n:len(c.slab):len(c.slab)]
}

// appendJSON writes res as check -json prints it: the bytes encoding/json writes for a
// checkResult (TestCheckJSONLikeEncoding holds them equal), without its reflection, which
// was a third of check -spec all -json's time. res is a result of the input whose
// members c.head holds.
func (c *checker) appendJSON(res *checkResult) error {
	b := c.buf.AvailableBuffer()
	b = append(b, c.head...) // res.Input's members
	b = append(b, `,"spec":`...)
	b = appendJSONString(b, res.Spec)
	b = append(b, `,"valid":`...)
	b = strconv.AppendBool(b, res.Valid)
	b = append(b, `,"components":`...)
	switch p := res.Components; {
	case p == nil:
		b = append(b, "null"...)
	default:
		b = append(b, c.componentsJSON(p)...)
	}
	if res.URI != "" {
		b = append(b, `,"uri":`...)
		b = appendJSONString(b, res.URI)
	}
	if res.HostKind != "" {
		b = append(b, `,"host_kind":`...)
		b = appendJSONString(b, res.HostKind)
	}
	if len(res.Scheme) > 0 {
		b = append(b, `,"scheme":`...)
		b = append(b, res.Scheme...) // compact: json.Marshal wrote it
	}
	c.buf.Write(b)
	// A valid reference has hazards; a rejected one an error, and hazards when a lenient
	// parser reads it (hazard.Lenient).
	switch {
	case res.Hazards != nil && len(*res.Hazards) == 0:
		c.buf.WriteString(`,"hazards":[]`)
	case res.Hazards != nil:
		c.buf.WriteString(`,"hazards":`)
		if hz := *res.Hazards; c.lastHz == nil || !slices.Equal(hz, c.lastHz) {
			c.lastHz, c.hzJSON = hz, appendHazardsJSON(c.hzJSON[:0], hz)
		}
		c.buf.Write(c.hzJSON)
	}
	if res.Error != nil {
		c.buf.WriteString(`,"error":`)
		c.buf.Write(res.Error.appendJSON(c.buf.AvailableBuffer()))
	}
	c.buf.WriteString("}\n")
	return nil
}

// describe fills in what check prints of the valid reference r, the i'th spec's reading;
// schemes says that its parser checked the scheme's grammar.
func (c *checker) describe(i int, r uri.Reference, schemes bool) error {
	res := &c.results[i]
	res.Valid = true
	var err error
	if r.Spec() == uri.RFC3987 {
		if res.URI, err = uri.IRIToURI(res.Input); err != nil {
			return err
		}
	}
	hz := withDifferentials(c.finder.Find(r), r, c.readers, c.base)
	if hz == nil {
		hz = []hazard.Hazard{}
	}
	res.Hazards = &hz
	if c.json {
		fillComponents(&c.comps[i], &c.texts[i], r)
		res.Components = &c.comps[i]
		res.HostKind = r.HostKind().String()
		if res.Scheme, err = schemeJSON(r, schemes, c.errJSON, &c.lastParts); err != nil {
			return err
		}
	}
	return nil
}

// onceReader is a Reader that reads each input once: check -spec all compares one input
// under every spec with the same readers, and a reading does not depend on the spec it
// is compared with.
type onceReader struct {
	r     hazard.Reader
	input string
	ok    bool
	rd    hazard.Reading
	err   error
}

func (o *onceReader) Name() string { return o.r.Name() }

func (o *onceReader) Read(s string) (hazard.Reading, error) {
	if !o.ok || o.input != s {
		o.rd, o.err = o.r.Read(s)
		o.input, o.ok = s, true
	}
	return o.rd, o.err
}

// set records the reading of s by the spec's own parse (r, or err when it rejects s).
func (o *onceReader) set(s string, r uri.Reference, err error) {
	o.input, o.ok, o.err = s, true, err
	if err == nil {
		o.rd = hazard.ReadingOf(r)
	}
}

// writeCheck prints one verdict: "valid    rfc3986        INPUT" and a line for each
// hazard, or for an invalid input the same line, a caret under the offending byte and the
// message.
func writeCheck(w *bytes.Buffer, res checkResult, ue *uri.Error) error {
	verdict := "valid"
	if !res.Valid {
		verdict = "invalid"
	}
	// The verdict line is written without fmt: check prints one for every input and
	// spec, and formatting it was half of check's time.
	start := w.Len()
	w.WriteString(verdict)
	w.WriteString("         "[len(verdict):])
	w.WriteString(res.Spec)
	for n := len(res.Spec); n < 15; n++ {
		w.WriteByte(' ')
	}
	prefix := w.Bytes()[start:] // only its length is used
	w.WriteString(printableText(res.Input))
	w.WriteByte('\n')
	switch {
	case ue != nil:
		if _, err := fmt.Fprintf(w, "%s\n%*s%s\n", caretLine(len(prefix), res.Input, ue.Offset), len(prefix), "", errorText(ue)); err != nil {
			return err
		}
	case res.Error != nil:
		_, err := fmt.Fprintf(w, "%*s%s\n", len(prefix), "", res.Error.Message)
		return err
	}
	if res.URI != "" && res.URI != res.Input {
		if _, err := fmt.Fprintf(w, "%*sas a URI (RFC 3987 3.1): %s\n", len(prefix), "", res.URI); err != nil {
			return err
		}
	}
	if res.Hazards != nil {
		for _, h := range *res.Hazards {
			if _, err := fmt.Fprintf(w, "%*shazard %s at byte %d: %s (%s)\n", len(prefix), "", h.Code, h.Offset, h.Message, h.Section); err != nil {
				return err
			}
		}
	}
	return nil
}

// appendHazardsJSON appends hz as encoding/json writes a []hazard.Hazard.
func appendHazardsJSON(b []byte, hz []hazard.Hazard) []byte {
	b = append(b, '[')
	for i, h := range hz {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"code":`...)
		b = appendJSONString(b, string(h.Code))
		b = append(b, `,"section":`...)
		b = appendJSONString(b, h.Section)
		b = append(b, `,"offset":`...)
		b = strconv.AppendInt(b, int64(h.Offset), 10)
		b = append(b, `,"length":`...)
		b = strconv.AppendInt(b, int64(h.Length), 10)
		b = append(b, `,"message":`...)
		b = appendJSONString(b, h.Message)
		if h.Note {
			b = append(b, `,"note":true`...)
		}
		b = append(b, '}')
	}
	return append(b, ']')
}

// compsJSON is the JSON of components written for an earlier spec of the line.
type compsJSON struct {
	comps *jsonComponents
	json  []byte
}

// componentsJSON is p's JSON: that of components equal to p that an earlier spec of the
// line split off, else written afresh.
func (c *checker) componentsJSON(p *jsonComponents) []byte {
	for _, s := range c.compsSeen {
		if p.equal(s.comps) {
			return s.json
		}
	}
	n := len(c.compsSeen)
	if n < cap(c.compsSeen) {
		c.compsSeen = c.compsSeen[:n+1] // reuse the slot's bytes
	} else {
		c.compsSeen = append(c.compsSeen, compsJSON{})
	}
	s := &c.compsSeen[n]
	s.comps, s.json = p, p.appendJSON(s.json[:0])
	return s.json
}
