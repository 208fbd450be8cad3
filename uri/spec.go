package uri

import (
	"fmt"
	"strings"
)

// Spec is one specification version. Its String is the ID used on the command line and
// in JSON ("rfc3986"); ParseSpec turns an ID back into a Spec.
type Spec uint8

// The specification versions, oldest first.
const (
	URL1993      Spec = iota + 1 // IETF URL WG Internet-Draft, 1993
	RFC1738                      // RFC 1738, December 1994
	URLSyntax05                  // draft-fielding-url-syntax-05, May 1997
	RFC2396                      // RFC 2396, August 1998
	RFC2396bis01                 // draft-fielding-uri-rfc2396bis-01, March 2003
	RFC3986                      // RFC 3986, January 2005
	numSpecs
)

type specInfo struct {
	id, title, date, document string
}

var specInfos = [numSpecs]specInfo{
	URL1993:      {"url-1993", "Uniform Resource Locators", "1993-07", "Berners-Lee, IETF URL WG Internet-Draft (BNF section)"},
	RFC1738:      {"rfc1738", "Uniform Resource Locators (URL)", "1994-12", "RFC 1738"},
	URLSyntax05:  {"url-syntax-05", "Uniform Resource Locators (URL): Generic Syntax and Semantics", "1997-05", "draft-fielding-url-syntax-05, Appendix A"},
	RFC2396:      {"rfc2396", "Uniform Resource Identifiers (URI): Generic Syntax", "1998-08", "RFC 2396, Appendix A"},
	RFC2396bis01: {"rfc2396bis-01", "Uniform Resource Identifier (URI): Generic Syntax", "2003-03", "draft-fielding-uri-rfc2396bis-01, sections 2-5"},
	RFC3986:      {"rfc3986", "Uniform Resource Identifier (URI): Generic Syntax", "2005-01", "RFC 3986, Appendix A"},
}

func (s Spec) info() specInfo {
	if s == 0 || s >= numSpecs {
		return specInfo{id: fmt.Sprintf("Spec(%d)", uint8(s))}
	}
	return specInfos[s]
}

// String returns the spec's ID, such as "rfc3986".
func (s Spec) String() string { return s.info().id }

// Title is the document's title.
func (s Spec) Title() string { return s.info().title }

// Date is the document's publication month, as YYYY-MM.
func (s Spec) Date() string { return s.info().date }

// Document names the document and the part of it that holds the grammar.
func (s Spec) Document() string { return s.info().document }

// Available reports whether this package has a parser for the spec.
func (s Spec) Available() bool { return s > 0 && s < numSpecs && grammars[s] != nil }

// Specs returns the specs that have a parser, oldest first.
func Specs() []Spec {
	var out []Spec
	for s := Spec(1); s < numSpecs; s++ {
		if s.Available() {
			out = append(out, s)
		}
	}
	return out
}

// ParseSpec returns the Spec with the given ID.
func ParseSpec(id string) (Spec, error) {
	for s := Spec(1); s < numSpecs; s++ {
		if specInfos[s].id == id && s.Available() {
			return s, nil
		}
	}
	var ids []string
	for _, s := range Specs() {
		ids = append(ids, s.String())
	}
	return 0, fmt.Errorf("unknown spec %q (known: %s)", id, strings.Join(ids, ", "))
}
