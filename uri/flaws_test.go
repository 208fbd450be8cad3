package uri_test

import (
	"errors"
	"testing"

	"github.com/urispec/urispec/uri"
)

// TestGrammarFlaws pins the known flaws of the printed grammars that the README and the
// grammar files list: strings a spec's own text uses or implies, which its BNF rejects,
// and strings its BNF accepts although the text would not. Reproduced, not repaired.
func TestGrammarFlaws(t *testing.T) {
	for _, tc := range []struct {
		spec   uri.Spec
		input  string
		valid  bool
		offset int // of the error, when !valid
		why    string
	}{
		{uri.RFC2396, "?y", false, 0, "Appendix C resolves it; relativeURI needs a non-empty path"},
		{uri.RFC2732, "?y", false, 0, "RFC 2732 leaves RFC 2396's relativeURI as it was"},
		{uri.RFC2732, "http://[::192.9.5.5]/ipng", false, 13, "RFC 2732 section 2's own example; RFC 2373's hexpart \"::\" [ hexseq ] takes \"192\" and no \":\" is left"},
		{uri.RFC2732, "http://[:::192.9.5.5]/ipng", true, 0, "hexpart \"::\", then \":\" IPv4address"},
		{uri.RFC2732, "http://[::FFFF:192.9.5.5]/", true, 0, "hexpart \"::FFFF\", then \":\" IPv4address"},
		{uri.RFC2732, "http://[1:2:3:4:5:6:7:8:9]/", true, 0, "hexseq has no bound on its groups"},
		{uri.RFC2732, "http://[1:2]/", true, 0, "a hexseq alone is a hexpart, however short"},
		{uri.RFC2732, "http://999.1.1.1/", true, 0, "RFC 2373's IPv4address limits digits, not values"},
		{uri.RFC2732, "http://a/?x[1]=y#[f]", true, 0, "\"[\" and \"]\" are reserved, so uric admits them"},
		{uri.RFC2732, "http://a/[b]", false, 9, "pchar does not include reserved"},
	} {
		err := uri.Validate(tc.spec, tc.input)
		if (err == nil) != tc.valid {
			t.Errorf("%v %q: Validate = %v, want valid %v (%s)", tc.spec, tc.input, err, tc.valid, tc.why)
			continue
		}
		var e *uri.Error
		if !tc.valid && (!errors.As(err, &e) || e.Offset != tc.offset) {
			t.Errorf("%v %q: %v, want an *Error at byte %d (%s)", tc.spec, tc.input, err, tc.offset, tc.why)
		}
	}
}
