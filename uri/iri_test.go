package uri_test

import (
	"errors"
	"testing"

	"github.com/urispec/urispec/internal/subtest"
	"github.com/urispec/urispec/uri"
)

// TestIRIToURI: the mappings RFC 3987 prints (section 3.1, and section 3.2's examples
// read from IRI to URI), and the result is a valid RFC 3986 URI reference.
func TestIRIToURI(t *testing.T) {
	for _, tc := range []struct{ iri, uri string }{
		{"http://résumé.example.org", "http://r%C3%A9sum%C3%A9.example.org"},                                             // 3.1
		{"http://www.example.org/red%09rosé#red", "http://www.example.org/red%09ros%C3%A9#red"},                          // 3.1
		{"http://example.com/\U00010300\U00010301\U00010302", "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82"}, // 3.1
		{"http://www.example.org/résumé.html", "http://www.example.org/r%C3%A9sum%C3%A9.html"},                           // 3.2
		{"http://www.example.org/Dürst", "http://www.example.org/D%C3%BCrst"},                                            // 3.2.1
		{"http://納豆.example.org/%E2%80%AE", "http://%E7%B4%8D%E8%B1%86.example.org/%E2%80%AE"},                           // 3.2.1
		{"http://a/?\ue000", "http://a/?%EE%80%80"},                                                                      // iprivate
		{"http://example.org/plain", "http://example.org/plain"},
	} {
		t.Run(tc.iri, func(t *testing.T) {
			got, err := uri.IRIToURI(tc.iri)
			if err != nil || got != tc.uri {
				t.Errorf("IRIToURI(%q) = %q, %v; want %q", tc.iri, got, err, tc.uri)
				return
			}
			if err := uri.Validate(uri.RFC3986, got); err != nil {
				t.Errorf("IRIToURI(%q) = %q, not a URI reference: %v", tc.iri, got, err)
			}
		})
	}
	// Not an IRI: the private-use character outside iquery, and invalid UTF-8.
	for _, s := range []string{"http://a/\ue000", "http://a/\xff"} {
		t.Run(subtest.Name(s), func(t *testing.T) {
			var e *uri.Error
			if _, err := uri.IRIToURI(s); !errors.As(err, &e) || e.Spec != uri.RFC3987 || e.Offset != 9 {
				t.Errorf("IRIToURI(%q): %v, want an rfc3987 *Error at byte 9", s, err)
			}
		})
	}
}
