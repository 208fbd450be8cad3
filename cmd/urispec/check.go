package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/urispec/urispec/internal/ordered"
	"github.com/urispec/urispec/uri"
)

// jsonError is the "error" object of check -json.
type jsonError struct {
	Offset   int      `json:"offset"`
	Rule     string   `json:"rule"`
	Message  string   `json:"message"`
	Expected []string `json:"expected,omitempty"`
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
	Prefix    *string `json:"prefix,omitempty"` // url-1993's "URL:"
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
	// Scheme is the scheme-specific syntax of RFC 1738 (uri.Reference.SchemeURL) of a
	// valid reference that has a scheme: null when the scheme is not one of RFC 1738's
	// ten, {"name": ..., "error": {...}} when the URL does not match that scheme's rule
	// (the offset is into the input), else the fields of the scheme's uri type. Absent
	// for invalid and relative references.
	Scheme json.RawMessage `json:"scheme,omitempty"`
	// Hazards are the valid reference's hazards and parser differentials (an empty list
	// when there is none; absent for an invalid input).
	Hazards *[]uri.Hazard `json:"hazards,omitempty"`
	Error   *jsonError    `json:"error,omitempty"`
}

// schemeJSON encodes r's RFC 1738 scheme-specific syntax for checkResult.Scheme.
func schemeJSON(r *uri.Reference) (json.RawMessage, error) {
	if !r.IsAbsolute() {
		return nil, nil
	}
	su, err := r.SchemeURL()
	var ue *uri.Error
	switch {
	case err == nil && su == nil:
		return json.RawMessage("null"), nil
	case err == nil:
		return json.Marshal(su)
	case errors.As(err, &ue):
		return json.Marshal(struct {
			Name  string     `json:"name"`
			Error *jsonError `json:"error"`
		}{strings.ToLower(r.Value(uri.Scheme)), errorJSON(ue)})
	}
	return nil, err
}

func componentsOf(r *uri.Reference) *jsonComponents {
	get := func(c uri.Component) *string {
		if v, ok := r.Get(c); ok {
			return &v
		}
		return nil
	}
	return &jsonComponents{
		Scheme: get(uri.Scheme), Authority: get(uri.Authority), Userinfo: get(uri.Userinfo),
		Host: get(uri.Host), Port: get(uri.Port), Path: get(uri.Path), Query: get(uri.Query),
		Fragment: get(uri.Fragment), User: get(uri.User), Password: get(uri.Password),
		Prefix: get(uri.Prefix), Zone: get(uri.Zone), Params: get(uri.Params),
	}
}

func runCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	specFlag := fs.String("spec", "rfc3986", "spec ID, comma-separated IDs, or all")
	asJSON := fs.Bool("json", false, "one JSON object per input and spec")
	schemes := fs.Bool("schemes", true, "rfc1738 only (other specs ignore it): a URL whose scheme is one of RFC 1738's ten\nmust match that scheme's rule; with -schemes=false, the generic syntax (genericurl) alone")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: urispec check [-spec ID|all] [-json] [-schemes=false] [URI ...]\n\nWith no URI, reads one per line from standard input, showing progress on standard error\nwhen it is a terminal (not with -json, nor when standard output is a terminal too).\nExit status: 0 all valid, 1 some invalid, 2 usage or I/O error.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return flagStatus(err)
	}
	specs, err := parseSpecs(*specFlag)
	if err != nil {
		fmt.Fprintln(stderr, "urispec check:", err)
		return exitUsage
	}
	var opts []uri.ParseOption
	if !*schemes {
		opts = append(opts, uri.GenericOnly())
	}
	parsers := make([]*uri.Parser, len(specs))
	for i, s := range specs {
		if parsers[i], err = uri.NewParser(s, opts...); err != nil {
			fmt.Fprintln(stderr, "urispec check:", err)
			return exitUsage
		}
	}
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	status := exitOK
	// emit prints the verdicts of one input, in the order of the specs.
	emit := func(outs []checkOut) error {
		for _, o := range outs {
			if o.err != nil {
				return o.err
			}
			if !o.res.Valid {
				status = exitInvalid
			}
			if *asJSON {
				if err := enc.Encode(o.res); err != nil {
					return err
				}
			} else if err := writeCheck(stdout, o.res, o.ue); err != nil {
				return err
			}
		}
		return nil
	}
	if fs.NArg() > 0 {
		for i, a := range fs.Args() {
			if err := emit(checkLine(parsers, checkInput{i + 1, a, nil}, *asJSON)); err != nil {
				fmt.Fprintln(stderr, "urispec check:", err)
				return exitUsage
			}
		}
		return status
	}
	// Lines from standard input are checked in batches on GOMAXPROCS workers, each with
	// its own parsers, and printed in input order.
	newWorker := func() func(checkInput) []checkOut {
		ps := make([]*uri.Parser, len(specs))
		for i, s := range specs {
			ps[i], _ = uri.NewParser(s, opts...) // every spec has a parser: checked above
		}
		return func(in checkInput) []checkOut { return checkLine(ps, in, *asJSON) }
	}
	pool := ordered.New(0, 256, newWorker, func(_ checkInput, outs []checkOut) error { return emit(outs) })
	// Progress on a terminal, but not under -json, nor when the verdicts stream to the
	// terminal too (the progress line would break them).
	p := startProgress(stderr, !*asJSON && !isTerminal(stdout), inputSize(nil, stdin))
	err = eachLine(p.reader(stdin), func(line int, input string, readErr error) error {
		p.line()
		return pool.Add(checkInput{line, input, readErr})
	})
	p.finish()
	if cerr := pool.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		fmt.Fprintln(stderr, "urispec check: reading standard input:", err)
		return exitUsage
	}
	return status
}

// checkInput is one input of check: its line number, its text, and why it could not be
// read whole (a line too long).
type checkInput struct {
	line    int
	input   string
	readErr error
}

// checkOut is one spec's verdict on an input, ready to print, or the error that stops
// the command.
type checkOut struct {
	res checkResult
	ue  *uri.Error
	err error
}

// checkLine checks one input under each parser's spec. It runs on a worker: everything
// printed is computed here, from the parse result, before the parser parses again.
func checkLine(parsers []*uri.Parser, in checkInput, asJSON bool) []checkOut {
	outs := make([]checkOut, 0, len(parsers))
	for _, p := range parsers {
		o := checkOut{res: checkResult{Input: in.input, InputBase64: exactBytes(in.input), Spec: p.Spec().String()}}
		if in.readErr != nil {
			o.res.Error = &jsonError{Message: fmt.Sprintf("line %d: %v", in.line, in.readErr)}
		} else if r, err := p.Parse(in.input); err == nil {
			o.res.Valid, o.res.Components = true, componentsOf(r)
			if r.Spec() == uri.RFC3987 {
				if o.res.URI, err = uri.IRIToURI(in.input); err != nil {
					o.err = err
				}
			}
			o.res.HostKind = r.HostKind().String()
			hz := allHazards(r)
			if hz == nil {
				hz = []uri.Hazard{}
			}
			o.res.Hazards = &hz
			if asJSON {
				if o.res.Scheme, err = schemeJSON(r); err != nil {
					o.err = err
				}
			}
		} else if errors.As(err, &o.ue) {
			o.res.Error = errorJSON(o.ue)
		} else {
			o.err = err
		}
		outs = append(outs, o)
		if o.err != nil {
			break
		}
	}
	return outs
}

// writeCheck prints one verdict: "valid    rfc3986        INPUT" and a line for each
// hazard, or for an invalid input the same line, a caret under the offending byte and the
// message.
func writeCheck(w io.Writer, res checkResult, ue *uri.Error) error {
	verdict := "valid"
	if !res.Valid {
		verdict = "invalid"
	}
	text, _ := printable(res.Input)
	prefix := fmt.Sprintf("%-8s %-14s ", verdict, res.Spec)
	if _, err := fmt.Fprintf(w, "%s%s\n", prefix, text); err != nil {
		return err
	}
	switch {
	case ue != nil:
		_, err := fmt.Fprintf(w, "%s\n%*s%s\n", caretLine(len(prefix), res.Input, ue.Offset), len(prefix), "", ue.Error())
		return err
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
