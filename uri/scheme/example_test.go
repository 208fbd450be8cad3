package scheme_test

import (
	"errors"
	"fmt"

	"github.com/urispec/urispec/uri"
	"github.com/urispec/urispec/uri/scheme"
)

// Parts come from uri.Reference.SchemeParts; a type switch reads each scheme's own.
func ExampleParts() {
	for _, s := range []string{"https://example.org/a?b", "urn:isbn:0451450523", "tel:+1-201-555-0123;ext=42", "ftp://example.org/"} {
		r, err := uri.Parse(uri.RFC3986, s)
		if err != nil {
			panic(err)
		}
		parts, err := r.SchemeParts()
		if errors.Is(err, scheme.ErrNoGrammar) {
			fmt.Println(s, "has no scheme grammar")
			continue
		}
		g := parts.Scheme()
		fmt.Printf("%s (%s section %s): ", g.Rule, g.Document, g.Section)
		switch p := parts.(type) {
		case scheme.HTTP:
			fmt.Println(p.Host, p.EffectivePort, p.Path)
		case scheme.URN:
			fmt.Println(p.NID, p.NSS)
		case scheme.Tel:
			fmt.Println(p.Digits, p.Global, *p.Extension)
		}
	}
	// Output:
	// https-URI (RFC 9110 section 4.2.2): example.org 443 /a
	// namestring (RFC 8141 section 2): isbn 0451450523
	// telephone-uri (RFC 3966 section 3): +12015550123 true 42
	// ftp://example.org/ has no scheme grammar
}
