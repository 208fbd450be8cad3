package uri_test

import (
	"encoding/json"
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/urispec/urispec/uri"
)

// TestSchemeExamples checks testdata/examples/schemes/<grammar>.tsv: every example that
// a scheme's RFC prints (and a few rows that test a rule), with its verdict under
// rfc3986 and the parts or the error it must give. Only the JSON keys a row gives are
// compared.
func TestSchemeExamples(t *testing.T) {
	have := map[string]bool{}
	for _, file := range schemeExampleFiles(t) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			rows := uri.ReadTSV(t, file, false)
			if len(rows) == 0 {
				t.Fatal("no examples")
			}
			for _, row := range rows {
				if len(row.Fields) != 4 || row.Fields[3] == "" {
					t.Errorf("line %d: want input, verdict, JSON, where printed", row.Line)
					continue
				}
				in, verdict, want := row.Fields[0], row.Fields[1], row.Fields[2]
				got, err := schemeVerdict(in)
				switch {
				case err != nil:
					t.Errorf("line %d: %q: %v", row.Line, in, err)
				case got.verdict != verdict:
					t.Errorf("line %d: %q: %s (%s), want %s", row.Line, in, got.verdict, got.json, verdict)
				default:
					if d := jsonSubset(want, got.json); d != "" {
						t.Errorf("line %d: %q: %s\n got %s", row.Line, in, d, got.json)
					}
					if got.verdict == "valid" {
						have[got.scheme] = true
					}
				}
			}
		})
	}
	for _, g := range uri.SchemeGrammars() {
		if !have[g.Name] {
			t.Errorf("scheme %s: no valid row in testdata/examples/schemes/", g.Name)
		}
	}
}

type schemeResult struct {
	verdict, scheme string
	json            []byte
}

// schemeVerdict parses in under rfc3986 (scheme grammars on) and returns its verdict with
// the JSON of its scheme parts or of its error.
func schemeVerdict(in string) (schemeResult, error) {
	r, err := uri.Parse(uri.RFC3986, in)
	var e *uri.Error
	if errors.As(err, &e) {
		b, err := json.Marshal(map[string]any{"offset": e.Offset, "rule": e.Rule, "scheme": e.Scheme,
			"section": e.Section, "reason": e.Reason})
		return schemeResult{verdict: "invalid", json: b}, err
	}
	if err != nil {
		return schemeResult{}, err
	}
	parts, err := r.SchemeParts()
	if err != nil {
		return schemeResult{}, err
	}
	b, err := json.Marshal(parts)
	return schemeResult{verdict: "valid", scheme: parts.Grammar().Name, json: b}, err
}

// jsonSubset says how got differs from want on the keys that want has, or "".
func jsonSubset(want string, got []byte) string {
	var w, g map[string]any
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		return "the row's JSON: " + err.Error()
	}
	if err := json.Unmarshal(got, &g); err != nil {
		return err.Error()
	}
	var diffs []string
	for k, v := range w {
		gv, ok := g[k]
		if !ok || !reflect.DeepEqual(gv, v) {
			b, _ := json.Marshal(gv)
			wb, _ := json.Marshal(v)
			diffs = append(diffs, k+" = "+string(b)+", want "+string(wb))
		}
	}
	return strings.Join(diffs, "; ")
}

// schemeExampleFiles lists testdata/examples/schemes/*.tsv.
func schemeExampleFiles(t testing.TB) []string {
	files, err := filepath.Glob("../testdata/examples/schemes/*.tsv")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata/examples/schemes/*.tsv (%v)", err)
	}
	return files
}
