package summary

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/urispec/urispec/uri"
)

// smallInputs are a few inputs on which the specs disagree, and one that is not checked.
func smallInputs() []string {
	return []string{"http://a/b", "http://a b", "g", "http://[::1]/", "URL:http://x/",
		"http://a/b?c", "mailto:x@y", "?y", "http://a:80g", "//[fe80::1%25en0]/", "http://é/", "a\x00b"}
}

// smallSummary is the summary of smallInputs under every spec, keeping k examples a group.
func smallSummary(t testing.TB, k int) *Summary {
	t.Helper()
	s := New(specIDs(), k)
	for i, in := range smallInputs() {
		e := NewExample(in, "t.txt", int64(i+1))
		if p := LineProblem(in); p != "" {
			s.AddUnchecked(e, p)
			continue
		}
		var verdicts []error
		for _, sp := range uri.Specs() {
			verdicts = append(verdicts, uri.Validate(sp, in))
		}
		s.Add(e, verdicts)
	}
	s.AddBlank() // two empty lines: no inputs
	s.AddBlank()
	return s
}

// mutate decodes the JSON of s into generic values, lets f change them, and encodes
// them again.
func mutate(t *testing.T, s *Summary, f func(m map[string]any)) string {
	t.Helper()
	var b bytes.Buffer
	if err := s.Encode(&b); err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	dec := json.NewDecoder(&b)
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		t.Fatal(err)
	}
	f(m)
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

func TestCheckAcceptsWhatAddBuilds(t *testing.T) {
	for _, k := range []int{0, 1, 3} {
		t.Run("k="+strconv.Itoa(k), func(t *testing.T) {
			s := smallSummary(t, k)
			if err := s.Check(); err != nil {
				t.Errorf("k=%d: %v", k, err)
			}
			m, err := Merge(s, s)
			if err != nil {
				t.Fatal(err)
			}
			if err := m.Check(); err != nil {
				t.Errorf("k=%d, merged with itself: %v", k, err)
			}
			if m.Inputs != 2*s.Inputs || m.Blank != 4 {
				t.Errorf("k=%d, merged with itself: %d inputs and %d blank lines, want %d and 4", k, m.Inputs, m.Blank, 2*s.Inputs)
			}
		})
	}
}

// TestDecodeRefuses mutates a real summary as a careless or hostile hand would and
// requires Decode to name the field that is wrong.
func TestDecodeRefuses(t *testing.T) {
	s := smallSummary(t, 2)
	if len(s.Pairs[0].Groups) == 0 || len(s.Patterns) < 3 {
		t.Fatalf("the test summary has no groups to mutate: %+v", s)
	}
	pairs := func(m map[string]any) []any { return m["pairs"].([]any) }
	firstGroup := func(m map[string]any) map[string]any {
		for _, p := range pairs(m) {
			if gs := p.(map[string]any)["groups"].([]any); len(gs) > 0 {
				return gs[0].(map[string]any)
			}
		}
		t.Fatal("no group")
		return nil
	}
	anyPattern := func(m map[string]any) string {
		for k := range m["patterns"].(map[string]any) {
			return k
		}
		return ""
	}
	for _, tc := range []struct {
		name, field string
		f           func(m map[string]any)
	}{
		{"short pattern", "patterns", func(m map[string]any) { m["patterns"].(map[string]any)["+-"] = 1 }},
		{"pattern of other bytes", "patterns", func(m map[string]any) {
			m["patterns"].(map[string]any)[strings.Repeat("x", len(s.Specs))] = 1
		}},
		{"negative accept count", "accepts[0]", func(m map[string]any) { m["accepts"].([]any)[0] = -2359 }},
		{"negative inputs", "inputs", func(m map[string]any) { m["inputs"] = -1 }},
		{"more inputs than patterns", "inputs", func(m map[string]any) { m["inputs"] = s.Inputs + 1 }},
		{"accepts above inputs", "accepts[1]", func(m map[string]any) { m["accepts"].([]any)[1] = s.Inputs + 5 }},
		{"a count that wraps", "patterns", func(m map[string]any) {
			m["patterns"].(map[string]any)[anyPattern(m)] = int64(math.MaxInt64)
		}},
		{"unknown spec", "specs[0]", func(m map[string]any) { m["specs"].([]any)[0] = "rfc9999" }},
		{"specs out of order", "specs[1]", func(m map[string]any) {
			sp := m["specs"].([]any)
			sp[0], sp[1] = sp[1], sp[0]
		}},
		{"spec named twice", "specs[1]", func(m map[string]any) { m["specs"].([]any)[1] = s.Specs[0] }},
		{"too many examples", "examples", func(m map[string]any) { m["examples"] = MaxExamples + 1 }},
		{"examples beyond k", ".examples", func(m map[string]any) { m["examples"] = 0 }},
		{"negative group count", ".count", func(m map[string]any) { firstGroup(m)["count"] = -3 }},
		{"group count off", ".groups", func(m map[string]any) { firstGroup(m)["count"] = json.Number("1000") }},
		{"disagree off", "disagree", func(m map[string]any) { m["disagree"] = 0 }},
		{"only_older off", "only_older", func(m map[string]any) {
			p := pairs(m)[0].(map[string]any)
			p["only_older"] = 77
		}},
		{"pair of other specs", "pairs[0]", func(m map[string]any) { pairs(m)[0].(map[string]any)["older"] = "rfc3986" }},
		{"unknown hazard", "hazards", func(m map[string]any) { m["hazards"].(map[string]any)["no-such-code"] = 1 }},
		{"example line 0", ".line", func(m map[string]any) {
			g := firstGroup(m)
			g["examples"].([]any)[0].(map[string]any)["line"] = 0
		}},
		{"format", "format", func(m map[string]any) { m["format"] = 99 }},
		// Format 2 counted empty lines as inputs and had no "blank": the format is what
		// is named, not the field.
		{"format 2", "format", func(m map[string]any) { m["format"] = 2; delete(m, "blank") }},
		{"format 2 with blank", "format", func(m map[string]any) { m["format"] = 2 }},
		{"negative blank", "blank", func(m map[string]any) { m["blank"] = -1 }},
		{"rfc3986 -> whatwg left out", "specs", func(m map[string]any) {
			m["pairs"] = pairs(m)[:len(s.Specs)-1]
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := mutate(t, s, tc.f)
			_, err := Decode(strings.NewReader(text))
			var fe *FieldError
			if !errors.As(err, &fe) || !strings.Contains(fe.Field, tc.field) {
				t.Errorf("Decode = %v; want a *FieldError on %s", err, tc.field)
			}
		})
	}
	// Two documents in one file: only the first would be read.
	var b bytes.Buffer
	s.Encode(&b)
	s.Encode(&b)
	if _, err := Decode(&b); err == nil || !strings.Contains(err.Error(), "more JSON") {
		t.Errorf("two summaries in one file: Decode = %v; want an error", err)
	}
}

func TestMergeRefusesOverflow(t *testing.T) {
	s := smallSummary(t, 1)
	big := *s
	big.Inputs = math.MaxInt64 - 1
	if _, err := Merge(&big, s); !errors.Is(err, errOverflow) {
		t.Errorf("Merge of %d and %d inputs = %v; want errOverflow", big.Inputs, s.Inputs, err)
	}
}
