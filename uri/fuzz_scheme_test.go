package uri_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/urispec/urispec/uri"
	"github.com/urispec/urispec/uri/scheme"
)

// FuzzSchemeGrammars fuzzes every scheme grammar (grammar/schemes/) at once. For any
// input: each scheme grammar's verdict equals its ABNF oracle's (the regexp for ASCII
// inputs of any length, IsValid for the others up to oracleFuzzMax bytes and on ASCII
// inputs up to oracleCrossMax); and under rfc3986 and
// rfc3987, a reference that the scheme layer rejects is one that the generic grammar
// alone (GenericOnly) accepts, its error lies within the input and names its scheme,
// and a valid reference with a scheme grammar gives parts that encode to JSON.
//
//	go test ./uri -run '^$' -fuzz '^FuzzSchemeGrammars$' -fuzztime 60s
//
// Seeds: the rows of ../testdata/examples/schemes/*.tsv and uri/testdata/fuzz/.
func FuzzSchemeGrammars(f *testing.F) {
	handOffGrammars(f)
	oracles := loadSchemeOracles(f)
	for _, row := range schemeExampleRows(f) {
		f.Add(row)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, o := range oracles {
			_, err := uri.ValidateSchemeRule(o.rule, s)
			var e *uri.Error
			if err != nil && (!errors.As(err, &e) || e.Offset < 0 || e.Offset > len(s)) {
				t.Fatalf("%s: %q: error %v outside the input", o.rule, s, err)
			}
			byRegex := o.re != nil && regexpDecides(s)
			decided, want := byRegex, false
			if byRegex {
				want = o.re.MatchString(s)
			}
			if len(s) <= oracleFuzzMax && (!byRegex || len(s) <= oracleCrossMax) {
				decided, want = true, o.valid(s)
			}
			if decided && want != (err == nil) {
				t.Fatalf("%s: %q: ABNF valid %v, grammar: %v", o.rule, s, want, err)
			}
		}
		for _, spec := range []uri.Spec{uri.RFC3986, uri.RFC3987} {
			r, err := uri.Parse(spec, s)
			generic, _ := uri.NewParser(spec, uri.GenericOnly())
			genericErr := generic.Validate(s)
			var e *uri.Error
			switch {
			case err == nil:
				if genericErr != nil {
					t.Fatalf("%s: %q: valid, but not under GenericOnly: %v", spec, s, genericErr)
				}
				parts, perr := r.SchemeParts()
				if errors.Is(perr, scheme.ErrNoGrammar) {
					continue
				}
				if perr != nil {
					t.Fatalf("%s: %q: valid, but SchemeParts: %v", spec, s, perr)
				}
				if _, err := json.Marshal(parts); err != nil {
					t.Fatal(err)
				}
			case !errors.As(err, &e):
				t.Fatalf("%s: %q: error %T, want *uri.Error", spec, s, err)
			case e.Offset < 0 || e.Offset > len(s):
				t.Fatalf("%s: %q: offset %d outside the input", spec, s, e.Offset)
			case e.Scheme != "" && genericErr != nil:
				t.Fatalf("%s: %q: the %s grammar's error %v, but the generic grammar rejects it too: %v", spec, s, e.Scheme, err, genericErr)
			case e.Scheme == "" && genericErr == nil:
				t.Fatalf("%s: %q: an error %v without a scheme, but the generic grammar accepts it", spec, s, err)
			default:
				e.Expected() // must not panic
			}
		}
	})
}

// schemeExampleRows returns the inputs of testdata/examples/schemes/*.tsv.
func schemeExampleRows(t testing.TB) []string {
	var out []string
	for _, file := range schemeExampleFiles(t) {
		for _, row := range uri.ReadTSV(t, file, false) {
			out = append(out, row.Fields[0])
		}
	}
	return out
}
