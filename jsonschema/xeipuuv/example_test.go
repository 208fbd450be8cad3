package xeipuuv_test

import (
	"fmt"

	"github.com/xeipuuv/gojsonschema"

	"github.com/urispec/urispec/jsonschema/xeipuuv"
)

func Example() {
	// gojsonschema's formats are package-wide: register once, before validating.
	xeipuuv.Register(&gojsonschema.FormatCheckers)

	sch, err := gojsonschema.NewSchema(gojsonschema.NewStringLoader(`{"format": "iri"}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range []string{`"http://ƒøø.ßår/?∂éœ=πîx#πîüx"`, `"http://[V1.fe]"`, `"http://a b/"`} {
		res, err := sch.Validate(gojsonschema.NewStringLoader(s))
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(s, res.Valid(), res.Errors())
	}
	// Output:
	// "http://ƒøø.ßår/?∂éœ=πîx#πîüx" true []
	// "http://[V1.fe]" true []
	// "http://a b/" false [(root): Does not match format 'iri']
}
