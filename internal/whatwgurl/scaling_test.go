package whatwgurl

import (
	"errors"
	"strings"
	"testing"

	"github.com/urispec/urispec/internal/scaling"
)

// A shape is an input made by repeating a unit to a length: the inputs that would make
// a parser quadratic if it re-read or copied what it has read for each unit.
type shape struct {
	name              string
	prefix, unit, end string
	base              string // the base URL, "" for none
	// grown: the base is prefix and the repeated unit, the input is end.
	grownBase bool
}

// shapes are the repeated inputs the parser is measured on: one for each part of the
// state machine and host parser that reads an unbounded run (TestStepsLinear,
// BenchmarkScaling).
var shapes = []shape{
	{name: "at-signs", prefix: "http://", unit: "a@", end: "h/"},
	{name: "userinfo", prefix: "http://", unit: "a", end: "@h/"},
	{name: "password", prefix: "http://u:", unit: "p:", end: "@h/"},
	{name: "segments", prefix: "http://h/", unit: "a/"},
	{name: "dot-dot", prefix: "http://h/", unit: "../"},
	{name: "segment-dot-dot", prefix: "http://h/", unit: "a/../"},
	{name: "pct2e", prefix: "http://h/", unit: "%2e%2E/"},
	{name: "escapes", prefix: "http://h/", unit: "%41"},
	{name: "query", prefix: "http://h/?", unit: "a="},
	{name: "fragment", prefix: "http://h/#", unit: "a b"},
	{name: "opaque-spaces", prefix: "foo:", unit: "a "},
	{name: "host-label", prefix: "http://", unit: "a", end: "/"},
	{name: "host-labels", prefix: "http://", unit: "a.", end: "com/"},
	{name: "host-underscores", prefix: "http://", unit: "a_", end: "/"},
	{name: "host-escapes", prefix: "http://", unit: "%61", end: "/"},
	{name: "ipv4-dots", prefix: "http://", unit: "1.", end: "/"},
	{name: "ipv4-number", prefix: "http://0x", unit: "f", end: "/"},
	{name: "ipv6", prefix: "http://[", unit: "1:", end: "]/"},
	{name: "idn-label", prefix: "http://", unit: "é", end: "/"},
	{name: "idn-labels", prefix: "http://", unit: "bücher.", end: "de/"},
	{name: "idn-distinct", prefix: "http://", unit: "\u4e00\u4e01\u4e02\u4e03\u4e04\u4e05\u4e06\u4e07.", end: "/"},
	{name: "punycode-labels", prefix: "http://", unit: "xn--bcher-kva.", end: "/"},
	{name: "opaque-host", prefix: "foo://", unit: "a%", end: "/"},
	{name: "port-digits", prefix: "http://h:", unit: "0", end: "/"},
	{name: "slashes", prefix: "http:", unit: `/\`, end: "h/"},
	{name: "tabs", prefix: "http://h/", unit: "a\t"},
	{name: "spaces", prefix: " ", unit: " ", end: "http://h/ "},
	{name: "invalid-utf8", prefix: "http://h/", unit: "\xff\xe2\x82"},
	{name: "file-drive-letters", prefix: "file:///", unit: "c|/"},
	{name: "relative-dot-dot", unit: "../", base: "http://h/" + strings.Repeat("a/", 64)},
	{name: "relative-long-base", prefix: "http://h/", unit: "b/", end: "a", grownBase: true},
	{name: "file-long-base", prefix: "file:///", unit: "b/", end: "..", grownBase: true},
}

// at returns the shape's input and base at about n bytes.
func (sh shape) at(n int) (input, base string) {
	k := max(1, (n-len(sh.prefix)-len(sh.end))/len(sh.unit))
	grown := sh.prefix + strings.Repeat(sh.unit, k)
	if sh.grownBase {
		return sh.end, grown
	}
	return grown + sh.end, sh.base
}

// parsed returns the shape's input and its base, parsed, at about n bytes.
func (sh shape) parsed(tb testing.TB, n int) (string, URL) {
	in, b := sh.at(n)
	if b == "" {
		return in, URL{}
	}
	base, err := Parse(b)
	if err != nil {
		tb.Fatal(err)
	}
	return in, base
}

// steps parses the shape at about n bytes and returns the parser's count of steps per
// byte of input and base.
func (sh shape) steps(tb testing.TB, n int) float64 {
	in, base := sh.parsed(tb, n)
	var p parser
	if base.IsZero() {
		p.parse(in, nil)
	} else {
		p.parse(in, &base)
	}
	return float64(p.steps) / float64(len(in)+len(base.Href()))
}

// TestStepsLinear counts the parser's steps on every shape at 64 KiB and 1 MiB: the
// steps per byte of input and base may not grow from one to the other (by more than
// 1%), and no input takes more than 16 steps a byte.
func TestStepsLinear(t *testing.T) {
	const small, large = 64 << 10, 1 << 20
	for _, sh := range shapes {
		t.Run(sh.name, func(t *testing.T) {
			s, l := sh.steps(t, small), sh.steps(t, large)
			if l > 1.01*s {
				t.Errorf("%s: %.2f steps a byte at 64 KiB, %.2f at 1 MiB", sh.name, s, l)
			}
			if l > 16 {
				t.Errorf("%s: %.1f steps a byte", sh.name, l)
			}
			t.Logf("%-20s %5.2f steps a byte at 64 KiB, %5.2f at 1 MiB", sh.name, s, l)
		})
	}
}

// BenchmarkScaling parses every shape at 1 KiB, 64 KiB and 1 MiB, the sizes in turn
// within each iteration (internal/scaling): ns/byte (of input and base) at each size,
// the same at each for a linear parser, and x16, the time of one parse at 1 MiB over
// one at 64 KiB (16 for a linear parser; the target is at most 20). The baseline rows
// (scaling.BenchBaselines) are what the machine gives work linear by construction.
func BenchmarkScaling(b *testing.B) {
	scaling.BenchBaselines(b)
	for _, sh := range shapes {
		b.Run(sh.name, func(b *testing.B) {
			ins := make([]string, len(scaling.Sizes))
			bases := make([]URL, len(scaling.Sizes))
			bytes := make([]int, len(scaling.Sizes))
			for i, n := range scaling.Sizes {
				ins[i], bases[i] = sh.parsed(b, n)
				bytes[i] = len(ins[i]) + len(bases[i].Href())
			}
			scaling.Bench(b, bytes, func(i int) { bases[i].Parse(ins[i]) })
		})
	}
}

// allocPerByte parses the shape at about n bytes and returns the bytes it allocates per
// byte of input and base.
func (sh shape) allocPerByte(tb testing.TB, n int) float64 {
	in, base := sh.parsed(tb, n)
	return scaling.AllocPerByte(func(in string) { base.Parse(in) }, in, len(in)+len(base.Href()))
}

// TestMemoryLinear measures what one parse of every shape allocates at 64 KiB and 1 MiB.
// The bytes per byte of input and base at 1 MiB may be at most 1.5 times those at 64 KiB
// (slices that double as they grow allocate between one and two times what they end up
// holding, depending on where the size falls; a quadratic cost would be 16 times). And
// they are bounded: at most 10 (the serialization, sized from the input, at most three
// bytes a byte of input, nine for a byte that becomes U+FFFD and then %EF%BF%BD; the
// input rebuilt without its tabs and newlines or with U+FFFD), or 100 for a host of
// non-ASCII labels (UTS #46's mapping, normalization and encoding of each label). A
// validation error that recurs once per byte ("\\", "@", a space) is counted past the
// first MaxErrors, not listed.
func TestMemoryLinear(t *testing.T) {
	const small, large = 64 << 10, 1 << 20
	for _, sh := range shapes {
		t.Run(sh.name, func(t *testing.T) {
			s, l := sh.allocPerByte(t, small), sh.allocPerByte(t, large)
			if l > 1.5*s+0.1 {
				t.Errorf("%s: %.2f bytes allocated a byte at 64 KiB, %.2f at 1 MiB", sh.name, s, l)
			}
			limit := 10.0
			if strings.HasPrefix(sh.name, "idn-") {
				limit = 100
			}
			if l > limit {
				t.Errorf("%s: %.1f bytes allocated a byte, more than %g", sh.name, l, limit)
			}
			t.Logf("%-20s %5.2f bytes allocated a byte at 64 KiB, %5.2f at 1 MiB", sh.name, s, l)
		})
	}
}

// TestErrorsBounded: a parse lists at most MaxErrors validation errors (and the one it
// fails on), and counts the others.
func TestErrorsBounded(t *testing.T) {
	const n = 100
	u, err := Parse("http://" + strings.Repeat("a@", n) + "h/")
	if err != nil {
		t.Fatal(err)
	}
	if got := len(u.ValidationErrors()); got != MaxErrors || u.OmittedErrors() != n-MaxErrors {
		t.Errorf("%d invalid-credentials: %d listed, %d omitted; want %d and %d", n, got, u.OmittedErrors(), MaxErrors, n-MaxErrors)
	}
	_, err = Parse("http:" + strings.Repeat(`\`, n) + "h:99999/")
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("%v: no *Error", err)
	}
	last := e.Errors[len(e.Errors)-1]
	if len(e.Errors) != MaxErrors+1 || last.Type != PortOutOfRange || e.Omitted != n+1-MaxErrors {
		t.Errorf("%d errors listed (the last %v), %d omitted; want %d, port-out-of-range and %d", len(e.Errors), last, e.Omitted, MaxErrors+1, n+1-MaxErrors)
	}
}
