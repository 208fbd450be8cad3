package uri_test

import (
	"compress/gzip"
	"io"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/urispec/urispec/uri"
)

// corpora holds the copies of the test corpora (testdata/corpora/README.md gives their
// provenance).
const corpora = "../testdata/corpora/"

// benchCorpus is a list of URLs that the benchmarks run on, named for their sub-benchmarks.
type benchCorpus struct {
	name  string
	lines []string
}

// benchCorpora returns the benchmark corpora, which are of different kinds: realworld,
// links gathered from software documentation (mostly https), and gosrc, a file: URL for
// every file of the Go source tree (long paths, no host).
func benchCorpora(tb testing.TB) []benchCorpus {
	return []benchCorpus{
		{"realworld", gzipLines(tb, "realworld-urls.txt.gz")},
		{"gosrc", gzipLines(tb, "gosrc-file-urls.txt.gz")},
	}
}

// gzipLines returns every line of a gzip-compressed corpus file.
func gzipLines(tb testing.TB, name string) []string {
	f, err := os.Open(corpora + name)
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

// pass is one function to time over a list of lines.
type pass struct {
	lines []string
	f     func(string)
}

// run calls f on every line and returns the time it took.
func (p pass) run() time.Duration {
	start := time.Now()
	for _, l := range p.lines {
		p.f(l)
	}
	return time.Since(start)
}

// bytes is the length of all the lines.
func (p pass) bytes() int {
	n := 0
	for _, l := range p.lines {
		n += len(l)
	}
	return n
}

// sideBySide returns a benchmark that, on every iteration, times a pass of p and then a
// pass of ref, and reports p's ns/uri and ns/byte, ref's ns/<unit>, and the ratio of p's
// time to ref's per unit ("uri" or "byte") as x-<refName>. Timed in turn within one run,
// the ratio holds when the load of the machine changes, which separate runs' times do not.
// (ns/op is the time of both passes.)
func sideBySide(p pass, refName, unit string, ref pass) func(*testing.B) {
	per := func(q pass) float64 { return float64(len(q.lines)) }
	if unit == "byte" {
		per = func(q pass) float64 { return float64(q.bytes()) }
	}
	return func(b *testing.B) {
		var t, tRef time.Duration
		for range b.N {
			t += p.run()
			tRef += ref.run()
		}
		ns := float64(t.Nanoseconds()) / float64(b.N)
		nsRef := float64(tRef.Nanoseconds()) / float64(b.N)
		b.ReportMetric(ns/float64(len(p.lines)), "ns/uri")
		b.ReportMetric(ns/float64(p.bytes()), "ns/byte")
		b.ReportMetric(nsRef/per(ref), refName+"-ns/"+unit)
		b.ReportMetric((ns/per(p))/(nsRef/per(ref)), "x-"+refName)
	}
}

// netURL is url.Parse, the reference the speed targets are ratios to.
func netURL(s string) { url.Parse(s) }

// BenchmarkRealWorld parses every line of each benchmark corpus with each spec's parser
// (rfc3986 also with Validate and ParseInto), each timed in turn with Go's net/url on
// the same lines: x-net-url is the ratio to net/url.
func BenchmarkRealWorld(b *testing.B) {
	for _, c := range benchCorpora(b) {
		b.Run(c.name, func(b *testing.B) {
			for _, spec := range uri.Specs() {
				p, err := uri.NewParser(spec)
				if err != nil {
					b.Fatal(err)
				}
				vs := func(name string, f func(string)) {
					b.Run(name, sideBySide(pass{c.lines, f}, "net-url", "uri", pass{c.lines, netURL}))
				}
				vs("urispec-"+spec.String(), func(s string) { p.Parse(s) })
				if spec == uri.RFC3986 {
					vs("urispec-rfc3986-validate", func(s string) { p.Validate(s) })
					var r uri.Reference
					vs("urispec-rfc3986-parseinto", func(s string) { p.ParseInto(s, &r) })
				}
			}
		})
	}
}

// BenchmarkParseStages times the steps of an rfc3986 Parse on each benchmark corpus, as
// cumulative stages (uri.ParseStages), each in turn with net/url: validating without a
// syntax tree, recording it, copying it out, filling a reused Reference (ParseInto), and
// Parse.
func BenchmarkParseStages(b *testing.B) {
	for _, c := range benchCorpora(b) {
		p, err := uri.NewParser(uri.RFC3986)
		if err != nil {
			b.Fatal(err)
		}
		for _, st := range uri.ParseStages(p) {
			b.Run(c.name+"/"+st.Name, sideBySide(pass{c.lines, st.F}, "net-url", "uri", pass{c.lines, netURL}))
		}
	}
}

// BenchmarkVerdicts splits each benchmark corpus, for each spec, into the lines the spec
// accepts and the lines it rejects, and parses each part on one reused Parser (Parse,
// with components; a rejected line builds its *Error, whose offset and rule are exact).
// accepted is timed in turn with net/url on the same lines (x-net-url); rejected, and
// rejected-expected (which also asks each error for its Expected set), in turn with the
// accepted part, per byte since the lengths differ (x-accepted: a rejection's cost
// against an acceptance of the same length).
func BenchmarkVerdicts(b *testing.B) {
	for _, c := range benchCorpora(b) {
		for _, spec := range uri.Specs() {
			p, err := uri.NewParser(spec)
			if err != nil {
				b.Fatal(err)
			}
			var accepted, rejected []string
			for _, l := range c.lines {
				if p.Validate(l) == nil {
					accepted = append(accepted, l)
				} else {
					rejected = append(rejected, l)
				}
			}
			name := c.name + "/" + spec.String()
			parse := func(s string) { p.Parse(s) }
			acc := pass{accepted, parse}
			b.Run(name+"/accepted", sideBySide(acc, "net-url", "uri", pass{accepted, netURL}))
			if len(rejected) == 0 {
				continue
			}
			b.Run(name+"/rejected", sideBySide(pass{rejected, parse}, "accepted", "byte", acc))
			b.Run(name+"/rejected-expected", sideBySide(pass{rejected, func(s string) {
				if _, err := p.Parse(s); err != nil {
					err.(*uri.Error).Expected()
				}
			}}, "accepted", "byte", acc))
		}
	}
}
