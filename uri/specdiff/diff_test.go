package specdiff_test

import (
	"fmt"
	"slices"
	"sync"
	"testing"

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
		if !slices.Contains(witnesses(r.OnlyA), w) {
			t.Errorf("rfc2396 ∖ rfc3986: no class with witness %q", w)
		}
	}
	for _, b := range []string{"rfc3987", "rfc6874"} {
		if r := diff(t, "rfc3986", b); r.Verdict != specdiff.Subset {
			t.Errorf("rfc3986, %s: %s, want subset", b, r.Verdict)
		}
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
		got := l.Active(tc.prefix)
		for _, r := range tc.want {
			if !slices.Contains(got, r) {
				t.Errorf("Active(%q) = %q, want %s among them", tc.prefix, got, r)
			}
		}
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
