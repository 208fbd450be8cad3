package kinopenapi_test

import (
	"fmt"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/urispec/urispec/jsonschema/kinopenapi"
)

func Example() {
	// A schema {type: string, format: uri}, as an OpenAPI document declares it.
	schema := openapi3.NewStringSchema()
	schema.Format = "uri"

	// The formats for these validations only; kinopenapi.Register() would define them for
	// the whole program, openapi3filter's request validation included.
	formats := openapi3.WithStringFormatValidators(kinopenapi.Validators())
	for _, s := range []string{"https://example.org/a?b#c", "https://example.org/a|b"} {
		if err := schema.VisitJSON(s, formats); err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println("valid:", s)
	}
	// Output:
	// valid: https://example.org/a?b#c
	// string doesn't match the format "uri": rfc3986: invalid character '|' at byte 21 in path-abempty
}
