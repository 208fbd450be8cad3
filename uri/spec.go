package uri

import (
	"fmt"
	"strings"

	"github.com/urispec/urispec/internal/engine"
)

// Spec is one specification version. Its String is the ID used on the command line and
// in JSON ("rfc3986"); ParseSpec turns an ID back into a Spec.
type Spec uint8

// The specification versions in date order (RFC 3987 after RFC 3986, on which it
// builds). Their order is part of the API, their values are not: store a Spec by its ID.
const (
	URL1993      Spec = iota + 1 // IETF URL WG Internet-Draft, 1993
	RFC1630                      // RFC 1630, June 1994
	RFC1738                      // RFC 1738, December 1994
	RFC1808                      // RFC 1808, June 1995
	URLSyntax05                  // draft-fielding-url-syntax-05, May 1997
	RFC2396                      // RFC 2396, August 1998
	RFC2732                      // RFC 2396 as amended by RFC 2732, December 1999
	RFC2396bis01                 // draft-fielding-uri-rfc2396bis-01, March 2003
	RFC3986                      // RFC 3986, January 2005
	RFC3987                      // RFC 3987 (IRIs), January 2005
	RFC6874                      // RFC 3986 as updated by RFC 6874, February 2013
	WHATWG                       // WHATWG URL Standard (living standard), snapshot of July 2026
	numSpecs
)

// specDesc is everything that makes one spec, in one place: the document, the grammar's
// binding, and what normalization, resolution and hazards need to know of the spec. Each
// spec's descriptor is in its own file, spec_<id>.go; specTable lists them.
// TestSpecTable fails when a Spec constant has no descriptor or a descriptor lacks a
// part.
type specDesc struct {
	spec Spec

	// The document (its ID is in specIDs).
	title, date, document string
	name                  string // the document as the lineage names it: "RFC 2396"
	status                string // what the document's header says of its standing
	updates, obsoletes    []string
	became                string   // an Internet-Draft: the RFC it turned into
	obsoletedElsewhere    []string // documents outside this package that obsolete it

	// grammar binds the generated parser (gen/<id>) to Reference; Spec.grammar compiles
	// it on first use.
	grammar func() binding
	// unreserved are the characters whose escapes syntax-based normalization decodes
	// (RFC 3986 6.2.2.2): the spec's own unreserved set.
	unreserved string
	// removeDots removes the dot-segments of a path for normalization (6.2.2.3), with the
	// spec's own resolution routine.
	removeDots func(path string) string
	// family is the document whose security sections the spec's hazards cite.
	family family
	// resolution is the algorithm Resolve applies (Spec.resolver, resolve.go).
	resolution resolution

	// Where a spec reads differently from most, named so that code tests a feature and
	// not a list of specs.

	// rootlessDots: normalization removes the dot-segments of a rootless path too
	// ("foo:a/../b"), as RFC 3986 6.2.2.3 applies remove_dot_segments to any path.
	rootlessDots bool
	// iri: references are IRIs (RFC 3987): escapes of a ucschar are decoded, a host with
	// non-ASCII characters keeps its case, and the IRI hazards are looked for.
	iri bool
	// wholeAuthority: the grammar does not split the authority into userinfo, host and
	// port (RFC 1808's net_loc), so other readings compare with it as a whole.
	wholeAuthority bool
	// noFragment: "#" is no part of a URL (RFC 1738 2.2), so a resolved target's
	// fragment is set aside before the grammar checks it.
	noFragment bool
	// noRelativeForm: the grammar derives absolute URLs only, so a relative reference is
	// judged by the URL it resolves to, not on its own.
	noRelativeForm bool
	// schemeGrammars: a reference whose scheme has a grammar of its own (schemes.go)
	// must also match it, unless the Parser is made with GenericOnly.
	schemeGrammars bool
}

// family is the document whose security sections a spec's hazards cite (package
// uri/hazard reads it through internal/engine).
type family = engine.Family

const (
	famRFC3986  = engine.FamRFC3986 // also every spec without a section of its own
	famBis01    = engine.FamBis01
	famRFC2396  = engine.FamRFC2396
	famSyntax05 = engine.FamSyntax05
	famRFC1738  = engine.FamRFC1738
	numFamilies = engine.NumFamilies
)

// specTable holds every spec's descriptor under its Spec constant, in date order. Through
// the descriptors' grammars and resolvers it reaches every generated parser, so what
// every program may call (Spec.String, which Error's message calls) reads specIDs
// instead, and the format checkers reach their spec's grammar without it (format.go):
// a program links the parsers that code it can reach names, and no other
// (TestLinkedParsers).
var specTable = [numSpecs]*specDesc{
	URL1993:      &url1993Spec,
	RFC1630:      &rfc1630Spec,
	RFC1738:      &rfc1738Spec,
	RFC1808:      &rfc1808Spec,
	URLSyntax05:  &urlSyntax05Spec,
	RFC2396:      &rfc2396Spec,
	RFC2732:      &rfc2732Spec,
	RFC2396bis01: &rfc2396bis01Spec,
	RFC3986:      &rfc3986Spec,
	RFC3987:      &rfc3987Spec,
	RFC6874:      &rfc6874Spec,
	WHATWG:       &whatwgSpec,
}

// desc returns the spec's descriptor. A value that is no Spec constant, such as the Spec
// of the zero Reference, gets an empty one: no feature, no grammar (callers that parse
// or resolve check known first).
func (s Spec) desc() *specDesc {
	if !s.known() {
		return &specDesc{spec: s}
	}
	return specTable[s]
}

// specIDs holds each spec's ID, the one part of a spec that is not in its descriptor.
var specIDs = [numSpecs]string{
	URL1993: "url-1993", RFC1630: "rfc1630", RFC1738: "rfc1738", RFC1808: "rfc1808",
	URLSyntax05: "url-syntax-05", RFC2396: "rfc2396", RFC2732: "rfc2732",
	RFC2396bis01: "rfc2396bis-01", RFC3986: "rfc3986", RFC3987: "rfc3987",
	RFC6874: "rfc6874", WHATWG: "whatwg",
}

// String returns the spec's ID, such as "rfc3986".
func (s Spec) String() string {
	if !s.known() {
		return fmt.Sprintf("Spec(%d)", uint8(s))
	}
	return specIDs[s]
}

// Title is the document's title.
func (s Spec) Title() string { return s.desc().title }

// Date is the document's publication month, as YYYY-MM.
func (s Spec) Date() string { return s.desc().date }

// Document names the document and the part of it that holds the grammar.
func (s Spec) Document() string { return s.desc().document }

// TopRule is the grammar rule a whole reference must match, spelled as the spec prints
// it ("URI-reference"); "" for a value that is no Spec constant.
func (s Spec) TopRule() string {
	if !s.known() {
		return ""
	}
	g := s.grammar()
	return g.ruleName(g.binding.top)
}

// Lineage is where a specification stands among the others, as the documents' headers
// say; documents are named "RFC 3986" or by their draft name.
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

// Lineage returns the spec's document, status, updates and obsoletes relations, as the
// documents' headers give them (RFC 9844, which obsoletes RFC 6874, included).
func (s Spec) Lineage() Lineage {
	in := s.desc()
	l := Lineage{Document: in.name, Status: in.status,
		Updates: list(in.updates), Obsoletes: list(in.obsoletes),
		UpdatedBy: []string{}, ObsoletedBy: list(in.obsoletedElsewhere), Became: in.became}
	for _, other := range specTable[1:] {
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
		if specIDs[s] == id {
			return s, nil
		}
	}
	var ids []string
	for _, s := range Specs() {
		ids = append(ids, s.String())
	}
	return 0, fmt.Errorf("unknown spec %q (known: %s)", id, strings.Join(ids, ", "))
}
