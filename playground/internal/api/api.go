// Package api is every call of the playground's WebAssembly modules into package uri
// (playground/wasm and playground/extra), so that a change of its API is a change of
// this package alone. What it answers has the field names of urispec check -json and
// explain -json (docs/cli.md), built here from the library's own values; the modules
// hand it to the page as JavaScript objects (playground/internal/jsvalue). It imports no
// encoding/json: the first module, which must be small (docs/playground.md), links
// only what it calls, and templates, whose variables are JSON, are the second's.
package api

import (
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/urispec/urispec/internal/uts46"
	"github.com/urispec/urispec/uri"
	"github.com/urispec/urispec/uri/hazard"
	"github.com/urispec/urispec/uri/scheme"
	"github.com/urispec/urispec/uri/template"
)

// Request is what the page asks: the string, an optional base, whether the scheme
// grammars of rfc3986 and rfc3987 apply, the spec whose error is opened (what the grammar
// allowed there is found for it alone: about fifteen parses of the input's prefix), and
// the spec whose normalization ladder is shown.
type Request struct {
	// FormatsOnly asks for the formats alone (the page's formats tab); VerdictsOnly for
	// each spec's verdict alone, without components, hazards, resolution, formats or
	// ladder (the page's first request, which it draws before the rest).
	FormatsOnly  bool `json:"formats_only,omitempty"`
	VerdictsOnly bool `json:"verdicts_only,omitempty"`

	Input   string `json:"input"`
	Base    string `json:"base"`
	Generic bool   `json:"generic"`
	Open    string `json:"open"`
	Ladder  string `json:"ladder"`
}

// Answer is the page's whole view of one request.
type Answer struct {
	VerdictsOnly bool         `json:"verdicts_only,omitempty"` // Specs without their details, and nothing else
	Specs        []SpecResult `json:"specs"`
	UTS46        []Mapping    `json:"uts46,omitempty"`
	WHATWG       *reading     `json:"whatwg_parser,omitempty"` // the WHATWG URL parser's reading
	Ladder       []rung       `json:"ladder,omitempty"`
	Formats      []format     `json:"formats"`
}

// Mapping is a character of the input that UTS #46 maps to ASCII other than itself
// (internal/uts46): a lookalike of the ASCII it maps to (ⓖ to g, ｅ to e, 。 to .), or,
// where MapsTo is empty, a character that the mapping removes (U+00AD).
type Mapping struct {
	Offset    int    `json:"offset"` // its first byte in the input
	CodePoint string `json:"code_point"`
	MapsTo    string `json:"maps_to"`
}

// mappings are the characters of s that UTS #46 maps to ASCII other than themselves.
func mappings(s string) []Mapping {
	var out []Mapping
	for i, r := range s {
		if r < utf8.RuneSelf || r == utf8.RuneError {
			continue
		}
		m := uts46.Map(string(r))
		if m != string(r) && isASCII(m) {
			out = append(out, Mapping{Offset: i, CodePoint: fmt.Sprintf("U+%04X", r), MapsTo: m})
		}
	}
	return out
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// format is the verdict of one URI format of JSON Schema and OpenAPI (check -format).
type format struct {
	Format string     `json:"format"`
	Valid  bool       `json:"valid"`
	Error  *specError `json:"error,omitempty"`
}

// TemplateAnswer is an RFC 6570 template's parse and expansion (urispec template).
type TemplateAnswer struct {
	Valid     bool       `json:"valid"`
	Level     int        `json:"level"`
	Variables []string   `json:"variables,omitempty"`
	Expansion *string    `json:"expansion,omitempty"`
	Error     *specError `json:"error,omitempty"`
	VarsError string     `json:"vars_error,omitempty"`
}

// SpecResult is one spec's verdict, as check -json and explain -json name its parts.
type SpecResult struct {
	Spec        string            `json:"spec"`
	Title       string            `json:"title"`
	Date        string            `json:"date"`
	Valid       bool              `json:"valid"`
	Components  map[string]string `json:"components,omitempty"` // the defined ones
	Spans       map[string][2]int `json:"spans,omitempty"`
	HostKind    string            `json:"host_kind,omitempty"`
	SchemeParts scheme.Parts      `json:"scheme_parts,omitempty"`
	Hazards     []hazard.Hazard   `json:"hazards,omitempty"`
	Error       *specError        `json:"error,omitempty"`
	Resolved    *resolved         `json:"resolved,omitempty"`
}

// specError is the "error" object of check -json (cmd/urispec's jsonError, which holds
// a method of the command's own JSON writer, so the two types are kept apart; the browser
// test compares the page's offsets and rules with check -json's); Expected is found for
// the opened spec alone.
type specError struct {
	Offset     int      `json:"offset"`
	Rule       string   `json:"rule"`
	Message    string   `json:"message"`
	Expected   []string `json:"expected,omitempty"`
	Scheme     string   `json:"scheme,omitempty"`
	Section    string   `json:"section,omitempty"`
	Reason     string   `json:"reason,omitempty"`
	Validation string   `json:"validation,omitempty"`
}

// resolved is the input resolved against the base by the spec's own algorithm.
type resolved struct {
	Target string `json:"target,omitempty"`
	Error  string `json:"error,omitempty"`
}

// reading is the WHATWG URL parser's reading of the input (against the base when given).
type reading struct {
	Error    string `json:"error,omitempty"`
	Scheme   string `json:"scheme"`
	Userinfo string `json:"userinfo"`
	Host     string `json:"host"`
	Port     string `json:"port"`
	Path     string `json:"path"`
	Query    string `json:"query"`
	HasQuery bool   `json:"has_query"`
}

// rung is one level of the normalization ladder.
type rung struct {
	Level  string `json:"level"`
	Result string `json:"result,omitempty"`
	Error  string `json:"error,omitempty"`
}

// Analyze answers a request for a reference: its verdicts under every spec in date
// order, and unless req.VerdictsOnly, the rest of the page's view.
func Analyze(req Request) Answer {
	var a Answer
	var opts []uri.ParserOption
	if req.Generic {
		opts = append(opts, uri.GenericOnly())
	}
	for _, s := range uri.Specs() {
		if req.FormatsOnly {
			break
		}
		po := opts
		if req.Base != "" && s == uri.WHATWG {
			po = append(po, uri.Base(req.Base)) // whatwg's validity depends on a base
		}
		p, err := uri.NewParser(s, po...)
		if err != nil { // a base the parser refuses: read without it
			p, _ = uri.NewParser(s, opts...)
		}
		res := SpecResult{Spec: s.String(), Title: s.Title(), Date: s.Date()}
		r, err := p.Parse(req.Input)
		var ue *uri.Error
		switch {
		case err == nil && req.VerdictsOnly:
			res.Valid = true
		case err == nil:
			res.Valid, res.HostKind = true, r.HostKind().String()
			res.Components, res.Spans = map[string]string{}, map[string][2]int{}
			for c := uri.Scheme; c <= uri.Params; c++ {
				if v, ok := r.Get(c); ok {
					res.Components[c.String()] = v
				}
				if b, e, ok := r.Span(c); ok {
					res.Spans[c.String()] = [2]int{b, e}
				}
			}
			res.Hazards = hazard.Find(r)
			if p.SchemeGrammars() {
				if parts, err := r.SchemeParts(); err == nil {
					res.SchemeParts = parts
				}
			}
		case errors.As(err, &ue):
			res.Error = &specError{Offset: ue.Offset, Rule: ue.Rule, Message: ue.Error(),
				Scheme: ue.Scheme, Section: ue.Section, Reason: ue.Reason, Validation: ue.Validation}
			if req.Open == res.Spec {
				res.Error.Expected = ue.Expected()
			}
		default:
			res.Error = &specError{Message: err.Error()}
		}
		if req.Base != "" && !req.VerdictsOnly {
			rr, err := uri.Resolve(s, req.Base, req.Input)
			var re *uri.ResultError
			switch {
			case err == nil:
				res.Resolved = &resolved{Target: rr.String()}
			case errors.As(err, &re):
				res.Resolved = &resolved{Target: re.Result.String(), Error: "the grammar rejects the result: " + re.Err.Error()}
			default:
				res.Resolved = &resolved{Error: err.Error()}
			}
		}
		a.Specs = append(a.Specs, res)
	}
	if req.VerdictsOnly {
		a.VerdictsOnly = true
		return a
	}
	if !req.FormatsOnly {
		a.WHATWG = whatwgReading(req.Input, req.Base)
		a.UTS46 = mappings(req.Input)
	}
	for _, name := range uri.FormatNames() {
		check, _ := uri.FormatChecker(name)
		f := format{Format: name, Valid: true}
		if err := check(req.Input); err != nil {
			f.Valid = false
			f.Error = placeOf(err)
		}
		a.Formats = append(a.Formats, f)
	}
	if spec, err := uri.ParseSpec(req.Ladder); err == nil {
		for _, name := range []string{"simple", "syntax", "scheme"} {
			l, _ := uri.ParseLevel(name)
			n, err := uri.Normalize(spec, req.Input, l)
			if err != nil {
				a.Ladder = append(a.Ladder, rung{Level: name, Error: err.Error()})
				break
			}
			a.Ladder = append(a.Ladder, rung{Level: name, Result: n})
		}
	}
	return a
}

// whatwgReading is how the WHATWG URL parser (urispec's own, internal/whatwgurl) reads s.
func whatwgReading(s, base string) *reading {
	var rd hazard.Reading
	var err error
	if base != "" {
		rd, err = hazard.WHATWGReader().ReadRelative(base, s)
	} else {
		rd, err = hazard.WHATWGReader().Read(s)
	}
	if err != nil {
		return &reading{Error: err.Error()}
	}
	return &reading{Scheme: rd.Scheme, Userinfo: rd.Userinfo, Host: rd.Host, Port: rd.Port,
		Path: rd.Path, Query: rd.Query, HasQuery: rd.HasQuery}
}

// placeOf is the "error" object of a grammar's error, without what was expected there.
func placeOf(err error) *specError {
	var ue *uri.Error
	if errors.As(err, &ue) { // a template's error too (package template)
		return &specError{Offset: ue.Offset, Rule: ue.Rule, Message: ue.Error(),
			Scheme: ue.Scheme, Section: ue.Section, Reason: ue.Reason}
	}
	return &specError{Message: err.Error()}
}

// Template parses an RFC 6570 template and expands it with vars, a JSON object
// (docs/templates.md); an invalid template's error says what the grammar allowed there.
func Template(s, vars string) TemplateAnswer {
	var a TemplateAnswer
	t, err := template.Parse(s)
	if err != nil {
		a.Error = placeOf(err)
		var te *uri.Error
		if errors.As(err, &te) {
			a.Error.Expected = te.Expected()
		}
		return a
	}
	a.Valid, a.Level, a.Variables = true, t.Level(), t.Variables()
	if vars == "" {
		vars = "{}"
	}
	values, err := template.DecodeVars([]byte(vars))
	if err != nil {
		a.VarsError = err.Error()
		return a
	}
	x, err := t.Expand(values, template.MaxExpansion(1<<20)) // as urispec template, by default
	if err != nil {
		a.VarsError = err.Error()
		return a
	}
	a.Expansion = &x
	return a
}
