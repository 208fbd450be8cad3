package uri_test

// specdiff's automata (uri/specdiff, built from grammar/*.abnf) against the generated
// parsers: every witness of every class of difference must get from the parsers the
// verdicts the automata give it, and the W-method suite of every language's minimal
// automaton must get the automaton's verdict from the parser (docs/verification.md).
//
//	go test ./uri -run '^TestSpecdiff' -specdiff.sample=1 -specdiff.pairs=all -v
//
// (make conformance runs every string of every suite, and the witnesses of every pair
// of languages); go test runs about 50,000 strings of each suite (one in
// suite.Size()/50,000, evenly spread) and the witnesses of the pairs urispec diff
// -spec all prints.

import (
	"flag"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/urispec/urispec/internal/subtest"
	"github.com/urispec/urispec/uri"
	"github.com/urispec/urispec/uri/scheme"
	"github.com/urispec/urispec/uri/specdiff"
)

var (
	specdiffExtra  = flag.Int("specdiff.extra", 0, "TestSpecdiffWMethod: extra states allowed in the parser")
	specdiffSample = flag.Int("specdiff.sample", 0, "TestSpecdiffWMethod: run one string in N of each suite (0: about 50,000 strings a suite; 1: every string)")
	specdiffPairs  = flag.String("specdiff.pairs", "", "TestSpecdiffWitnesses: all for every pair of languages (default: the pairs of urispec diff -spec all)")
)

// specdiffBase is the base whatwg's relative-URL strings are judged against: its scheme
// is special, as the automaton's top rule (valid-URL-string-for-special-base) says.
const specdiffBase = "https://example.com/"

// languageVerdict returns the parsers' verdict for the language specdiff calls name:
// the spec's parser read as the automaton reads it (the generic syntax where the spec
// checks scheme rules too; whatwg's grammar and its port range, without the valid
// domain, which the automaton leaves out), a scheme grammar with RFC 3986's fragment,
// or NAME:SCHEME.
func languageVerdict(t testing.TB, name string) func(string) bool {
	t.Helper()
	if base, scheme, ok := strings.Cut(name, ":"); ok {
		v := languageVerdict(t, base)
		return func(s string) bool {
			i := strings.IndexByte(s, ':')
			return i >= 0 && strings.EqualFold(s[:i], scheme) && v(s)
		}
	}
	if name == "rfc6570" {
		p := uri.NewTemplateParser()
		return func(s string) bool { return p.Validate(s) == nil }
	}
	for _, sg := range append(uri.SchemeGrammars(), scheme.Grammar{Name: "file-F", Rule: "file-URI-F"}) {
		if sg.Name != name {
			continue
		}
		frag, err := uri.NewParser(uri.RFC3986, uri.GenericOnly())
		if err != nil {
			t.Fatal(err)
		}
		rule := sg.Rule
		withFragment := name == "urn" // namestring derives its fragment (uri/scheme_urn.go)
		return func(s string) bool {
			if _, err := uri.ValidateSchemeRule(rule, s); err == nil {
				return true
			}
			if withFragment {
				return false
			}
			// The top rule, "#" and an RFC 3986 fragment, wherever the top rule can end.
			for i := 0; i < len(s); i++ {
				if s[i] == '#' && frag.Validate(s[i:]) == nil {
					if _, err := uri.ValidateSchemeRule(rule, s[:i]); err == nil {
						return true
					}
				}
			}
			return false
		}
	}
	p, ok := specParser(t, name)
	if !ok {
		t.Fatalf("no parser for language %s", name)
	}
	if p.Spec() != uri.WHATWG {
		return func(s string) bool { return p.Validate(s) == nil }
	}
	// The automaton holds the port's range (URL Standard 4.3), which GrammarOnly turns off.
	return func(s string) bool {
		r, err := p.Parse(s)
		if err != nil {
			return false
		}
		port, ok := r.Get(uri.Port)
		return !ok || portInRange(port)
	}
}

// specParser is the parser of the spec whose ID is name, read as its automaton reads it:
// the generic syntax where the spec checks scheme rules too (rfc1738's own, and the
// scheme grammars of a spec whose Parser has SchemeGrammars); whatwg's grammar (its port
// range is checked by languageVerdict) against a special base. ok is false for a name
// that is no spec ID.
func specParser(t testing.TB, name string) (p *uri.Parser, ok bool) {
	t.Helper()
	spec, err := uri.ParseSpec(name)
	if err != nil {
		return nil, false
	}
	var opts []uri.ParserOption
	switch spec {
	case uri.RFC1738:
		opts = append(opts, uri.GenericOnly())
	case uri.WHATWG:
		opts = append(opts, uri.GrammarOnly(), uri.Base(specdiffBase))
	}
	p, err = uri.NewParser(spec, opts...)
	if err == nil && p.SchemeGrammars() {
		p, err = uri.NewParser(spec, append(opts, uri.GenericOnly())...)
	}
	if err != nil {
		t.Fatal(err)
	}
	return p, true
}

// portInRange is the URL Standard's 16-bit unsigned integer, leading zeros allowed.
func portInRange(digits string) bool {
	digits = strings.TrimLeft(digits, "0")
	return len(digits) < 5 || len(digits) == 5 && digits <= "65535"
}

// TestSpecdiffWitnesses runs every witness of the differences through the parsers.
func TestSpecdiffWitnesses(t *testing.T) {
	pairs := specdiff.AllPairs()
	if *specdiffPairs == "all" {
		pairs = nil
		ls := specdiff.Languages()
		for i, a := range ls {
			for _, b := range ls[i+1:] {
				pairs = append(pairs, specdiff.Pair{A: a.Name, B: b.Name})
			}
		}
	}
	checked := 0
	for _, pr := range pairs {
		t.Run(subtest.Name(pr.A+" "+pr.B), func(t *testing.T) {
			a, err := specdiff.Lookup(pr.A)
			if err != nil {
				t.Fatal(err)
			}
			b, err := specdiff.Lookup(pr.B)
			if err != nil {
				t.Fatal(err)
			}
			va, vb := languageVerdict(t, pr.A), languageVerdict(t, pr.B)
			r := specdiff.Diff(a, b, 0)
			for _, side := range []struct {
				s      specdiff.Side
				vx, vy func(string) bool
			}{{r.OnlyA, va, vb}, {r.OnlyB, vb, va}} {
				for _, c := range side.s.Classes {
					checked++
					if !side.vx(c.Witness) || side.vy(c.Witness) {
						t.Errorf("%s ∖ %s: witness %q (%s; %s stops at %s): the parsers say %s %v, %s %v",
							side.s.X, side.s.Y, c.Witness, c.GoesOn.Rule, c.Stops.Rule, c.At,
							side.s.X, side.vx(c.Witness), side.s.Y, side.vy(c.Witness))
					}
					if got, ok := r.Classify(c.Witness); !ok || got.Key() != c.Key() {
						t.Errorf("%s ∖ %s: Classify(%q) = %q, want its own class %q", side.s.X, side.s.Y, c.Witness, got.Key(), c.Key())
					}
				}
			}
			for _, c := range r.Split {
				checked++
				if !va(c.Witness) || !vb(c.Witness) {
					t.Errorf("%s, %s: split witness %q is not accepted by both parsers", pr.A, pr.B, c.Witness)
				}
				for _, side := range []struct{ lang, want string }{{pr.A, c.A}, {pr.B, c.B}} {
					got, ok := componentAt(t, side.lang, c.Witness, c.Offset)
					if ok && !slices.Contains(strings.Split(side.want, " or "), got) {
						t.Errorf("%s, %s: split witness %q: byte %d is %s under %s's parser, the automaton says %s",
							pr.A, pr.B, c.Witness, c.Offset, got, side.lang, side.want)
					}
				}
			}
		})
	}
	t.Logf("%d pairs, %d witnesses checked against the parsers", len(pairs), checked)
}

// componentAt is the component that the parser of the language (a spec's, read as
// languageVerdict reads it) puts byte i of s in: the innermost one whose span holds it,
// "" for none (a delimiter). ok is false for a language with no such parser.
func componentAt(t testing.TB, lang, s string, i int) (string, bool) {
	base, _, _ := strings.Cut(lang, ":")
	p, ok := specParser(t, base)
	if !ok {
		return "", false
	}
	r, err := p.Parse(s)
	if err != nil {
		t.Fatalf("%s: %q: %v", lang, s, err)
	}
	best, size := "", len(s)+1
	// Outer components first: of two spans of one size, the inner one names the byte.
	for _, c := range []uri.Component{uri.Scheme, uri.Authority, uri.Userinfo, uri.User, uri.Password, uri.Host,
		uri.Port, uri.Path, uri.Query, uri.Fragment} {
		if start, end, ok := r.Span(c); ok && start <= i && i < end && end-start <= size {
			best, size = c.String(), end-start
		}
	}
	return best, true
}

// TestSpecdiffWMethod runs each language's W-method suite through its parser.
func TestSpecdiffWMethod(t *testing.T) {
	for _, l := range specdiff.Languages() {
		t.Run(l.Name, func(t *testing.T) {
			suite := l.WMethod(*specdiffExtra)
			step := *specdiffSample
			if step <= 0 {
				step = max(1, suite.Size()/50_000)
			}
			var (
				n, bad atomic.Int64
				mu     sync.Mutex
				first  []string
				wg     sync.WaitGroup
			)
			jobs := make(chan []string)
			for range 2 {
				verdict := languageVerdict(t, l.Name)
				wg.Go(func() {
					for batch := range jobs {
						for _, s := range batch {
							n.Add(1)
							if verdict(s) != l.Accepts(s) {
								bad.Add(1)
								mu.Lock()
								if len(first) < 10 {
									first = append(first, fmt.Sprintf("%q: automaton %v, parser %v", s, l.Accepts(s), verdict(s)))
								}
								mu.Unlock()
							}
						}
					}
				})
			}
			var batch []string
			for i := 0; i < suite.Size(); i += step {
				batch = append(batch, suite.At(i))
				if len(batch) == 4096 {
					jobs <- batch
					batch = nil
				}
			}
			jobs <- batch
			close(jobs)
			wg.Wait()
			t.Logf("%s: %d states, %d classes, |W| = %d, extra %d: suite of %d strings, %d run (1 in %d), %d disagreements",
				l.Name, len(suite.Cover), l.Classes, len(suite.W), suite.Extra, suite.Size(), n.Load(), step, bad.Load())
			for _, f := range first {
				t.Error(f)
			}
		})
	}
}

// TestSpecdiffEverySpec fails when a spec has no automaton (its line in
// internal/specdiffgen/langs.go) or no place in specdiff's lineage (uri/specdiff/lang.go),
// which urispec diff -spec lineage walks.
func TestSpecdiffEverySpec(t *testing.T) {
	var ids []string
	for _, s := range uri.Specs() {
		ids = append(ids, s.String())
		t.Run(s.String(), func(t *testing.T) {
			if _, err := specdiff.Lookup(s.String()); err != nil {
				t.Errorf("%v has no automaton: add its language to internal/specdiffgen/langs.go and run make generate (%v)", s, err)
			}
		})
	}
	if got := specdiff.Lineage(); !slices.Equal(got, ids) {
		t.Errorf("specdiff.Lineage() = %q, want uri.Specs() %q", got, ids)
	}
}
