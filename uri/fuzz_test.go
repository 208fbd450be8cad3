package uri_test

// FuzzValidate fuzzes every grammar with a grammar/<name>.abnf. It requires, for any
// input: no panic; an invalid input gets an *uri.Error whose Offset lies within the
// input (0 <= Offset <= len(input); len means "unexpected end"); a valid one parses
// into a Reference that recomposes it, with its components' spans in place
// (parsedProblems); and the verdict of
// uri.Validate equals the ABNF oracle's: the regexp compiled from the ABNF for ASCII
// inputs of any length, go-abnf's IsValid for the others up to oracleFuzzMax bytes (and
// on ASCII inputs up to oracleCrossMax bytes, against the regexp).
//
//	go test ./uri -run '^$' -fuzz '^FuzzValidate$' -fuzztime 60s                        # every grammar
//	go test ./uri -run '^$' -fuzz '^FuzzValidate$' -fuzztime 60s -fuzz.grammar=rfc3986  # one

import (
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/urispec/urispec/internal/testcorpus"
	"github.com/urispec/urispec/uri"
)

// oracleFuzzMax bounds the inputs compared with the ABNF oracle while fuzzing: go-abnf's
// recognizer takes about 1 ms for 30 bytes and grows faster than linearly (about 0.2 s
// for 2,000 bytes), which would slow the fuzzer down a hundredfold on long inputs. The
// other checks apply to inputs of any length. Where the regexp compiled from the same
// ABNF decides (ASCII inputs), IsValid only cross-checks it on inputs of up to
// oracleCrossMax bytes: on some grammars (whatwg, rfc2396) it took a second an input
// of 200 bytes, and a target then ran a few dozen inputs a minute.
const (
	oracleFuzzMax  = 256
	oracleCrossMax = 32
)

// fuzzGrammar restricts FuzzValidate to one grammar, for a run that spends all of its
// time there: every input is checked against it, but one that names another grammar (the
// corpus holds every grammar's) is passed over. make fuzz runs the target once for each
// grammar/*.abnf.
var fuzzGrammar = flag.String("fuzz.grammar", "",
	"the grammar FuzzValidate checks every input against (a spec ID, or rfc6570); empty: the one each input names")

// FuzzValidate fuzzes the grammar of every grammar/<id>.abnf: each spec's and RFC 6570's
// URI Templates (whose errors are *uri.Error too). An input is a grammar and a string:
// the grammar is a spec ID (or "rfc6570"), or any other string, which picks one of them
// by its hash, so that the fuzzer reaches every grammar from any input. The seeds are, for
// every grammar, the strings of testdata/oracle/<id>.txt and the examples of
// testdata/examples/<id>.tsv, and the corpus of testdata/fuzz/FuzzValidate in this
// directory (where go test reads it): a new spec is fuzzed, and seeded, without a line
// here.
func FuzzValidate(f *testing.F) {
	handOffGrammars(f)
	var all []*oracle
	if *fuzzGrammar != "" {
		o, err := prepareOracle(*fuzzGrammar)
		if err != nil {
			f.Fatal(err)
		}
		if o == nil {
			f.Fatalf("-fuzz.grammar=%s: no grammar/%s.abnf", *fuzzGrammar, *fuzzGrammar)
		}
		all = []*oracle{o}
	} else {
		all = loadOracles(f)
	}
	byName := map[string]*oracle{}
	for _, o := range all {
		byName[o.name] = o
		for _, s := range regressions(f, o.name) {
			f.Add(o.name, s)
		}
		if path, err := testcorpus.Locate("testdata/examples/" + o.name + ".tsv"); err == nil && fileExists(path) {
			for _, row := range uri.ReadTSV(f, path, false) {
				f.Add(o.name, row.Fields[0])
			}
		}
	}
	f.Fuzz(func(t *testing.T, grammar, s string) {
		o := byName[grammar]
		if o == nil && *fuzzGrammar != "" && isGrammarID(grammar) {
			return // another grammar's input, from the corpus: -fuzz.grammar spends no time on it
		}
		if o == nil {
			h := fnv.New32a()
			h.Write([]byte(grammar))
			o = all[h.Sum32()%uint32(len(all))]
		}
		checkGrammar(t, o, s)
	})
}

// isGrammarID reports whether id names a grammar FuzzValidate checks.
func isGrammarID(id string) bool {
	_, err := uri.ParseSpec(id)
	return err == nil || id == "rfc6570"
}

// fileExists reports whether path names a file (rfc6570 has no examples table).
func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// checkGrammar checks s against the grammar of o: no panic; an invalid input gets an
// *uri.Error whose Offset lies within it; Validate's verdict is the ABNF's; and a valid
// reference parses into one that passes parsedProblems.
func checkGrammar(t *testing.T, o *oracle, s string) {
	spec := o.name
	// The parser the ABNF top describes (o.opts: GenericOnly for rfc1738, whose
	// default strict top is not an RFC rule; uri/fuzz_rfc1738_test.go fuzzes it).
	p, err := o.newParser()
	if err != nil {
		t.Fatal(err)
	}
	err = p.Validate(s)
	if err != nil {
		var e *uri.Error
		if !errors.As(err, &e) {
			t.Fatalf("%s: %q: error %T %v, want *uri.Error", spec, s, err, err)
		}
		if e.Offset < 0 || e.Offset > len(s) {
			t.Fatalf("%s: %q: error offset %d outside the input (length %d): %v", spec, s, e.Offset, len(s), err)
		}
	}
	// The regexp recognizer (uri/oracle_regex_test.go) decides ASCII inputs of any
	// length in linear time; on short ones IsValid, the authority, checks it.
	byRegex := o.re != nil && regexpDecides(s)
	decided, want := byRegex, false
	if byRegex {
		want = o.re.MatchString(s)
	}
	if len(s) <= oracleFuzzMax && (!byRegex || len(s) <= oracleCrossMax) {
		w := o.valid(s)
		if byRegex && w != want {
			t.Fatalf("%s: %q: regexp recognizer %v, IsValid %v", spec, s, want, w)
		}
		decided, want = true, w
	}
	if decided && want != (err == nil) {
		t.Fatalf("%s: %q: ABNF valid %v, uri.Validate: %v", spec, s, want, err)
	}
	if err != nil || o.spec == 0 {
		return // rfc6570's templates are no references: FuzzTemplate parses them
	}
	r, err := p.Parse(s)
	if err != nil {
		t.Fatalf("%s: %q: Validate accepts it, Parse: %v", spec, s, err)
	}
	for _, problem := range parsedProblems(r, s) {
		t.Errorf("%s: %q: %s", spec, s, problem)
	}
}

// spanParent is, for a component whose text lies inside another's, that other.
var spanParent = map[uri.Component]uri.Component{
	uri.Userinfo: uri.Authority,
	uri.Host:     uri.Authority,
	uri.Port:     uri.Authority,
	uri.User:     uri.Userinfo,
	uri.Password: uri.Userinfo,
	uri.Zone:     uri.Host,
	uri.Params:   uri.Path,
}

// parsedProblems checks what every valid reference r parsed from s must satisfy: r is
// valid and String() == s; each defined component has a span inside s holding its text
// (Span agrees with Get), inside its parent's (spanParent); the path is defined; and
// HostKind is set exactly when a host is.
func parsedProblems(r uri.Reference, s string) []string {
	var out []string
	if !r.IsValid() || r.String() != s {
		out = append(out, fmt.Sprintf("valid %v, String %q", r.IsValid(), r.String()))
	}
	for _, c := range uri.Components() {
		v, ok := r.Get(c)
		start, end, sok := r.Span(c)
		if ok != sok || ok && (start < 0 || start > end || end > len(s) || s[start:end] != v) {
			out = append(out, fmt.Sprintf("%v: Get %q, %v; Span [%d,%d) %v", c, v, ok, start, end, sok))
			continue
		}
		parent, nested := spanParent[c]
		if !ok || !nested {
			continue
		}
		if pstart, pend, pok := r.Span(parent); !pok || start < pstart || end > pend {
			out = append(out, fmt.Sprintf("%v [%d,%d) is not inside %v [%d,%d) (defined %v)", c, start, end, parent, pstart, pend, pok))
		}
	}
	if !r.Has(uri.Path) {
		out = append(out, "path undefined")
	}
	if (r.HostKind() != uri.NoHost) != r.Has(uri.Host) {
		out = append(out, fmt.Sprintf("host kind %v, host defined %v", r.HostKind(), r.Has(uri.Host)))
	}
	return out
}

// TestLongInputs requires inputs of about 1 MB, and deep repetitions of each repeated
// construct, to be validated quickly: the generated parsers backtrack without
// memoisation (peg v1.0.1 has no packrat mode), so a rule that re-reads its input would show up here.
func TestLongInputs(t *testing.T) {
	const mb = 1 << 20
	// No time limit (timed assertions do not belong in tests): a rule that re-read its
	// input would make one of these quadratic, about 10^12 steps, and the test binary's
	// timeout would stop it. The durations are logged for a look with -v.
	cases := []struct{ name, input string }{
		{"path segment", strings.Repeat("a", mb)},
		{"path segments", strings.Repeat("/", mb)},
		{"path segments a/", strings.Repeat("a/", mb/2)},
		{"pct-encoded", "/" + strings.Repeat("%41", mb/3)},
		{"scheme", strings.Repeat("a", mb) + ":"},
		{"reg-name", "//" + strings.Repeat("a", mb)},
		{"reg-name dots", "//" + strings.Repeat("1.", mb/2)},
		{"IPv4-like host", "//" + strings.Repeat("1.2.3.4", mb/7)},
		{"userinfo", "//" + strings.Repeat("a:", mb/2) + "@h"},
		{"userinfo without @", "//" + strings.Repeat("a:", mb/2)},
		{"port", "//h:" + strings.Repeat("1", mb)},
		{"query", "?" + strings.Repeat("a/?", mb/3)},
		{"fragment", "#" + strings.Repeat("a/?", mb/3)},
		{"IPv6 colons", "//[" + strings.Repeat(":", mb) + "]"},
		{"IPv6 groups", "//[" + strings.Repeat("1:", mb/2) + "]"},
		{"IPvFuture", "//[v1." + strings.Repeat("a", mb) + "]"},
		{"colons", strings.Repeat(":", mb)},
		{"at signs", strings.Repeat("@", mb)},
		{"invalid at the end", "http://h/" + strings.Repeat("a", mb) + " "},
		{"invalid at the start", " " + strings.Repeat("a", mb)},
		{"brackets", strings.Repeat("[", mb)},
		// Non-ASCII (rfc3987 reads UTF-8 byte sequences; the other specs stop at once).
		{"ucschar path", "a:" + strings.Repeat("é", mb/2)},
		{"ucschar host", "//" + strings.Repeat("納", mb/3)},
		{"iprivate query", "?" + strings.Repeat("\ue000", mb/3)},
		{"cut UTF-8 at the end", "//" + strings.Repeat("é", mb/2) + "\xc3"},
		{"ill-formed at the start", "\xff" + strings.Repeat("é", mb/2)},
	}
	for _, spec := range uri.Specs() {
		for _, c := range cases {
			t.Run(spec.String()+" "+c.name, func(t *testing.T) {
				start := time.Now()
				err := uri.Validate(spec, c.input)
				d := time.Since(start)
				t.Logf("%s: %s (%d bytes): %v, valid %v", spec, c.name, len(c.input), d.Round(time.Microsecond), err == nil)
				var e *uri.Error
				if err != nil && errors.As(err, &e) && (e.Offset < 0 || e.Offset > len(c.input)) {
					t.Errorf("%s: %s: offset %d outside the input", spec, c.name, e.Offset)
				}
			})
		}
	}
}
