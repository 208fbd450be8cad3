package uri_test

import (
	"compress/gzip"
	"io"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/urispec/urispec/uri"
)

// corpora holds the copies of the test corpora (testdata/corpora/README.md gives their
// provenance).
const corpora = "../testdata/corpora/"

// realWorld returns every line of the real-world corpus, which is stored gzip-compressed.
func realWorld(tb testing.TB) []string {
	f, err := os.Open(corpora + "realworld-urls.txt.gz")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		tb.Fatal(err)
	}
	data, err := io.ReadAll(zr)
	if err != nil {
		tb.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
}

// perURI reports time and allocations per input rather than per pass over the corpus.
func perURI(b *testing.B, n int, f func(string)) func(*testing.B) {
	return func(b *testing.B) {
		lines := realWorld(b)[:n]
		b.ReportAllocs()
		b.ResetTimer()
		for range b.N {
			for _, l := range lines {
				f(l)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines)), "ns/uri")
	}
}

// BenchmarkRealWorld parses every line of the real-world corpus with each spec's parser
// and with Go's net/url, in the same run: compare the ns/uri columns.
func BenchmarkRealWorld(b *testing.B) {
	n := len(realWorld(b))
	for _, spec := range uri.Specs() {
		p, err := uri.NewParser(spec)
		if err != nil {
			b.Fatal(err)
		}
		b.Run("urispec-"+spec.String(), perURI(b, n, func(s string) { p.Parse(s) }))
		if spec == uri.RFC3986 {
			b.Run("urispec-rfc3986-validate", perURI(b, n, func(s string) { p.Validate(s) }))
			var r uri.Reference
			b.Run("urispec-rfc3986-parseinto", perURI(b, n, func(s string) { p.ParseInto(s, &r) }))
		}
	}
	b.Run("net-url", perURI(b, n, func(s string) { url.Parse(s) }))
}

// BenchmarkParseStages times the steps of an rfc3986 Parse on the real-world corpus, as
// cumulative stages (uri.ParseStages): validating without a syntax tree, recording it,
// copying it out, filling a reused Reference (ParseInto), and Parse, which allocates one.
func BenchmarkParseStages(b *testing.B) {
	n := len(realWorld(b))
	p, err := uri.NewParser(uri.RFC3986)
	if err != nil {
		b.Fatal(err)
	}
	for _, st := range uri.ParseStages(p) {
		b.Run(st.Name, perURI(b, n, st.F))
	}
	b.Run("net-url", perURI(b, n, func(s string) { url.Parse(s) }))
}

// perByte is perURI that also reports time per byte of input, so that the rejected and
// the accepted lines of a spec, whose lengths differ, can be compared.
func perByte(lines []string, f func(string)) func(*testing.B) {
	n := 0
	for _, l := range lines {
		n += len(l)
	}
	return func(b *testing.B) {
		b.ReportAllocs()
		b.ResetTimer()
		for range b.N {
			for _, l := range lines {
				f(l)
			}
		}
		ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
		b.ReportMetric(ns/float64(len(lines)), "ns/uri")
		b.ReportMetric(ns/float64(n), "ns/byte")
	}
}

// BenchmarkVerdicts splits the real-world corpus, for each spec, into the lines the spec
// accepts and the lines it rejects, and parses each part on one reused Parser (Parse,
// with components; a rejected line builds its *Error, whose offset and rule are exact);
// rejected-expected also asks each error for its Expected set; net-url parses the
// accepted part with url.Parse in the same run. Compare ns/byte of rejected with
// accepted (the target: a rejected string costs at most twice an accepted one of the same
// length), and ns/uri of accepted with its net-url.
func BenchmarkVerdicts(b *testing.B) {
	all := realWorld(b)
	for _, spec := range uri.Specs() {
		p, err := uri.NewParser(spec)
		if err != nil {
			b.Fatal(err)
		}
		var accepted, rejected []string
		for _, l := range all {
			if p.Validate(l) == nil {
				accepted = append(accepted, l)
			} else {
				rejected = append(rejected, l)
			}
		}
		parse := func(s string) { p.Parse(s) }
		b.Run(spec.String()+"/accepted", perByte(accepted, parse))
		b.Run(spec.String()+"/accepted-net-url", perByte(accepted, func(s string) { url.Parse(s) }))
		b.Run(spec.String()+"/rejected", perByte(rejected, parse))
		b.Run(spec.String()+"/rejected-expected", perByte(rejected, func(s string) {
			if _, err := p.Parse(s); err != nil {
				err.(*uri.Error).Expected()
			}
		}))
	}
}
