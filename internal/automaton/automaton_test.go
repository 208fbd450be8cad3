package automaton_test

import (
	"bytes"
	"testing"

	"github.com/urispec/urispec/gen/automata"
	"github.com/urispec/urispec/internal/automaton"
)

// TestRoundTrip: decoding the generated table and encoding it again gives the same bytes.
func TestRoundTrip(t *testing.T) {
	ds, err := automaton.Decode(automata.Table)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := automaton.Encode(&b, ds); err != nil {
		t.Fatal(err)
	}
	again, err := automaton.Decode(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	var b2 bytes.Buffer
	if err := automaton.Encode(&b2, again); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), b2.Bytes()) {
		t.Error("Encode(Decode(Encode(Decode(table)))) differs from Encode(Decode(table))")
	}
	for _, d := range ds {
		t.Run(d.Name, func(t *testing.T) {
			m := d.Minimal()
			for s := range d.States() { // Min is a congruence: the quotient agrees with d
				for c := range 256 {
					if m.Next[int(d.Min[s])*m.NClass+int(m.Class[c])] != d.Min[d.Step(int32(s), byte(c))] {
						t.Fatalf("%s: state %d, byte %d: Min is not a congruence", d.Name, s, c)
					}
				}
			}
		})
	}
}
