//go:build tools

// This file pins the parser generator in go.mod, so that `go generate ./...` runs
// github.com/pointlander/peg v1.0.1 on every machine (no other version is served here).
package tools

import _ "github.com/pointlander/peg"
