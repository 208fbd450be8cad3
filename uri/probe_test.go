package uri

import (
	"testing"

	"github.com/urispec/urispec/internal/testcorpus"
)

// TestRepresentative checks what Error.Expected relies on (see explain): the parser
// cannot tell apart a character from its Representative. For every example of every
// spec, every position (and the end), and every printable character c whose
// representative r is not c, the example with c there and the example with r there get
// the same verdict and the same farthest failure, from the top rule and from the
// generic one (rfc1738). The generated parsers' classes come from reading their code
// (internal/pegwrap/probes.go); this test runs them.
func TestRepresentative(t *testing.T) {
	for _, spec := range Specs() {
		t.Run(spec.String(), func(t *testing.T) {
			g := spec.grammar()
			m := g.newMachine()
			tops := []int{g.top}
			if g.genericTop >= 0 {
				tops = append(tops, g.genericTop)
			}
			path := testcorpus.Path(t, "testdata/examples/"+spec.String()+".tsv")
			checked := 0
			for _, row := range readTSV(t, path, false) {
				s := row.Fields[0]
				for i := 0; i <= len(s); i++ {
					rest := ""
					if i < len(s) {
						rest = s[i+1:]
					}
					for c := byte(0x20); c < 0x7f; c++ {
						r := m.Representative(c)
						if r == c {
							continue
						}
						if r > c || m.Representative(r) != r {
							t.Fatalf("%v: Representative(%q) = %q, not the smallest of its class", spec, c, r)
						}
						withC, withR := s[:i]+string(c)+rest, s[:i]+string(r)+rest
						for _, top := range tops {
							okC := m.Run(withC, top)
							farC, _ := m.Farthest()
							okR := m.Run(withR, top)
							farR, _ := m.Farthest()
							if okC != okR || farC != farR {
								t.Errorf("%v: %q: valid %v, farthest %d; %q: valid %v, farthest %d", spec, withC, okC, farC, withR, okR, farR)
							}
							checked++
						}
					}
				}
			}
			if checked == 0 {
				t.Errorf("%v: no example checked", spec)
			}
			t.Logf("%v: %d pairs", spec, checked)
		})
	}
}
