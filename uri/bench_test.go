package uri_test

import (
	"net/url"
	"slices"
	"testing"
	"time"

	"github.com/urispec/urispec/internal/testcorpus"
	"github.com/urispec/urispec/uri"
)

// benchCorpus is a list of URLs that the benchmarks run on, named for their sub-benchmarks.
type benchCorpus struct {
	name  string
	lines []string
}

// benchCorpora returns the benchmark corpora, which are of different kinds: realworld,
// links gathered from software documentation (mostly https); gosrc, a file: URL for
// every file of the Go source tree (long paths, no host); and loader, file: URLs with a
// query string, as a Node.js program makes them to import a module afresh, every one of
// which rfc3986's file grammar (RFC 8089) rejects.
func benchCorpora(tb testing.TB) []benchCorpus {
	return []benchCorpus{
		{"realworld", gzipLines(tb, "realworld-urls.txt.gz")},
		{"gosrc", gzipLines(tb, "gosrc-file-urls.txt.gz")},
		{"loader", gzipLines(tb, "loader-file-urls.txt.gz")},
	}
}

// benchParser is a parser the spec benchmarks time, named for its sub-benchmarks.
type benchParser struct {
	name string
	p    *uri.Parser
}

// benchParsers returns, for each spec, its own grammar's parser (grammarParser, named
// for the spec) and, for a spec whose NewParser applies scheme grammars by default
// (rfc3986, rfc3987), that default parser too, named <spec>-schemes: the spec
// benchmarks report the default path next to the generic one.
func benchParsers(tb testing.TB) []benchParser {
	var ps []benchParser
	for _, spec := range uri.Specs() {
		ps = append(ps, benchParser{spec.String(), grammarParser(tb, spec)})
		if p, err := uri.NewParser(spec); err == nil && p.SchemeGrammars() {
			ps = append(ps, benchParser{spec.String() + "-schemes", p})
		}
	}
	return ps
}

// gzipLines returns every line of a gzip-compressed corpus of testdata/corpora
// (testdata/corpora/README.md gives their provenance).
func gzipLines(tb testing.TB, name string) []string {
	return testcorpus.Lines(tb, "testdata/corpora/"+name)
}

// pass is one function to time over a list of lines.
type pass struct {
	lines []string
	f     func(string)
}

// run calls f on the lines of chunk i of n (the lines cut into n parts of about equal
// count), reps times over, and returns the time it took.
func (p pass) run(i, n, reps int) time.Duration {
	lines := p.lines[i*len(p.lines)/n : (i+1)*len(p.lines)/n]
	start := time.Now()
	for range reps {
		for _, l := range lines {
			p.f(l)
		}
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

// chunks is how many parts sideBySide cuts a pass into: a part of the real-world corpus
// is about 9,400 lines, about a millisecond of urispec's work, long enough that the
// other's pass just before leaves it no cold caches to speak of.
const chunks = 10

// minLines is how many lines sideBySide runs at least per iteration, repeating a short
// list.
const minLines = 10000

// sideBySide returns a benchmark that, on every iteration, runs p and ref over their
// lines in turn, one chunk of each at a time, and reports p's ns/uri and ns/byte, ref's
// ns/<unit>, and the ratio of p's time to ref's per unit ("uri" or "byte") as
// x-<refName>. Timed in turn every few milliseconds, the two see the same load of the
// machine, so the ratio holds when the load changes, which the times of separate runs do
// not. (ns/op is the time of both.)
func sideBySide(p pass, refName, unit string, ref pass) func(*testing.B) {
	per := func(q pass) float64 { return float64(len(q.lines)) }
	if unit == "byte" {
		per = func(q pass) float64 { return float64(q.bytes()) }
	}
	// A part of a corpus can be a few lines (the lines a spec rejects): each iteration
	// runs at least minLines lines.
	reps := max(1, minLines/max(1, len(p.lines)))
	return func(b *testing.B) {
		var t, tRef time.Duration
		for range b.N {
			for i := range chunks {
				t += p.run(i, chunks, reps)
				tRef += ref.run(i, chunks, reps)
			}
		}
		ns := float64(t.Nanoseconds()) / float64(b.N*reps)
		nsRef := float64(tRef.Nanoseconds()) / float64(b.N*reps)
		b.ReportMetric(ns/float64(len(p.lines)), "ns/uri")
		b.ReportMetric(ns/float64(p.bytes()), "ns/byte")
		b.ReportMetric(nsRef/per(ref), refName+"-ns/"+unit)
		b.ReportMetric((ns/per(p))/(nsRef/per(ref)), "x-"+refName)
	}
}

// netURL is url.Parse, the reference the speed targets are ratios to.
func netURL(s string) { url.Parse(s) }

// BenchmarkRealWorld parses every line of each benchmark corpus with each spec's parser
// (rfc3986 also with Validate), each timed in turn with Go's net/url on the same lines:
// x-net-url is the ratio to net/url. Each spec's own grammar is timed (grammarParser:
// rfc3986 and rfc3987 without the scheme grammars), and the default parser of a spec
// with scheme grammars beside it (benchParsers: urispec-rfc3986-schemes).
func BenchmarkRealWorld(b *testing.B) {
	for _, c := range benchCorpora(b) {
		b.Run(c.name, func(b *testing.B) {
			for _, bp := range benchParsers(b) {
				p := bp.p
				vs := func(name string, f func(string)) {
					b.Run(name, sideBySide(pass{c.lines, f}, "net-url", "uri", pass{c.lines, netURL}))
				}
				vs("urispec-"+bp.name, func(s string) { p.Parse(s) })
				if p.Spec() == uri.RFC3986 {
					vs("urispec-"+bp.name+"-validate", func(s string) { p.Validate(s) })
				}
			}
		})
	}
}

// BenchmarkParseStages times the steps of an rfc3986 Parse on each benchmark corpus, as
// cumulative stages (uri.ParseStages), each in turn with net/url: validating without a
// syntax tree, recording it, copying it out, filling a Reference kept from one input to
// the next, and Parse, which fills the Reference it returns.
func BenchmarkParseStages(b *testing.B) {
	for _, c := range benchCorpora(b) {
		p := grammarParser(b, uri.RFC3986)
		for _, st := range uri.ParseStages(p) {
			b.Run(c.name+"/"+st.Name, sideBySide(pass{c.lines, st.F}, "net-url", "uri", pass{c.lines, netURL}))
		}
	}
}

// BenchmarkVerdicts splits each benchmark corpus, for each spec, into the lines the spec
// accepts and the lines it rejects, and parses each part on one reused Parser (Parse,
// with components; a rejected line builds its *Error, whose offset and rule are exact).
// accepted is timed in turn with net/url on the same lines (x-net-url); rejected,
// rejected-message (which also asks each error for its message, Error) and
// rejected-expected (for its Expected set), in turn with accepted lines of the same
// lengths (sameLength; x-accepted: a rejection's cost against
// an acceptance of the same length). Where a spec accepts no line of a corpus, rejected
// is timed with net/url on the same lines (x-net-url). A part that is empty is left out, and with it the
// comparison that needs it. Each spec's own grammar is timed, and the default parser of a
// spec with scheme grammars beside it, as in BenchmarkRealWorld.
func BenchmarkVerdicts(b *testing.B) {
	for _, c := range benchCorpora(b) {
		for _, bp := range benchParsers(b) {
			p := bp.p
			var accepted, rejected []string
			for _, l := range c.lines {
				if p.Validate(l) == nil {
					accepted = append(accepted, l)
				} else {
					rejected = append(rejected, l)
				}
			}
			name := c.name + "/" + bp.name
			if len(accepted) == 0 {
				// No acceptance to compare with (rfc3986-schemes on loader): the
				// rejections against net/url on the same lines.
				b.Run(name+"/rejected", sideBySide(pass{rejected, func(s string) { p.Parse(s) }}, "net-url", "uri", pass{rejected, netURL}))
				continue
			}
			parse := func(s string) { p.Parse(s) }
			b.Run(name+"/accepted", sideBySide(pass{accepted, parse}, "net-url", "uri", pass{accepted, netURL}))
			if len(rejected) == 0 {
				continue
			}
			twins := pass{sameLength(rejected, accepted), parse}
			b.Run(name+"/rejected", sideBySide(pass{rejected, parse}, "accepted", "uri", twins))
			b.Run(name+"/rejected-message", sideBySide(pass{rejected, func(s string) {
				if _, err := p.Parse(s); err != nil {
					_ = err.Error()
				}
			}}, "accepted", "uri", twins))
			b.Run(name+"/rejected-expected", sideBySide(pass{rejected, func(s string) {
				if _, err := p.Parse(s); err != nil {
					err.(*uri.Error).Expected()
				}
			}}, "accepted", "uri", twins))
		}
	}
}

// BenchmarkSchemes times the scheme grammars (uri/schemes.go) on each benchmark corpus,
// each leaf in turn with net/url on the same lines (x-net-url): rfc3986's Validate and
// Parse with the scheme grammars, as NewParser makes them (schemes), and without
// (generic: GenericOnly), and the parts of each line that has them (parts: Parse and
// Reference.SchemeParts). On realworld nearly every line is http or https.
func BenchmarkSchemes(b *testing.B) {
	for _, c := range benchCorpora(b) {
		schemes, err := uri.NewParser(uri.RFC3986)
		if err != nil {
			b.Fatal(err)
		}
		generic, err := uri.NewParser(uri.RFC3986, uri.GenericOnly())
		if err != nil {
			b.Fatal(err)
		}
		vs := func(name string, f func(string)) {
			b.Run(c.name+"/"+name, sideBySide(pass{c.lines, f}, "net-url", "uri", pass{c.lines, netURL}))
		}
		vs("validate-schemes", func(s string) { schemes.Validate(s) })
		vs("validate-generic", func(s string) { generic.Validate(s) })
		vs("parse-schemes", func(s string) { schemes.Parse(s) })
		vs("parse-generic", func(s string) { generic.Parse(s) })
		vs("parts", func(s string) {
			if r, err := schemes.Parse(s); err == nil {
				r.SchemeParts()
			}
		})
	}
}

// sameLength returns, for each line of rejected, a line of accepted of the same length
// (the next longer one where there is none, the longest where there is no longer one),
// taking the accepted lines of one length in turn.
func sameLength(rejected, accepted []string) []string {
	byLen := slices.Clone(accepted)
	slices.SortStableFunc(byLen, func(a, b string) int { return len(a) - len(b) })
	next := map[int]int{} // the next line to take among those of one length
	out := make([]string, len(rejected))
	for i, r := range rejected {
		j, _ := slices.BinarySearchFunc(byLen, len(r), func(a string, n int) int { return len(a) - n })
		j = min(j, len(byLen)-1)
		n := len(byLen[j])
		k := j + next[n]
		if k >= len(byLen) || len(byLen[k]) != n {
			k, next[n] = j, 0
		}
		next[n]++
		out[i] = byLen[k]
	}
	return out
}
