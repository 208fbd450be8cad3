// Package subtest names the rows of table tests, so that each row runs as a subtest of
// its own: go test -run 'TestX/name' runs one row, and a failure names its row.
package subtest

import (
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// maxName is the length in bytes past which Name shortens an input: a row's name is for
// finding the row, and the row's messages carry the whole input.
const maxName = 48

// Name returns s as a subtest name that can be copied from go test's output into -run:
// a slash, which -run reads as a level of subtests, becomes U+2215 (∕), an empty s is
// "empty", and a long s is cut at maxName bytes with "…". testing.T.Run itself replaces
// spaces, escapes unprintable characters and makes repeated names unique (#01).
func Name(s string) string {
	if s == "" {
		return "empty"
	}
	if len(s) > maxName {
		cut := maxName
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return strings.ReplaceAll(s, "/", "\u2215")
}

// Args returns a command line as a subtest name (Name): the arguments joined by spaces,
// with an absolute path (a test's temporary or repository file) given by its base name,
// so that the name is the same in every checkout and every run.
func Args(args []string) string {
	words := make([]string, len(args))
	for i, a := range args {
		if filepath.IsAbs(a) {
			a = filepath.Base(a)
		}
		words[i] = a
	}
	return Name(strings.Join(words, " "))
}
