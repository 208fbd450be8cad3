// Package engine lets the sub-packages of uri run a rule of a grammar that package uri
// compiles. Package uri owns every generated parser (gen/), its pools and the finding
// of an error's offset, rule and expected set; a sub-package that reads its own types
// from a grammar's syntax tree (uri/template, uri/rfc1738) runs the grammar through the
// two functions here, which package uri sets when it is initialised. A sub-package
// imports uri, so they are set before it runs.
package engine

// The grammars that a sub-package runs, by name.
const (
	Template = "rfc6570" // RFC 6570's URI-Template (gen/rfc6570)
	RFC1738  = "rfc1738" // RFC 1738's URL, for the rules of its ten schemes (gen/rfc1738)
)

// Grammars runs the grammars; package uri sets it when it is initialised. It is an
// interface rather than two functions so that a program that imports no sub-package
// links neither grammar: the linker keeps the method of a value stored in an interface
// only where a call of that method can run, and only Accepts and Run below call them,
// whereas a function stored in a variable is linked with the package that stores it.
var Grammars interface {
	Accepts(grammar string, rule int, s string) bool
	Run(grammar string, rule int, s string, record *[4]uint64, read func(tokens [][3]int32)) error
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
