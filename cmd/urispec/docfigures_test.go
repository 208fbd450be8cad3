package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/urispec/urispec/internal/subtest"
	"github.com/urispec/urispec/internal/summary"
	"github.com/urispec/urispec/internal/testcorpus"
)

// Figures in docs/*.md and README.md that a command prints are marked so that a test can
// run the command again: the number, then at once an HTML comment (hidden where the
// Markdown is rendered) naming the corpus and the figure,
//
//	flags **240<!-- fig realworld lint-lines deployed --> of 93,526<!-- fig realworld inputs --> lines**
//
// TestDocFigures computes each marked figure from the command's output on that corpus
// and fails on one that differs (commas aside), on an unknown corpus or figure, and on a
// mark that follows no number. docs/cli.md lists the figures.

// figureMark is a number followed by a figure mark.
var figureMark = regexp.MustCompile(`(\d[\d,]*(?:\.\d+)?%?)?<!-- fig ([^>]*?) -->`)

// figureCorpora are the corpora a mark may name, as paths from the repository root.
var figureCorpora = map[string]string{
	"realworld":     "testdata/corpora/realworld-urls.txt.gz",
	"open-redirect": "testdata/payloads/open-redirect.txt",
	"ssrf":          "testdata/payloads/ssrf.txt",
}

// lintRuns are the runs of lint -json that a lint figure names.
var lintRuns = map[string][]string{
	"deployed": {"lint", "-json"},
	"all":      {"lint", "-json", "-with", "all"},
	"none":     {"lint", "-json", "-with", "none"},
	"generic":  {"lint", "-json", "-schemes=false"},
}

// figureData runs each command once per corpus and keeps what it printed.
type figureData struct {
	t     *testing.T
	dir   string
	files map[string]string           // corpus: its text file
	sums  map[string]*summary.Summary // corpus and "generic": matrix -summary-json
	lints map[string][]lintedLine     // corpus and run: each flagged line
}

// lintedLine is one line lint -json flags: the codes of its hazards, whether the spec
// accepts it, and whether lint without -json prints it (a hazard that is not a note).
type lintedLine struct {
	codes   map[string]bool
	valid   bool
	printed bool
}

func (d *figureData) file(corpus string) string {
	if f, ok := d.files[corpus]; ok {
		return f
	}
	src, ok := figureCorpora[corpus]
	if !ok {
		d.t.Fatalf("unknown corpus %q (known: realworld, open-redirect, ssrf)", corpus)
	}
	data := testcorpus.ReadFile(d.t, src) // decompressed
	f := filepath.Join(d.dir, corpus+".txt")
	if err := os.WriteFile(f, data, 0o644); err != nil {
		d.t.Fatal(err)
	}
	d.files[corpus] = f
	return f
}

// summary is matrix -summary-json of the corpus, with -schemes=false when generic.
func (d *figureData) summary(corpus string, generic bool) *summary.Summary {
	key := fmt.Sprint(corpus, generic)
	if s, ok := d.sums[key]; ok {
		return s
	}
	args := []string{"matrix", "-summary-json"}
	if generic {
		args = append(args, "-schemes=false")
	}
	s, err := summary.Decode(strings.NewReader(runOK(d.t, append(args, d.file(corpus))...)))
	if err != nil {
		d.t.Fatal(err)
	}
	d.sums[key] = s
	return s
}

// lint is each line that lint -json flags in the named run.
func (d *figureData) lint(corpus, name string) []lintedLine {
	key := corpus + " " + name
	if l, ok := d.lints[key]; ok {
		return l
	}
	args, ok := lintRuns[name]
	if !ok {
		d.t.Fatalf("unknown lint run %q (known: deployed, all, none, generic)", name)
	}
	var stdout, stderr bytes.Buffer
	args = append(slices.Clone(args), d.file(corpus))
	if status := run(args, strings.NewReader(""), &stdout, &stderr); status > exitInvalid {
		d.t.Fatalf("urispec %q: exit %d: %s", args, status, stderr.String())
	}
	var out []lintedLine
	dec := json.NewDecoder(&stdout)
	for dec.More() {
		var r lintResult
		if err := dec.Decode(&r); err != nil {
			d.t.Fatal(err)
		}
		codes := map[string]bool{}
		printed := false
		for _, h := range r.Hazards {
			codes[string(h.Code)] = true
			printed = printed || !h.Note
		}
		out = append(out, lintedLine{codes, r.Valid, printed})
	}
	d.lints[key] = out
	return out
}

// countLines counts the flagged lines of a run for which keep is true.
func countLines(lines []lintedLine, keep func(l lintedLine) bool) int {
	n := 0
	for _, l := range lines {
		if keep(l) {
			n++
		}
	}
	return n
}

// outside reports whether codes has a code not in list.
func outside(codes map[string]bool, list []string) bool {
	for c := range codes {
		if !slices.Contains(list, c) {
			return true
		}
	}
	return false
}

// specIndex is the index of a spec ID in a summary.
func specIndex(t *testing.T, s *summary.Summary, id string) int {
	i := slices.Index(s.Specs, id)
	if i < 0 {
		t.Fatalf("no spec %q in the summary", id)
	}
	return i
}

// pair is the summary's pair of the two spec IDs.
func pair(t *testing.T, s *summary.Summary, older, newer string) summary.Pair {
	for _, p := range s.Pairs {
		if p.Older == older && p.Newer == newer {
			return p
		}
	}
	t.Fatalf("no pair %s -> %s in the summary", older, newer)
	return summary.Pair{}
}

// codeList reads "a,b" as a list of hazard codes ("" for none).
func codeList(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

// figures computes a figure: its name and arguments after the corpus, as the mark has
// them. The second result is false for an unknown figure or wrong arguments.
var figures = map[string]func(d *figureData, corpus string, args []string) (string, bool){
	// inputs: the lines of the corpus that matrix counts as inputs.
	"inputs": func(d *figureData, c string, a []string) (string, bool) {
		return fmt.Sprint(d.summary(c, false).Inputs), len(a) == 0
	},
	// accepts SPEC [generic], rejects SPEC [generic]: matrix's table.
	"accepts": func(d *figureData, c string, a []string) (string, bool) {
		if len(a) < 1 || len(a) > 2 {
			return "", false
		}
		s := d.summary(c, len(a) == 2 && a[1] == "generic")
		return fmt.Sprint(s.Accepts[specIndex(d.t, s, a[0])]), true
	},
	"rejects": func(d *figureData, c string, a []string) (string, bool) {
		if len(a) < 1 || len(a) > 2 {
			return "", false
		}
		s := d.summary(c, len(a) == 2 && a[1] == "generic")
		return fmt.Sprint(s.Inputs - s.Accepts[specIndex(d.t, s, a[0])]), true
	},
	// only-older OLDER NEWER [generic], only-newer ...: the inputs valid under one spec
	// of a pair only; more-only-older OLDER NEWER: how many the scheme grammars add.
	"only-older": func(d *figureData, c string, a []string) (string, bool) {
		if len(a) < 2 || len(a) > 3 {
			return "", false
		}
		return fmt.Sprint(pair(d.t, d.summary(c, len(a) == 3 && a[2] == "generic"), a[0], a[1]).OnlyOlder), true
	},
	"only-newer": func(d *figureData, c string, a []string) (string, bool) {
		if len(a) < 2 || len(a) > 3 {
			return "", false
		}
		return fmt.Sprint(pair(d.t, d.summary(c, len(a) == 3 && a[2] == "generic"), a[0], a[1]).OnlyNewer), true
	},
	"more-only-older": func(d *figureData, c string, a []string) (string, bool) {
		if len(a) != 2 {
			return "", false
		}
		return fmt.Sprint(pair(d.t, d.summary(c, false), a[0], a[1]).OnlyOlder - pair(d.t, d.summary(c, true), a[0], a[1]).OnlyOlder), true
	},
	// differ OLDER NEWER: the inputs valid under one spec of the pair and not the other.
	"differ": func(d *figureData, c string, a []string) (string, bool) {
		if len(a) != 2 {
			return "", false
		}
		p := pair(d.t, d.summary(c, false), a[0], a[1])
		return fmt.Sprint(p.OnlyOlder + p.OnlyNewer), true
	},
	// pattern RANK: the count of the verdict pattern of that rank, largest first.
	"pattern": func(d *figureData, c string, a []string) (string, bool) {
		ps := sortedPatterns(d.summary(c, false).Patterns)
		rank, err := strconv.Atoi(strings.Join(a, ""))
		if err != nil || rank < 1 || rank > len(ps) {
			return "", false
		}
		return fmt.Sprint(ps[rank-1].count), true
	},
	// lint-lines RUN [-CODE,...]: the lines lint -json flags, counting only those with a
	// code outside the list; lint-share: the same as a share of the inputs.
	"lint-lines": func(d *figureData, c string, a []string) (string, bool) {
		n, ok := lintLines(d, c, a)
		return fmt.Sprint(n), ok
	},
	"lint-share": func(d *figureData, c string, a []string) (string, bool) {
		n, ok := lintLines(d, c, a)
		return fmt.Sprintf("%.2f%%", 100*float64(n)/float64(d.summary(c, false).Inputs)), ok
	},
	// lint-printed RUN: the lines lint prints without -json, which leaves out those whose
	// hazards are all notes; lint-printed-share: the same as a share of the inputs.
	"lint-printed": func(d *figureData, c string, a []string) (string, bool) {
		n, ok := printedLines(d, c, a)
		return fmt.Sprint(n), ok
	},
	"lint-printed-share": func(d *figureData, c string, a []string) (string, bool) {
		n, ok := printedLines(d, c, a)
		return fmt.Sprintf("%.2f%%", 100*float64(n)/float64(d.summary(c, false).Inputs)), ok
	},
	// lint-only RUN CODE,...: the lines flagged by those codes and no other.
	"lint-only": func(d *figureData, c string, a []string) (string, bool) {
		if len(a) != 2 {
			return "", false
		}
		list := codeList(a[1])
		return fmt.Sprint(countLines(d.lint(c, a[0]), func(l lintedLine) bool { return !outside(l.codes, list) })), true
	},
	// lint-code RUN CODE: the lines flagged by that code (among others).
	"lint-code": func(d *figureData, c string, a []string) (string, bool) {
		if len(a) != 2 {
			return "", false
		}
		return fmt.Sprint(countLines(d.lint(c, a[0]), func(l lintedLine) bool { return l.codes[a[1]] })), true
	},
	// lint-quiet RUN: the lines valid under rfc3986 that lint does not flag;
	// lint-valid RUN and lint-rejected RUN: the flagged lines that rfc3986 accepts, and
	// rejects (flagged for their lenient readings).
	"lint-quiet": func(d *figureData, c string, a []string) (string, bool) {
		if len(a) != 1 {
			return "", false
		}
		n := countLines(d.lint(c, a[0]), func(l lintedLine) bool { return l.valid })
		s := d.summary(c, false)
		return fmt.Sprint(s.Accepts[specIndex(d.t, s, "rfc3986")] - int64(n)), true
	},
	"lint-valid": func(d *figureData, c string, a []string) (string, bool) {
		if len(a) != 1 {
			return "", false
		}
		return fmt.Sprint(countLines(d.lint(c, a[0]), func(l lintedLine) bool { return l.valid })), true
	},
	"lint-rejected": func(d *figureData, c string, a []string) (string, bool) {
		if len(a) != 1 {
			return "", false
		}
		return fmt.Sprint(countLines(d.lint(c, a[0]), func(l lintedLine) bool { return !l.valid })), true
	},
	// lint-more RUN BASE: how many more lines RUN flags than BASE.
	"lint-more": func(d *figureData, c string, a []string) (string, bool) {
		if len(a) != 2 {
			return "", false
		}
		return fmt.Sprint(len(d.lint(c, a[0])) - len(d.lint(c, a[1]))), true
	},
}

// printedLines is lint-printed: args are the run.
func printedLines(d *figureData, corpus string, args []string) (int, bool) {
	if len(args) != 1 {
		return 0, false
	}
	return countLines(d.lint(corpus, args[0]), func(l lintedLine) bool { return l.printed }), true
}

// lintLines is lint-lines: args are the run and, optionally, "-" and the codes left out.
func lintLines(d *figureData, corpus string, args []string) (int, bool) {
	if len(args) < 1 || len(args) > 2 || len(args) == 2 && !strings.HasPrefix(args[1], "-") {
		return 0, false
	}
	var without []string
	if len(args) == 2 {
		without = codeList(args[1][1:])
	}
	return countLines(d.lint(corpus, args[0]), func(l lintedLine) bool { return outside(l.codes, without) }), true
}

// TestDocFigures checks every marked figure of README.md and docs/*.md.
func TestDocFigures(t *testing.T) {
	d := &figureData{t: t, dir: t.TempDir(), files: map[string]string{}, sums: map[string]*summary.Summary{}, lints: map[string][]lintedLine{}}
	n, ran := 0, 0 // ran counts the docs that ran: -run may choose some
	docs := markdownDocs(t)
	for _, doc := range docs {
		t.Run(subtest.Name(doc.name), func(t *testing.T) {
			ran++
			name := doc.name
			for i, line := range strings.Split(doc.text, "\n") {
				for _, m := range figureMark.FindAllStringSubmatch(line, -1) {
					where := fmt.Sprintf("%s:%d", name, i+1)
					words := strings.Fields(m[2])
					if m[1] == "" || len(words) < 2 {
						t.Errorf("%s: %q: a mark follows a number and names a corpus and a figure", where, m[0])
						continue
					}
					f, ok := figures[words[1]]
					if !ok {
						t.Errorf("%s: %q: unknown figure %q", where, m[0], words[1])
						continue
					}
					got, ok := f(d, words[0], words[2:])
					if !ok {
						t.Errorf("%s: %q: wrong arguments for %s", where, m[0], words[1])
						continue
					}
					if want := strings.ReplaceAll(m[1], ",", ""); got != want {
						t.Errorf("%s: the doc says %s, the command gives %s (%s)", where, m[1], got, m[2])
					}
					n++
				}
			}
		})
	}
	t.Logf("%d figures", n)
	if ran < len(docs) {
		return // a doc without marks is no failure; all of them without marks is
	}
	if n == 0 {
		t.Fatal("no marked figure in README.md or docs/*.md: the marks are not read")
	}
}
