package uri_test

// The ABNF oracle of RFC 1630's generic BNF. TestOracle compares the default parser with
// the ABNF's rfc1630, the top rule composed from both BNFs (grammar/rfc1630.abnf). This
// file compares the GenericOnly parser, whose top is the generic fragmentaddress, with
// the same rule of the ABNF, with the strings and counts of TestOracle:
//
//	go test ./uri -run '^TestOracleRFC1630Generic$' -oracle.n=100000 -v

import (
	"runtime"
	"testing"
	"time"

	"github.com/urispec/urispec/uri"
)

func TestOracleRFC1630Generic(t *testing.T) {
	var o oracle
	for _, each := range loadOracles(t) {
		if each.spec == uri.RFC1630 {
			o = *each
		}
	}
	if o.g == nil {
		t.Fatal("no oracle for rfc1630")
	}
	o.top, o.opts = "fragmentaddress", []uri.ParserOption{uri.GenericOnly()}
	var err error
	if o.re, err = compileRegex(o.g, o.top); err != nil {
		o.re, o.reNone = nil, regexUnavailable(err)
	}
	st := runOracle(t, &o, oracleCount(t, 400), runtime.GOMAXPROCS(0))
	t.Logf("rfc1630 generic-only (fragmentaddress): %d strings checked (%d distinct, %d of them valid), %d disagreements, %d errors unlike the reference explain's, %v; regexp cross-checked against IsValid on %d strings (%d differ)",
		st.checked, st.distinct, st.valid, st.disagreements, st.explainDiffs, st.elapsed.Round(time.Millisecond), st.crossChecked, st.crossDiffer)
	for _, d := range append(st.examples, st.crossExamples...) {
		t.Error(d)
	}
	if n := st.disagreements + st.explainDiffs + st.crossDiffer - len(st.examples) - len(st.crossExamples); n > 0 {
		t.Errorf("... and %d more", n)
	}
}
