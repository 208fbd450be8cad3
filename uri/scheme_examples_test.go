package uri_test

import (
	"encoding/json"
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/urispec/urispec/internal/testcorpus"
	"github.com/urispec/urispec/uri"
)

// TestSchemeExamples checks testdata/examples/schemes/<grammar>.tsv: every example that
// a scheme's RFC prints (and a few rows that test a rule), with its verdict under
// rfc3986 and the parts or the error it must give. Only the JSON keys a row gives are
// compared.
func TestSchemeExamples(t *testing.T) {
	have, ran := map[string]bool{}, 0 // ran counts the files that ran: -run may choose some
	files := schemeExampleFiles(t)
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			ran++
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
	if ran < len(files) {
		return // the check below needs every file
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
	return schemeResult{verdict: "valid", scheme: parts.Scheme().Name, json: b}, err
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
	files, err := filepath.Glob(testcorpus.Path(t, "testdata/examples/schemes/*.tsv"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata/examples/schemes/*.tsv (%v)", err)
	}
	return files
}

// TestSchemeIRIs: under rfc3987, an IRI whose scheme's RFC allows IRIs (http, https,
// mailto) is checked by the URI it maps to, with error offsets into the IRI; a urn IRI
// is checked as it is, so a character outside ASCII is an error at its offset.
func TestSchemeIRIs(t *testing.T) {
	for _, c := range []struct {
		in     string
		offset int    // -1: valid
		want   string // the parts' JSON (valid) or the error's scheme (invalid)
	}{
		{"mailto:user@納豆.example.org?subject=café#x", -1, `{"to":["user@納豆.example.org"],"headers":[{"name":"subject","value":"café"}]}`},
		{"http://résumé.example/é?é", -1, `{"host":"r%C3%A9sum%C3%A9.example","path":"/%C3%A9","query":"%C3%A9"}`},
		{"http:é", 5, "http"},
		{"http://é:/x#é", -1, `{"port":"","effective_port":"80"}`},
		{"https:///é", 8, "https"},
		{"mailto:é@b?c", 11, "mailto"}, // the "?" (a prose rule), after a 2-byte é
		{"urn:example:café", 15, "urn"},
		{"urn:example:a#é", 14, "urn"},
		{"file:///café/é", -1, `{"host":"","path":"/caf%C3%A9/%C3%A9"}`}, // RFC 8089 section 4
		{"file://h/a?é", 10, "file"},
		{"data:,café", 9, "data"},
		{"tel:+1;a=é", 9, "tel"},
		{"geo:1,2;a=é", 10, "geo"}, // RFC 5870 3.5: ASCII only
	} {
		t.Run(c.in, func(t *testing.T) {
			r, err := uri.Parse(uri.RFC3987, c.in)
			if c.offset >= 0 {
				var e *uri.Error
				if !errors.As(err, &e) || e.Offset != c.offset || e.Scheme != c.want {
					t.Errorf("%q: %v, want an error of the %s grammar at byte %d", c.in, err, c.want, c.offset)
				}
				return
			}
			if err != nil {
				t.Errorf("%q: %v", c.in, err)
				return
			}
			checkSchemeParts(t, c.in, r, c.want)
		})
	}
}

// TestSchemeLongInputs parses inputs of about 1 MB of each repeated shape of the scheme
// grammars, as TestLongInputs does for the specs: a rule that re-read its input (the
// lookaheads of mailto's domain and urn's r-component) would make one quadratic, and the
// test binary's timeout would stop it. Durations are logged for a look with -v.
func TestSchemeLongInputs(t *testing.T) {
	const mb = 1 << 20
	for _, in := range []string{
		"http://h/" + strings.Repeat("a/", mb/2),
		"https://" + strings.Repeat("a.", mb/2) + "/",
		"urn:example:" + strings.Repeat("a:", mb/2),
		"urn:example:a?+" + strings.Repeat("b?=/", mb/4),
		"urn:example:a?+" + strings.Repeat("?=", mb/2),
		"mailto:" + strings.Repeat("a@b,", mb/4) + "c@d",
		"mailto:a@" + strings.Repeat("b?", mb/2),
		"mailto:a@" + strings.Repeat("b?c=d&", mb/6),
		"mailto:a@b?" + strings.Repeat("c=d&", mb/4) + "e=f",
		"mailto:a@b" + strings.Repeat("?c=d", mb/4),
		"file:///" + strings.Repeat("a/", mb/2),
		"file://" + strings.Repeat("a.", mb/2) + "/x",
		"data:," + strings.Repeat("a%20", mb/4),
		"data:a/b" + strings.Repeat(";c=d", mb/4) + ",x",
		"tel:+" + strings.Repeat("1-", mb/2),
		"tel:+1;isub=" + strings.Repeat("a;", mb/2),
		"tel:1" + strings.Repeat(";a=b", mb/4) + ";phone-context=+1",
		// Not tel's quadratic shape, a subaddress followed by many contexts (tel.peg).
		"tel:1;isub=a" + strings.Repeat(";b", mb/2) + ";phone-context=+1",
		"geo:1,2" + strings.Repeat(";a=b", mb/4),
	} {
		start := time.Now()
		_, err := uri.Parse(uri.RFC3986, in)
		t.Logf("%.30q... (%d bytes): %v, %v", in, len(in), time.Since(start).Round(time.Microsecond), err)
	}
}

// checkSchemeParts requires the scheme parts of r, the Reference of in, as JSON, to hold
// the keys and values of want (jsonSubset).
func checkSchemeParts(t *testing.T, in string, r uri.Reference, want string) {
	t.Helper()
	parts, err := r.SchemeParts()
	if err != nil {
		t.Errorf("%q: SchemeParts: %v", in, err)
		return
	}
	got, _ := json.Marshal(parts)
	if d := jsonSubset(want, got); d != "" {
		t.Errorf("%q: %s\n got %s", in, d, got)
	}
}
