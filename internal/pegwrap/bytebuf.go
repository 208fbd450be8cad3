package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"strconv"
	"strings"
)

// byteBuffer makes the parser read the input's bytes where peg reads runes: Reset copies
// the string into a reused []byte (one memmove) instead of widening each byte into a
// rune, a tenth of an rfc3986 validation. It runs after the passes that read the tests as
// peg writes them (buffer[position] != rune('x'), != endSymbol), before ruleMethods.
//
// peg marks the end of the input with endSymbol, a rune outside the byte range, and
// Collect put a probe symbol (0x100) at its position: no character test accepts either,
// and matchDot tells them apart. A byte buffer has no value outside the byte range, so
// both positions hold the byte filler (0), and matchDot compares the position with the
// end instead of reading the byte. That is exact if no character test accepts filler:
// the noteMask sets that notes.go computed hold every byte that some test, table or
// switch treats otherwise than the probe, and none may hold it. An input byte 0 is then
// read as before: no test accepts it and matchDot consumes it.
//
// Once the buffer holds bytes, the class tables (classes.go, byteset.go) grow to 256
// bytes, the upper half zero, and their tests drop c < 128: a byte indexes the table
// with no bounds check and no comparison, and a byte from 0x80 up fails the test as it
// did, reaching the same else branch (rfc3987's UTF-8). 3 to 7% of an rfc3986
// validation (README, Speed).
func byteBuffer(code []byte) ([]byte, error) {
	if err := fillerUnaccepted(code); err != nil {
		return nil, err
	}
	code, err := applyEdits(code, byteEdits, "byte buffer")
	if err != nil {
		return nil, err
	}
	return byteTables(code)
}

var (
	asciiTableTest = regexp.MustCompile(`if c := uint32\(buffer\[(\w+)\]\); c < 128 && (class\d+)\[c\] != 0 \{`)
	tableDecl      = regexp.MustCompile(`(?m)^const (class\d+) = ("(?:[^"\\\n]|\\.)*")$`)
)

// byteTables widens every class table to 256 bytes and rewrites its tests to index it
// with the byte; a test or a table in any other shape is an error, since the two must
// change together.
func byteTables(code []byte) ([]byte, error) {
	code = asciiTableTest.ReplaceAll(code, []byte("if c := buffer[$1]; $2[c] != 0 {"))
	if bytes.Contains(code, []byte("c < 128")) {
		return nil, fmt.Errorf("byte buffer: a class table test is not in the shape of classes.go")
	}
	code = tableDecl.ReplaceAllFunc(code, func(decl []byte) []byte {
		m := tableDecl.FindSubmatch(decl)
		v, err := strconv.Unquote(string(m[2]))
		if err != nil || len(v) != 128 {
			return decl // refused below
		}
		return fmt.Appendf(nil, "const %s = %q", m[1], v+strings.Repeat("\x00", 128))
	})
	// A table left at another size, or declared in a shape the pattern misses, would be
	// indexed past its end by a byte above 0x7F.
	f, err := parser.ParseFile(token.NewFileSet(), "parser.go", code, 0)
	if err != nil {
		return nil, fmt.Errorf("byte buffer: code does not parse: %w", err)
	}
	if _, err := tableDecls(f, 256); err != nil {
		return nil, fmt.Errorf("byte buffer: %w", err)
	}
	return code, nil
}

var byteEdits = []edit{
	// The Parser's field and Init's variable.
	{regexp.MustCompile(`(?m)^(\t+buffer\s+)\[\]rune$`), "${1}[]byte", 2},
	{regexp.MustCompile(`func translatePositions\(buffer \[\]rune,`), "func translatePositions(buffer []byte,", 1},
	// Reset: reuse the buffer instead of allocating one per input. Positions were byte
	// offsets already (peg's Reset decoded UTF-8; pegwrap's stored a rune per byte).
	{regexp.MustCompile(`(?m)^([ \t]*)p\.buffer = \[\]rune\(p\.Buffer\)\n\s*if len\(p\.buffer\) == 0 \|\| p\.buffer\[len\(p\.buffer\)-1\] != endSymbol \{\n\s*p\.buffer = append\(p\.buffer, endSymbol\)\n\s*\}\n`),
		"${1}p.load(p.Buffer) // see the api\n", 1},
	// matchDot: the end is a position, not a symbol.
	{regexp.MustCompile(`(?m)^(\s*)if buffer\[position\] != endSymbol \{$`), "${1}if int(position) < p.end {", 1},
	// The characters of tests become byte constants (one above 0xff would not compile).
	{regexp.MustCompile(`rune\(('(?:[^'\\]|\\[^']+)')\)`), "$1", -1},
}

// fillerUnaccepted reports an error if some noted byte set holds filler.
func fillerUnaccepted(code []byte) error {
	f, err := parser.ParseFile(token.NewFileSet(), "parser.go", code, 0)
	if err != nil {
		return fmt.Errorf("byte buffer: code does not parse: %w", err)
	}
	found := false
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		for _, s := range g.Specs {
			v := s.(*ast.ValueSpec)
			if len(v.Names) != 1 || v.Names[0].Name != "noteMask" || len(v.Values) != 1 {
				continue
			}
			found = true
			lit, ok := v.Values[0].(*ast.CompositeLit)
			if !ok {
				return fmt.Errorf("byte buffer: noteMask is not a composite literal")
			}
			for k, m := range lit.Elts {
				set, ok := m.(*ast.CompositeLit)
				if !ok || len(set.Elts) != 4 {
					return fmt.Errorf("byte buffer: noteMask[%d] is not four words", k)
				}
				w, ok := set.Elts[filler>>6].(*ast.BasicLit)
				if !ok {
					return fmt.Errorf("byte buffer: noteMask[%d] is not literal", k)
				}
				v, err := strconv.ParseUint(w.Value, 0, 64)
				if err != nil {
					return fmt.Errorf("byte buffer: noteMask[%d]: %w", k, err)
				}
				if v&(1<<(filler&63)) != 0 {
					return fmt.Errorf("byte buffer: a character test accepts byte %#x, the filler of the end and the probe", filler)
				}
			}
		}
	}
	if !found {
		return fmt.Errorf("byte buffer: no noteMask")
	}
	return nil
}

// filler is the byte at the end of the buffer and at Collect's probe (the api declares
// it for the generated code too).
const filler = 0
