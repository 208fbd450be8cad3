package suite

import (
	"fmt"
	"slices"
	"strings"

	"github.com/urispec/urispec/uri"
)

// Tally counts, for one validator and one format, the tests run and those whose verdict
// is the suite's, with urispec's formats and with the validator's own.
type Tally struct {
	Tests, URISpec, BuiltIn int
	// Unchecked: the validator's own formats accept every string of the format's tests,
	// the invalid ones too: it does not check the format at all.
	Unchecked bool
}

// Measure runs every case through every validator, with urispec's formats and with the
// validator's own, and counts per validator (in the order of Validators) and format. A run
// that ends in an error counts as a wrong verdict; the errors are returned beside the
// tallies so that a caller can report them.
func Measure(cases []Case) (tallies [][]Tally, errs []error) {
	formats := uri.FormatNames()
	for _, v := range Validators() {
		row := make([]Tally, len(formats))
		rejects := make([]bool, len(formats))
		for _, c := range cases {
			if v.StringsOnly && !c.IsString() {
				continue
			}
			i := slices.Index(formats, c.Format) // Load admits no other format

			row[i].Tests++
			got, err := v.Run(c, true)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s with urispec: %w", v.Name, err))
			} else if got == c.Valid {
				row[i].URISpec++
			}
			got, err = v.Run(c, false)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s built in: %w", v.Name, err))
				continue
			}
			if got == c.Valid {
				row[i].BuiltIn++
			}
			if !got && c.IsString() {
				rejects[i] = true
			}
		}
		for i := range row {
			row[i].Unchecked = !rejects[i]
		}
		tallies = append(tallies, row)
	}
	return tallies, errs
}

// Markdown renders the tallies as the table of the module's README.md: a row per validator
// and format, the suite's verdicts matched with urispec's formats beside those matched with
// the validator's own.
func Markdown(tallies [][]Tally) string {
	var b strings.Builder
	b.WriteString("| validator | format | tests | with urispec | built in |\n")
	b.WriteString("| --- | --- | ---: | ---: | ---: |\n")
	for i, v := range Validators() {
		var total Tally
		for j, f := range uri.FormatNames() {
			t := tallies[i][j]
			builtIn := fmt.Sprint(t.BuiltIn)
			if t.Unchecked {
				builtIn += " (not checked)"
			}
			fmt.Fprintf(&b, "| %s | `%s` | %d | %d | %s |\n", v.Name, f, t.Tests, t.URISpec, builtIn)
			total.Tests += t.Tests
			total.URISpec += t.URISpec
			total.BuiltIn += t.BuiltIn
		}
		fmt.Fprintf(&b, "| %s | all | %d | %d | %d |\n", v.Name, total.Tests, total.URISpec, total.BuiltIn)
	}
	return b.String()
}
