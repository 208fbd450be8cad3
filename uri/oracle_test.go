package uri_test

// The ABNF oracle (issue 3, DESIGN.md "The oracle"): for every spec that has both a
// parser in package uri and a grammar/<spec>.abnf, github.com/pandatix/go-abnf reads the
// ABNF and serves as an independent recognizer. Strings generated from the ABNF top rule,
// and near-misses made from them by one-byte edits, must get the same verdict from
// uri.Validate and from the recognizer (goabnf.Grammar.IsValid).
//
// go test runs a modest count per spec. For a large run:
//
//	go test ./uri -run '^TestOracle$' -oracle.n=1000000 -timeout=0 -v
//
// (or URISPEC_ORACLE_N=1000000). Each spec then logs one line: strings checked,
// distinct strings, disagreements, time, and with -v a progress line every minute.
// -oracle.from=SEED splits a long run into shorter ones: seed i gives the same strings
// in any run, so -oracle.n=250000 with -oracle.from=0, 62500, 125000, 187500 checks the
// strings of one -oracle.n=1000000 run. go-abnf's recognizer costs about 1 ms for a
// 30-byte input (uri.Validate a few µs), so a million strings take about 20 minutes of
// CPU: 10 minutes on two idle cores (the run uses GOMAXPROCS workers).
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
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	goabnf "github.com/pandatix/go-abnf"

	"github.com/urispec/urispec/gen/rfc3986"
	"github.com/urispec/urispec/uri"
)

var (
	oracleN = flag.Int("oracle.n", 0,
		"strings per spec for TestOracle (generated + near-misses); 0 means the default, also $URISPEC_ORACLE_N")
	oracleFrom = flag.Int64("oracle.from", 0,
		"first generator seed of TestOracle: a long run can be split into runs of -oracle.n strings "+
			"starting at seeds 0, n/4, 2n/4, ... (each seed gives 4 strings)")
)

// oracleCount is the number of strings TestOracle checks per spec.
func oracleCount(t testing.TB) int {
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
	if testing.Short() {
		return 400
	}
	return 2000
}

// oracle is one spec's ABNF grammar and its top rule.
type oracle struct {
	spec uri.Spec
	// opts are the ParseOptions under which the spec's parser derives the language of
	// the ABNF top: "; oracle-parser: generic-only" gives uri.GenericOnly() (rfc1738,
	// whose default strict top is not an RFC rule; see uri/oracle_rfc1738_test.go).
	opts []uri.ParseOption
	path string
	g    *goabnf.Grammar
	top  string
}

// valid is the ABNF verdict.
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
			path := filepath.Join("..", "grammar", spec.String()+".abnf")
			src, err := os.ReadFile(path)
			if errors.Is(err, os.ErrNotExist) {
				continue
			}
			if err != nil {
				oraclesErr = err
				return
			}
			g, err := goabnf.ParseABNF(src)
			if err != nil {
				oraclesErr = fmt.Errorf("%s: %v (go-abnf wants CRLF line endings and rule names in column 1)", path, err)
				return
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
				oraclesErr = fmt.Errorf("%s: no top rule: add a line \"; oracle-top: RULE\"", path)
				return
			}
			o := &oracle{spec: spec, path: path, g: g, top: top}
			if directive(src, "oracle-parser") == "generic-only" {
				o.opts = append(o.opts, uri.GenericOnly())
			}
			oracles = append(oracles, o)
		}
	})
	if oraclesErr != nil {
		t.Fatal(oraclesErr)
	}
	if len(oracles) == 0 {
		t.Fatal("no spec has both a parser and a grammar/<spec>.abnf")
	}
	return oracles
}

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

// mutate makes a near-miss of s: one byte inserted, deleted or replaced.
func mutate(r *rand.Rand, s []byte) []byte {
	c := mutationAlphabet[r.IntN(len(mutationAlphabet))]
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

// checkOne compares the two verdicts on s and returns a description of a disagreement,
// or "".
func checkOne(o *oracle, p *uri.Parser, s string) string {
	err := p.Validate(s)
	want := o.valid(s)
	if (err == nil) == want {
		return ""
	}
	if want {
		return fmt.Sprintf("%s: %q: ABNF valid, uri.Validate: %v", o.spec, s, err)
	}
	return fmt.Sprintf("%s: %q: ABNF invalid, uri.Validate accepts it", o.spec, s)
}

// regressions reads testdata/oracle/<spec>.txt: one Go-quoted string per line, "#"
// comments and blank lines ignored. A missing file is no regression.
func regressions(t testing.TB, spec uri.Spec) []string {
	t.Helper()
	path := filepath.Join("..", "testdata", "oracle", spec.String()+".txt")
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
		t.Run(o.spec.String(), func(t *testing.T) {
			p, err := uri.NewParser(o.spec, o.opts...)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range regressions(t, o.spec) {
				if d := checkOne(o, p, s); d != "" {
					t.Error(d)
				}
			}
		})
	}
}

// TestOracle generates strings from each spec's ABNF, makes near-misses of them, and
// requires uri.Validate and the ABNF recognizer to agree on every one.
func TestOracle(t *testing.T) {
	n := oracleCount(t)
	for _, o := range loadOracles(t) {
		t.Run(o.spec.String(), func(t *testing.T) {
			t.Parallel()
			st := runOracle(t, o, n, runtime.GOMAXPROCS(0))
			t.Logf("%s: %d strings checked (%d distinct, %d of them valid), %d disagreements, %v",
				o.spec, st.checked, st.distinct, st.valid, st.disagreements, st.elapsed.Round(time.Millisecond))
			for _, d := range st.examples {
				t.Error(d)
			}
			if st.disagreements > len(st.examples) {
				t.Errorf("... and %d more disagreements", st.disagreements-len(st.examples))
			}
		})
	}
}

type oracleStats struct {
	checked, distinct, valid, disagreements int
	examples                                []string
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
					t.Logf("%s: %d of %d seeds done, %v", o.spec, done.Load(), seeds, time.Since(start).Round(time.Second))
				}
			}
		}()
	}
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p, err := uri.NewParser(o.spec, o.opts...)
			if err != nil {
				t.Error(err)
				return
			}
			var st oracleStats
			seen := map[string]bool{}
			check := func(s string) {
				st.checked++
				if seen[s] {
					return
				}
				seen[s] = true
				st.distinct++
				if d := checkOne(o, p, s); d != "" {
					st.disagreements++
					if len(st.examples) < 20 {
						st.examples = append(st.examples, d)
					}
				}
				if p.Validate(s) == nil {
					st.valid++
				}
			}
			for i := from + int64(w); i < from+seeds; i += int64(workers) {
				s := o.generated(i)
				check(string(s))
				r := rand.New(rand.NewPCG(uint64(i), 0x5eed))
				for k := 0; k < nearMisses; k++ {
					check(string(mutate(r, s)))
				}
				done.Add(1)
			}
			mu.Lock()
			defer mu.Unlock()
			total.checked += st.checked
			total.distinct += st.distinct
			total.valid += st.valid
			total.disagreements += st.disagreements
			total.examples = append(total.examples, st.examples...)
		}()
	}
	wg.Wait()
	total.elapsed = time.Since(start)
	return total
}

// ambiguities pins, per spec, one input of each ambiguity that grammar/NOTES.md lists:
// the ABNF derives it in more than one way (go-abnf's parse forest counts the
// derivations), and the check verifies that the parser makes the choice the spec's
// text prescribes.
var ambiguities = []struct {
	spec, rule, input string
	trees             int64
	check             func(t *testing.T, s string)
}{
	// RFC 3986 3.2.2: host = IP-literal / IPv4address / reg-name; "If host matches the
	// rule for IPv4address, then it should be considered an IPv4 address literal and
	// not a reg-name."
	{"rfc3986", "URI-reference", "//1.2.3.4", 2, func(t *testing.T, s string) {
		checkRFC3986Token(t, "URI_reference", s, "IPv4address", 2, 9, "reg_name")
		checkHostKind(t, uri.RFC3986, s, uri.IPv4)
	}},
	{"rfc3986", "URI-reference", "http://255.255.255.255:80/", 2, func(t *testing.T, s string) {
		checkRFC3986Token(t, "URI_reference", s, "IPv4address", 7, 22, "reg_name")
		checkHostKind(t, uri.RFC3986, s, uri.IPv4)
	}},
	// Not ambiguous: no IPv4address matches, so reg-name is the only derivation.
	{"rfc3986", "URI-reference", "//1.2.3.4x", 1, func(t *testing.T, s string) {
		checkRFC3986Token(t, "URI_reference", s, "reg_name", 2, 10, "IPv4address")
		checkHostKind(t, uri.RFC3986, s, uri.RegName)
	}},
	{"rfc3986", "URI-reference", "//1.2.3.256", 1, func(t *testing.T, s string) {
		checkRFC3986Token(t, "URI_reference", s, "reg_name", 2, 11, "IPv4address")
		checkHostKind(t, uri.RFC3986, s, uri.RegName)
	}},
	// RFC 3986 3.3: path = path-abempty / path-absolute / path-noscheme / path-rootless
	// / path-empty is ambiguous (not reachable from URI-reference, where the context
	// picks exactly one of the five forms: "only one of which will match the path
	// substring within a given URI reference"). For the path entry point the parser
	// takes the first alternative that matches the whole input, as the rule's order
	// and comments suggest.
	{"rfc3986", "path", "", 2, func(t *testing.T, s string) {
		checkRFC3986Token(t, "path", s, "path_abempty", 0, 0, "path_empty")
	}},
	{"rfc3986", "path", "/a", 2, func(t *testing.T, s string) {
		checkRFC3986Token(t, "path", s, "path_abempty", 0, 2, "path_absolute")
	}},
	{"rfc3986", "path", "a/b", 2, func(t *testing.T, s string) {
		checkRFC3986Token(t, "path", s, "path_noscheme", 0, 3, "path_rootless")
	}},
	{"rfc3986", "path", "a:b", 1, func(t *testing.T, s string) {
		checkRFC3986Token(t, "path", s, "path_rootless", 0, 3, "path_noscheme")
	}},
}

// TestAmbiguities checks the table above against the ABNF's parse forest and the parser.
func TestAmbiguities(t *testing.T) {
	bySpec := map[string]*oracle{}
	for _, o := range loadOracles(t) {
		bySpec[o.spec.String()] = o
	}
	for _, a := range ambiguities {
		t.Run(a.spec+"/"+a.rule+"/"+strconv.Quote(a.input), func(t *testing.T) {
			o := bySpec[a.spec]
			if o == nil {
				t.Skipf("no parser or no grammar/%s.abnf", a.spec)
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

// checkRFC3986Token runs the generated RFC 3986 parser from entry on s and requires a
// token of rule want spanning [begin, end) and no token of rule not.
func checkRFC3986Token(t *testing.T, entry, s, want string, begin, end int, not string) {
	t.Helper()
	p := &rfc3986.Parser{}
	if !p.Run(s, rfc3986.RuleID(entry)) {
		t.Fatalf("%s rejects %q", entry, s)
	}
	found := false
	for i := 0; i < p.Len(); i++ {
		rule, b, e := p.Token(i)
		switch rfc3986.RuleName(rule) {
		case want:
			found = found || (b == begin && e == end)
		case not:
			t.Errorf("%q: %s token at [%d,%d), want %s", s, not, b, e, want)
		}
	}
	if !found {
		t.Errorf("%q: no %s token at [%d,%d)", s, want, begin, end)
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
