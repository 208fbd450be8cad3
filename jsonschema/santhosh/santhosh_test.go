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

// TestRegisterWithSchemeGrammars: by default "uri" is the generic syntax, as the
// JSON-Schema-Test-Suite expects; with uri.WithSchemeGrammars the grammar of the scheme
// decides too.
func TestRegisterWithSchemeGrammars(t *testing.T) {
	for _, tc := range []struct {
		opts  []uri.FormatOption
		valid bool
	}{{nil, true}, {[]uri.FormatOption{uri.WithSchemeGrammars()}, false}} {
		c := jsonschema.NewCompiler()
		c.AssertFormat()
		santhosh.Register(c, tc.opts...)
		if err := c.AddResource("https://example.org/schema.json", map[string]any{"format": "uri"}); err != nil {
			t.Fatal(err)
		}
		sch, err := c.Compile("https://example.org/schema.json")
		if err != nil {
			t.Fatal(err)
		}
		if err := sch.Validate("http:///x"); (err == nil) != tc.valid {
			t.Errorf("with %d options, http:///x: %v; want valid %v", len(tc.opts), err, tc.valid)
		}
		if err := sch.Validate("http://example.org/x"); err != nil {
			t.Errorf("with %d options, http://example.org/x: %v", len(tc.opts), err)
		}
	}
}
