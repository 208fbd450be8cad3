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
		}
	}
	b.Run("net-url", perURI(b, n, func(s string) { url.Parse(s) }))
}
