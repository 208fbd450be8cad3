// Package engine gives the sub-packages of uri what package uri holds and does not
// export. Package uri owns every generated parser (gen/), its pools and the finding of
// an error's offset, rule and expected set, and every spec's descriptor: a sub-package
// that reads its own types from a grammar's syntax tree (uri/template, uri/rfc1738) runs
// the grammar through Accepts and Run, and uri/hazard reads what a spec's descriptor
// says of its hazards through SpecOf and RemoveDotSegments. Package uri sets the
// functions when it is initialised; a sub-package imports uri, so they are set before it
// runs.
package engine

// The grammars that a sub-package runs, by name.
const (
	Template = "rfc6570" // RFC 6570's URI-Template (gen/rfc6570)
	RFC1738  = "rfc1738" // RFC 1738's URL, for the rules of its ten schemes (gen/rfc1738)
)

// Grammars runs the grammars and reads the descriptors; package uri sets it when it is
// initialised. It is an interface rather than functions so that a program that imports
// no sub-package links no grammar through it: the linker keeps the method of a value
// stored in an interface only where a call of that method can run, and only the
// functions below call them, whereas a function stored in a variable is linked with the
// package that stores it (SpecOf reads the spec table, which reaches every parser).
var Grammars interface {
	Accepts(grammar string, rule int, s string) bool
	Run(grammar string, rule int, s string, record *[4]uint64, read func(tokens [][3]int32)) error
	SpecOf(spec uint8) Spec
	RemoveDotSegments(path string) string
}

// Accepts reports whether rule (a rule number of the grammar's generated package) derives
// s. It allocates nothing.
func Accepts(grammar string, rule int, s string) bool { return Grammars.Accepts(grammar, rule, s) }

// Run parses s with rule. When s matches, it calls read with the syntax tree (the tokens
// of the rules in record, or of every token rule when record is nil, in post-order: rule
// number, begin, end), which is valid only during the call, and returns nil. Otherwise it
// returns the grammar's *uri.Error: the offset and rule where s stops matching, and
// Expected on demand.
func Run(grammar string, rule int, s string, record *[4]uint64, read func(tokens [][3]int32)) error {
	return Grammars.Run(grammar, rule, s, record, read)
}

// Family is the document whose security sections a spec's hazards cite; the zero Family
// is none (a value that is no spec).
type Family uint8

// The families: RFC 3986's, which every spec without a section of its own cites, and
// those of the documents that number their security sections otherwise.
const (
	FamRFC3986 Family = iota + 1
	FamBis01
	FamRFC2396
	FamSyntax05
	FamRFC1738
	NumFamilies
)

// Spec is what uri/hazard reads of a spec's descriptor.
type Spec struct {
	Family Family
	// IRI: references are IRIs (RFC 3987), whose hosts get the IRI hazards.
	IRI bool
	// WholeAuthority: the grammar does not split the authority (RFC 1808's net_loc).
	WholeAuthority bool
}

// SpecOf returns what the descriptor of the spec (a uri.Spec) says; the zero Spec for a
// value that is no spec.
func SpecOf(spec uint8) Spec { return Grammars.SpecOf(spec) }

// RemoveDotSegments is RFC 3986's remove_dot_segments (section 5.2.4), with which
// uri/hazard compares a path with a reader's normalized one.
func RemoveDotSegments(path string) string { return Grammars.RemoveDotSegments(path) }
