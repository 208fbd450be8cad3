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
		{uri.RFC1630, "http://a/b#", false, 11, "fragmentid = xalphas is one or more characters, while the prose allows a void fragment-id with the hash sign"},
		{uri.RFC1630, "foo:a#", false, 6, "the generic fragmentaddress, as above"},
		{uri.RFC1630, "foo:abc", true, 0, "the generic xpalphas is printed \"xpalpha [ xpalpha ]\" (two characters at most); read as the URL BNF's recursive form"},
		{uri.RFC1630, "foo:/a", false, 4, "the generic path = void | xpalphas [ / path ] never begins with \"/\""},
		{uri.RFC1630, "foo://a/b", false, 4, "the generic BNF derives no \"//\""},
		{uri.RFC1630, "foo:a:80", false, 5, "\":\" is in no character rule: the generic BNF has no port"},
		{uri.RFC1630, "magic://a/b/c//d/e/f", false, 6, "the context URI of the partial-form examples"},
		{uri.RFC1630, "urn:/iana/dns/ch/cern/cn/techdoc/94/1642-3", false, 4, "the URN section's own example"},
		{uri.RFC1630, "http://info.cern.ch/RDB/EMP?*%20where%20name%%3Ddobbins", false, 45, "the HTTP section's own example: \"%%3D\" is no escape"},
		{uri.RFC1630, "fxqn:/us/va/reston/cnri/ietf/24/asdf%*.fred", false, 5, "Example 3, illegal for its \"%*\" says the RFC; the generic path rejects its \"/\" first"},
		{uri.RFC1630, "news:12345667123%asdghfh@info.cern.ch", false, 18, "Example 3, illegal for its \"%as\", as the RFC says"},
		{uri.RFC1630, "gopher://gopher.micro.umn.edu/00/Information About Gopher/About Gopher", false, 44, "a reference printed with spaces, which are reserved"},
		{uri.RFC1630, "foo:a~b", false, 5, "national characters appear in no production"},
		{uri.RFC1630, "http://a/<b>", false, 9, "punctuation characters appear in no production"},
		{uri.RFC1630, "ftp://h/file;type=I", false, 12, "the FTP section's \";type=\" suffix: \";\" and \"=\" are in no production of ftpaddress"},
		{uri.RFC1630, "mid:m@h.x", true, 0, "midaddress's addr-spec is defined by neither BNF: read by the generic uri"},
		{uri.RFC1630, "telnet://h/", false, 10, "telnetaddress is \"//\" login, with no path"},
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
		t.Run(tc.spec.String()+" "+tc.input, func(t *testing.T) {
			err := uri.Validate(tc.spec, tc.input)
			if (err == nil) != tc.valid {
				t.Errorf("%v %q: Validate = %v, want valid %v (%s)", tc.spec, tc.input, err, tc.valid, tc.why)
				return
			}
			var e *uri.Error
			if !tc.valid && (!errors.As(err, &e) || e.Offset != tc.offset) {
				t.Errorf("%v %q: %v, want an *Error at byte %d (%s)", tc.spec, tc.input, err, tc.offset, tc.why)
			}
		})
	}
}

// TestGenericOnlyFlawsRFC1630 pins the flaw of RFC 1630's generic BNF that only the
// GenericOnly parser shows: the generic production, which "gives a higher level parsing of
// the same URIs as the other productions", derives none of the RFC's http, ftp or wais
// URLs, which the scheme productions (the default parser) derive; and it derives URIs of
// those schemes that their productions reject.
func TestGenericOnlyFlawsRFC1630(t *testing.T) {
	generic, err := uri.NewParser(uri.RFC1630, uri.GenericOnly())
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		input   string
		generic bool // valid under GenericOnly
		offset  int  // of its error, when !generic
		strict  bool // valid under the default parser
	}{
		{"http://info.cern.ch:8000/imaginary/test", false, 5, true},
		{"ftp://info.cern.ch/pub/www/doc/http-spec.txt", false, 4, true},
		{"wais://quake.think.com/wais-discussion-archives?lynch", false, 5, true},
		{"http:info.cern.ch/imaginary/test", true, 0, false},
		{"foo:a/b?c+d#e", true, 0, true},
	} {
		t.Run(tc.input, func(t *testing.T) {
			err := generic.Validate(tc.input)
			var e *uri.Error
			switch {
			case (err == nil) != tc.generic:
				t.Errorf("GenericOnly %q: Validate = %v, want valid %v", tc.input, err, tc.generic)
			case !tc.generic && (!errors.As(err, &e) || e.Offset != tc.offset):
				t.Errorf("GenericOnly %q: %v, want an *Error at byte %d", tc.input, err, tc.offset)
			}
			if err := uri.Validate(uri.RFC1630, tc.input); (err == nil) != tc.strict {
				t.Errorf("%q: Validate = %v, want valid %v", tc.input, err, tc.strict)
			}
		})
	}
}
