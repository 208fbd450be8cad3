package uri_test

// The ABNF oracle (docs/verification.md): for every spec that has both a
// parser in package uri and a grammar/<spec>.abnf, github.com/pandatix/go-abnf reads the
// ABNF and serves as an independent recognizer. Strings generated from the ABNF top rule,
// and near-misses made from them by one-byte edits, must get the same verdict from
// uri.Validate and from the recognizer (goabnf.Grammar.IsValid).
//
// go test runs a modest count per spec. For a large run:
//
//	go test ./uri -run '^TestOracle$' -oracle.n=1000000 -timeout=0 -v
//
// (or URISPEC_ORACLE_N=1000000; make conformance N=1000000 runs this). Each spec then
// logs one line: strings checked, distinct strings, valid ones, disagreements, time, and
// which recognizer gave the ABNF verdict, and with -v a progress line every minute.
// -oracle.from=SEED splits a long run into shorter ones: seed i gives the same strings
// in any run, so -oracle.n=250000 with -oracle.from=0, 62500, 125000, 187500 checks the
// strings of one -oracle.n=1000000 run.
//
// The ABNF verdict: go-abnf's recognizer (IsValid) costs about 1 ms for a 30-byte input
// and up to tens of ms for url-syntax-05 (uri.Validate a few µs), so a million strings
// would take hours. Where the top rule compiles to a regular expression (go-abnf's
// Grammar.Regex, see uri/oracle_regex_test.go) the regexp gives the verdict, and IsValid
// stays the authority: the regexp is compared with IsValid on every string of the
// default run, and on the strings of one seed in -oracle.crosscheck (50) of a large run;
// any difference fails the test. The log line counts these cross-checks.
//
// Found to work: with dec-octet in the printed (shortest-first) order, or without the
// lookahead of host, the PEG disagrees with the oracle 19 and 10 times in the 2,000
// strings of the default run.
//
// testdata/oracle/<spec>.txt holds strings that are always checked: regressions (each
// disagreement ever found) and the inputs where the PEG departs from the printed BNF.

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	goabnf "github.com/pandatix/go-abnf"
	"github.com/urispec/urispec/internal/testcorpus"
	"github.com/urispec/urispec/uri"
	schemes1738 "github.com/urispec/urispec/uri/rfc1738"
)

var (
	oracleN = flag.Int("oracle.n", 0,
		"strings per spec for TestOracle and the other oracle tests (generated + near-misses); "+
			"0 means each test's default (a few hundred), also $URISPEC_ORACLE_N")
	oracleFrom = flag.Int64("oracle.from", 0,
		"first generator seed of TestOracle: a long run can be split into runs of -oracle.n strings "+
			"starting at seeds 0, n/4, 2n/4, ... (each seed gives 4 strings)")
)

// oracleCount is the number of strings an oracle test checks per spec or rule: -oracle.n
// or $URISPEC_ORACLE_N, else n, the test's default, small enough for go test ./... to
// take minutes (make conformance runs a million, CI's make conformance-sample 2,000).
// Each test logs the count it checked.
func oracleCount(t testing.TB, n int) int {
	if *oracleN > 0 {
		return *oracleN
	}
	if v := os.Getenv("URISPEC_ORACLE_N"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 {
			t.Fatalf("URISPEC_ORACLE_N=%q: want a positive integer", v)
		}
		return n
	}
	return n
}

// oracle is one spec's ABNF grammar and its top rule.
type oracle struct {
	spec uri.Spec // 0 for a grammar that is no spec version (rfc6570)
	// name is the grammar's file name without .abnf: the spec's ID, or "rfc6570".
	name string
	// newParser makes the parser the ABNF is compared with.
	newParser func() (*uri.Parser, error)
	// alphabet is what near-misses insert or substitute (mutationAlphabet and the file's
	// "; oracle-mutations:" line: delimiters of its own, such as "+"); wide adds non-ASCII
	// ones.
	alphabet string
	wide     bool
	// opts are the ParserOptions under which the spec's parser derives the language of
	// the ABNF top: uri.GenericOnly() where "; oracle-parser: generic-only" says so
	// (rfc1738, whose default strict top is not an RFC rule; see
	// uri/oracle_rfc1738_test.go) and where the spec checks scheme grammars too.
	opts []uri.ParserOption
	path string
	g    *goabnf.Grammar
	top  string
	// parserOpt is the file's "; oracle-parser:" line; base its "; oracle-base:" line,
	// the base URL a grammar whose relative forms depend on one is run against (whatwg).
	parserOpt, base string
	// re is the top rule compiled to an anchored regexp (nil: none, and reNone says why).
	re     *regexp.Regexp
	reNone string
}

// fast is the ABNF verdict from the regexp where there is one and s is well-formed UTF-8
// (byRegex true), else from IsValid.
func (o *oracle) fast(s string) (valid, byRegex bool) {
	if o.re != nil && regexpDecides(s) {
		return o.re.MatchString(s), true
	}
	return o.valid(s), false
}

// valid is the ABNF verdict of the authority, go-abnf's IsValid.
func (o *oracle) valid(s string) bool {
	ok, err := o.g.IsValid(o.top, []byte(s))
	if err != nil {
		panic(fmt.Sprintf("%s: IsValid(%q): %v", o.path, s, err))
	}
	return ok
}

// topCandidates are tried, in order, when an .abnf file has no "; oracle-top:" line.
var topCandidates = []string{"URI-reference", "URL-reference", "url"}

var (
	oraclesOnce sync.Once
	oracles     []*oracle
	oraclesErr  error
)

// loadOracles reads grammar/<spec>.abnf for every spec that package uri can parse.
// Specs without an .abnf file are left out; a file that does not parse is an error.
func loadOracles(t testing.TB) []*oracle {
	t.Helper()
	oraclesOnce.Do(func() {
		for _, spec := range uri.Specs() {
			o, err := prepareOracle(spec.String())
			if err != nil {
				oraclesErr = err
				return
			}
			if o != nil {
				oracles = append(oracles, o)
			}
		}
		o, err := prepareOracle("rfc6570")
		if err != nil {
			oraclesErr = err
			return
		}
		oracles = append(oracles, o)
	})
	if oraclesErr != nil {
		t.Fatal(oraclesErr)
	}
	if len(oracles) == 0 {
		t.Fatal("no spec has both a parser and a grammar/<spec>.abnf")
	}
	return oracles
}

// prepareOracle loads the oracle of one grammar (a spec ID, or "rfc6570" for URI
// Templates) with the parser it is compared with; nil for a spec without an .abnf file.
// A fuzz target loads its own alone: each fuzz worker runs the target's setup again.
func prepareOracle(name string) (*oracle, error) {
	if name == "rfc6570" {
		// RFC 6570's URI Template grammar, which is no spec version: its own parser and
		// the characters of its expressions in the near-misses.
		o, err := loadOracle("rfc6570")
		if err != nil {
			return nil, err
		}
		o.newParser = func() (*uri.Parser, error) { return uri.NewTemplateParser(), nil }
		o.alphabet = templateMutationAlphabet
		o.wide = true
		return o, nil
	}
	spec, err := uri.ParseSpec(name)
	if err != nil {
		return nil, err
	}
	o, err := loadOracle(name)
	if err != nil || o == nil {
		return nil, err
	}
	o.spec = spec
	// The ABNF is the spec's grammar alone: the scheme grammars that rfc3986 and rfc3987
	// add by default have oracles of their own (TestSchemeOracle).
	p, err := uri.NewParser(spec)
	if err != nil {
		return nil, err
	}
	switch {
	case o.parserOpt == "generic-only" || p.SchemeGrammars():
		o.opts = append(o.opts, uri.GenericOnly())
	case o.parserOpt == "grammar-only": // the grammar without the checks that follow it (whatwg)
		o.opts = append(o.opts, uri.GrammarOnly())
	}
	if base := o.base; base != "" {
		o.opts = append(o.opts, uri.Base(base))
	}
	o.newParser = func() (*uri.Parser, error) { return uri.NewParser(spec, o.opts...) }
	o.wide = spec == uri.RFC3987 // non-ASCII terminals: non-ASCII near-misses too
	return o, nil
}

// loadOracle reads grammar/<name>.abnf, or returns nil if there is none.
func loadOracle(name string) (*oracle, error) {
	path, err := testcorpus.Locate("grammar/" + name + ".abnf")
	if err != nil {
		return nil, err
	}
	src, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	g, err := parseABNF(src)
	if err != nil {
		return nil, fmt.Errorf("%s: %v (go-abnf wants CRLF line endings and rule names in column 1)", path, err)
	}
	top := directive(src, "oracle-top")
	if top == "" {
		for _, c := range topCandidates {
			if goabnf.GetRule(c, g.Rulemap) != nil {
				top = c
				break
			}
		}
	}
	if top == "" || goabnf.GetRule(top, g.Rulemap) == nil {
		return nil, fmt.Errorf("%s: no top rule: add a line \"; oracle-top: RULE\"", path)
	}
	o := &oracle{name: name, path: path, g: g, top: top,
		alphabet: mutationAlphabet + directive(src, "oracle-mutations"), parserOpt: directive(src, "oracle-parser"),
		base: directive(src, "oracle-base")}
	if o.re, err = compileRegex(g, top); err != nil {
		o.re, o.reNone = nil, regexUnavailable(err)
	}
	return o, nil
}

// templateMutationAlphabet is what near-misses of URI Templates insert or substitute:
// the braces, operators (reserved ones too), modifiers and separators of expressions,
// "%" and characters that literals exclude ("'", space, "<", "\\", "^", "|"), "$" and
// "(" (excluded from expressions: 2.2), and a letter and digits of varchar and max-length.
const templateMutationAlphabet = "{}{}+#./;?&=,!@|:*%'$( <\\^gZ01_"

// directive returns the value of a "; name: value" comment line of an ABNF file.
func directive(src []byte, name string) string {
	for _, line := range strings.Split(string(src), "\n") {
		line = strings.TrimSpace(line)
		if v, ok := strings.CutPrefix(line, "; "+name+":"); ok {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// mutationAlphabet is what near-misses insert or substitute: the delimiters and the
// characters whose rules differ between specs, characters no spec allows (space, "|",
// "^"), a letter that is not a hex digit, a digit that ends a dec-octet range, and the
// "v"/"V" of IPvFuture. ("g", "z" and "Z" also make up for the generator, which draws a
// character of a range only from its first 16 values: ALPHA gives only A-P and a-p.)
const mutationAlphabet = "/?#[]:@%.-_~ |^gZ6Vv"

// mutate makes a near-miss of s: one byte inserted, deleted or replaced by a byte of
// alphabet (each spec's tests pass the delimiters and classes of its grammar).
func mutate(r *rand.Rand, s []byte, alphabet string) []byte {
	c := alphabet[r.IntN(len(alphabet))]
	out := make([]byte, 0, len(s)+1)
	switch op := r.IntN(3); {
	case op == 0 || len(s) == 0: // insert
		i := r.IntN(len(s) + 1)
		out = append(append(append(out, s[:i]...), c), s[i:]...)
	case op == 1: // delete
		i := r.IntN(len(s))
		out = append(append(out, s[:i]...), s[i+1:]...)
	default: // replace
		i := r.IntN(len(s))
		out = append(append(append(out, s[:i]...), c), s[i+1:]...)
	}
	return out
}

// nearMisses is the number of near-misses made from each generated string.
const nearMisses = 3

// generated returns the string generated from seed, with options that vary with the
// seed (short strings with few repetitions are as interesting as long ones).
func (o *oracle) generated(seed int64) []byte {
	repMax := []int{1, 2, 3, 5, 8}[seed%5]
	threshold := []int{8, 24, 64, 128}[(seed/5)%4]
	s, err := o.g.Generate(seed, o.top, goabnf.WithRepMax(repMax), goabnf.WithThreshold(threshold))
	if err != nil {
		panic(fmt.Sprintf("%s: Generate(%d): %v", o.path, seed, err))
	}
	return s
}

// checkOne compares the two verdicts on s (the ABNF's from IsValid) and returns a
// description of a disagreement, or "".
func checkOne(o *oracle, p *uri.Parser, s string) string {
	err := p.Validate(s)
	if d := disagreement(o, s, err, o.valid(s)); d != "" {
		return d
	}
	// The error must also be the reference's (explainProbing, which re-parses once per class).
	return uri.ExplainDiff(p, s)
}

// disagreement describes a difference between uri.Validate's result err and the ABNF
// verdict want on s, or returns "".
func disagreement(o *oracle, s string, err error, want bool) string {
	if (err == nil) == want {
		return ""
	}
	if want {
		return fmt.Sprintf("%s: %q: ABNF valid, uri.Validate: %v", o.name, s, err)
	}
	return fmt.Sprintf("%s: %q: ABNF invalid, uri.Validate accepts it", o.name, s)
}

// regressions reads testdata/oracle/<spec>.txt: one Go-quoted string per line, "#"
// comments and blank lines ignored. A missing file is no regression.
func regressions(t testing.TB, name string) []string {
	t.Helper()
	path := testcorpus.Path(t, "testdata/oracle/"+name+".txt")
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		s, err := strconv.Unquote(line)
		if err != nil {
			t.Fatalf("%s:%d: not a Go-quoted string: %s", path, n, line)
		}
		out = append(out, s)
	}
	return out
}

// TestOracleRegressions checks the strings of testdata/oracle/<spec>.txt.
func TestOracleRegressions(t *testing.T) {
	for _, o := range loadOracles(t) {
		t.Run(o.name, func(t *testing.T) {
			p, err := o.newParser()
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range regressions(t, o.name) {
				if d := checkOne(o, p, s); d != "" {
					t.Error(d)
				}
				if v, byRegex := o.fast(s); byRegex && v != o.valid(s) {
					t.Errorf("%s: %q: regexp %v, IsValid %v", o.name, s, v, !v)
				}
			}
		})
	}
}

// TestOracle generates strings from each spec's ABNF, makes near-misses of them, and
// requires uri.Validate and the ABNF recognizer to agree on every one.
func TestOracle(t *testing.T) {
	n := oracleCount(t, 400)
	for _, o := range loadOracles(t) {
		t.Run(o.name, func(t *testing.T) {
			t.Parallel()
			st := runOracle(t, o, n, runtime.GOMAXPROCS(0))
			how := fmt.Sprintf("ABNF verdict by regexp, cross-checked against IsValid on %d strings (%d differ)",
				st.crossChecked, st.crossDiffer)
			if o.re == nil {
				how = "ABNF verdict by IsValid: no regexp: " + o.reNone
			}
			t.Logf("%s: %d strings checked (%d distinct, %d of them valid), %d disagreements, %d errors unlike the reference explain's, %v; %s",
				o.name, st.checked, st.distinct, st.valid, st.disagreements, st.explainDiffs, st.elapsed.Round(time.Millisecond), how)
			for _, d := range st.examples {
				t.Error(d)
			}
			if st.disagreements+st.explainDiffs > len(st.examples) {
				t.Errorf("... and %d more disagreements or unlike errors", st.disagreements+st.explainDiffs-len(st.examples))
			}
			for _, d := range st.crossExamples {
				t.Error(d)
			}
			if st.crossDiffer > len(st.crossExamples) {
				t.Errorf("... and %d more regexp/IsValid differences", st.crossDiffer-len(st.crossExamples))
			}
		})
	}
}

type oracleStats struct {
	checked, distinct, valid, disagreements int
	explainDiffs                            int // errors unlike the reference explain's
	examples                                []string
	crossChecked, crossDiffer               int // regexp compared with IsValid
	crossExamples                           []string
	elapsed                                 time.Duration
}

// runOracle checks about n strings of o (n rounded up to a multiple of 1+nearMisses) with the given number of workers. Seed i gives one
// generated string and nearMisses near-misses; worker w takes the seeds i with
// i%workers == w, so the strings checked do not depend on the number of workers,
// except for how many repeated strings are skipped. A string already checked by the
// same worker is counted but not checked again.
func runOracle(t *testing.T, o *oracle, n, workers int) oracleStats {
	start := time.Now()
	seeds := int64(n+nearMisses) / (1 + nearMisses)
	from := *oracleFrom
	// Cross-check the regexp on the strings of one seed in crossEvery: every string in
	// the default run.
	crossEvery := int64(1)
	if *oracleN > 0 || os.Getenv("URISPEC_ORACLE_N") != "" {
		crossEvery = max(int64(*oracleCrossCheck), 1)
	}
	wide := wideTokens()
	var mu sync.Mutex
	var total oracleStats
	var wg sync.WaitGroup
	var done atomic.Int64 // seeds done, for the progress line
	stop := make(chan struct{})
	defer close(stop)
	if testing.Verbose() {
		go func() {
			tick := time.NewTicker(time.Minute)
			defer tick.Stop()
			for {
				select {
				case <-stop:
					return
				case <-tick.C:
					t.Logf("%s: %d of %d seeds done, %v", o.name, done.Load(), seeds, time.Since(start).Round(time.Second))
				}
			}
		}()
	}
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p, err := o.newParser()
			if err != nil {
				t.Error(err)
				return
			}
			var st oracleStats
			seen := map[string]bool{}
			check := func(s string, cross bool) {
				st.checked++
				if seen[s] {
					return
				}
				seen[s] = true
				st.distinct++
				err := p.Validate(s)
				want, byRegex := o.fast(s)
				if byRegex && cross {
					st.crossChecked++
					if o.valid(s) != want {
						st.crossDiffer++
						if len(st.crossExamples) < 20 {
							st.crossExamples = append(st.crossExamples,
								fmt.Sprintf("%s: %q: regexp %v, IsValid %v (a fault of the regexp recognizer, not of the parser)",
									o.name, s, want, !want))
						}
						want = !want // IsValid is the authority
					}
				}
				if d := disagreement(o, s, err, want); d != "" {
					st.disagreements++
					if len(st.examples) < 20 {
						st.examples = append(st.examples, d)
					}
				}
				if err == nil {
					st.valid++
				} else if d := uri.ExplainDiff(p, s); d != "" {
					// The error must be the reference's too (explainProbing, which
					// re-parses once per class): same Offset, Rule and Expected.
					st.explainDiffs++
					if len(st.examples) < 20 {
						st.examples = append(st.examples, d)
					}
				}
			}
			for i := from + int64(w); i < from+seeds; i += int64(workers) {
				cross := i%crossEvery == 0
				s := o.generated(i)
				check(string(s), cross)
				r := rand.New(rand.NewPCG(uint64(i), 0x5eed))
				for k := 0; k < nearMisses; k++ {
					if o.wide {
						check(string(mutateWide(r, s, o.alphabet, wide)), cross)
					} else {
						check(string(mutate(r, s, o.alphabet)), cross)
					}
				}
				done.Add(1)
			}
			mu.Lock()
			defer mu.Unlock()
			total.checked += st.checked
			total.distinct += st.distinct
			total.valid += st.valid
			total.disagreements += st.disagreements
			total.explainDiffs += st.explainDiffs
			total.examples = append(total.examples, st.examples...)
			total.crossChecked += st.crossChecked
			total.crossDiffer += st.crossDiffer
			total.crossExamples = append(total.crossExamples, st.crossExamples...)
		}()
	}
	wg.Wait()
	total.elapsed = time.Since(start)
	return total
}

// ambiguities pins, per spec, one input of each ambiguity that grammar/NOTES.md lists:
// the ABNF derives it in more than one way (go-abnf's parse forest counts the
// derivations), and the check verifies that the parser makes the choice the spec's
// text prescribes. Inputs with one derivation, beside an ambiguous one, show where the
// ambiguity ends. Keep the inputs short: ParseForest is cubic in the input length.
var ambiguities = []struct {
	spec, rule, input string
	trees             int64
	check             func(t *testing.T, s string)
}{
	// RFC 3986 3.2.2: host = IP-literal / IPv4address / reg-name; "If host matches the
	// rule for IPv4address, then it should be considered an IPv4 address literal and
	// not a reg-name."
	{"rfc3986", "URI-reference", "//1.2.3.4", 2, func(t *testing.T, s string) {
		checkToken(t, uri.RFC3986, "URI_reference", s, "IPv4address", 2, 9, "reg_name")
		checkHostKind(t, uri.RFC3986, s, uri.IPv4)
	}},
	{"rfc3986", "URI-reference", "http://255.255.255.255:80/", 2, func(t *testing.T, s string) {
		checkToken(t, uri.RFC3986, "URI_reference", s, "IPv4address", 7, 22, "reg_name")
		checkHostKind(t, uri.RFC3986, s, uri.IPv4)
	}},
	// Not ambiguous: no IPv4address matches, so reg-name is the only derivation.
	{"rfc3986", "URI-reference", "//1.2.3.4x", 1, func(t *testing.T, s string) {
		checkToken(t, uri.RFC3986, "URI_reference", s, "reg_name", 2, 10, "IPv4address")
		checkHostKind(t, uri.RFC3986, s, uri.RegName)
	}},
	{"rfc3986", "URI-reference", "//1.2.3.256", 1, func(t *testing.T, s string) {
		checkToken(t, uri.RFC3986, "URI_reference", s, "reg_name", 2, 11, "IPv4address")
		checkHostKind(t, uri.RFC3986, s, uri.RegName)
	}},
	// RFC 3986 3.3: path = path-abempty / path-absolute / path-noscheme / path-rootless
	// / path-empty is ambiguous (not reachable from URI-reference, where the context
	// picks exactly one of the five forms: "only one of which will match the path
	// substring within a given URI reference"). For the path entry point the parser
	// takes the first alternative that matches the whole input, as the rule's order
	// and comments suggest.
	{"rfc3986", "path", "", 2, func(t *testing.T, s string) {
		checkToken(t, uri.RFC3986, "path", s, "path_abempty", 0, 0, "path_empty")
	}},
	{"rfc3986", "path", "/a", 2, func(t *testing.T, s string) {
		checkToken(t, uri.RFC3986, "path", s, "path_abempty", 0, 2, "path_absolute")
	}},
	{"rfc3986", "path", "a/b", 2, func(t *testing.T, s string) {
		checkToken(t, uri.RFC3986, "path", s, "path_noscheme", 0, 3, "path_rootless")
	}},
	{"rfc3986", "path", "a:b", 1, func(t *testing.T, s string) {
		checkToken(t, uri.RFC3986, "path", s, "path_rootless", 0, 3, "path_noscheme")
	}},

	// RFC 3987 2.2: "Some productions are ambiguous. The "first-match-wins" (a.k.a.
	// "greedy") algorithm applies. For details, see [RFC3986]." The ambiguity is RFC
	// 3986's ihost = IP-literal / IPv4address / ireg-name, with RFC 3986 3.2.2's rule.
	{"rfc3987", "IRI-reference", "//1.2.3.4", 2, func(t *testing.T, s string) {
		checkToken(t, uri.RFC3987, "IRI_reference", s, "IPv4address", 2, 9, "ireg_name")
		checkHostKind(t, uri.RFC3987, s, uri.IPv4)
	}},
	// Not ambiguous: a ucschar after the digits makes an ireg-name (the PEG's lookahead).
	{"rfc3987", "IRI-reference", "//1.2.3.4é", 1, func(t *testing.T, s string) {
		checkToken(t, uri.RFC3987, "IRI_reference", s, "ireg_name", 2, 11, "IPv4address")
		checkHostKind(t, uri.RFC3987, s, uri.RegName)
	}},

	// RFC 6874 keeps RFC 3986's host = IP-literal / IPv4address / reg-name and its rule
	// for choosing; its own rules add no ambiguity: IPv6addrz needs "%25" after the
	// address, IPv6address needs "]", and ZoneID stops at "]".
	{"rfc6874", "URI-reference", "//1.2.3.4", 2, func(t *testing.T, s string) {
		checkToken(t, uri.RFC6874, "URI_reference", s, "IPv4address", 2, 9, "reg_name")
		checkHostKind(t, uri.RFC6874, s, uri.IPv4)
	}},
	{"rfc6874", "URI-reference", "//[fe80::1%25en0]", 1, func(t *testing.T, s string) {
		checkToken(t, uri.RFC6874, "URI_reference", s, "IPv6addrz", 3, 16, "")
		checkHostKind(t, uri.RFC6874, s, uri.IPv6Zone)
		checkComponent(t, uri.RFC6874, s, uri.Host, "[fe80::1%25en0]")
		checkComponent(t, uri.RFC6874, s, uri.Zone, "en0")
	}},
	{"rfc6874", "URI-reference", "//[::1]", 1, func(t *testing.T, s string) {
		checkToken(t, uri.RFC6874, "URI_reference", s, "IPv6address", 3, 6, "IPv6addrz")
		checkHostKind(t, uri.RFC6874, s, uri.IPv6)
	}},

	// The URL Standard, 3.4: a valid host string is a valid domain string or a valid
	// IPv4-address string; the grammar's domain candidates include every IPv4 string,
	// and a valid domain does not end in a number: the IPv4 address it is.
	{"whatwg", "valid-URL-string-without-base", "http://1.2.3.4", 2, func(t *testing.T, s string) {
		checkToken(t, uri.WHATWG, "valid_URL_string_without_base", s, "valid_IPv4_address_string", 7, 14, "valid_domain_string")
		checkHostKind(t, uri.WHATWG, s, uri.IPv4)
	}},
	{"whatwg", "valid-URL-string-without-base", "http://1.2.3.4x", 1, func(t *testing.T, s string) {
		checkToken(t, uri.WHATWG, "valid_URL_string_without_base", s, "valid_domain_string", 7, 15, "valid_IPv4_address_string")
	}},
	// 4.3: "/" is a path-absolute-URL string of zero segments and of one empty segment.
	{"whatwg", "valid-URL-string-without-base", "http://h/", 2, func(t *testing.T, s string) {
		checkComponent(t, uri.WHATWG, s, uri.Path, "/")
	}},
	// 3.4: the ABNF counts out the pieces around "::" in overlapping alternatives.
	{"whatwg", "valid-IPv6-address-string", "::0", 7, func(t *testing.T, s string) {
		checkHostKind(t, uri.WHATWG, "http://["+s+"]/", uri.IPv6)
	}},

	// RFC 1808 2.2: URL = ( absoluteURL | relativeURL ) [ "#" fragment ], absoluteURL =
	// generic-RL | ( scheme ":" *( uchar | reserved ) ). Every absoluteURL is derived by
	// both of its alternatives, and also as a relativeURL (scheme characters and ":" are
	// pchar, so "a:b" is a path). 2.4.2 decides: a ":" after a run of scheme characters
	// ends the scheme; then 2.4.3-2.4.6 split the rest as generic-RL does.
	{"rfc1808", "URL", "a:b", 3, func(t *testing.T, s string) {
		checkToken(t, uri.RFC1808, "URL", s, "generic_RL", 0, 3, "")
		checkComponent(t, uri.RFC1808, s, uri.Scheme, "a")
		checkComponent(t, uri.RFC1808, s, uri.Path, "b")
	}},
	{"rfc1808", "URL", "http://a/b;p?q", 3, func(t *testing.T, s string) {
		checkToken(t, uri.RFC1808, "URL", s, "net_loc", 7, 8, "")
		checkComponent(t, uri.RFC1808, s, uri.Authority, "a")
		checkComponent(t, uri.RFC1808, s, uri.Params, "p")
		checkComponent(t, uri.RFC1808, s, uri.Query, "q")
	}},
	// Not generic-RL (after a net_loc the path cannot begin with "//"): the opaque form
	// and a relativeURL derive it; the parts are 2.4's.
	{"rfc1808", "URL", "http://h//x", 2, func(t *testing.T, s string) {
		checkToken(t, uri.RFC1808, "URL", s, "absoluteURL", 0, 11, "generic_RL")
		checkComponent(t, uri.RFC1808, s, uri.Authority, "h")
		checkComponent(t, uri.RFC1808, s, uri.Path, "//x")
	}},
	// A relativeURL alone is never ambiguous: net_path begins with "//", abs_path with one
	// "/", rel_path with neither.
	{"rfc1808", "URL", "//a?b/c", 1, func(t *testing.T, s string) {
		checkToken(t, uri.RFC1808, "URL", s, "net_loc", 2, 5, "query")
		checkComponent(t, uri.RFC1808, s, uri.Authority, "a?b")
		checkComponent(t, uri.RFC1808, s, uri.Path, "/c")
	}},

	// RFC 2396 4.3: net_path or an abs_path beginning with "//" ("The greedy algorithm is
	// used for disambiguation: the left-most matching rule soaks up as much of the URI
	// reference string as it is capable of matching. In other words, the authority
	// component wins."), in relativeURI and in hier_part.
	{"rfc2396", "URI-reference", "//", 2, func(t *testing.T, s string) {
		checkToken(t, uri.RFC2396, "URI_reference", s, "net_path", 0, 2, "abs_path")
		checkComponent(t, uri.RFC2396, s, uri.Authority, "")
		checkComponent(t, uri.RFC2396, s, uri.Path, "")
	}},
	{"rfc2396", "URI-reference", "c://", 2, func(t *testing.T, s string) {
		checkToken(t, uri.RFC2396, "URI_reference", s, "net_path", 2, 4, "abs_path")
		checkComponent(t, uri.RFC2396, s, uri.Authority, "")
	}},
	// RFC 2396 3.2: authority = server | reg_name; every server is also a reg_name. The
	// RFC states no preference; by 4.3's left-most rule the server wins (3 derivations:
	// server, reg_name, and the abs_path "//h:80/").
	{"rfc2396", "URI-reference", "//h:80/", 3, func(t *testing.T, s string) {
		checkToken(t, uri.RFC2396, "URI_reference", s, "server", 2, 6, "reg_name")
		checkComponent(t, uri.RFC2396, s, uri.Port, "80")
		checkHostKind(t, uri.RFC2396, s, uri.HostName)
	}},
	// Not a server (userinfo and host exclude "@"): reg_name only (2 derivations: it,
	// and the abs_path).
	{"rfc2396", "URI-reference", "//a@b@c/", 2, func(t *testing.T, s string) {
		checkToken(t, uri.RFC2396, "URI_reference", s, "reg_name", 2, 7, "server")
		checkHostKind(t, uri.RFC2396, s, uri.NoHost)
	}},

	// RFC 2396 as amended by RFC 2732 keeps RFC 2396's ambiguities and rules for choosing
	// (above); an IPv6reference adds none: it is neither a reg_name nor a path segment
	// ("[" is in neither), so a server holding one has a single derivation.
	{"rfc2732", "URI-reference", "//h:80/", 3, func(t *testing.T, s string) {
		checkToken(t, uri.RFC2732, "URI_reference", s, "server", 2, 6, "reg_name")
		checkHostKind(t, uri.RFC2732, s, uri.HostName)
	}},
	{"rfc2732", "URI-reference", "//", 2, func(t *testing.T, s string) {
		checkToken(t, uri.RFC2732, "URI_reference", s, "net_path", 0, 2, "abs_path")
	}},
	{"rfc2732", "URI-reference", "//[::1]:80/", 1, func(t *testing.T, s string) {
		checkToken(t, uri.RFC2732, "URI_reference", s, "IPv6reference", 2, 7, "reg_name")
		checkHostKind(t, uri.RFC2732, s, uri.IPv6)
		checkComponent(t, uri.RFC2732, s, uri.Host, "[::1]")
		checkComponent(t, uri.RFC2732, s, uri.Port, "80")
	}},
	{"rfc2732", "URI-reference", "//[1:2:1.2.3.4]", 1, func(t *testing.T, s string) {
		checkToken(t, uri.RFC2732, "URI_reference", s, "IPv6address", 3, 14, "")
	}},

	// draft-fielding-uri-rfc2396bis-01 4: URI-reference = [ absolute-URI / relative-URI ]
	// [ "#" fragment ] derives "" (and "#f") with the option absent or as an empty
	// relative-URI. The draft states no rule; the components are the same (path "").
	{"rfc2396bis-01", "URI-reference", "", 2, func(t *testing.T, s string) {
		checkToken(t, uri.RFC2396bis01, "URI_reference", s, "relative_URI", 0, 0, "absolute_URI")
		checkComponent(t, uri.RFC2396bis01, s, uri.Path, "")
	}},
	// 3: absolute-URI = scheme ":" ( hier-part / opaque-part ) when the rest begins with
	// "?". 4.3's left-most rule takes hier-part, with a query (as Appendix B's regular
	// expression does).
	{"rfc2396bis-01", "URI-reference", "a:?q", 2, func(t *testing.T, s string) {
		checkToken(t, uri.RFC2396bis01, "URI_reference", s, "query", 3, 4, "opaque_part")
		checkComponent(t, uri.RFC2396bis01, s, uri.Query, "q")
		checkComponent(t, uri.RFC2396bis01, s, uri.Path, "")
	}},
	{"rfc2396bis-01", "URI-reference", "mailto:a?b", 1, func(t *testing.T, s string) {
		checkToken(t, uri.RFC2396bis01, "URI_reference", s, "opaque_part", 7, 10, "query")
	}},
	// 4.3: "the authority component wins" (net-path over an abs-path beginning with "//").
	{"rfc2396bis-01", "URI-reference", "//", 2, func(t *testing.T, s string) {
		checkToken(t, uri.RFC2396bis01, "URI_reference", s, "authority", 2, 2, "abs_path")
		checkComponent(t, uri.RFC2396bis01, s, uri.Authority, "")
	}},
	{"rfc2396bis-01", "URI-reference", "l://", 2, func(t *testing.T, s string) {
		checkToken(t, uri.RFC2396bis01, "URI_reference", s, "authority", 4, 4, "abs_path")
	}},
	// 3.2: authority = server / reg-name: server (left-most, 4.3).
	{"rfc2396bis-01", "URI-reference", "//e:80/", 3, func(t *testing.T, s string) {
		checkToken(t, uri.RFC2396bis01, "URI_reference", s, "server", 2, 6, "reg_name")
		checkHostKind(t, uri.RFC2396bis01, s, uri.HostName)
	}},
	{"rfc2396bis-01", "URI-reference", "//a@b@c", 2, func(t *testing.T, s string) {
		checkToken(t, uri.RFC2396bis01, "URI_reference", s, "reg_name", 2, 7, "server")
	}},
	// 3.2.2: a domainlabel has at most 63 characters (the PEG's lookahead label_length):
	// a 63-character host is a server's hostname, a 64-character one only a reg-name.
	{"rfc2396bis-01", "URI-reference", "//" + strings.Repeat("a", 63), 3, func(t *testing.T, s string) {
		checkToken(t, uri.RFC2396bis01, "URI_reference", s, "server", 2, 65, "reg_name")
		checkHostKind(t, uri.RFC2396bis01, s, uri.HostName)
	}},
	{"rfc2396bis-01", "URI-reference", "//" + strings.Repeat("a", 64), 2, func(t *testing.T, s string) {
		checkToken(t, uri.RFC2396bis01, "URI_reference", s, "reg_name", 2, 66, "server")
		checkHostKind(t, uri.RFC2396bis01, s, uri.NoHost) // a reg-name authority has no host
	}},
	// 3.2.2: host = IPv6reference / IPv4address / hostname; qualified lets the last label
	// begin with a digit, so "1.2.3.4" is also a hostname. The prose: "The rightmost
	// domain label of a fully qualified domain name will never start with a digit, thus
	// syntactically distinguishing domain names from IPv4 addresses"; IPv4address is
	// also the left-most. 4 derivations: abs-path, reg-name, server with either host.
	{"rfc2396bis-01", "URI-reference", "//1.2.3.4", 4, func(t *testing.T, s string) {
		checkToken(t, uri.RFC2396bis01, "URI_reference", s, "IPv4address", 2, 9, "hostname")
		checkHostKind(t, uri.RFC2396bis01, s, uri.IPv4)
	}},
	{"rfc2396bis-01", "URI-reference", "//1.2.3.456", 3, func(t *testing.T, s string) {
		checkToken(t, uri.RFC2396bis01, "URI_reference", s, "hostname", 2, 11, "IPv4address")
		checkHostKind(t, uri.RFC2396bis01, s, uri.HostName)
	}},

	// draft-fielding-url-syntax-05 4.4: "The greedy algorithm is used for
	// disambiguation: the left-most matching rule soaks up as much of the URL reference
	// string as it is capable of matching. In other words, the site component wins."
	// "": URL-reference's option absent or an empty relativeURL, whose rel_path has
	// path_segments absent or empty: the left-most rule takes the empty parts.
	{"url-syntax-05", "URL-reference", "", 3, func(t *testing.T, s string) {
		checkToken(t, uri.URLSyntax05, "URL_reference", s, "path_segments", 0, 0, "")
		checkComponent(t, uri.URLSyntax05, s, uri.Path, "")
	}},
	{"url-syntax-05", "URL-reference", "?q", 2, func(t *testing.T, s string) {
		checkToken(t, uri.URLSyntax05, "URL_reference", s, "path_segments", 0, 0, "")
		checkComponent(t, uri.URLSyntax05, s, uri.Query, "q")
	}},
	// absoluteURL or a relativeURL whose rel_path is "this:that", and generic-URL or
	// opaque-URL. 5: a first segment with a colon "would be mistaken for a scheme name";
	// 4.4: "A reference is parsed as if it is a generic-URL, even though it might be
	// considered opaque by later processes."
	{"url-syntax-05", "URL-reference", "this:that", 3, func(t *testing.T, s string) {
		checkToken(t, uri.URLSyntax05, "URL_reference", s, "absoluteURL", 0, 9, "")
		checkComponent(t, uri.URLSyntax05, s, uri.Scheme, "this")
		checkComponent(t, uri.URLSyntax05, s, uri.Path, "that")
	}},
	{"url-syntax-05", "absoluteURL", "mailto:x@y", 2, func(t *testing.T, s string) {
		checkToken(t, uri.URLSyntax05, "URL_reference", s, "generic_URL", 0, 10, "opaque_URL")
	}},
	// relativeURL = net_path | abs_path | rel_path: the site wins, then abs_path.
	{"url-syntax-05", "URL-reference", "//a/b", 3, func(t *testing.T, s string) {
		checkToken(t, uri.URLSyntax05, "URL_reference", s, "net_path", 0, 5, "")
		checkComponent(t, uri.URLSyntax05, s, uri.Authority, "a")
		checkComponent(t, uri.URLSyntax05, s, uri.Path, "/b")
		checkHostKind(t, uri.URLSyntax05, s, uri.HostName)
	}},
	{"url-syntax-05", "URL-reference", "/a", 2, func(t *testing.T, s string) {
		checkToken(t, uri.URLSyntax05, "URL_reference", s, "abs_path", 0, 2, "")
		checkComponent(t, uri.URLSyntax05, s, uri.Path, "/a")
	}},
	// 4.3.2: path = [ "/" ] path_segments (an entry point only): the "/" is taken.
	{"url-syntax-05", "path", "/a", 2, func(t *testing.T, s string) {
		checkToken(t, uri.URLSyntax05, "path", s, "path_segments", 1, 2, "")
	}},

	// RFC 1738 5: url = httpurl | ... | prosperourl | otherurl, and otherurl = genericurl
	// derives every scheme's URL. 5's comments: "Specific predefined schemes are defined
	// here"; "new schemes follow the general syntax". The scheme's own rule is taken
	// (the strict reading of docs/specs.md; the parser's url_strict and url alike).
	{"rfc1738", "url", "mailto:x@y", 2, func(t *testing.T, s string) {
		checkToken(t, uri.RFC1738, "url", s, "mailtourl", 0, 10, "otherurl")
		checkToken(t, uri.RFC1738, "url_strict", s, "mailtourl", 0, 10, "otherurl")
	}},
	// schemepart = *xchar | ip-schemepart: *xchar derives every ip-schemepart. 3.1: "The
	// scheme specific data start with a double slash "//" to indicate that it complies
	// with the common Internet scheme syntax."
	{"rfc1738", "genericurl", "a://h", 2, func(t *testing.T, s string) {
		checkToken(t, uri.RFC1738, "genericurl", s, "ip_schemepart", 2, 5, "")
		checkComponent(t, uri.RFC1738, s, uri.Host, "h")
		checkHostKind(t, uri.RFC1738, s, uri.HostName)
	}},
	// gopherurl: selector (*xchar) also derives "%09" search. 3.4.1: selector strings
	// "may contain any octets except 09 hexadecimal": the first "%09" ends the selector.
	// The PEG's selector token spans "a%09b"; package uri splits it as 3.4 says.
	{"rfc1738", "gopherurl", "gopher://h/1a%09b", 2, func(t *testing.T, s string) {
		g := checkGopher(t, s)
		if g.Selector == nil || *g.Selector != "a" || g.Search == nil || *g.Search != "b" || g.GopherPlus != nil {
			t.Errorf("%q: selector %v, search %v, gopher+ %v; want \"a\", \"b\", nil", s, deref(g.Selector), deref(g.Search), deref(g.GopherPlus))
		}
	}},
	// [ selector [...] ] absent, or an empty selector (3.4.1: "The Gopher selector
	// string may be an empty string").
	{"rfc1738", "gopherurl", "gopher://h/1", 2, func(t *testing.T, s string) {
		g := checkGopher(t, s)
		if g.Selector == nil || *g.Selector != "" || g.Search != nil {
			t.Errorf("%q: selector %v, search %v; want \"\", nil", s, deref(g.Selector), deref(g.Search))
		}
	}},
	// fileurl = "file://" [ host | "localhost" ] "/" fpath: "localhost" is a hostname.
	// 3.10: "As a special case, <host> can be the string "localhost" or the empty
	// string": the host either way; the PEG reads it as host.
	{"rfc1738", "fileurl", "file://localhost/x", 2, func(t *testing.T, s string) {
		checkToken(t, uri.RFC1738, "fileurl", s, "hostname", 7, 16, "")
		checkComponent(t, uri.RFC1738, s, uri.Host, "localhost")
	}},

	// url-1993 (the 1993 draft of 14 July 1993; the "URL:"
	// prefix from its HTML edition). PrePrefix: "the whole string must start with
	// a constant prefix "URL:"", which is also a generic scheme "URL".
	{"url-1993", "prefixedaddress", "URL:a:b", 3, func(t *testing.T, s string) {
		checkToken(t, uri.URL1993, "prefixedaddress", s, "preprefix", 0, 4, "")
		checkComponent(t, uri.URL1993, s, uri.Scheme, "a")
	}},
	// scheme = ialpha derives ":". Scheme: "the first element is the name of the
	// scheme, separated from the rest of the object by a colon".
	{"url-1993", "prefixedaddress", "a:b:c", 2, func(t *testing.T, s string) {
		checkComponent(t, uri.URL1993, s, uri.Scheme, "a")
		checkComponent(t, uri.URL1993, s, uri.Path, "b:c")
	}},
	// url = generic | ... | newsaddress | ...: only newsaddress overlaps generic (the
	// other addresses have "//", which generic's path cannot begin with). No rule in the
	// draft; the PEG takes the specific address (same scheme and path either way).
	{"url-1993", "prefixedaddress", "news:a", 2, func(t *testing.T, s string) {
		checkToken(t, uri.URL1993, "prefixedaddress", s, "scheme_news", 0, 4, "scheme")
	}},
	// hostport = host [ : port ], host derives ":" digits. Internet protocol parts: "The
	// port number ... is given in decimal notation after a colon."
	{"url-1993", "prefixedaddress", "http://a:80/", 2, func(t *testing.T, s string) {
		checkComponent(t, uri.URL1993, s, uri.Host, "a")
		checkComponent(t, uri.URL1993, s, uri.Port, "80")
	}},
	// hostname = ialpha [ . hostname ] and group = ialpha [ . group ], ialpha derives
	// ".": the labels may be split at any "."; the host (group) is the same text.
	{"url-1993", "prefixedaddress", "ftp://a.b/c", 2, func(t *testing.T, s string) {
		checkToken(t, uri.URL1993, "prefixedaddress", s, "hostname", 6, 9, "")
		checkHostKind(t, uri.URL1993, s, uri.HostName)
	}},
	{"url-1993", "prefixedaddress", "news:a.b", 3, func(t *testing.T, s string) {
		checkToken(t, uri.URL1993, "prefixedaddress", s, "groupart", 5, 8, "scheme")
	}},
	// telnetaddress = ... [ user @ ] hostport, user and host derive "@". The host is a
	// domain name "in RFC1037 format" (no "@"): user ends at the last "@".
	{"url-1993", "prefixedaddress", "telnet://a@b@c", 3, func(t *testing.T, s string) {
		checkComponent(t, uri.URL1993, s, uri.Userinfo, "a@b")
		checkComponent(t, uri.URL1993, s, uri.Host, "c")
	}},
	// groupart = * | group | article, group (ialpha) derives "@". News: "A message
	// identifier may be distinguished from a news group name by the presence of the
	// commercial at "@" character." The article's host token shows the choice.
	{"url-1993", "prefixedaddress", "news:a@b", 3, func(t *testing.T, s string) {
		checkToken(t, uri.URL1993, "prefixedaddress", s, "hostname", 7, 8, "scheme")
	}},
	// article = xalphas @ host, both derive "@". The draft states no rule (the message
	// id "must conform to the rules of RFC 850"); the PEG splits at the first "@"
	// followed by a letter. 4 derivations: generic, group, and the two splits.
	{"url-1993", "prefixedaddress", "news:a@b@c", 4, func(t *testing.T, s string) {
		checkToken(t, uri.URL1993, "prefixedaddress", s, "hostname", 7, 10, "scheme")
		checkComponent(t, uri.URL1993, s, uri.Path, "a@b@c")
	}},
	// gopheraddress: [ selector ] absent or empty (selector = path derives void).
	{"url-1993", "prefixedaddress", "gopher://h/1", 2, func(t *testing.T, s string) {
		checkComponent(t, uri.URL1993, s, uri.Path, "/1")
	}},
	// prosperolink = ... / hsoname [ %00 version [ attributes ] ], hsoname (path)
	// derives "%00" and digits. Prospero: version and attributes, "If these latter
	// feilds are present thy are separated from the host specific object name and from
	// each other by the characters "%00"". The PEG's hsoname takes "x%001" (no version):
	// contrary to the text, not visible in the components (the path is the whole
	// "/x%001" either way), which is all this checks (grammar/NOTES.md).
	{"url-1993", "prefixedaddress", "prospero://h/x%001", 2, func(t *testing.T, s string) {
		checkComponent(t, uri.URL1993, s, uri.Path, "/x%001")
	}},

	// rfc1630 (the URL BNF; the top rule rfc1630 composes both BNFs, see the grammar).
	// login = [ user [ : password ] @ ] hostport, and hostname derives "@": the PEG reads
	// the user where the hostport after the "@" ends the login (as RFC 3986's userinfo).
	{"rfc1630", "rfc1630", "ftp://a@b/c", 2, func(t *testing.T, s string) {
		checkToken(t, uri.RFC1630, "rfc1630", s, "user", 6, 7, "")
		checkComponent(t, uri.RFC1630, s, uri.Host, "b")
		checkComponent(t, uri.RFC1630, s, uri.Userinfo, "a")
	}},
	// hostname = ialpha [ . hostname ], and ialpha derives ".": the whole run is one
	// hostname either way.
	{"rfc1630", "rfc1630", "http://a.b/", 2, func(t *testing.T, s string) {
		checkComponent(t, uri.RFC1630, s, uri.Host, "a.b")
		checkHostKind(t, uri.RFC1630, s, uri.HostName)
	}},
	// groupart = * | group | article: "a@b" is a group (ialpha derives "@") and an
	// article. News: "A message identifier may be distinguished from a news group name by
	// the presence of the commercial at "@" character": the PEG tries article first.
	{"rfc1630", "rfc1630", "news:a@b", 2, func(t *testing.T, s string) {
		checkToken(t, uri.RFC1630, "rfc1630", s, "article", 5, 8, "group")
		checkComponent(t, uri.RFC1630, s, uri.Path, "a@b")
	}},
	// mailtoaddress = m a i l t o : xalphas @ hostname, both sides derive "@": the PEG
	// ends xalphas at the first "@" followed by a letter.
	{"rfc1630", "rfc1630", "mailto:a@b@c", 2, func(t *testing.T, s string) {
		checkToken(t, uri.RFC1630, "rfc1630", s, "hostname", 9, 12, "")
		checkComponent(t, uri.RFC1630, s, uri.Path, "a@b@c")
	}},
	// The URL BNF's search = xalphas [ + search ], and its xalphas derive "+": one query
	// either way.
	{"rfc1630", "rfc1630", "http://a/?x+y", 2, func(t *testing.T, s string) {
		checkComponent(t, uri.RFC1630, s, uri.Query, "x+y")
	}},
	// ftpaddress = ... / path [ ftptype ], and path derives every ftptype: the path
	// takes "I" (the FTP section's ";type=" suffix cannot be derived at all).
	{"rfc1630", "rfc1630", "ftp://h/fI", 2, func(t *testing.T, s string) {
		checkToken(t, uri.RFC1630, "rfc1630", s, "ftppath", 7, 10, "ftptype")
		checkComponent(t, uri.RFC1630, s, uri.Path, "/fI")
	}},
	// The URL BNF's xpalpha = xalpha | + where its xalpha has "+" already (its safe): each
	// "+" of a path derives two ways, with the same components.
	{"rfc1630", "rfc1630", "http://a/+", 2, func(t *testing.T, s string) {
		checkComponent(t, uri.RFC1630, s, uri.Path, "/+")
	}},
	// gopheraddress: [ gcommand ] absent, or gcommand = path = void.
	{"rfc1630", "rfc1630", "gopher://h/1", 2, func(t *testing.T, s string) {
		checkComponent(t, uri.RFC1630, s, uri.Path, "/1")
	}},
}

// TestAmbiguities checks the table above against the ABNF's parse forest and the parser.
func TestAmbiguities(t *testing.T) {
	bySpec := map[string]*oracle{}
	for _, o := range loadOracles(t) {
		bySpec[o.name] = o
	}
	for _, a := range ambiguities {
		t.Run(a.spec+"/"+a.rule+"/"+strconv.Quote(a.input), func(t *testing.T) {
			o := bySpec[a.spec]
			if o == nil {
				t.Fatalf("no parser or no grammar/%s.abnf", a.spec)
			}
			f, err := goabnf.ParseForest([]byte(a.input), o.g, a.rule)
			if err != nil {
				t.Fatal(err)
			}
			if !f.Valid() {
				t.Fatalf("%s does not derive %q", a.rule, a.input)
			}
			if got := f.NumTrees(); got.Int64() != a.trees || f.Ambiguous() != (a.trees > 1) {
				t.Errorf("%s derives %q in %v ways (ambiguous %v), want %d", a.rule, a.input, got, f.Ambiguous(), a.trees)
			}
			a.check(t, a.input)
		})
	}
}

// checkToken runs spec's generated parser from entry on s and requires a token of rule
// want spanning [begin, end) and, unless not is "", no token of rule not.
func checkToken(t *testing.T, spec uri.Spec, entry, s, want string, begin, end int, not string) {
	t.Helper()
	g, ok := uri.GenParser(spec)
	if !ok {
		t.Fatalf("no generated parser for %s", spec)
	}
	id := g.ID(entry)
	if id < 0 {
		t.Fatalf("%s: no entry rule %s", spec, entry)
	}
	p := g.New()
	if !p.Run(s, id) {
		t.Fatalf("%s: %s rejects %q", spec, entry, s)
	}
	found := false
	for _, tok := range p.Tokens(nil) {
		b, e := int(tok[1]), int(tok[2])
		switch g.Name(int(tok[0])) {
		case want:
			found = found || (b == begin && e == end)
		case not:
			t.Errorf("%s: %q: %s token at [%d,%d), want %s", spec, s, not, b, e, want)
		}
	}
	if !found {
		t.Errorf("%s: %q: no %s token at [%d,%d)", spec, s, want, begin, end)
	}
}

// checkHostKind requires uri.Parse to report the host kind want.
func checkHostKind(t *testing.T, spec uri.Spec, s string, want uri.HostKind) {
	t.Helper()
	r, err := uri.Parse(spec, s)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.HostKind(); got != want {
		t.Errorf("%s: %q: HostKind %v, want %v", spec, s, got, want)
	}
}

// checkComponent requires uri.Parse to report component c defined, with the value want.
func checkComponent(t *testing.T, spec uri.Spec, s string, c uri.Component, want string) {
	t.Helper()
	r, err := uri.Parse(spec, s)
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := r.Get(c); !ok || got != want {
		t.Errorf("%s: %q: %v = %q (defined %v), want %q", spec, s, c, got, ok, want)
	}
}

// checkGopher returns the RFC 1738 gopher fields of s (rfc1738.Check).
func checkGopher(t *testing.T, s string) *schemes1738.GopherURL {
	t.Helper()
	u, err := schemes1738.Check(s)
	if err != nil {
		t.Fatal(err)
	}
	g, ok := u.(*schemes1738.GopherURL)
	if !ok {
		t.Fatalf("%q: rfc1738.Check gives %T, want *rfc1738.GopherURL", s, u)
	}
	return g
}

// deref shows an optional field: its value quoted, or nil.
func deref(p *string) string {
	if p == nil {
		return "nil"
	}
	return strconv.Quote(*p)
}
