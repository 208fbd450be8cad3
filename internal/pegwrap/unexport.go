package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"sort"
	"strings"
)

// A generated package is imported by package uri only, which calls the API that pegwrap
// appends (api in main.go) and nothing else. peg's own runtime (Parse, Reset, Init, the
// syntax-tree printers, the Pretty and Size options, the Buffer field) is exported as if
// it were a library's API; go doc would list it, and a reader would take it for the way
// to use the parser. unexportRuntime renames each of those names to peg<Name>: the prefix
// says whose name it is, and cannot collide with peg's own lower-case names (parse,
// reset, buffer, print are taken).

// runtimeNames are the exported names that peg v1.0.1's output declares, apart from the
// Parser type itself and the methods that satisfy an interface on an unexported type
// (token32's String, parseError's Error).
var runtimeNames = []string{
	"AST", "Add", "Buffer", "Init", "Parse", "Pretty", "PrettyPrint", "PrettyPrintSyntaxTree",
	"Print", "PrintSyntaxTree", "Reset", "Size", "SprintSyntaxTree", "Tokens", "Trim",
	"WriteSyntaxTree",
}

// apiNames are the exported names a generated package may declare: the Parser, the API
// that package uri calls (its machine interface, RuleID, RuleName, NumRules), and String
// and Error.
var apiNames = []string{
	"Accepts", "Collect", "Error", "Farthest", "NumRules", "Parser", "Reach", "Representative",
	"RuleID", "RuleName", "Run", "RunRecording", "String", "Tokens",
}

// unexportRuntime renames every use of a runtime name in code (peg's output after the
// other passes, before the API is appended: peg's tokens32.Tokens is renamed there, the
// API's Parser.Tokens is not) to peg<Name>. A selector of an imported package (fmt.Print)
// keeps its name. It fails if a runtime name is not declared: a change in peg's output
// stops generation.
func unexportRuntime(code []byte) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", code, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	imported := map[string]bool{}
	for _, im := range f.Imports {
		path := strings.Trim(im.Path.Value, `"`)
		imported[path[strings.LastIndex(path, "/")+1:]] = true
	}
	declared := map[string]bool{}
	for _, n := range exportedDecls(f) {
		declared[n] = true
	}
	for _, n := range runtimeNames {
		if !declared[n] {
			return nil, fmt.Errorf("unexport: peg's output declares no %s", n)
		}
	}
	var at []int // offsets of the identifiers to rename
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if x, ok := n.X.(*ast.Ident); ok && imported[x.Name] {
				return false
			}
		case *ast.Ident:
			if slices.Contains(runtimeNames, n.Name) {
				at = append(at, fset.Position(n.Pos()).Offset)
			}
		}
		return true
	})
	var b strings.Builder
	last := 0
	for _, off := range at { // Inspect visits in source order
		b.Write(code[last:off])
		b.WriteString("peg")
		last = off
	}
	b.Write(code[last:])
	return []byte(b.String()), nil
}

// checkExported fails if the generated file declares an exported name that is not in
// apiNames (a new runtime name in peg's output, or one left by a pass).
func checkExported(code []byte) error {
	f, err := parser.ParseFile(token.NewFileSet(), "", code, parser.SkipObjectResolution)
	if err != nil {
		return err
	}
	var extra []string
	for _, n := range exportedDecls(f) {
		if !slices.Contains(apiNames, n) {
			extra = append(extra, n)
		}
	}
	if len(extra) > 0 {
		sort.Strings(extra)
		return fmt.Errorf("exported names that package uri does not use: %s", strings.Join(slices.Compact(extra), ", "))
	}
	return nil
}

// exportedDecls lists the exported names f declares: functions, methods, types,
// constants, variables and struct fields.
func exportedDecls(f *ast.File) []string {
	var names []string
	add := func(id *ast.Ident) {
		if id != nil && id.IsExported() {
			names = append(names, id.Name)
		}
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			add(d.Name)
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					add(s.Name)
					if st, ok := s.Type.(*ast.StructType); ok {
						for _, fl := range st.Fields.List {
							for _, id := range fl.Names {
								add(id)
							}
						}
					}
				case *ast.ValueSpec:
					for _, id := range s.Names {
						add(id)
					}
				}
			}
		}
	}
	return names
}
