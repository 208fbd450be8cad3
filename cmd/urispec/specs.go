package main

import (
	"strings"

	"github.com/urispec/urispec/uri"
)

// parseSpecs reads a -spec value: one ID, a comma-separated list, or "all".
func parseSpecs(v string) ([]uri.Spec, error) {
	if v == "all" {
		return uri.Specs(), nil
	}
	var out []uri.Spec
	for _, id := range strings.Split(v, ",") {
		s, err := uri.ParseSpec(strings.TrimSpace(id))
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}
