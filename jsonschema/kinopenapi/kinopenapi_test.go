package kinopenapi_test

import (
	"errors"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/urispec/urispec/jsonschema/kinopenapi"
	"github.com/urispec/urispec/uri"
)

// TestRegister checks that Register defines the formats package-wide: a validation given
// no option checks them, and its error wraps the *uri.Error.
func TestRegister(t *testing.T) {
	schema := openapi3.NewStringSchema()
	schema.Format = "uri-reference"
	if err := schema.VisitJSON("/a b"); err != nil {
		t.Fatalf("before Register: %v; kin-openapi has begun to check uri-reference itself", err)
	}
	kinopenapi.Register()
	err := schema.VisitJSON("/a b")
	var e *uri.Error
	if !errors.As(err, &e) || e.Offset != 2 {
		t.Fatalf("after Register: %v; want a *uri.Error at byte 2", err)
	}
	if err := schema.VisitJSON("/a%20b"); err != nil {
		t.Fatalf("after Register: %v", err)
	}
}
