package kaptinlin_test

import (
	"fmt"

	"github.com/kaptinlin/jsonschema"

	"github.com/urispec/urispec/jsonschema/kaptinlin"
)

func Example() {
	c := jsonschema.NewCompiler()
	c.SetAssertFormat(true) // without it "format" is only an annotation
	kaptinlin.Register(c)

	sch, err := c.Compile([]byte(`{"$schema": "https://json-schema.org/draft/2020-12/schema", "format": "uri-reference"}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range []string{`"/a/b?c"`, `"/a\"b"`, `"//a@b@example.org/"`} {
		res := sch.ValidateJSON([]byte(s))
		fmt.Println(s, res.IsValid(), res.Errors["format"])
	}
	// Output:
	// "/a/b?c" true <nil>
	// "/a\"b" false Value does not match format 'uri-reference'
	// "//a@b@example.org/" false Value does not match format 'uri-reference'
}
