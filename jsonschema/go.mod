module github.com/urispec/urispec/jsonschema

go 1.26.5

require (
	github.com/getkin/kin-openapi v0.153.0
	github.com/kaptinlin/jsonschema v0.9.8
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	github.com/urispec/urispec v0.1.0
	github.com/xeipuuv/gojsonschema v1.2.0
)

require (
	github.com/go-json-experiment/json v0.0.0-20260623181947-01eb4420fa68 // indirect
	github.com/go-openapi/jsonpointer v0.22.5 // indirect
	github.com/go-openapi/swag/jsonname v0.25.5 // indirect
	github.com/goccy/go-yaml v1.19.2 // indirect
	github.com/kaptinlin/jsonpointer v0.4.28 // indirect
	github.com/xeipuuv/gojsonpointer v0.0.0-20180127040702-4e3ac2762d5f // indirect
	github.com/xeipuuv/gojsonreference v0.0.0-20180127040603-bd5ef7bd5415 // indirect
	go.yaml.in/yaml/v4 v4.0.0 // indirect
	golang.org/x/net v0.43.0 // indirect
	golang.org/x/text v0.40.0 // indirect
)
