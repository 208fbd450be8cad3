// Package gen holds one generated parser per grammar, each in its own package because
// peg's generated names would collide: gen/<spec>/ for the spec versions' grammars
// (grammar/<spec>.peg) and gen/schemes/<scheme>/ for the scheme grammars
// (grammar/schemes/<scheme>.peg). None of them is for import: package uri is the API,
// and calls them. Nothing here is written by hand except this file: run
// `go generate ./...` (or `make generate`) after changing grammar/.
//
// Each line compiles every .peg file of a directory (pegwrap -dir): a new grammar file
// is picked up without a change here, its package named after the file without "-"
// (url-syntax-05.peg: urlsyntax05). The last line builds gen/automata, the minimal automata
// that package specdiff compares, from the ABNF of every grammar (internal/specdiffgen).
package gen

//go:generate go run ../internal/pegwrap -dir ../grammar -outdir .
//go:generate go run ../internal/pegwrap -dir ../grammar/schemes -outdir schemes
//go:generate go run ../internal/specdiffgen -grammar ../grammar -out automata
