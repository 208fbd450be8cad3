package santhosh_test

import (
	"fmt"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/urispec/urispec/jsonschema/santhosh"
)

func Example() {
	c := jsonschema.NewCompiler()
	c.AssertFormat() // drafts 2019-09 and 2020-12 only annotate "format" without it
	santhosh.Register(c)

	schema := map[string]any{
		"$schema": "https://json-schema.org/draft/2020-12/schema",
		"format":  "uri",
	}
	if err := c.AddResource("https://example.org/schema.json", schema); err != nil {
		fmt.Println(err)
		return
	}
	sch, err := c.Compile("https://example.org/schema.json")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range []string{"https://example.org/a?b#c", "https://example.org/foobar®.txt", "//example.org/a"} {
		if err := sch.Validate(s); err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println("valid:", s)
	}
	// Output:
	// valid: https://example.org/a?b#c
	// jsonschema validation failed with 'https://example.org/schema.json#'
	// - at '': 'https://example.org/foobar®.txt' is not valid uri: rfc3986: invalid non-ASCII character U+00AE '®' at byte 26 in path-abempty
	// jsonschema validation failed with 'https://example.org/schema.json#'
	// - at '': '//example.org/a' is not valid uri: rfc3986: invalid character '/' at byte 0 in scheme
}
