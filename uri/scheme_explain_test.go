package uri

import (
	"path/filepath"
	"testing"

	"github.com/urispec/urispec/internal/testcorpus"
)

// TestSchemeExplainMatchesProbing requires each scheme grammar's errors to be exactly
// the reference's (explainProbing: Offset, Rule and Expected), on the rows of
// testdata/examples/schemes/*.tsv and their near-misses (each byte of a delimiter-heavy
// alphabet inserted at, or replacing, each position), run on the grammar alone: one input
// in -probing.sample, as TestExplainMatchesProbing.
func TestSchemeExplainMatchesProbing(t *testing.T) {
	files, _ := filepath.Glob(testcorpus.Path(t, "testdata/examples/schemes/*.tsv"))
	var examples []string
	for _, f := range files {
		for _, row := range readTSV(t, f, false) {
			examples = append(examples, row.Fields[0])
		}
	}
	all := append(examples, nearMissesOf(examples, " \"#%-.09:;?@G[]^`g|~&=,+()<>\\\x00\x7f\xc3\xa9\xff")...)
	in := sampleEvery(all, *probingSample)
	list := compiledSchemes()
	for _, sg := range list {
		t.Run(sg.name, func(t *testing.T) {
			p := sg.newParser()
			rejected, bad := 0, 0
			for _, s := range in {
				if p.Validate(s) != nil {
					rejected++
				}
				if d := p.explainDiff(s); d != "" {
					if bad++; bad <= 10 {
						t.Errorf("%s: %s", sg.name, d)
					}
				}
			}
			if rejected == 0 {
				t.Errorf("%s: no rejected input: the test compares nothing", sg.name)
			}
			t.Logf("%s: %d of %d inputs (one in %d: -probing.sample=1 checks every one), %d rejected, %d differ",
				sg.name, len(in), len(all), *probingSample, rejected, bad)
		})
	}
}
