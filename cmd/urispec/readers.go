package main

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/urispec/urispec/uri"
)

// allReaders are the readers check, explain and lint compare a reference of spec with:
// every other spec, net/url and the WHATWG parser.
func allReaders(spec uri.Spec) []uri.Reader {
	return append(uri.DefaultReaders(spec), newWHATWGReader())
}

// parseReaders reads lint's -with: "all" (allReaders), "none", or a comma-separated
// list of spec IDs, "specs" (every other spec), "net-url" and "whatwg".
func parseReaders(spec uri.Spec, list string) ([]uri.Reader, error) {
	switch list {
	case "all":
		return allReaders(spec), nil
	case "none", "":
		return nil, nil
	}
	var out []uri.Reader
	for _, name := range strings.Split(list, ",") {
		switch name = strings.TrimSpace(name); name {
		case "net-url":
			out = append(out, uri.NetURLReader())
		case "whatwg":
			out = append(out, newWHATWGReader())
		case "specs":
			for _, s := range uri.Specs() {
				if s != spec {
					out = append(out, uri.SpecReader(s))
				}
			}
		default:
			s, err := uri.ParseSpec(name)
			if err != nil {
				return nil, fmt.Errorf("-with: %q is not all, none, specs, net-url, whatwg or a spec ID", name)
			}
			out = append(out, uri.SpecReader(s))
		}
	}
	return out, nil
}

// allHazards is a reference's own hazards and its differentials with allReaders, in the
// order of their offsets.
func allHazards(r uri.Reference) []uri.Hazard {
	return sortedHazards(append(r.Hazards(), r.Differentials(allReaders(r.Spec())...)...))
}

// sortedHazards orders hazards by offset, keeping the order of those at one offset.
func sortedHazards(hz []uri.Hazard) []uri.Hazard {
	slices.SortStableFunc(hz, func(a, b uri.Hazard) int { return cmp.Compare(a.Offset, b.Offset) })
	return hz
}
