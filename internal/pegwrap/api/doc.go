// Package api holds api.go, the API of every parser that internal/pegwrap generates:
// the Parser type and its methods (Run, Accepts, RunRecording, Farthest, Tokens, ErrorAt,
// Expected, Collect, Reach, Representative) and RuleID, RuleName and NumRules. pegwrap
// copies api.go into each generated package beside its parser.go, changing only the
// package clause; here it is compiled and tested against parser.go, the parser of
// testdata/tiny.peg, which pegwrap generates without a copy of api.go (gen.go).
//
// The generated parser.go declares what api.go uses: the rule type pegRule and the rule
// names rul3s, matchRule (which runs a rule by its number), the byte sets of the notes
// (noteMask) and the probe classes (probeClass), and whether the passes that record
// notes and reach ran (notesRecorded, reachRecorded).
package api

//go:generate go run .. -grammar testdata/tiny.peg -package api -out parser.go -api=false
