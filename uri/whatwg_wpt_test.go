package uri_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	wpterrors "github.com/nlnwa/whatwg-url/errors"
	whatwgurl "github.com/nlnwa/whatwg-url/url"

	"github.com/urispec/urispec/uri"
)

// The WHATWG URL Standard's own test data, web-platform-tests' urltestdata.json
// (testdata/corpora/wpt-urltestdata.json): for each input and base, what the URL parser
// returns, or failure. Two checks, which docs/specs.md reports:
//   - every input the parser must reject (failure: true) is not a valid URL string
//     against its base (TestURLTestDataFailures);
//   - for every input it accepts, "valid URL string" is compared with "the parser
//     reports no validation error", the parser being github.com/nlnwa/whatwg-url (the
//     one `compare -with whatwg` runs) with validation errors reported. The standard
//     says the two can differ; testdata/corpus/whatwg-urltestdata.tsv lists every row
//     where they do, with the reason, and TestURLTestDataValidationErrors fails on an
//     unlisted or a stale row.

// urlTest is one test of urltestdata.json.
type urlTest struct {
	Input   string  `json:"input"`
	Base    *string `json:"base"`
	Href    string  `json:"href"`
	Failure bool    `json:"failure"`
}

func (c urlTest) base() string {
	if c.Base == nil {
		return ""
	}
	return *c.Base
}

// readURLTestData returns the tests of urltestdata.json with their line numbers (the
// line of each test's "input"), skipping the comment strings between them.
func readURLTestData(t *testing.T) []urlTest {
	t.Helper()
	data, err := os.ReadFile("../testdata/corpora/wpt-urltestdata.json")
	if err != nil {
		t.Fatal(err)
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	var out []urlTest
	for _, m := range raw {
		if len(m) > 0 && m[0] == '"' {
			continue // a comment
		}
		var c urlTest
		if err := json.Unmarshal(m, &c); err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	if len(out) != 891 {
		t.Fatalf("urltestdata.json holds %d tests, want 891", len(out))
	}
	return out
}

// validateWHATWG is urispec's verdict on c: nil if c.Input is a valid URL string against
// c's base.
func validateWHATWG(c urlTest) error {
	var opts []uri.ParserOption
	if b := c.base(); b != "" {
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
// validation errors nlnwa/whatwg-url reports on the same input (all of them, up to the
// failure), and how many inputs only the checks after the grammar reject.
func TestURLTestDataFailures(t *testing.T) {
	p := whatwgurl.NewParser(whatwgurl.WithReportValidationErrors())
	n, sameName, byChecks := 0, 0, 0
	for _, c := range readURLTestData(t) {
		if !c.Failure {
			continue
		}
		n++
		err := validateWHATWG(c)
		var e *uri.Error
		if !errors.As(err, &e) {
			t.Errorf("%q (base %q): the URL parser fails on it, and urispec says %v", c.Input, c.base(), err)
			continue
		}
		if e.Validation == "" {
			t.Errorf("%q (base %q): %v: no validation-error name", c.Input, c.base(), e)
		}
		if slices.Contains(parserFailureNames(p, c), e.Validation) {
			sameName++
		}
		opts := []uri.ParserOption{uri.GrammarOnly()}
		if b := c.base(); b != "" {
			opts = append(opts, uri.Base(b))
		}
		if g, _ := uri.NewParser(uri.WHATWG, opts...); g.Validate(c.Input) == nil {
			byChecks++
		}
	}
	t.Logf("%d inputs the parser must reject: none is a valid URL string; %d rejected by the checks after the grammar; "+
		"%d of the validation-error names are among those nlnwa/whatwg-url reports", n, byChecks, sameName)
}

// parserFailureNames are the names of the validation errors nlnwa/whatwg-url reports on
// c, up to and with the one it fails on.
func parserFailureNames(p whatwgurl.Parser, c urlTest) []string {
	names, err := parserErrors(p, c)
	var ve *wpterrors.ValidationError
	if errors.As(err, &ve) {
		names = append(names, parserNames[ve.Type()])
	}
	return names
}

// parserNames maps nlnwa/whatwg-url's error types to the standard's validation-error
// names (its own names differ: it keeps older ones, and PortMissing is none of the
// standard's).
var parserNames = map[wpterrors.ErrorType]string{
	wpterrors.DomainToASCII:                        "domain-to-ASCII",
	wpterrors.DomainToUnicode:                      "domain-to-Unicode",
	wpterrors.DomainInvalidCodePoint:               "domain-invalid-code-point",
	wpterrors.HostInvalidCodePoint:                 "host-invalid-code-point",
	wpterrors.IPv4EmptyPart:                        "IPv4-empty-part",
	wpterrors.IPv4TooManyParts:                     "IPv4-too-many-parts",
	wpterrors.IPv4NonNumericPart:                   "IPv4-non-numeric-part",
	wpterrors.IPv4NonDecimalPart:                   "IPv4-non-decimal-part",
	wpterrors.IPv4OutOfRangePart:                   "IPv4-out-of-range-part",
	wpterrors.IPv6Unclosed:                         "IPv6-unclosed",
	wpterrors.IPv6InvalidCompression:               "IPv6-invalid-compression",
	wpterrors.IPv6TooManyPieces:                    "IPv6-too-many-pieces",
	wpterrors.IPv6MultipleCompression:              "IPv6-multiple-compression",
	wpterrors.IPv6InvalidCodePoint:                 "IPv6-invalid-code-point",
	wpterrors.IPv6TooFewPieces:                     "IPv6-too-few-pieces",
	wpterrors.IPv4InIPv6TooManyPieces:              "IPv4-in-IPv6-too-many-pieces",
	wpterrors.IPv4InIPv6InvalidCodePoint:           "IPv4-in-IPv6-invalid-code-point",
	wpterrors.IPv4InIPv6OutOfRangePart:             "IPv4-in-IPv6-out-of-range-part",
	wpterrors.IPv4InIPv6TooFewParts:                "IPv4-in-IPv6-too-few-parts",
	wpterrors.InvalidURLUnit:                       "invalid-URL-unit",
	wpterrors.SpecialSchemeMissingFollowingSolidus: "special-scheme-missing-following-solidus",
	wpterrors.MissingSchemeNonRelativeURL:          "missing-scheme-non-relative-URL",
	wpterrors.InvalidReverseSolidus:                "invalid-reverse-solidus",
	wpterrors.InvalidCredentials:                   "invalid-credentials",
	wpterrors.HostMissing:                          "host-missing",
	wpterrors.PortMissing:                          "port-missing",
	wpterrors.PortOutOfRange:                       "port-out-of-range",
	wpterrors.PortInvalid:                          "port-invalid",
	wpterrors.FileInvalidWindowsDriveLetter:        "file-invalid-Windows-drive-letter",
	wpterrors.FileInvalidWindowsDriveLetterHost:    "file-invalid-Windows-drive-letter-host",
}

// parserErrors parses c with nlnwa/whatwg-url, validation errors reported, and returns
// their names in order, or an error if the parser fails.
func parserErrors(p whatwgurl.Parser, c urlTest) ([]string, error) {
	u, err := p.ParseRef(c.base(), c.Input)
	if err != nil {
		return nil, err
	}
	return validationNames(u.ValidationErrors()), nil
}

// validationNames maps the parser's errors to the standard's names.
func validationNames(errs []error) []string {
	var names []string
	for _, e := range errs {
		var ve *wpterrors.ValidationError
		name := e.Error()
		if errors.As(e, &ve) {
			if n, ok := parserNames[ve.Type()]; ok {
				name = n
			}
		}
		names = append(names, name)
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
	p := whatwgurl.NewParser(whatwgurl.WithReportValidationErrors())
	var found []urlTestDifference
	accepted, agree, parserFails := 0, 0, 0
	for _, c := range readURLTestData(t) {
		if c.Failure {
			continue
		}
		accepted++
		names, err := parserErrors(p, c)
		if err != nil {
			// nlnwa/whatwg-url fails where the standard's parser does not (docs/hazards.md
			// lists these); there is no validation error to compare with.
			parserFails++
			continue
		}
		verr := validateWHATWG(c)
		if (verr == nil) == (len(names) == 0) {
			agree++
			continue
		}
		d := urlTestDifference{input: c.Input, base: c.base(), verdict: "valid", parser: strings.Join(names, " ")}
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
	}
	t.Logf("%d inputs the parser accepts: %d where nlnwa/whatwg-url fails, %d where valid URL string and no validation error agree, %d where they differ",
		accepted, parserFails, agree, len(found))

	known := map[string]string{} // row without the reason -> reason
	for _, row := range uri.ReadTSV(t, "../testdata/corpus/whatwg-urltestdata.tsv", true) {
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

// parserMisses are the tests of urltestdata.json on which nlnwa/whatwg-url v0.6.2 (the
// parser of `compare -with whatwg`) fails, by input (each input occurs once among them),
// with why; docs/hazards.md reports them. TestURLTestDataParser fails when the set
// changes, so that a new version of the parser is measured again.
var parserMisses = map[string]string{
	"non-special:opaque  ?hi":                      "trailing spaces of an opaque path",
	"non-special:opaque  #hi":                      "trailing spaces of an opaque path",
	"non-special:opaque \t\t  \t#hi":               "trailing spaces of an opaque path",
	"non-special:opaque \t\t  #hi":                 "trailing spaces of an opaque path",
	"non-special:opaque\t\t  \r #hi":               "trailing spaces of an opaque path",
	"http://a.b.c.xn--pokxncvks":                   "a Punycode label that decodes to disallowed code points",
	"http://10.0.0.xn--pokxncvks":                  "a Punycode label that decodes to disallowed code points",
	"http://a.b.c.XN--pokxncvks":                   "a Punycode label that decodes to disallowed code points",
	"http://a.b.c.Xn--pokxncvks":                   "a Punycode label that decodes to disallowed code points",
	"http://10.0.0.XN--pokxncvks":                  "a Punycode label that decodes to disallowed code points",
	"http://10.0.0.xN--pokxncvks":                  "a Punycode label that decodes to disallowed code points",
	"file://xn--/p":                                "the label \"xn--\"",
	"https://xn--/":                                "the label \"xn--\"",
	"foo://host/ !\"$%&'()*+,-./:;<=>@[\\]^_`{|}~": "\"^\" in a path",
	"wss://host/ !\"$%&'()*+,-./:;<=>@[\\]^_`{|}~": "\"^\" in a path",
}

// TestURLTestDataParser runs nlnwa/whatwg-url on every test of urltestdata.json: it
// must fail where the test expects failure and give the test's href otherwise.
func TestURLTestDataParser(t *testing.T) {
	p := whatwgurl.NewParser()
	tests := readURLTestData(t)
	missed := map[string]bool{}
	for _, c := range tests {
		u, err := p.ParseRef(c.base(), c.Input)
		var got string
		switch {
		case c.Failure && err != nil, !c.Failure && err == nil && u.Href(false) == c.Href:
			continue
		case c.Failure:
			got = "href " + strconv.Quote(u.Href(false)) + ", want failure"
		case err != nil:
			got = fmt.Sprintf("%v, want %q", err, c.Href)
		default:
			got = fmt.Sprintf("href %q, want %q", u.Href(false), c.Href)
		}
		missed[c.Input] = true
		if _, ok := parserMisses[c.Input]; !ok {
			t.Errorf("nlnwa/whatwg-url on %q (base %q): %s", c.Input, c.base(), got)
		}
	}
	for in := range parserMisses {
		if !missed[in] {
			t.Errorf("nlnwa/whatwg-url passes %q now: remove it from parserMisses", in)
		}
	}
	t.Logf("nlnwa/whatwg-url passes %d of %d tests", len(tests)-len(missed), len(tests))
}
