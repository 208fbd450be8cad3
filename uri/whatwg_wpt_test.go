package uri_test

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/urispec/urispec/internal/subtest"
	"github.com/urispec/urispec/internal/testcorpus"
	"github.com/urispec/urispec/internal/whatwgurl"
	"github.com/urispec/urispec/uri"
)

// The WHATWG URL Standard's own test data, web-platform-tests' urltestdata.json
// (testdata/corpora/wpt-urltestdata.json): for each input and base, what the URL parser
// returns, or failure. Two checks, which docs/specs.md reports:
//   - every input the parser must reject (failure: true) is not a valid URL string
//     against its base (TestURLTestDataFailures);
//   - for every input it accepts, "valid URL string" is compared with "the parser
//     reports no validation error", the parser being urispec's own, internal/whatwgurl
//     (the one the command's readers run). The standard says the two can differ;
//     testdata/corpus/whatwg-urltestdata.tsv lists every row where they do, with the
//     reason, and TestURLTestDataValidationErrors fails on an unlisted or a stale row.

// urlTest is one test of urltestdata.json.
type urlTest = testcorpus.URLTest

// readURLTestData returns the tests of urltestdata.json.
func readURLTestData(t *testing.T) []urlTest {
	t.Helper()
	out := testcorpus.URLTests(t, "testdata/corpora/wpt-urltestdata.json")
	if len(out) != 891 {
		t.Fatalf("urltestdata.json holds %d tests, want 891", len(out))
	}
	return out
}

// validateWHATWG is urispec's verdict on c: nil if c.Input is a valid URL string against
// c's base.
func validateWHATWG(c urlTest) error {
	var opts []uri.ParserOption
	if b := c.BaseURL(); b != "" {
		opts = append(opts, uri.Base(b))
	}
	p, err := uri.NewParser(uri.WHATWG, opts...)
	if err != nil {
		return err
	}
	return p.Validate(c.Input)
}

// TestURLTestDataFailures: no input the parser must reject is a valid URL string, and
// each error has a validation-error name. It logs how many of the names are among the
// validation errors the URL parser (internal/whatwgurl) meets on the same input (all of
// them, up to the failure), and how many inputs only the checks after the grammar
// reject.
func TestURLTestDataFailures(t *testing.T) {
	n, sameName, byChecks := 0, 0, 0
	for _, c := range readURLTestData(t) {
		if !c.Failure {
			continue
		}
		t.Run(subtest.Name(c.Input), func(t *testing.T) {
			n++
			err := validateWHATWG(c)
			var e *uri.Error
			if !errors.As(err, &e) {
				t.Errorf("%q (base %q): the URL parser fails on it, and urispec says %v", c.Input, c.BaseURL(), err)
				return
			}
			if e.Validation == "" {
				t.Errorf("%q (base %q): %v: no validation-error name", c.Input, c.BaseURL(), e)
			}
			if slices.Contains(parserFailureNames(t, c), e.Validation) {
				sameName++
			}
			opts := []uri.ParserOption{uri.GrammarOnly()}
			if b := c.BaseURL(); b != "" {
				opts = append(opts, uri.Base(b))
			}
			if g, _ := uri.NewParser(uri.WHATWG, opts...); g.Validate(c.Input) == nil {
				byChecks++
			}
		})
	}
	t.Logf("%d inputs the parser must reject: none is a valid URL string; %d rejected by the checks after the grammar; "+
		"%d of the validation-error names are among those the URL parser meets", n, byChecks, sameName)
}

// parserFailureNames are the names of the validation errors the URL parser meets on c,
// up to and with the one it fails on; it must fail.
func parserFailureNames(t *testing.T, c urlTest) []string {
	_, err := whatwgurl.ParseRef(c.BaseURL(), c.Input)
	e, ok := errors.AsType[*whatwgurl.Error](err)
	if !ok {
		t.Errorf("%q (base %q): the URL parser does not fail (%v)", c.Input, c.BaseURL(), err)
		return nil
	}
	return validationNames(e.Errors)
}

// validationNames are the standard's names of errs.
func validationNames(errs []whatwgurl.ValidationError) []string {
	var names []string
	for _, v := range errs {
		names = append(names, v.Type.String())
	}
	return names
}

// urlTestDifference is one row of testdata/corpus/whatwg-urltestdata.tsv.
type urlTestDifference struct {
	input, base, verdict, parser string
}

func (d urlTestDifference) String() string {
	return strings.Join([]string{strconv.Quote(d.input), strconv.Quote(d.base), d.verdict, d.parser}, "\t")
}

func TestURLTestDataValidationErrors(t *testing.T) {
	var found []urlTestDifference
	accepted, agree, ran := 0, 0, 0 // ran counts the rows that ran: -run may choose some
	for _, c := range readURLTestData(t) {
		if c.Failure {
			continue
		}
		accepted++
		t.Run(subtest.Name(c.Input), func(t *testing.T) {
			ran++
			u, err := whatwgurl.ParseRef(c.BaseURL(), c.Input)
			if err != nil {
				t.Errorf("%q (base %q): the URL parser fails: %v", c.Input, c.BaseURL(), err)
				return
			}
			names := validationNames(u.ValidationErrors())
			verr := validateWHATWG(c)
			if (verr == nil) == (len(names) == 0) {
				agree++
				return
			}
			d := urlTestDifference{input: c.Input, base: c.BaseURL(), verdict: "valid", parser: strings.Join(names, " ")}
			if verr != nil {
				var e *uri.Error
				d.verdict = "invalid"
				if errors.As(verr, &e) && e.Validation != "" {
					d.verdict += " (" + e.Validation + ")"
				}
			}
			if d.parser == "" {
				d.parser = "none"
			}
			found = append(found, d)
		})
	}
	t.Logf("%d inputs the parser accepts: %d where valid URL string and no validation error agree, %d where they differ",
		accepted, agree, len(found))

	if ran < accepted {
		return // -run chose some rows: the list of known differences is of them all
	}
	known := map[string]string{} // row without the reason -> reason
	for _, row := range uri.ReadTSV(t, testcorpus.Path(t, "testdata/corpus/whatwg-urltestdata.tsv"), true) {
		if len(row.Fields) != 5 || row.Fields[4] == "" {
			t.Fatalf("whatwg-urltestdata.tsv line %d: want input, base, urispec, parser, reason", row.Line)
		}
		known[strings.Join(row.Fields[:4], "\t")] = row.Fields[4]
	}
	seen := map[string]bool{}
	for _, d := range found {
		k := d.String()
		seen[k] = true
		if _, ok := known[k]; !ok {
			t.Errorf("unlisted difference (add it to testdata/corpus/whatwg-urltestdata.tsv with a reason):\n%s", k)
		}
	}
	var stale []string
	for k := range known {
		if !seen[k] {
			stale = append(stale, k)
		}
	}
	slices.Sort(stale)
	for _, k := range stale {
		t.Errorf("stale row of testdata/corpus/whatwg-urltestdata.tsv: %s", k)
	}
}
