package kinopenapi_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/urispec/urispec/jsonschema/kinopenapi"
	"github.com/urispec/urispec/uri"
)

// TestRegister checks that Register defines the formats package-wide: a validation given
// no option checks them, under the OpenAPI 3.0 validator and the JSON Schema 2020-12 one.
// The error says what the *uri.Error says; the 3.0 validator's wraps it, the 2020-12 one
// (santhosh-tekuri/jsonschema inside) keeps only its text.
func TestRegister(t *testing.T) {
	schema := openapi3.NewStringSchema()
	schema.Format = "uri-reference"
	modes := map[string][]openapi3.SchemaValidationOption{
		"OpenAPI 3.0":         nil,
		"JSON Schema 2020-12": {openapi3.EnableJSONSchema2020()},
	}
	for mode, opts := range modes {
		if err := schema.VisitJSON("/a b", opts...); err != nil {
			t.Fatalf("%s, before Register: %v; kin-openapi has begun to check uri-reference itself", mode, err)
		}
	}
	kinopenapi.Register()
	want := uri.CheckURIReference("/a b").Error()
	for mode, opts := range modes {
		err := schema.VisitJSON("/a b", opts...)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s, after Register: %v; want an error that says %q", mode, err, want)
		}
		var e *uri.Error
		if mode == "OpenAPI 3.0" && !errors.As(err, &e) {
			t.Errorf("%s, after Register: %v; want a *uri.Error in the chain", mode, err)
		}
		if err := schema.VisitJSON("/a%20b", opts...); err != nil {
			t.Errorf("%s, after Register: %v", mode, err)
		}
	}
}
