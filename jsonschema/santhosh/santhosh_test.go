package santhosh_test

import (
	"errors"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"github.com/urispec/urispec/jsonschema/santhosh"
	"github.com/urispec/urispec/uri"
)

// TestFormatErrorHoldsURIError checks that a program can reach the *uri.Error (offset,
// rule, what was allowed) from the library's validation error: it is the Err of the
// *kind.Format of a cause.
func TestFormatErrorHoldsURIError(t *testing.T) {
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	santhosh.Register(c)
	if err := c.AddResource("https://example.org/schema.json", map[string]any{"format": "iri"}); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("https://example.org/schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var verr *jsonschema.ValidationError
	if err := sch.Validate("http://a b/"); !errors.As(err, &verr) {
		t.Fatalf("Validate: %v; want a *jsonschema.ValidationError", err)
	}
	for _, cause := range append([]*jsonschema.ValidationError{verr}, verr.Causes...) {
		if f, ok := cause.ErrorKind.(*kind.Format); ok {
			var e *uri.Error
			if !errors.As(f.Err, &e) || e.Offset != 8 {
				t.Fatalf("format error %v; want a *uri.Error at byte 8", f.Err)
			}
			return
		}
	}
	t.Fatalf("no *kind.Format among the causes of %v", verr)
}
