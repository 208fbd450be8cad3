// Package suite reads the JSON-Schema-Test-Suite's URI format files (testdata/) and runs
// each test through each validator of the module, with the validator's built-in formats or
// with urispec's registered.
package suite

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"

	"github.com/urispec/urispec/uri"
)

// Case is one test of the suite: a value that the group's schema must accept or reject.
type Case struct {
	Draft       string          // directory of the draft: "draft3" ... "draft2020-12", "v1"
	Format      string          // "uri", "uri-reference", "iri", "iri-reference", "uri-template"
	File        string          // path of the file under the suite's tests/ directory
	Description string          // the group's description and the test's, joined by ": "
	Schema      json.RawMessage // the group's schema, as in the file
	Data        json.RawMessage // the value, as in the file
	Valid       bool            // whether the schema accepts the value
}

func (c Case) String() string { return c.File + ": " + c.Description }

// IsString reports whether the value of the test is a JSON string.
func (c Case) IsString() bool { return len(c.Data) > 0 && c.Data[0] == '"' }

// Drafts lists the suite's drafts, oldest first.
func Drafts() []string {
	return []string{"draft3", "draft4", "draft6", "draft7", "draft2019-09", "draft2020-12", "v1"}
}

// Load reads every format file under dir, the suite's tests/ directory, in the order of
// Drafts and then of uri.FormatNames, each file's tests in the file's order.
func Load(dir string) ([]Case, error) {
	drafts, formats := Drafts(), uri.FormatNames()
	fsys := os.DirFS(dir)
	var files []string
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && path.Ext(p) == ".json" {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	rank := func(p string) (int, int) {
		draft, _, _ := strings.Cut(p, "/")
		return slices.Index(drafts, draft), slices.Index(formats, strings.TrimSuffix(path.Base(p), ".json"))
	}
	slices.SortFunc(files, func(a, b string) int {
		da, fa := rank(a)
		db, fb := rank(b)
		if da != db {
			return da - db
		}
		return fa - fb
	})
	var cases []Case
	for _, p := range files {
		draft, format := rank(p)
		if draft < 0 || format < 0 {
			return nil, fmt.Errorf("%s: not a draft and format of the suite", p)
		}
		b, err := fs.ReadFile(fsys, p)
		if err != nil {
			return nil, err
		}
		var groups []struct {
			Description string
			Schema      json.RawMessage
			Tests       []struct {
				Description string
				Data        json.RawMessage
				Valid       bool
			}
		}
		if err := json.Unmarshal(b, &groups); err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		for _, g := range groups {
			for _, t := range g.Tests {
				cases = append(cases, Case{
					Draft:       drafts[draft],
					Format:      formats[format],
					File:        p,
					Description: g.Description + ": " + t.Description,
					Schema:      g.Schema,
					Data:        t.Data,
					Valid:       t.Valid,
				})
			}
		}
	}
	return cases, nil
}

// schemaFor returns the schema of c and the library's value for the draft of c, from
// drafts, the drafts the library has. For a draft it has not, it returns the zero value
// and the schema without its "$schema" member, if any.
func schemaFor[D comparable](c Case, drafts map[string]D) (json.RawMessage, D, error) {
	if d, ok := drafts[c.Draft]; ok {
		return c.Schema, d, nil
	}
	var zero D
	var m map[string]json.RawMessage
	if err := json.Unmarshal(c.Schema, &m); err != nil {
		return nil, zero, fmt.Errorf("%s: schema: %w", c, err)
	}
	if _, ok := m["$schema"]; !ok {
		return c.Schema, zero, nil
	}
	delete(m, "$schema")
	schema, err := json.Marshal(m)
	return schema, zero, err
}
