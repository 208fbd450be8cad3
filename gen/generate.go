// Package gen holds one generated parser per specification version, each in its own
// package because peg's generated names would collide. None of them is for import:
// package uri is the API, and calls them. Nothing here is written by hand except this
// file: run `go generate ./...` (or `make generate`) after changing grammar/.
package gen

//go:generate go run ../internal/pegwrap -grammar ../grammar/rfc3986.peg -package rfc3986 -out rfc3986/parser.go
//go:generate go run ../internal/pegwrap -grammar ../grammar/rfc1738.peg -package rfc1738 -out rfc1738/parser.go
//go:generate go run ../internal/pegwrap -grammar ../grammar/rfc1808.peg -package rfc1808 -out rfc1808/parser.go
//go:generate go run ../internal/pegwrap -grammar ../grammar/url-1993.peg -package url1993 -out url1993/parser.go
//go:generate go run ../internal/pegwrap -grammar ../grammar/url-syntax-05.peg -package urlsyntax05 -out urlsyntax05/parser.go
//go:generate go run ../internal/pegwrap -grammar ../grammar/rfc2396.peg -package rfc2396 -out rfc2396/parser.go
//go:generate go run ../internal/pegwrap -grammar ../grammar/rfc2732.peg -package rfc2732 -out rfc2732/parser.go
//go:generate go run ../internal/pegwrap -grammar ../grammar/rfc2396bis-01.peg -package rfc2396bis01 -out rfc2396bis01/parser.go
//go:generate go run ../internal/pegwrap -grammar ../grammar/rfc3987.peg -package rfc3987 -out rfc3987/parser.go
//go:generate go run ../internal/pegwrap -grammar ../grammar/rfc6874.peg -package rfc6874 -out rfc6874/parser.go
//go:generate go run ../internal/pegwrap -grammar ../grammar/whatwg.peg -package whatwg -out whatwg/parser.go
