package suite

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/getkin/kin-openapi/openapi3"
	kjs "github.com/kaptinlin/jsonschema"
	sjs "github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/xeipuuv/gojsonschema"

	"github.com/urispec/urispec/jsonschema/kaptinlin"
	"github.com/urispec/urispec/jsonschema/kinopenapi"
	"github.com/urispec/urispec/jsonschema/santhosh"
	"github.com/urispec/urispec/jsonschema/xeipuuv"
)

// Validator is one validator of the module as the suite runs it.
type Validator struct {
	Name string // the library and, where it has two, the mode
	// StringsOnly: only the tests whose value is a string run. kin-openapi validates a
	// value against an OpenAPI schema {type: string, format: F}, whose type rejects every
	// other value; JSON Schema's "format" alone ignores them.
	StringsOnly bool
	run         func(c Case, urispec bool) (bool, error)
}

// Run reports whether the validator accepts the value of c under the schema of c, with
// the validator's own formats, or with urispec's registered by the module's plug-in. An
// error means the schema or the value could not be read, which is no verdict.
func (v Validator) Run(c Case, urispec bool) (bool, error) {
	if v.StringsOnly && !c.IsString() {
		return false, fmt.Errorf("%s: %s runs only string values", c, v.Name)
	}
	return v.run(c, urispec)
}

// Validators lists the validators of the module. Their runs are not safe to make
// concurrently: gojsonschema reads its formats from a package-wide chain, which the urispec
// run of xeipuuv changes and then restores.
func Validators() []Validator {
	return []Validator{
		{Name: "santhosh-tekuri/jsonschema", run: runSanthosh},
		{Name: "kaptinlin/jsonschema", run: runKaptinlin},
		{Name: "xeipuuv/gojsonschema", run: runGoJSONSchema},
		{Name: "kin-openapi (OpenAPI 3.0)", StringsOnly: true, run: func(c Case, urispec bool) (bool, error) {
			return runKinOpenAPI(c, urispec, false)
		}},
		{Name: "kin-openapi (JSON Schema 2020-12)", StringsOnly: true, run: func(c Case, urispec bool) (bool, error) {
			return runKinOpenAPI(c, urispec, true)
		}},
	}
}

// Each JSON Schema library is asked to assert "format" (drafts 2019-09 and later only
// annotate it by default) and reads the suite's schema under the draft of its file where
// the library has that draft. Where it has not (draft3 and v1 in every library, and 2019-09
// and 2020-12 in gojsonschema), the schema is read under the library's default draft,
// without the "$schema" that names a meta-schema the library would try to fetch: the
// format keyword means the same in every draft.

func runSanthosh(c Case, urispec bool) (bool, error) {
	drafts := map[string]*sjs.Draft{
		"draft4": sjs.Draft4, "draft6": sjs.Draft6, "draft7": sjs.Draft7,
		"draft2019-09": sjs.Draft2019, "draft2020-12": sjs.Draft2020,
	}
	comp := sjs.NewCompiler()
	comp.AssertFormat()
	if urispec {
		santhosh.Register(comp)
	}
	schema, draft, err := schemaFor(c, drafts)
	if err != nil {
		return false, err
	}
	if draft != nil {
		comp.DefaultDraft(draft)
	}
	doc, err := sjs.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		return false, err
	}
	if err := comp.AddResource("https://example.org/schema.json", doc); err != nil {
		return false, err
	}
	sch, err := comp.Compile("https://example.org/schema.json")
	if err != nil {
		return false, err
	}
	v, err := sjs.UnmarshalJSON(bytes.NewReader(c.Data))
	if err != nil {
		return false, err
	}
	return sch.Validate(v) == nil, nil
}

func runKaptinlin(c Case, urispec bool) (bool, error) {
	drafts := map[string]kjs.Dialect{
		"draft4": kjs.Draft4, "draft6": kjs.Draft6, "draft7": kjs.Draft7,
		"draft2019-09": kjs.Draft201909, "draft2020-12": kjs.Draft202012,
	}
	comp := kjs.NewCompiler()
	comp.SetAssertFormat(true)
	if urispec {
		kaptinlin.Register(comp)
	}
	schema, draft, err := schemaFor(c, drafts)
	if err != nil {
		return false, err
	}
	if draft != "" {
		comp.SetDefaultDialect(draft)
	}
	sch, err := comp.Compile(schema)
	if err != nil {
		return false, err
	}
	return sch.ValidateJSON(c.Data).IsValid(), nil
}

func runGoJSONSchema(c Case, urispec bool) (bool, error) {
	drafts := map[string]gojsonschema.Draft{
		"draft4": gojsonschema.Draft4, "draft6": gojsonschema.Draft6, "draft7": gojsonschema.Draft7,
	}
	if urispec {
		xeipuuv.Register(&gojsonschema.FormatCheckers)
		defer restoreGoJSONSchema()
	}
	schema, draft, err := schemaFor(c, drafts)
	if err != nil {
		return false, err
	}
	loader := gojsonschema.NewSchemaLoader()
	if draft != 0 {
		loader.Draft = draft
	}
	sch, err := loader.Compile(gojsonschema.NewBytesLoader(schema))
	if err != nil {
		return false, err
	}
	res, err := sch.Validate(gojsonschema.NewBytesLoader(c.Data))
	if err != nil {
		return false, err
	}
	return res.Valid(), nil
}

// restoreGoJSONSchema puts back gojsonschema's own checkers of the five formats, as its
// FormatCheckers variable holds them (v1.2.0): net/url for the URIs and IRIs, net/url and
// a regular expression for URI Templates.
func restoreGoJSONSchema() {
	gojsonschema.FormatCheckers.
		Add("uri", gojsonschema.URIFormatChecker{}).
		Add("uri-reference", gojsonschema.URIReferenceFormatChecker{}).
		Add("iri", gojsonschema.URIFormatChecker{}).
		Add("iri-reference", gojsonschema.URIReferenceFormatChecker{}).
		Add("uri-template", gojsonschema.URITemplateFormatChecker{})
}

// runKinOpenAPI validates the string of c against the OpenAPI schema
// {type: string, format: F}, with the OpenAPI 3.0 validator or the JSON Schema 2020-12 one
// that OpenAPI 3.1 documents use. urispec's formats are given to this validation only
// (openapi3.WithStringFormatValidators), not defined package-wide.
func runKinOpenAPI(c Case, urispec, jsonSchema2020 bool) (bool, error) {
	var s string
	if err := json.Unmarshal(c.Data, &s); err != nil {
		return false, err
	}
	schema := openapi3.NewStringSchema()
	schema.Format = c.Format
	var opts []openapi3.SchemaValidationOption
	if urispec {
		opts = append(opts, openapi3.WithStringFormatValidators(kinopenapi.Validators()))
	}
	if jsonSchema2020 {
		opts = append(opts, openapi3.EnableJSONSchema2020())
	}
	return schema.VisitJSON(s, opts...) == nil, nil
}
