package template_test

import (
	"encoding/json"
	"errors"
	"os"
	"slices"
	"testing"

	"github.com/urispec/urispec/internal/subtest"
	"github.com/urispec/urispec/internal/testcorpus"
	"github.com/urispec/urispec/uri"
	"github.com/urispec/urispec/uri/template"
)

// The uritemplate-test suite (testdata/uritemplate-test, with its provenance in
// testdata/corpora/README.md): every positive case expands to one of the results it
// accepts, and every negative case is rejected, by the grammar where it excludes the
// template and by Expand where section 3 gives the expression no expansion.

// suiteGroup is one group of a suite file: variables and test cases.
type suiteGroup struct {
	Level     int               `json:"level"`
	Variables json.RawMessage   `json:"variables"`
	Testcases []json.RawMessage `json:"testcases"`
}

// suiteCase is one test case: a template and the results it accepts; none (want false)
// for a template that must be rejected.
type suiteCase struct {
	template string
	accepted []string
}

func readSuite(t *testing.T, file string) map[string]suiteGroup {
	t.Helper()
	data, err := os.ReadFile(testcorpus.Path(t, "testdata/uritemplate-test/"+file))
	if err != nil {
		t.Fatal(err)
	}
	var groups map[string]suiteGroup
	if err := json.Unmarshal(data, &groups); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return groups
}

func decodeCase(t *testing.T, raw json.RawMessage) suiteCase {
	t.Helper()
	var pair []json.RawMessage
	if err := json.Unmarshal(raw, &pair); err != nil || len(pair) != 2 {
		t.Fatalf("test case %s: want [template, result]", raw)
	}
	var c suiteCase
	if err := json.Unmarshal(pair[0], &c.template); err != nil {
		t.Fatal(err)
	}
	var one string
	var many []string
	var fail bool
	switch {
	case json.Unmarshal(pair[1], &one) == nil:
		c.accepted = []string{one}
	case json.Unmarshal(pair[1], &many) == nil:
		c.accepted = many
	case json.Unmarshal(pair[1], &fail) == nil && !fail:
	default:
		t.Fatalf("test case %s: result is no string, list or false", raw)
	}
	return c
}

// expansionErrors are the suite's negative templates that the grammar derives and that
// Expand rejects: a reserved operator (2.2), or a prefix on a composite value (2.4.1).
var expansionErrors = []string{"{!hello}", "{=path}", "{|var*}", "{keys:1}", "{+keys:1}"}

func TestURITemplateSuite(t *testing.T) {
	var positives, negatives int
	for _, file := range []string{"spec-examples.json", "spec-examples-by-section.json", "extended-tests.json", "negative-tests.json"} {
		t.Run(file, func(t *testing.T) {
			for name, g := range readSuite(t, file) {
				t.Run(subtest.Name(name), func(t *testing.T) {
					if g.Level == 0 {
						g.Level = 4 // no level given: the full syntax (section 2 is Level 4's)
					}
					vars, err := template.DecodeVars(g.Variables)
					if err != nil {
						t.Fatalf("%s %s: %v", file, name, err)
					}
					for _, raw := range g.Testcases {
						c := decodeCase(t, raw)
						tpl, perr := template.Parse(c.template)
						if c.accepted == nil {
							negatives++
							atExpansion := slices.Contains(expansionErrors, c.template)
							switch {
							case perr != nil && atExpansion:
								t.Errorf("%s %s: %q: %v; want it parsed and rejected by Expand", file, name, c.template, perr)
							case perr != nil:
								var e *uri.Error
								if !errors.As(perr, &e) {
									t.Errorf("%s %s: %q: %T is no *uri.Error", file, name, c.template, perr)
								}
							case !atExpansion:
								t.Errorf("%s %s: %q parses; want a grammar error", file, name, c.template)
							default:
								var e *template.ExpandError
								if got, err := tpl.Expand(vars); !errors.As(err, &e) {
									t.Errorf("%s %s: %q expands to %q, %v; want an *template.ExpandError", file, name, c.template, got, err)
								}
							}
							continue
						}
						positives++
						if perr != nil {
							t.Errorf("%s %s: %q: %v", file, name, c.template, perr)
							continue
						}
						if l := tpl.Level(); l < 1 || l > g.Level {
							t.Errorf("%s %s: %q: level %d, want 1 to %d", file, name, c.template, l, g.Level)
						}
						got, err := tpl.Expand(vars)
						if err != nil {
							t.Errorf("%s %s: %q: %v", file, name, c.template, err)
							continue
						}
						if !slices.Contains(c.accepted, got) {
							t.Errorf("%s %s: %q expands to %q, want one of %q", file, name, c.template, got, c.accepted)
						}
						if err := uri.CheckURIReference(got); err != nil {
							t.Errorf("%s %s: %q expands to %q, no URI-reference: %v", file, name, c.template, got, err)
						}
					}
				})
			}
		})
	}
	t.Logf("%d positive and %d negative cases", positives, negatives)
}
