package summary

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/urispec/urispec/uri"
	"github.com/urispec/urispec/uri/hazard"
)

// LineProblem names why a line read whole is not checked at all: a NUL byte or bytes
// that are not UTF-8 ("" when it is checked). Such a line counts as invalid under every
// spec: no grammar accepts a NUL, and an input that is not text is not a URI reference.
func LineProblem(s string) string {
	if i := strings.IndexByte(s, 0); i >= 0 {
		return fmt.Sprintf("NUL byte at offset %d", i)
	}
	if !utf8.ValidString(s) {
		for i := 0; i < len(s); {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size <= 1 {
				return fmt.Sprintf("not valid UTF-8: byte 0x%02X at offset %d", s[i], i)
			}
			i += size
		}
	}
	return ""
}

// Verdicts is what a Checker found for one line: the line's problem when it is not
// checked, else its error under each spec (nil: valid).
type Verdicts struct {
	Problem string
	Errors  []error
	// Hazards are the codes of the input's hazards under the newest spec that accepts
	// it, each once.
	Hazards []hazard.Code
}

// Checker checks lines under the specs of a summary. It holds one uri.Parser per spec,
// so each goroutine needs its own; the command runs one per worker, the Beam pipeline
// one per bundle.
type Checker struct {
	parsers []*uri.Parser
}

// NewChecker is a Checker for the spec IDs, in date order (a Summary's Specs): the
// last that accepts an input is the newest. Its parsers are made with opts
// (uri.GenericOnly for a Summary whose GenericOnly is set).
func NewChecker(specs []string, opts ...uri.ParserOption) (*Checker, error) {
	c := &Checker{parsers: make([]*uri.Parser, len(specs))}
	for i, id := range specs {
		s, err := uri.ParseSpec(id)
		if err != nil {
			return nil, err
		}
		if c.parsers[i], err = uri.NewParser(s, opts...); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// Check checks a line read whole. problem is set when the reader could not read it
// whole (too long); otherwise the line's own problems are looked for.
func (c *Checker) Check(line, problem string) Verdicts {
	if problem == "" {
		problem = LineProblem(line)
	}
	if problem != "" {
		return Verdicts{Problem: problem}
	}
	v := Verdicts{Errors: make([]error, len(c.parsers))}
	// Newest first: the first spec that accepts parses the line into the Reference whose
	// hazards are counted; the older ones only validate (no Reference to build).
	var r uri.Reference
	for i := len(c.parsers) - 1; i >= 0; i-- {
		if r.IsValid() {
			v.Errors[i] = c.parsers[i].Validate(line)
		} else {
			r, v.Errors[i] = c.parsers[i].Parse(line)
		}
	}
	if r.IsValid() {
		for _, h := range hazard.Find(r) {
			if !slices.Contains(v.Hazards, h.Code) {
				v.Hazards = append(v.Hazards, h.Code)
			}
		}
	}
	return v
}

// AddVerdicts counts one line with what a Checker found for it.
func (s *Summary) AddVerdicts(e Example, v Verdicts) {
	if v.Problem != "" {
		s.AddUnchecked(e, v.Problem)
		return
	}
	s.Add(e, v.Errors)
	for _, c := range v.Hazards {
		s.Hazards[string(c)]++
	}
}
