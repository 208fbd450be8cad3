package specdiff_test

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/urispec/urispec/internal/subtest"
	"github.com/urispec/urispec/internal/testcorpus"
	"github.com/urispec/urispec/uri/specdiff"
)

func diff(t testing.TB, a, b string) *specdiff.Report {
	t.Helper()
	la, err := specdiff.Lookup(a)
	if err != nil {
		t.Fatal(err)
	}
	lb, err := specdiff.Lookup(b)
	if err != nil {
		t.Fatal(err)
	}
	return specdiff.Diff(la, lb, 8)
}

func witnesses(s specdiff.Side) []string {
	var w []string
	for _, c := range s.Classes {
		w = append(w, c.Witness)
	}
	return w
}

// TestFindings checks what the automata say of the differences that motivated specdiff;
// each is computed, none is written into the package.
func TestFindings(t *testing.T) {
	r := diff(t, "rfc2396", "rfc3986")
	if r.Verdict != specdiff.Incomparable {
		t.Errorf("rfc2396, rfc3986: %s", r.Verdict)
	}
	// RFC 3986 ∖ RFC 2396: an empty path then a query, a scheme with an empty
	// hier-part, and an IP-literal (after "//" or a userinfo).
	if got, want := witnesses(r.OnlyB), []string{"?", "A:", "A:#", "//[::]", "//@[::]", "//;@[::]"}; !slices.Equal(got, want) {
		t.Errorf("rfc3986 ∖ rfc2396: witnesses %q, want %q", got, want)
	}
	// RFC 2396 ∖ RFC 3986: its reg_name, looser than RFC 3986's authority.
	for _, w := range []string{"//:!", "//@@"} {
		t.Run(subtest.Name(w), func(t *testing.T) {
			if !slices.Contains(witnesses(r.OnlyA), w) {
				t.Errorf("rfc2396 ∖ rfc3986: no class with witness %q", w)
			}
		})
	}
	for _, b := range []string{"rfc3987", "rfc6874"} {
		t.Run(b, func(t *testing.T) {
			if r := diff(t, "rfc3986", b); r.Verdict != specdiff.Subset {
				t.Errorf("rfc3986, %s: %s, want subset", b, r.Verdict)
			}
		})
	}
	// RFC 3986 ∖ draft-fielding-uri-rfc2396bis-01: IPvFuture alone.
	r = diff(t, "rfc3986", "rfc2396bis-01")
	if len(r.OnlyA.Classes) != 1 || r.OnlyA.Classes[0].GoesOn.Rule != "IPvFuture" {
		t.Errorf("rfc3986 ∖ rfc2396bis-01: %+v", r.OnlyA.Classes)
	}
	// RFC 2373's IPv6address (RFC 2732) cannot derive "::" followed by an IPv4 address.
	r = diff(t, "rfc2396bis-01", "rfc2732")
	if !slices.Contains(witnesses(r.OnlyA), "//[::0.0.0.0]") {
		t.Errorf("rfc2396bis-01 ∖ rfc2732: %q, want //[::0.0.0.0] among them", witnesses(r.OnlyA))
	}
}

// TestClassifyEveryWitness classifies each witness of every pair of diff -spec all into
// its own class.
func TestClassifyEveryWitness(t *testing.T) {
	for _, p := range specdiff.AllPairs() {
		t.Run(subtest.Name(p.A+" "+p.B), func(t *testing.T) {
			r := diff(t, p.A, p.B)
			for _, s := range []specdiff.Side{r.OnlyA, r.OnlyB} {
				for _, c := range s.Classes {
					if got, ok := r.Classify(c.Witness); !ok || got.Key() != c.Key() {
						t.Errorf("%s ∖ %s: Classify(%q) = %q, want %q", s.X, s.Y, c.Witness, got.Key(), c.Key())
					}
				}
			}
			if _, ok := r.Classify("http://example.com/"); ok {
				t.Errorf("%s, %s: http://example.com/ classified", p.A, p.B)
			}
		})
	}
}

// TestClassifyKept checks the answers Classify keeps by where the automata part: every
// line of the real-world sample and every witness, classified after all the others
// (the answer kept from another string where they part alike), is classified as it is
// from the automata alone.
func TestClassifyKept(t *testing.T) {
	data, err := os.ReadFile(testcorpus.Path(t, "testdata/corpora/realworld-sample.txt"))
	if err != nil {
		t.Fatal(err)
	}
	sample := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	for _, p := range specdiff.AllPairs() {
		t.Run(subtest.Name(p.A+" "+p.B), func(t *testing.T) {
			r := diff(t, p.A, p.B)
			lines := append(append(witnesses(r.OnlyA), witnesses(r.OnlyB)...), sample...)
			kept := make([]specdiff.Class, len(lines))
			for i, l := range lines {
				kept[i], _ = r.Classify(l)
			}
			for i, l := range lines {
				r.ForgetParts()
				if want, _ := r.Classify(l); want.Key() != kept[i].Key() {
					t.Errorf("%s, %s: Classify(%q) = %q after the others, %q alone", p.A, p.B, l, kept[i].Key(), want.Key())
				}
			}
		})
	}
}

// BenchmarkDiffEveryPair diffs every pair of languages (the twelve versions, rfc6570
// and the scheme grammars), two at a time, as urispec diff -spec all does.
func BenchmarkDiffEveryPair(b *testing.B) {
	ls := specdiff.Languages()
	for b.Loop() {
		var wg sync.WaitGroup
		pairs := make(chan [2]*specdiff.Language)
		for range 2 {
			wg.Go(func() {
				for p := range pairs {
					specdiff.Diff(p[0], p[1], 8)
				}
			})
		}
		for i, x := range ls {
			for _, y := range ls[i+1:] {
				pairs <- [2]*specdiff.Language{x, y}
			}
		}
		close(pairs)
		wg.Wait()
	}
}

func TestActive(t *testing.T) {
	l, err := specdiff.Lookup("rfc3986")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		prefix string
		want   []string
	}{
		{"//[", []string{"IP-literal", "IPv6address", "IPvFuture"}},
		{"http://a:8", []string{"port"}},
		{"?a", []string{"query"}},
	} {
		t.Run(tc.prefix, func(t *testing.T) {
			got := l.Active(tc.prefix)
			for _, r := range tc.want {
				if !slices.Contains(got, r) {
					t.Errorf("Active(%q) = %q, want %s among them", tc.prefix, got, r)
				}
			}
		})
	}
	if got := l.Active("[["); got != nil {
		t.Errorf("Active(%q) = %q, want nil", "[[", got)
	}
}

func ExampleReport_Classify() {
	a, _ := specdiff.Lookup("rfc2396")
	b, _ := specdiff.Lookup("rfc3986")
	r := specdiff.Compare(a, b)
	c, _ := r.Classify("http://[::1]/")
	fmt.Printf("%s goes on at %s where %s stops; witness %s\n", c.GoesOn.Rule, c.At, c.Stops.Rule, c.Witness)
	// Output: IP-literal goes on at "[" where net-path or path-segments stops; witness //[::]
}

// TestComponentsEverywhere: every language names its components but rfc6570, whose
// notes say why; every pair of diff -spec all compares them, and a restricted language
// (rfc3986:data) keeps its components.
func TestComponentsEverywhere(t *testing.T) {
	for _, l := range specdiff.Languages() {
		t.Run(subtest.Name(l.Name), func(t *testing.T) {
			if l.Name == "rfc6570" {
				if len(l.Components) != 0 || len(l.Notes) == 0 {
					t.Errorf("rfc6570: components %q, notes %q; want none, and a note that says why", l.Components, l.Notes)
				}
				return
			}
			if !slices.Contains(l.Components, "path") {
				t.Errorf("%s: components %q, want a path among them", l.Name, l.Components)
			}
		})
	}
	for _, p := range specdiff.AllPairs() {
		t.Run(subtest.Name(p.A+" "+p.B), func(t *testing.T) {
			if r := diff(t, p.A, p.B); r.SplitSkipped != "" || r.SplitIncomplete {
				t.Errorf("%s, %s: split skipped %q, incomplete %v", p.A, p.B, r.SplitSkipped, r.SplitIncomplete)
			}
		})
	}
	if r := diff(t, "rfc6570", "rfc3986"); r.SplitSkipped == "" || len(r.Split) != 0 {
		t.Errorf("rfc6570, rfc3986: split %v, skipped %q; want none, and why", r.Split, r.SplitSkipped)
	}
	// RFC 2397's data reads a "?" as data, where RFC 3986 starts a query; RFC 8089
	// Appendix F's UNC authority puts a host where RFC 3986 reads a path; RFC 1808's
	// net_loc holds a "?" where url-syntax-05 starts a query.
	for _, want := range []struct {
		a, b, witness, ca, cb string
		offset                int
	}{
		{"data", "rfc3986:data", "DATA:,?!", "path", "query", 7},
		{"file-F", "rfc3986:file", "FILE:////!/", "host", "path", 9},
		{"rfc1808", "url-syntax-05", "//?!", "authority", "query", 3},
	} {
		t.Run(subtest.Name(want.a+" "+want.b), func(t *testing.T) {
			r := diff(t, want.a, want.b)
			if !slices.Contains(r.Split, specdiff.SplitClass{A: want.ca, B: want.cb, Witness: want.witness, Offset: want.offset}) {
				t.Errorf("%s, %s: split %+v, want %q (%s, %s) among them", want.a, want.b, r.Split, want.witness, want.ca, want.cb)
			}
		})
	}
}

// TestCompareShared: Compare computes the report of two listed languages once, whatever
// the number of goroutines asking, and compares a language restricted to a scheme afresh.
func TestCompareShared(t *testing.T) {
	a, errA := specdiff.Lookup("rfc2396")
	b, errB := specdiff.Lookup("rfc3986")
	if errA != nil || errB != nil {
		t.Fatal(errA, errB)
	}
	reports := make([]*specdiff.Report, 8)
	var wg sync.WaitGroup
	for i := range reports {
		wg.Add(1)
		go func() {
			defer wg.Done()
			reports[i] = specdiff.Compare(a, b)
			reports[i].Classify("//@@")
		}()
	}
	wg.Wait()
	for _, r := range reports[1:] {
		if r != reports[0] {
			t.Fatal("Compare built the report of rfc2396 and rfc3986 more than once")
		}
	}
	if specdiff.Compare(b, a) == reports[0] {
		t.Error("Compare(b, a) shares the report of Compare(a, b)")
	}
	h1, _ := specdiff.Lookup("rfc3986:http")
	h2, _ := specdiff.Lookup("rfc3986:http")
	if specdiff.Compare(h1, a) == specdiff.Compare(h2, a) {
		t.Error("Compare kept the report of a language restricted to a scheme")
	}
}
