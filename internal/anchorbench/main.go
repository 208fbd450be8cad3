// Command anchorbench times urispec's parsers against Go's net/url and against
// github.com/valyala/fasthttp's URI.Parse, the pure-Go anchor of docs/performance.md, on
// every benchmark list of testdata/corpora, in one process. It is a module of its own so
// that fasthttp stays out of the go.mod of github.com/urispec/urispec
// (docs/dependencies.md).
//
// Usage (from this folder; the go.work beside it builds urispec from the working tree):
//
//	go run . [-corpora DIR] [-rounds N]
//
// It runs on one thread (GOMAXPROCS=1). In each of N rounds (default 5), after one that
// warms up and is not counted, it runs every parser over each list (repeated to at least
// 1,000,000 lines), the parsers in turn on each chunk of 500 lines, and prints, in a
// Markdown table, each parser's median ratio to net/url over the rounds with its range.
// Timed in turn every tenth of a millisecond or so, the parsers see the same load of the
// machine. The garbage collector runs as it would in a program: each parser pays for the
// collection of its own garbage, and a little of the others' (net/url allocates; of
// urispec's parsers only a rejection and rfc3987's Parse do).
package main

import (
	"flag"
	"fmt"
	"log"
	"net/url"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/urispec/urispec/internal/testcorpus"
	"github.com/urispec/urispec/uri"
	"github.com/valyala/fasthttp"
)

// list is a benchmark list: its lines, as strings and as byte slices (fasthttp parses
// bytes; converting in the loop would time an allocation).
type list struct {
	name  string
	lines []string
	bytes [][]byte
}

// parser is one function timed over every line of a list.
type parser struct {
	name string
	f    func(l *list, i int)
}

// chunk is how many lines one parser runs over before the next one's turn: about a
// tenth of a millisecond of net/url's work, short enough that a change in the load of
// the machine falls on every parser alike.
const chunk = 500

// minLines is how many lines a parser runs over at least in a round, repeating a list
// (half a second or so of net/url's work).
const minLines = 1000000

func main() {
	log.SetFlags(0)
	dir := flag.String("corpora", "../../testdata/corpora", "the folder of the benchmark lists")
	rounds := flag.Int("rounds", 5, "how many rounds to take the median of")
	flag.Parse()
	runtime.GOMAXPROCS(1)

	var lists []*list
	for _, name := range []string{"realworld-urls", "gosrc-file-urls", "loader-file-urls"} {
		l, err := readList(filepath.Join(*dir, name+".txt.gz"))
		if err != nil {
			log.Fatal(err)
		}
		l.name = strings.TrimSuffix(strings.TrimSuffix(name, "-urls"), "-file")
		lists = append(lists, l)
	}

	parsers := []parser{{"net/url `url.Parse`", func(l *list, i int) { url.Parse(l.lines[i]) }}}
	var fu fasthttp.URI
	parsers = append(parsers, parser{"valyala/fasthttp `URI.Parse` (validates nothing)",
		func(l *list, i int) { fu.Parse(nil, l.bytes[i]) }})
	for _, spec := range []uri.Spec{uri.RFC3986, uri.RFC3987} {
		def := must(uri.NewParser(spec))
		gen := must(uri.NewParser(spec, uri.GenericOnly()))
		if spec == uri.RFC3986 {
			parsers = append(parsers,
				parser{"rfc3986 `Validate`, generic syntax only", func(l *list, i int) { gen.Validate(l.lines[i]) }},
				parser{"rfc3986 `Validate`, default (scheme grammars)", func(l *list, i int) { def.Validate(l.lines[i]) }})
		}
		parsers = append(parsers,
			parser{spec.String() + " `Parse`, generic syntax only", func(l *list, i int) { gen.Parse(l.lines[i]) }},
			parser{spec.String() + " `Parse`, default (scheme grammars)", func(l *list, i int) { def.Parse(l.lines[i]) }})
	}

	// ratios[p][l] holds parser p's ratio to net/url on list l, one a round.
	ratios := make([][][]float64, len(parsers))
	for p := range ratios {
		ratios[p] = make([][]float64, len(lists))
	}
	nsNetURL := make([][]float64, len(lists))
	// Round 0 warms up (caches, the heap's size) and is not counted.
	for round := range *rounds + 1 {
		for li, l := range lists {
			t := make([]time.Duration, len(parsers))
			for range max(1, minLines/len(l.lines)) {
				for i := 0; i < len(l.lines); i += chunk {
					for p, ps := range parsers {
						t[p] += timeLines(ps, l, i, min(i+chunk, len(l.lines)))
					}
				}
			}
			if round == 0 {
				continue
			}
			nsNetURL[li] = append(nsNetURL[li], float64(t[0].Nanoseconds())/float64(max(1, minLines/len(l.lines))*len(l.lines)))
			for p := range parsers {
				ratios[p][li] = append(ratios[p][li], float64(t[p])/float64(t[0]))
			}
		}
	}

	fmt.Printf("| ratio to net/url |")
	for _, l := range lists {
		fmt.Printf(" %s |", l.name)
	}
	fmt.Printf("\n|---|")
	for range lists {
		fmt.Printf("---|")
	}
	fmt.Println()
	for p, ps := range parsers[1:] {
		fmt.Printf("| %s |", ps.name)
		for li := range lists {
			fmt.Printf(" %s |", medianRange(ratios[p+1][li], "%.2f"))
		}
		fmt.Println()
	}
	fmt.Printf("| net/url, ns a line |")
	for li := range lists {
		fmt.Printf(" %s |", medianRange(nsNetURL[li], "%.0f"))
	}
	fmt.Println()
	fmt.Printf("| lines (default rfc3986 rejects) |")
	def := must(uri.NewParser(uri.RFC3986))
	for _, l := range lists {
		n := 0
		for _, s := range l.lines {
			if def.Validate(s) != nil {
				n++
			}
		}
		fmt.Printf(" %d (%d) |", len(l.lines), n)
	}
	fmt.Println()
	fmt.Printf("\n%s %s/%s, GOMAXPROCS=1, medians of %d rounds (range)\n", runtime.Version(), runtime.GOOS, runtime.GOARCH, *rounds)
}

// timeLines returns how long ps takes over lines i to j of l.
func timeLines(ps parser, l *list, i, j int) time.Duration {
	start := time.Now()
	for ; i < j; i++ {
		ps.f(l, i)
	}
	return time.Since(start)
}

// medianRange formats the median of xs and their range.
func medianRange(xs []float64, format string) string {
	s := slices.Sorted(slices.Values(xs))
	return fmt.Sprintf(format+" ("+format+"–"+format+")", s[len(s)/2], s[0], s[len(s)-1])
}

// readList reads a gzip-compressed list, one URL a line.
func readList(path string) (*list, error) {
	lines, err := testcorpus.GzipLines(path)
	if err != nil {
		return nil, err
	}
	l := &list{lines: lines}
	for _, s := range l.lines {
		l.bytes = append(l.bytes, []byte(s))
	}
	return l, nil
}

func must(p *uri.Parser, err error) *uri.Parser {
	if err != nil {
		log.Fatal(err)
	}
	return p
}
