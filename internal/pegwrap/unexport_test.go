package main

import (
	"strings"
	"testing"
)

// TestUnexportRuntime checks that a generated package says what it is and exports only
// the API package uri calls: peg's runtime names are renamed, the API's are kept.
func TestUnexportRuntime(t *testing.T) {
	got := generate(t, "# pegwrap: entries top\n# pegwrap: tokens top\ntop <- [a-z]+ !.\n")
	for _, s := range []string{
		"// Package tiny is the validating parser of grammar/tiny.peg, generated from it by\n" +
			"// github.com/pointlander/peg v1.0.1 through internal/pegwrap. It is not for import:\n",
		"func (p *Parser) pegParse(rule ...int) error {", "func (p *Parser) pegInit(", "\tpegBuffer string\n",
		"func (t *tokens32) pegTokens() []token32 {", "func (p *Parser) Tokens(dst [][3]int32) [][3]int32 {",
		"func (p *Parser) Run(s string, rule int) bool {",
	} {
		if !strings.Contains(got, s) {
			t.Errorf("output lacks %q", s)
		}
	}
	for _, s := range []string{"func (p *Parser) Parse(", "func (p *Parser) Init(", "func Pretty(", "\tBuffer string\n"} {
		if strings.Contains(got, s) {
			t.Errorf("output still has %q", s)
		}
	}
	if err := checkExported([]byte(got)); err != nil {
		t.Error(err)
	}
}

// TestUnexportRuntimeNames checks the renaming on a small file: a selector of an imported
// package keeps its name, and a runtime name peg's output no longer declares stops it.
func TestUnexportRuntimeNames(t *testing.T) {
	var src strings.Builder
	src.WriteString("package x\n\nimport \"fmt\"\n\ntype tokens32 struct{}\n\n")
	for _, n := range runtimeNames {
		src.WriteString("func (tokens32) " + n + "() {}\n")
	}
	src.WriteString("\nfunc f(t tokens32) { fmt.Print(); t.Print(); t.Tokens() }\n")
	out, err := unexportRuntime([]byte(src.String()))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "fmt.Print(); t.pegPrint(); t.pegTokens()") {
		t.Errorf("calls renamed wrongly:\n%s", out)
	}
	if err := checkExported(out); err != nil {
		t.Error(err)
	}
	if _, err := unexportRuntime([]byte(strings.Replace(src.String(), ") Trim()", ") trim()", 1))); err == nil {
		t.Error("a runtime name that is not declared was accepted")
	}
}

// TestCheckExported checks that a generated file exporting a name outside the API is
// refused, with the names.
func TestCheckExported(t *testing.T) {
	src := "package x\n\ntype Parser struct{ Buffer string }\n\nfunc (p *Parser) Parse() {}\nfunc (p *Parser) Run() {}\n"
	err := checkExported([]byte(src))
	if err == nil || !strings.Contains(err.Error(), "Buffer, Parse") {
		t.Errorf("got %v, want an error naming Buffer and Parse", err)
	}
}
