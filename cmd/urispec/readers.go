package main

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/urispec/urispec/uri"
	"github.com/urispec/urispec/uri/hazard"
)

// deployedReaders is what -with deployed names: the parsers that someone runs. A
// string that only a historical version (url-1993, RFC 1808, ...) reads differently
// reaches no deployed parser that way, so it is no hazard.
const deployedReaders = "rfc3986,rfc2396,net-url,whatwg"

// parseReaders reads a -with value: "deployed" (RFC 3986, RFC 2396, net/url and the
// WHATWG parser), "all" (every spec, net/url and the WHATWG parser), "none", or a
// comma-separated list of spec IDs, "deployed", "specs" (every spec), "net-url" and
// "whatwg". A reference is never compared with the reader of its own spec
// (Differentials skips it), so the lists need not leave it out.
func parseReaders(list string) ([]hazard.Reader, error) {
	switch list {
	case "all":
		list = "specs,net-url,whatwg"
	case "none", "":
		return nil, nil
	}
	var out []hazard.Reader
	for _, name := range strings.Split(list, ",") {
		switch name = strings.TrimSpace(name); name {
		case "deployed":
			rs, _ := parseReaders(deployedReaders)
			out = append(out, rs...)
		case "net-url":
			out = append(out, hazard.NetURLReader())
		case "whatwg":
			out = append(out, newWHATWGReader())
		case "specs":
			for _, s := range uri.Specs() {
				if s != uri.WHATWG { // "whatwg" is the parser's reader (hazard.SpecReader)
					out = append(out, hazard.SpecReader(s))
				}
			}
		default:
			s, err := uri.ParseSpec(name)
			if err != nil {
				return nil, fmt.Errorf("%q is not deployed, all, none, specs, net-url, whatwg or a spec ID", name)
			}
			out = append(out, hazard.SpecReader(s))
		}
	}
	return out, nil
}

// hazardsWith is a reference's own hazards and its differentials with readers, in the
// order of their offsets; a relative reference is compared against base.
func hazardsWith(r uri.Reference, readers []hazard.Reader, base string) []hazard.Hazard {
	return withDifferentials(hazard.Find(r), r, readers, base)
}

// withDifferentials is hz, r's own hazards, with r's differentials with readers
// (hazardsWith).
func withDifferentials(hz []hazard.Hazard, r uri.Reference, readers []hazard.Reader, base string) []hazard.Hazard {
	if len(readers) > 0 {
		hz = append(hz, hazard.Differentials(r, readers...)...)
		hz = sortedHazards(append(hz, baseDifferentials(r, readers, base)...))
	}
	return hz
}

// lenientWith is how the lenient readers among readers read a string that its spec
// rejects (hazard.Lenient), the WHATWG parser reading a relative one against base; nil
// when err is not a *uri.Error.
func lenientWith(err error, readers []hazard.Reader, base string) []hazard.Hazard {
	if e, ok := errors.AsType[*uri.Error](err); ok && len(readers) > 0 {
		return hazard.Lenient(e, withBase(readers, base)...)
	}
	return nil
}

// baseDifferentials compares a relative reference, resolved against base by its spec's
// own algorithm, with the WHATWG parser's reading of it against the same base (when
// readers hold that parser): the URL a browser would fetch. "///evil.example/" resolves
// to an empty host under RFC 3986 and to the host "evil.example" in a browser. A
// reference that keeps the base's host is not compared (errBaseHost). The hazards span
// the whole reference: the resolved target's offsets are not the reference's.
func baseDifferentials(r uri.Reference, readers []hazard.Reader, base string) []hazard.Hazard {
	if r.IsAbsolute() {
		return nil
	}
	var ws []hazard.Reader
	for _, rd := range withBase(readers, base) {
		if _, ok := rd.(whatwgReader); ok {
			ws = append(ws, fixedInput{rd, r.Input()})
		}
	}
	if len(ws) == 0 {
		return nil
	}
	res, err := uri.Resolve(r.Spec(), base, r.Input())
	if err != nil || res.SameDocument {
		return nil
	}
	// The target is read by the spec's generic syntax: one that its scheme's grammar
	// rejects ("https:///evil.example/", an empty host) is still what the spec resolves
	// the reference to.
	p, err := uri.NewParser(r.Spec(), uri.GenericOnly())
	if err != nil {
		return nil
	}
	target, err := p.Parse(res.Target)
	if err != nil {
		return nil
	}
	hz := hazard.Differentials(target, ws...)
	for i := range hz {
		hz[i].Offset, hz[i].Length = 0, len(r.Input())
		hz[i].Message = fmt.Sprintf("against the base %s, %s resolves it to %q: %s", base, r.Spec(), res.Target, hz[i].Message)
	}
	return hz
}

// fixedInput reads its input whatever string it is given: the WHATWG reading of a
// relative reference against a base, compared with the spec's resolved target.
type fixedInput struct {
	r  hazard.Reader
	in string
}

func (f fixedInput) Name() string                        { return f.r.Name() }
func (f fixedInput) Read(string) (hazard.Reading, error) { return f.r.Read(f.in) }

// sortedHazards orders hazards by offset, keeping the order of those at one offset.
func sortedHazards(hz []hazard.Hazard) []hazard.Hazard {
	slices.SortStableFunc(hz, func(a, b hazard.Hazard) int { return cmp.Compare(a.Offset, b.Offset) })
	return hz
}

// relativeBase is the base against which the WHATWG parser, which reads only URLs,
// reads a relative reference when the command is given no -base: one the spec rejects
// ("/\\evil.example" is then the host "evil.example"), and a valid one, compared with its
// resolution (baseDifferentials). The name is reserved (RFC 2606), so it names no real
// server.
const relativeBase = "https://example.invalid/"

// withBase returns readers with each WHATWG reader reading relative references against
// base; the others are kept.
func withBase(readers []hazard.Reader, base string) []hazard.Reader {
	out := slices.Clone(readers)
	for i, rd := range out {
		if o, ok := rd.(*onceReader); ok {
			rd = o.r // its cache holds readings without the base
		}
		if w, ok := rd.(whatwgReader); ok {
			w.base = base
			out[i] = w
		}
	}
	return out
}
