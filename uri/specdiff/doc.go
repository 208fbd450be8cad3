// Package specdiff computes the exact difference of the languages of two grammars that
// urispec carries: which strings one spec version accepts and the other rejects, and why.
//
// Each grammar's ABNF (grammar/*.abnf, grammar/schemes/*.abnf) is compiled at generation
// into a minimal deterministic automaton over bytes whose states know the grammar rules
// active in them (gen/automata, internal/specdiffgen); this package reads those tables and
// needs no ABNF engine. Diff compares two Languages: for each of A ∖ B and B ∖ A, whether
// it is empty, finite or infinite, the number of its strings of each length, and its
// classes, each keyed by the rule of one language that goes on reading, the rule of the
// other that stops and the bytes at which it stops, with its shortest witness in shortlex
// order; the verdict; and the classes of strings both accept whose bytes belong to other
// components. Report.Classify names the class of one string by walking both automata.
// Language.WMethod builds the W-method test suite of a language's minimal automaton.
//
// Package uri does not import this package: its importers pay for neither the tables nor
// the code. urispec diff is the command (docs/cli.md), docs/changes.md its account of the
// whole lineage, and docs/verification.md says how the automata are built and checked.
package specdiff
