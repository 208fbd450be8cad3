package uri_test

// The ABNF oracle of the scheme grammars: for every grammar/schemes/<grammar>.abnf, each
// top rule named on its "; oracle-top:" line is compared with the scheme grammar whose
// rule it is (uri.SchemeGrammars), on strings generated from the ABNF and near-misses of
// them, exactly as TestOracle does for the spec versions. The grammar is run alone (the
// checks its RFC adds in prose are not part of the ABNF). make conformance runs it with
// TestOracle, with the same -oracle.n and -oracle.from.

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	goabnf "github.com/pandatix/go-abnf"
	"github.com/urispec/urispec/internal/testcorpus"
	"github.com/urispec/urispec/uri"
)

// schemeMutations are inserted or substituted by the near-misses: the spec versions'
// alphabet and the delimiters of the scheme grammars (mailto's "," "&" "=" and RFC 5322's
// quoted strings and comments, urn's "?+" "?=" and "-").
const schemeMutations = mutationAlphabet + `,&=;"\()<>+!$'*` + "\t\r\n"

// schemeOracle is one top rule of a scheme grammar's ABNF.
type schemeOracle struct {
	oracle
	rule string
}

func loadSchemeOracles(t testing.TB) []*schemeOracle {
	t.Helper()
	paths, err := filepath.Glob(testcorpus.Path(t, "grammar/schemes/*.abnf"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no grammar/schemes/*.abnf (%v)", err)
	}
	var out []*schemeOracle
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		g, err := parseABNF(src)
		if err != nil {
			t.Fatalf("%s: %v (go-abnf wants CRLF line endings and rule names in column 1)", path, err)
		}
		tops := strings.Fields(directive(src, "oracle-top"))
		if len(tops) == 0 {
			t.Fatalf("%s: no \"; oracle-top: RULE...\" line", path)
		}
		for _, top := range tops {
			if goabnf.GetRule(top, g.Rulemap) == nil {
				t.Fatalf("%s: no rule %s", path, top)
			}
			if found, _ := uri.ValidateSchemeRule(top, ""); !found {
				t.Fatalf("%s: no scheme grammar has the top rule %s (uri.SchemeGrammars)", path, top)
			}
			o := &schemeOracle{oracle: oracle{path: path, g: g, top: top}, rule: top}
			if o.re, err = compileRegex(g, top); err != nil {
				o.re, o.reNone = nil, regexUnavailable(err)
			}
			out = append(out, o)
		}
	}
	return out
}

// TestSchemeGrammarsHaveOracles fails when a scheme grammar has no ABNF top rule that
// checks it.
func TestSchemeGrammarsHaveOracles(t *testing.T) {
	have := map[string]bool{}
	for _, o := range loadSchemeOracles(t) {
		have[o.rule] = true
	}
	for _, g := range uri.SchemeGrammars() {
		t.Run(g.Name, func(t *testing.T) {
			if !have[g.Rule] {
				t.Errorf("scheme %s: its rule %s is no oracle-top of grammar/schemes/*.abnf", g.Name, g.Rule)
			}
		})
	}
}

// TestSchemeOracle generates strings from each scheme grammar's ABNF, makes near-misses
// of them, and requires the scheme grammar and the ABNF recognizer to agree on each.
func TestSchemeOracle(t *testing.T) {
	n := oracleCount(t, 400)
	for _, o := range loadSchemeOracles(t) {
		t.Run(o.rule, func(t *testing.T) {
			t.Parallel()
			start := time.Now()
			seeds := int64(n+nearMisses) / (1 + nearMisses)
			workers := runtime.GOMAXPROCS(0)
			var mu sync.Mutex
			var checked, distinct, valid, disagreements, cross, crossDiffer int
			var examples []string
			var wg sync.WaitGroup
			for w := 0; w < workers; w++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					seen := map[string]bool{}
					var c, d, v, bad, cr, crd int
					var ex []string
					check := func(s string, crossCheck bool) {
						c++
						if seen[s] {
							return
						}
						seen[s] = true
						d++
						_, err := uri.ValidateSchemeRule(o.rule, s)
						want, byRegex := o.fast(s)
						if byRegex && crossCheck {
							cr++
							if o.valid(s) != want {
								crd++
								want = !want // IsValid is the authority
							}
						}
						if want {
							v++
						}
						if (err == nil) != want {
							bad++
							if len(ex) < 20 {
								ex = append(ex, fmt.Sprintf("%s: %q: ABNF valid %v, grammar: %v", o.rule, s, want, err))
							}
						}
					}
					for seed := *oracleFrom + int64(w); seed < *oracleFrom+seeds; seed += int64(workers) {
						crossCheck := seed%int64(max(*oracleCrossCheck, 1)) == 0 || *oracleN == 0
						s := o.generated(seed)
						check(string(s), crossCheck)
						r := rand.New(rand.NewPCG(uint64(seed), 0x5c4e3e))
						for range nearMisses {
							check(string(mutate(r, s, schemeMutations)), crossCheck)
						}
					}
					mu.Lock()
					checked, distinct, valid, disagreements, cross, crossDiffer = checked+c, distinct+d, valid+v, disagreements+bad, cross+cr, crossDiffer+crd
					examples = append(examples, ex...)
					mu.Unlock()
				}()
			}
			wg.Wait()
			how := fmt.Sprintf("ABNF verdict by regexp, cross-checked against IsValid on %d strings (%d differ)", cross, crossDiffer)
			if o.re == nil {
				how = "ABNF verdict by IsValid: no regexp: " + o.reNone
			}
			t.Logf("%s (%s): %d strings checked (%d distinct, %d of them valid), %d disagreements, %v; %s",
				o.rule, filepath.Base(o.path), checked, distinct, valid, disagreements, time.Since(start).Round(time.Millisecond), how)
			for _, e := range examples {
				t.Error(e)
			}
			if crossDiffer > 0 {
				t.Errorf("%d regexp/IsValid differences (a fault of the regexp recognizer)", crossDiffer)
			}
		})
	}
}

// TestSchemeAmbiguities pins the ambiguities of the scheme grammars (grammar/NOTES.md):
// the number of derivations the ABNF gives, by go-abnf's parse forest, and the reading
// the grammar takes (its parts).
func TestSchemeAmbiguities(t *testing.T) {
	byRule := map[string]*schemeOracle{}
	for _, o := range loadSchemeOracles(t) {
		byRule[o.rule] = o
	}
	for _, a := range []struct {
		rule, input string
		trees       int64
		parts       string // the parts' JSON keys the grammar's reading gives
	}{
		{"namestring", "urn:a12:b?+c?=d", 2, `{"r_component":"c","q_component":"d"}`},
		{"namestring", "urn:a12:b?+c?=?=d", 2, `{"r_component":"c?=","q_component":"d"}`},
		{"mailtoURI", "mailto:a@b?c=d", 2, `{"to":["a@b"],"headers":[{"name":"c","value":"d"}]}`},
		{"mailtoURI", "mailto:?to=a@b", 2, `{"to":[],"headers":[{"name":"to","value":"a@b"}]}`},
		{"http-URI", "http://1.2.3.4/", 2, `{"host":"1.2.3.4"}`},
		{"file-URI", "file:///x", 2, `{"host":"","path":"/x"}`},
		{"file-URI", "file://localhost/x", 2, `{"host":"localhost","local":true}`},
		{"dataurl", "data:,x", 2, `{"media_type":"","type":null}`},
		// phonedigit's empty alternative: go-abnf counts infinitely many trees (-1).
		{"telephone-uri", "tel:+1;ext=2", -1, `{"extension":"2","parameters":[]}`},
		{"telephone-uri", "tel:+1;isub=a;b=c", -1, `{"isdn_subaddress":"a;b=c","parameters":[]}`},
		{"geo-URI", "geo:1,2;crs=wgs84;u=3", 5, `{"crs":"wgs84","uncertainty":"3","parameters":[]}`},
	} {
		t.Run(a.rule+" "+a.input, func(t *testing.T) {
			o := byRule[a.rule]
			if o == nil {
				t.Fatalf("no oracle for %s", a.rule)
			}
			f, err := goabnf.ParseForest([]byte(a.input), o.g, a.rule)
			if err != nil {
				t.Fatal(err)
			}
			if got := f.NumTrees(); !f.Valid() || got.Int64() != a.trees {
				t.Errorf("%s derives %q in %v ways (valid %v), want %d", a.rule, a.input, got, f.Valid(), a.trees)
			}
			r, err := uri.Parse(uri.RFC3986, a.input)
			if err != nil {
				t.Errorf("%q: %v", a.input, err)
				return
			}
			checkSchemeParts(t, a.input, r, a.parts)
		})
	}
}
