package whatwgurl

import (
	"fmt"
	"net/url"
	"testing"
	"time"

	"github.com/urispec/urispec/internal/scaling"
	"github.com/urispec/urispec/internal/testcorpus"
)

// comparedParsers are the parsers BenchmarkCorpora and BenchmarkScalingCompared time:
// this package's, and net/url's url.Parse (the reference of urispec's speed figures).
var comparedParsers = []struct {
	name  string
	parse func(string)
}{
	{"whatwgurl", func(s string) { Parse(s) }},
	{"net-url", func(s string) { url.Parse(s) }},
}

// corpusLines returns the lines of a gzip-compressed corpus of testdata/corpora.
func corpusLines(tb testing.TB, name string) []string {
	return testcorpus.Lines(tb, "testdata/corpora/"+name)
}

// BenchmarkCorpora parses every line of urispec's two benchmark corpora (realworld:
// links from software documentation; gosrc: a file: URL for every file of the Go
// source tree) with each compared parser, in turn, a tenth of the corpus at a time, so
// that the parsers see the same load of the machine: ns/line for each, and each one's
// time as a ratio to net/url's (x-net-url).
func BenchmarkCorpora(b *testing.B) {
	for _, corpus := range []string{"realworld", "gosrc"} {
		lines := corpusLines(b, map[string]string{"realworld": "realworld-urls.txt.gz", "gosrc": "gosrc-file-urls.txt.gz"}[corpus])
		b.Run(corpus, func(b *testing.B) {
			times := make([]time.Duration, len(comparedParsers))
			const chunks = 10
			for b.Loop() {
				for i := range chunks {
					part := lines[i*len(lines)/chunks : (i+1)*len(lines)/chunks]
					for k, p := range comparedParsers {
						start := time.Now()
						for _, l := range part {
							p.parse(l)
						}
						times[k] += time.Since(start)
					}
				}
			}
			perLine := func(k int) float64 { return float64(times[k].Nanoseconds()) / float64(b.N*len(lines)) }
			for k, p := range comparedParsers {
				b.ReportMetric(perLine(k), p.name+"-ns/line")
				if p.name != "net-url" {
					b.ReportMetric(perLine(k)/perLine(1), p.name+"-x-net-url")
				}
			}
		})
	}
}

// BenchmarkScalingCompared parses every shape of scaling_test.go at 64 KiB and 1 MiB
// with each compared parser (ns/byte; for a linear parser the same at both sizes).
func BenchmarkScalingCompared(b *testing.B) {
	for _, sh := range shapes {
		if sh.grownBase || sh.base != "" {
			continue // a base: net/url's Parse takes none
		}
		slow := map[string]time.Duration{} // a parser's time on the shape at 64 KiB
		for _, n := range []int{64 << 10, 1 << 20} {
			in, _ := sh.at(n)
			for _, p := range comparedParsers {
				if n == 64<<10 {
					start := time.Now()
					p.parse(in)
					slow[p.name] = time.Since(start)
				}
				b.Run(fmt.Sprintf("%s/%s/%s", sh.name, scaling.SizeName(n), p.name), func(b *testing.B) {
					if d := slow[p.name]; n > 64<<10 && d > time.Second {
						b.Skipf("%s took %v at 64 KiB: at 16 times the bytes, a quadratic parser takes 256 times as long", p.name, d)
					}
					b.SetBytes(int64(len(in)))
					for b.Loop() {
						p.parse(in)
					}
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(in)), "ns/byte")
				})
			}
		}
	}
}
