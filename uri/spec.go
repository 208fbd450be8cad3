package uri

import (
	"fmt"
	"strings"
)

// Spec is one specification version. Its String is the ID used on the command line and
// in JSON ("rfc3986"); ParseSpec turns an ID back into a Spec.
type Spec uint8

// The specification versions in date order (RFC 3986 and RFC 3987 share January 2005:
// RFC 3987 builds on RFC 3986, so it comes second). Their order is part of the API,
// their numeric values are not: a spec found later is inserted at its date. Store and
// exchange a Spec by its ID (String, ParseSpec).
const (
	URL1993      Spec = iota + 1 // IETF URL WG Internet-Draft, 1993
	RFC1738                      // RFC 1738, December 1994
	RFC1808                      // RFC 1808, June 1995
	URLSyntax05                  // draft-fielding-url-syntax-05, May 1997
	RFC2396                      // RFC 2396, August 1998
	RFC2732                      // RFC 2396 as amended by RFC 2732, December 1999
	RFC2396bis01                 // draft-fielding-uri-rfc2396bis-01, March 2003
	RFC3986                      // RFC 3986, January 2005
	RFC3987                      // RFC 3987 (IRIs), January 2005
	RFC6874                      // RFC 3986 as updated by RFC 6874, February 2013
	numSpecs
)

type specInfo struct {
	id, title, date, document string
	name                      string // the document as the lineage names it: "RFC 2396"
	status                    string // what the document's header says of its standing
	updates, obsoletes        []string
	became                    string   // an Internet-Draft: the RFC it turned into
	obsoletedElsewhere        []string // documents outside this package that obsolete it
}

var specInfos = [numSpecs]specInfo{
	URL1993: {id: "url-1993", title: "Uniform Resource Locators", date: "1993-07",
		document: "Berners-Lee, IETF URL WG Internet-Draft (BNF section)",
		name:     "IETF URL WG Internet-Draft of 1993", status: "Internet-Draft",
		became: "RFC 1738"},
	RFC1738: {id: "rfc1738", title: "Uniform Resource Locators (URL)", date: "1994-12",
		document: "RFC 1738", name: "RFC 1738", status: "Standards Track",
	},
	RFC1808: {id: "rfc1808", title: "Relative Uniform Resource Locators", date: "1995-06",
		document: "RFC 1808, section 2.2", name: "RFC 1808", status: "Standards Track",
	},
	URLSyntax05: {id: "url-syntax-05", title: "Uniform Resource Locators (URL): Generic Syntax and Semantics", date: "1997-05",
		document: "draft-fielding-url-syntax-05, Appendix A",
		name:     "draft-fielding-url-syntax-05", status: "Internet-Draft",
		became: "RFC 2396"},
	// RFC 2396's header: "Updates: 1808, 1738".
	RFC2396: {id: "rfc2396", title: "Uniform Resource Identifiers (URI): Generic Syntax", date: "1998-08",
		document: "RFC 2396, Appendix A", name: "RFC 2396", status: "Standards Track",
		updates: []string{"RFC 1808", "RFC 1738"}},
	// RFC 2732's header has no "Updates:" line; its section 3 says "This document updates
	// the generic syntax for Uniform Resource Identifiers defined in RFC 2396".
	RFC2732: {id: "rfc2732", title: "Format for Literal IPv6 Addresses in URL's", date: "1999-12",
		document: "RFC 2396, Appendix A, as amended by RFC 2732, section 3",
		name:     "RFC 2732", status: "Standards Track",
		updates: []string{"RFC 2396"}},
	RFC2396bis01: {id: "rfc2396bis-01", title: "Uniform Resource Identifier (URI): Generic Syntax", date: "2003-03",
		document: "draft-fielding-uri-rfc2396bis-01, sections 2-5",
		name:     "draft-fielding-uri-rfc2396bis-01", status: "Internet-Draft",
		became: "RFC 3986"},
	// RFC 3986's header: "STD: 66", "Updates: 1738", "Obsoletes: 2732, 2396, 1808".
	RFC3986: {id: "rfc3986", title: "Uniform Resource Identifier (URI): Generic Syntax", date: "2005-01",
		document: "RFC 3986, Appendix A", name: "RFC 3986", status: "Standards Track (STD 66)",
		updates: []string{"RFC 1738"}, obsoletes: []string{"RFC 2732", "RFC 2396", "RFC 1808"},
	},
	RFC3987: {id: "rfc3987", title: "Internationalized Resource Identifiers (IRIs)", date: "2005-01",
		document: "RFC 3987, section 2.2", name: "RFC 3987", status: "Standards Track",
	},
	// RFC 6874's header: "Updates: 3986". RFC 9844 (August 2025) obsoletes it and takes
	// zone identifiers out of URI syntax again.
	RFC6874: {id: "rfc6874", title: "Representing IPv6 Zone Identifiers in Address Literals and Uniform Resource Identifiers", date: "2013-02",
		document: "RFC 3986, Appendix A, as updated by RFC 6874, section 2",
		name:     "RFC 6874", status: "Standards Track",
		updates: []string{"RFC 3986"}, obsoletedElsewhere: []string{"RFC 9844"},
	},
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

// TopRule is the grammar rule a whole reference must match, spelled as the spec prints
// it ("URI-reference"); "" for a value that is no Spec constant.
func (s Spec) TopRule() string {
	if !s.known() {
		return ""
	}
	g := grammars[s]
	return g.ruleName(g.binding.top)
}

// Lineage is where a specification stands among the others, as the documents' own
// headers say. Documents are named "RFC 3986" or by their draft name.
type Lineage struct {
	Document    string   `json:"document"`
	Status      string   `json:"status"`
	Updates     []string `json:"updates"`
	Obsoletes   []string `json:"obsoletes"`
	UpdatedBy   []string `json:"updated_by"`
	ObsoletedBy []string `json:"obsoleted_by"`
	// Became is, for an Internet-Draft, the RFC it turned into.
	Became string `json:"became,omitempty"`
}

// Lineage returns the spec's document, status and its updates and obsoletes relations.
// UpdatedBy and ObsoletedBy are read from the other documents' headers, plus RFC 9844,
// which obsoletes RFC 6874 and has no spec ID here.
func (s Spec) Lineage() Lineage {
	in := s.info()
	l := Lineage{Document: in.name, Status: in.status,
		Updates: list(in.updates), Obsoletes: list(in.obsoletes),
		UpdatedBy: []string{}, ObsoletedBy: list(in.obsoletedElsewhere), Became: in.became}
	for o := Spec(1); o < numSpecs; o++ {
		other := specInfos[o]
		for _, d := range other.updates {
			if d == in.name {
				l.UpdatedBy = append(l.UpdatedBy, other.name)
			}
		}
		for _, d := range other.obsoletes {
			if d == in.name {
				l.ObsoletedBy = append(l.ObsoletedBy, other.name)
			}
		}
	}
	return l
}

// list copies a relation so that callers cannot change the table, and never returns nil
// (JSON shows [] rather than null).
func list(s []string) []string { return append([]string{}, s...) }

// known reports whether s is one of the Spec constants.
func (s Spec) known() bool { return s > 0 && s < numSpecs }

// Specs returns every spec, in date order.
func Specs() []Spec {
	out := make([]Spec, 0, numSpecs-1)
	for s := Spec(1); s < numSpecs; s++ {
		out = append(out, s)
	}
	return out
}

// ParseSpec returns the Spec with the given ID.
func ParseSpec(id string) (Spec, error) {
	for s := Spec(1); s < numSpecs; s++ {
		if specInfos[s].id == id {
			return s, nil
		}
	}
	var ids []string
	for _, s := range Specs() {
		ids = append(ids, s.String())
	}
	return 0, fmt.Errorf("unknown spec %q (known: %s)", id, strings.Join(ids, ", "))
}
