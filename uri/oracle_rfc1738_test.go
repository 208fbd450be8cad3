package uri_test

// The ABNF oracle for RFC 1738's entry points. uri/oracle_test.go compares the
// RFC's top rule url with the GenericOnly parser. This file checks each rule that ends a
// URL on its own: every scheme's rule, genericurl, otherurl and ip-schemepart, each run
// as an entry point of the generated parser (gen/rfc1738) against the same rule of
// grammar/rfc1738.abnf; the strict top of package uri (url_strict, not an RFC rule)
// against its definition composed from the ABNF: a URL beginning with one of the ten
// "scheme:" prefixes must match that scheme's rule, any other must match genericurl; and
// the PEG's url against the ABNF's genericurl (the two derive the same strings).
//
// Strings are generated from each ABNF rule, and near-misses are made from each by
// one-byte edits drawn from the characters RFC 1738 treats specially. The count per rule
// follows $URISPEC_ORACLE_N like TestOracle (default 800, 200 with -short); each rule
// logs its counts. A large run:
//
//	URISPEC_ORACLE_N=100000 go test ./uri -run '^TestOracleRFC1738' -timeout=0 -v
//
// As in TestOracle, each ABNF rule compiled to a regexp (uri/oracle_regex_test.go) gives
// the ABNF verdict, and go-abnf's IsValid stays the authority: every regexp verdict is
// compared with IsValid in the default run and in TestOracleRFC1738Departures, and those
// on the strings of one seed in -oracle.crosscheck (50) when $URISPEC_ORACLE_N is set.

import (
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"

	goabnf "github.com/pandatix/go-abnf"
	"github.com/urispec/urispec/gen/rfc1738"
	"github.com/urispec/urispec/internal/subtest"
	"github.com/urispec/urispec/internal/testcorpus"
	"github.com/urispec/urispec/uri"
)

// rfc1738Entries maps each entry rule of grammar/rfc1738.peg to its ABNF rule name.
var rfc1738Entries = []struct{ peg, abnf string }{
	{"httpurl", "httpurl"}, {"ftpurl", "ftpurl"}, {"newsurl", "newsurl"}, {"nntpurl", "nntpurl"},
	{"telneturl", "telneturl"}, {"gopherurl", "gopherurl"}, {"waisurl", "waisurl"},
	{"mailtourl", "mailtourl"}, {"fileurl", "fileurl"}, {"prosperourl", "prosperourl"},
	{"otherurl", "otherurl"}, {"genericurl", "genericurl"}, {"ip_schemepart", "ip-schemepart"},
}

// rfc1738SchemeRules maps each scheme with a rule of its own to that rule.
var rfc1738SchemeRules = map[string]string{
	"http": "httpurl", "ftp": "ftpurl", "news": "newsurl", "nntp": "nntpurl", "telnet": "telneturl",
	"gopher": "gopherurl", "wais": "waisurl", "mailto": "mailtourl", "file": "fileurl", "prospero": "prosperourl",
}

// rfc1738NearMisses is the number of near-misses made from each generated string.
const rfc1738NearMisses = 3

// rfc1738Alphabet is what near-misses insert or substitute: the reserved characters, the
// unsafe ones the BNF leaves out ("~", "#", "|", space...), escapes' "%" and hex digits,
// "9" of "%09", upper case (case-sensitive literals) and the extra "*".
const rfc1738Alphabet = "/?#:@%;=&~*.-+_$!'(),|^ 09AaFgZzT"

// rfc1738CrossEvery is the fraction of seeds (one in k) whose strings' regexp verdicts
// are cross-checked against IsValid: every one in the default run.
func rfc1738CrossEvery() int64 {
	if os.Getenv("URISPEC_ORACLE_N") != "" {
		return max(int64(*oracleCrossCheck), 1)
	}
	return 1
}

func loadRFC1738ABNF(t testing.TB) *goabnf.Grammar {
	t.Helper()
	src, err := os.ReadFile(testcorpus.Path(t, "grammar/rfc1738.abnf"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := parseABNF(src)
	if err != nil {
		t.Fatalf("grammar/rfc1738.abnf: %v", err)
	}
	return g
}

// rfc1738Regexps compiles each ABNF rule the checker asks about to a regexp; a rule
// that does not compile is left out (IsValid decides it).
func rfc1738Regexps(t testing.TB, g *goabnf.Grammar) map[string]*regexp.Regexp {
	t.Helper()
	out := map[string]*regexp.Regexp{}
	for _, e := range rfc1738Entries {
		if re, err := compileRegex(g, e.abnf); err == nil {
			out[e.abnf] = re
		} else {
			t.Logf("rfc1738 %s: no regexp (%s): IsValid decides", e.abnf, regexUnavailable(err))
		}
	}
	return out
}

// rfc1738Checker gives the verdicts of both sides on one string.
type rfc1738Checker struct {
	g      *goabnf.Grammar
	p      *rfc1738.Parser
	strict *uri.Parser
	// re holds the regexps of ABNF rules (nil: IsValid only). While cross is set,
	// every regexp verdict is compared with IsValid: crossChecked counts them and
	// crossDiffer describes the differences (IsValid's verdict is used).
	re           map[string]*regexp.Regexp
	cross        bool
	crossChecked int
	crossDiffer  []string
}

// abnf is the ABNF verdict: the rule's regexp for ASCII input, else IsValid.
func (c *rfc1738Checker) abnf(rule, s string) bool {
	re := c.re[rule]
	if re == nil || !regexpDecides(s) {
		return c.isValid(rule, s)
	}
	v := re.MatchString(s)
	if c.cross {
		c.crossChecked++
		if w := c.isValid(rule, s); w != v {
			c.crossDiffer = append(c.crossDiffer, fmt.Sprintf("%s %q: regexp %v, IsValid %v", rule, s, v, w))
			return w
		}
	}
	return v
}

// isValid is the verdict of the authority, go-abnf's IsValid.
func (c *rfc1738Checker) isValid(rule, s string) bool {
	ok, err := c.g.IsValid(rule, []byte(s))
	if err != nil {
		panic(fmt.Sprintf("IsValid(%s, %q): %v", rule, s, err))
	}
	return ok
}

func (c *rfc1738Checker) peg(rule, s string) bool { return c.p.Run(s, rfc1738.RuleID(rule)) }

// check compares the verdicts on s of: the entry it was generated from, genericurl, url
// (PEG) against genericurl (ABNF), and the strict top against its composed definition.
// It returns the disagreements.
func (c *rfc1738Checker) check(peg, abnf, s string) []string {
	out := c.checkEntry(peg, abnf, s)
	return append(out, c.checkTops(s)...)
}

// checkEntry compares one entry rule with its ABNF rule on s.
func (c *rfc1738Checker) checkEntry(peg, abnf, s string) []string {
	if pegOK, abnfOK := c.peg(peg, s), c.abnf(abnf, s); pegOK != abnfOK {
		return []string{fmt.Sprintf("%s %q: PEG %v, ABNF %v", peg, s, pegOK, abnfOK)}
	}
	return nil
}

// checkTops compares genericurl, url and the strict top with their ABNF definitions on s.
func (c *rfc1738Checker) checkTops(s string) []string {
	var out []string
	cmp := func(what string, pegOK, abnfOK bool) {
		if pegOK != abnfOK {
			out = append(out, fmt.Sprintf("%s %q: PEG %v, ABNF %v", what, s, pegOK, abnfOK))
		}
	}
	generic := c.abnf("genericurl", s)
	cmp("genericurl", c.peg("genericurl", s), generic)
	cmp("url (ABNF genericurl)", c.peg("url", s), generic)
	want := generic
	if i := strings.IndexByte(s, ':'); i >= 0 {
		if rule, ok := rfc1738SchemeRules[s[:i]]; ok {
			want = c.abnf(rule, s)
		}
	}
	cmp("strict", c.strict.Validate(s) == nil, want)
	return out
}

func TestOracleRFC1738Entries(t *testing.T) {
	g := loadRFC1738ABNF(t)
	res := rfc1738Regexps(t, g)
	n := oracleCount(t, 200)
	crossEvery := rfc1738CrossEvery()
	// The entries share the CPUs: run them one at a time, each with every CPU.
	for _, e := range rfc1738Entries {
		t.Run(e.peg, func(t *testing.T) {
			if rfc1738.RuleID(e.peg) < 0 || goabnf.GetRule(e.abnf, g.Rulemap) == nil {
				t.Fatalf("no rule %s in the PEG or %s in the ABNF", e.peg, e.abnf)
			}
			workers := runtime.GOMAXPROCS(0)
			seeds := (n + rfc1738NearMisses) / (1 + rfc1738NearMisses)
			var mu sync.Mutex
			var checked, distinct, valid, crossChecked int
			var bad []string
			var wg sync.WaitGroup
			for w := 0; w < workers; w++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					strict, err := uri.NewParser(uri.RFC1738)
					if err != nil {
						t.Error(err)
						return
					}
					c := &rfc1738Checker{g: g, p: &rfc1738.Parser{}, strict: strict, re: res}
					seen := map[string]bool{}
					var nChecked, nDistinct, nValid int
					var nBad []string
					one := func(s string) {
						nChecked++
						if seen[s] {
							return
						}
						seen[s] = true
						nDistinct++
						if c.peg(e.peg, s) {
							nValid++
						}
						nBad = append(nBad, c.check(e.peg, e.abnf, s)...)
					}
					for i := int64(w); i < int64(seeds); i += int64(workers) {
						c.cross = i%crossEvery == 0
						repMax := []int{1, 2, 3, 5, 8}[i%5]
						threshold := []int{8, 24, 64, 128}[(i/5)%4]
						b, err := g.Generate(i, e.abnf, goabnf.WithRepMax(repMax), goabnf.WithThreshold(threshold))
						if err != nil {
							t.Errorf("Generate(%d, %s): %v", i, e.abnf, err)
							return
						}
						one(string(b))
						r := rand.New(rand.NewPCG(uint64(i), 0x1738))
						for k := 0; k < rfc1738NearMisses; k++ {
							one(string(mutate(r, b, rfc1738Alphabet)))
						}
					}
					mu.Lock()
					defer mu.Unlock()
					checked += nChecked
					distinct += nDistinct
					valid += nValid
					bad = append(bad, nBad...)
					crossChecked += c.crossChecked
					bad = append(bad, c.crossDiffer...)
				}()
			}
			wg.Wait()
			t.Logf("rfc1738 %s: %d strings checked (%d distinct, %d of them valid for %s), %d disagreements; "+
				"%d regexp verdicts cross-checked against IsValid",
				e.peg, checked, distinct, valid, e.peg, len(bad), crossChecked)
			for i, d := range bad {
				if i == 20 {
					t.Errorf("... and %d more", len(bad)-20)
					break
				}
				t.Error(d)
			}
		})
	}
}

// TestOracleRFC1738Departures checks, on both sides, the inputs where the PEG departs
// from the printed BNF or where the BNF is easy to misread, against every entry.
func TestOracleRFC1738Departures(t *testing.T) {
	g := loadRFC1738ABNF(t)
	strict, err := uri.NewParser(uri.RFC1738)
	if err != nil {
		t.Fatal(err)
	}
	c := &rfc1738Checker{g: g, p: &rfc1738.Parser{}, strict: strict, re: rfc1738Regexps(t, g), cross: true}
	inputs := []string{
		// grouppart: "*" and group are prefixes of articles.
		"news:*", "news:*@a", "news:ab", "news:ab@c.d", "news:a.b-c+d_e", "news:1a", "news:a@1.2.3.4", "news:a@b.",
		// hostname/hostnumber and the labels.
		"http://a", "http://a.b", "http://a.b.", "http://a.1", "http://1.a", "http://1.2.3.4", "http://1.2.3.4.5",
		"http://1.2.3.4a", "http://a-b", "http://a--b.c", "http://a-.b", "http://-a", "http://a.b-", "http://A9.Z",
		"http://a:", "http://a:80", "http://a:80/", "http://a/b?c", "http://a?c", "http://a/b?c/d", "http://a/b#c",
		"http://a/~b", "http://a/%7e", "http://a/%7", "HTTP://a",
		// login: user and password before the "@" that decides them.
		"ftp://a", "ftp://@a", "ftp://a@b", "ftp://a:b@c", "ftp://a:@c", "ftp://:b@c", "ftp://a:b", "ftp://a:b@",
		"ftp://a/b;type=a", "ftp://a/b;type=x", "ftp://a/b;type=A;type=a", "ftp://a/;type=i", "ftp://a;type=i",
		"telnet://a", "telnet://a/", "telnet://u:p@a:23/", "telnet://a//",
		// file: [ host | "localhost" ].
		"file:///x", "file://localhost/x", "file://a.b/c/d", "file://x", "file:/x", "file://1.2.3.4/x", "file://a:1/x",
		// gopher: the ambiguous selector.
		"gopher://a", "gopher://a/", "gopher://a/1", "gopher://a/1x%09y", "gopher://a/1x%09y/z%09w?v", "gopher://a//",
		// wais, nntp, prospero, mailto.
		"wais://a/d", "wais://a/d?s", "wais://a/d/t/p", "wais://a/d/t", "wais://a/d?s/t", "wais://a", "wais://a/",
		"nntp://a/g", "nntp://a/g/12", "nntp://a/g/", "nntp://a/1g", "nntp://a",
		"prospero://a/p", "prospero://a//p;n=v;m=", "prospero://a/p;n", "prospero://a/p;=",
		"mailto:", "mailto:a@b", "mailto:a b",
		// generic: ip-schemepart or *xchar.
		"x:", "x:/", "x://", "x:///", "x://a", "x://a:/b", "x://u@a:1/p?q", "1+-.:a", "X:a", ":a", "x:a#b", "x:%zz",
		"http:x", "ftp:", "news:", "httpx://a b",
	}
	for _, s := range inputs {
		t.Run(subtest.Name(s), func(t *testing.T) {
			bad := c.checkTops(s)
			for _, e := range rfc1738Entries {
				bad = append(bad, c.checkEntry(e.peg, e.abnf, s)...)
			}
			for _, d := range bad {
				t.Error(d)
			}
		})
	}
	for _, d := range c.crossDiffer {
		t.Error(d)
	}
	t.Logf("%d regexp verdicts cross-checked against IsValid", c.crossChecked)
}
