package uri

import (
	"bufio"
	"errors"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urispec/urispec/internal/testcorpus"
)

// resolveRow is one row of a golden table in testdata/resolve or of the shared corpus.
type resolveRow struct {
	line                       int
	base, ref, options, expect string
	note                       string
}

// readResolveTable reads a TSV file: "#" comment lines, one header line, then rows of
// base, reference, options, expected, note.
func readResolveTable(t *testing.T, path string) []resolveRow {
	t.Helper()
	var rows []resolveRow
	for _, row := range readTSV(t, path, true) {
		if len(row.Fields) != 5 {
			t.Fatalf("%s:%d: %d fields", path, row.Line, len(row.Fields))
		}
		fs := row.Fields
		rows = append(rows, resolveRow{row.Line, fs[0], fs[1], fs[2], fs[3], fs[4]})
	}
	return rows
}

func rowOptions(s string) (opts []ResolveOption, unvalidated bool) {
	for _, o := range strings.Split(s, ",") {
		switch o {
		case "nonstrict":
			opts = append(opts, NonStrict())
		case "unvalidated":
			opts, unvalidated = append(opts, Unvalidated()), true
		}
	}
	return opts, unvalidated
}

// golden tables and the spec they are run under.
var resolveTables = []struct {
	file string
	spec Spec
	// lenient: the spec's grammar has no relative form and the table is not the spec's
	// own (url-1993: derived; rfc1738: RFC 1808's), so under validation a row may also
	// end in an error from the grammar.
	lenient bool
}{
	{"url-1993.tsv", URL1993, true},
	{"rfc1630.tsv", RFC1630, false},
	{"rfc1808.tsv", RFC1738, true},
	{"rfc1808.tsv", RFC1808, false},
	{"url-syntax-05.tsv", URLSyntax05, false},
	{"rfc2396.tsv", RFC2396, false},
	{"rfc2396bis-01.tsv", RFC2396bis01, false},
	{"rfc3986.tsv", RFC3986, false},
}

func TestResolveAppendixTables(t *testing.T) {
	for _, tab := range resolveTables {
		rows := readResolveTable(t, testcorpus.Path(t, "testdata/resolve/"+tab.file))
		// The algorithm alone, on components split by the spec's generic rule: runs for
		// every spec, parser or not.
		t.Run(tab.file+"/algorithm", func(t *testing.T) {
			for _, row := range rows {
				if row.expect == "ERROR" {
					continue
				}
				opts, _ := rowOptions(row.options)
				got, err := Resolve(tab.spec, row.base, row.ref, append(opts, Unvalidated())...)
				if err != nil {
					t.Errorf("line %d: Resolve(%v, %q, %q): %v", row.line, tab.spec, row.base, row.ref, err)
					continue
				}
				if diff := cmp.Diff(row.expect, got.String()); diff != "" {
					t.Errorf("line %d: Resolve(%v, %q, %q) (-want +got):\n%s", row.line, tab.spec, row.base, row.ref, diff)
				}
			}
		})
		t.Run(tab.file+"/validated", func(t *testing.T) {
			for _, row := range rows {
				opts, _ := rowOptions(row.options)
				got, err := Resolve(tab.spec, row.base, row.ref, opts...)
				var re *ResultError
				var ge *Error
				switch {
				case row.expect == "ERROR":
					if !errors.As(err, &ge) || errors.As(err, &re) {
						t.Errorf("line %d: Resolve(%v, %q, %q) = %v, %v; want a grammar *Error", row.line, tab.spec, row.base, row.ref, got, err)
					}
				case tab.lenient && err != nil && !errors.As(err, &re):
					t.Logf("line %d: %v rejects %q or %q: %v", row.line, tab.spec, row.base, row.ref, err)
				case err != nil && !(tab.lenient && errors.As(err, &re)):
					t.Errorf("line %d: Resolve(%v, %q, %q): %v", row.line, tab.spec, row.base, row.ref, err)
				default:
					if diff := cmp.Diff(row.expect, got.String()); diff != "" {
						t.Errorf("line %d: Resolve(%v, %q, %q) (-want +got):\n%s", row.line, tab.spec, row.base, row.ref, diff)
					}
				}
			}
		})
	}
}

// corpusDisagreements lists the rows of testdata/corpora/resolve.tsv (by line, header =
// line 1) whose source expects something else than the spec's own algorithm, and why.
var corpusDisagreements = map[int]string{
	2:   "uriparser drops the leading \"/\" of a merged path under a base without authority; 5.2.3/5.2.4 give foo:/c",
	6:   "uriparser, as line 2 (zz:/bar)",
	7:   "uriparser, as line 2 (zz:/bar)",
	181: "uriparser repairs the known flaw (f:/.//g); the literal algorithm gives f://g, where g becomes an authority",
	248: "empty base: Resolve requires an absolute base (5.2.1); Ruby accepts URI.parse('') as a base",
	253: "Ruby removes dot-segments from the base path before merging (5.2.1 makes that optional; the literal algorithm does not)",
	254: "Ruby normalizes the base, as line 253",
	255: "Ruby normalizes the base, as line 253",
	256: "Ruby normalizes the base, as line 253",
	257: "Ruby normalizes the base, as line 253",
	268: "RFC 6874 zone identifier (%25 in an IP-literal): not RFC 3986 syntax, so the base is rejected",
	269: "RFC 6874 zone identifier, as line 268",
	270: "RFC 6874 zone identifier, as line 268",
	271: "RFC 6874 zone identifier, as line 268",
	272: "RFC 6874 zone identifier, as line 268",
	273: "RFC 6874 zone identifier, as line 268",
	274: "RFC 6874 zone identifier, as line 268",
	275: "RFC 6874 zone identifier, as line 268",
	276: "RFC 6874 zone identifier, as line 268",
	277: "RFC 6874 zone identifier, as line 268",
	365: "java.net.URI resolves the empty reference like a path (s://h/a/); RFC 2396 step 2 makes it the current document (s://h/a/b)",
	369: "java.net.URI resolves against a relative base; Resolve requires an absolute base",
	370: "java.net.URI, relative base, as line 369",
	371: "java.net.URI, relative base, as line 369",
	372: "java.net.URI, relative base, as line 369",
	375: "java.net.URI repairs RFC 2396 step 6a (bug 8272072); the literal algorithm glues the path to the authority: http://example.comtest",
	376: "java.net.URI, relative base, as line 369",
	// Rows whose reference RFC 2396's own grammar rejects: they agree while rfc2396 has
	// no parser (the test then resolves unvalidated) and differ once it has one.
	330: "grammar: RFC 2396's grammar rejects \"?y\" (rel_path needs a rel_segment) although its Appendix C resolves it; Unvalidated gives http://a/b/c/?y",
	367: "grammar: as line 330 (\"?q\")",
	660: "grammar: RFC 1738's httpurl requires \"//\" (the scheme rules are on by default), so RFC 1808's example \"http:g\" is rejected under rfc1738",
	661: "grammar: as line 660 (\"http:\")",
	563: "grammar: RFC 2396's absoluteURI needs a non-empty hier_part or opaque_part, so \"http:\" is rejected (2396bis-01 Appendix G.2 relaxed it)",
}

// resolveCorpusSpecs are the specs a resolve.tsv row is checked under, by its spec
// column: CorpusSpecs (the spec and its amendments in place, RFC 6874 of RFC 3986 and RFC
// 2732 of RFC 2396, which change only the syntax of an IPv6 literal), and RFC 1808's rows
// under rfc1738 too, whose relative URLs are RFC 1808's (it defines no relative form).
func resolveCorpusSpecs(label string) []Spec {
	specs := CorpusSpecs(label)
	if label == "rfc1808" {
		specs = append([]Spec{RFC1738}, specs...)
	}
	return specs
}

// corpusDisagreement is the listed reason why line n disagrees under spec. The zone-ID
// rows disagree only under rfc3986: RFC 6874 is the syntax they are written in.
func corpusDisagreement(spec Spec, n int) (string, bool) {
	reason, ok := corpusDisagreements[n]
	if ok && spec == RFC6874 && strings.HasPrefix(reason, "RFC 6874 zone identifier") {
		return "", false
	}
	return reason, ok
}

func TestResolveCorpus(t *testing.T) {
	path := testcorpus.Path(t, "testdata/corpora/resolve.tsv")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	counts := map[Spec][2]int{}
	for n := 1; sc.Scan(); n++ {
		if n == 1 {
			continue
		}
		fs := strings.Split(sc.Text(), "\t")
		source, specID, base, ref, expect := fs[0], fs[1], fs[2], fs[3], fs[4]
		for _, spec := range resolveCorpusSpecs(specID) {
			t.Run("line"+strconv.Itoa(n)+" "+spec.String(), func(t *testing.T) {
				got, err := Resolve(spec, base, ref)
				var s string
				var re *ResultError
				switch {
				case err == nil || errors.As(err, &re):
					s = got.String()
					if got.SameDocument {
						// The sources write the current document as the base with the
						// reference's fragment.
						s = strings.SplitN(base, "#", 2)[0]
						if got.HasFragment {
							s += "#" + got.Fragment
						}
					}
				default:
					s = "ERROR"
				}
				c := counts[spec]
				c[0]++
				reason, listed := corpusDisagreement(spec, n)
				if s == expect {
					if listed && !strings.HasPrefix(reason, "grammar:") {
						t.Errorf("line %d: listed as a disagreement under %v (%s) but agrees", n, spec, reason)
					}
					counts[spec] = c
					return
				}
				c[1]++
				counts[spec] = c
				if !listed {
					t.Errorf("line %d (%s, %s): %q + %q: source expects %q, %v gives %q (err %v)", n, source, specID, base, ref, expect, spec, s, err)
				}
			})
		}
	}
	for spec, c := range counts {
		t.Logf("%v: %d rows, %d listed disagreements", spec, c[0], c[1])
	}
}

func TestRemoveDotSegments(t *testing.T) {
	// RFC 3986 section 5.2.4's two worked examples, and the table's edge cases.
	for in, want := range map[string]string{
		"/a/b/c/./../../g":   "/a/g",
		"mid/content=5/../6": "mid/6",
		"/../g":              "/g",
		"../../g":            "g",
		"/.":                 "/",
		".":                  "",
		"/a/..":              "/",
		"a/..":               "/",
		".//g":               "/g",
		"/a//../g":           "/a/g",
	} {
		t.Run(in, func(t *testing.T) {
			if got := removeDotSegments(in); got != want {
				t.Errorf("removeDotSegments(%q) = %q, want %q", in, got, want)
			}
		})
	}
}

func TestRemoveDotSegmentsBuffer(t *testing.T) {
	for in, want := range map[string]string{
		"/b/c/../../../g":  "/../g",
		"/b/c/./g":         "/b/c/g",
		"/b/c/.":           "/b/c/",
		"/b/c/..":          "/b/",
		"/b/c/g?y/./x":     "/b/c/g?y/x",
		"/b/c/g?y/../x":    "/b/c/x",
		"/../g":            "/../g",
		"/a//../b":         "/a/b",
		"a/../../b":        "../b",
		"././g":            "g",
		"/b/c/g/./h/../i/": "/b/c/g/i/",
	} {
		t.Run(in, func(t *testing.T) {
			if got := removeDotSegmentsBuffer(in); got != want {
				t.Errorf("removeDotSegmentsBuffer(%q) = %q, want %q", in, got, want)
			}
		})
	}
}

// TestResolveFlaws pins the README's example of each known flaw.
func TestResolveFlaws(t *testing.T) {
	tests := []struct {
		spec      Spec
		base, ref string
		want      string
	}{
		{URLSyntax05, "http://a", "g", "http://ag"}, // step 6a, empty base path
		{URLSyntax05, "http://a/b/c/d", "g?y/../x", "http://a/b/c/x"},
		{RFC2396, "http://a", "g", "http://ag"}, // step 6a, empty base path
		{RFC2396, "http://a/b/c/d", "../../../g", "http://a/../g"},
		{RFC2396bis01, "http://a", "g", "http://a/g"}, // merge step 1 fixes 6a
		{RFC2396bis01, "http://a/b/c/d", "/./g", "http://a/./g"},
		{RFC3986, "f:/a", ".//g", "f://g"}, // path becomes an authority
		{RFC3986, "http://a/b/c/d", "../../../g", "http://a/g"},
		{RFC1738, "http://a", "g", "http://ag"},                 // RFC 1808 step 6
		{RFC1738, "http://a/b/c/d;p?q", "g?", "http://a/b/c/g"}, // empty = absent
		{RFC1738, "http://a/b/c/d;p?q", "?", "http://a/b/c/d;p?q"},
		{URL1993, "http://a/b/c/d", ".", "http://a/b/c"},
		{URL1993, "http://a/b/c/d", "../../../../g", "http://a/g"},
		{URL1993, "http://a/b/c/d", "", "http://a/b/c/"},
	}
	for _, tt := range tests {
		t.Run(tt.spec.String()+" "+tt.base+" "+tt.ref, func(t *testing.T) {
			got, err := Resolve(tt.spec, tt.base, tt.ref, Unvalidated())
			if err != nil || got.Target != tt.want {
				t.Errorf("Resolve(%v, %q, %q) = %q, %v; want %q", tt.spec, tt.base, tt.ref, got.Target, err, tt.want)
			}
		})
	}
}

func TestResolveErrors(t *testing.T) {
	var e *Error
	if _, err := Resolve(RFC3986, "/a/b", "g"); !errors.As(err, &e) || e.Rule != "base" {
		t.Errorf("relative base: err = %v, want *Error with Rule base", err)
	}
	if _, err := Resolve(RFC3986, "http://a/b", "g h"); !errors.As(err, &e) {
		t.Errorf("invalid reference: err = %v, want *Error", err)
	}
	if _, err := Resolve(RFC3986, "http://a b/", "g"); !errors.As(err, &e) {
		t.Errorf("invalid base: err = %v, want *Error", err)
	}
	// A flaw: the algorithm's output is not a valid URI.
	res, err := Resolve(RFC3986, "f:/x", "..//a@b@c")
	var re *ResultError
	if !errors.As(err, &re) || res.Target != "f://a@b@c" || !errors.As(err, &e) {
		t.Errorf("Resolve(f:/x, ..//a@b@c) = %q, %v; want f://a@b@c and a *ResultError", res.Target, err)
	}
}

// knownFlaw reports whether an invalid result comes from a documented flaw of the
// spec's algorithm (README): a base with an authority and an empty path (url-syntax-05
// and RFC 2396 step 6a, which RFC 2732 keeps, RFC 1808 step 6: the reference's path is glued to the
// authority), or a target path beginning with "//" where the authority is not the
// reference's own (RFC 3986 and 2396bis-01: dot-segment removal or a path of "//...").
func knownFlaw(spec Spec, base, target string) bool {
	b := splitGeneric(base)
	tp := splitGeneric(target)
	switch spec {
	case URLSyntax05, RFC2396, RFC2732, RFC1738, URL1993:
		if b.hasAuthority && b.path == "" {
			return true
		}
	}
	// RFC 2396 and url-syntax-05 allow any base with a scheme, but an opaque base
	// ("mailto:x@y", "zz:abc") merged with a relative path can leave "zz:", whose
	// opaque_part (opaque-URL) may not be empty, or a "#" right after the ":".
	if (spec == RFC2396 || spec == RFC2732 || spec == URLSyntax05) && !b.hasAuthority && !strings.HasPrefix(b.path, "/") {
		return true
	}
	return tp.hasAuthority && b.hasAuthority != tp.hasAuthority || strings.HasPrefix(tp.path, "//") || tp.hasAuthority && tp.authority != b.authority
}

// TestResolveProperty: resolving a valid reference against a valid absolute base gives
// a target valid under the spec, the current document, or a documented flaw.
func TestResolveProperty(t *testing.T) {
	const alphabet = "ab/./../?#:;@=&+%2F!$'()*,-_~[]1"
	pieces := []string{"a", "b", "/", ".", "..", "?", "#", ":", ";", "@", "=", "%2F", "%41", "//", "g", "x:", "+", "~", "!", "*"}
	bases := []string{
		"http://a/b/c/d;p?q", "http://a", "http://a/", "http://a:80", "http://u@a/b", "ftp://a/b/c;type=a",
		"foo:a/b", "foo:/a/b", "foo:", "zz:abc", "file:///x/y", "news:comp.lang", "mailto:x@y", "f:/a",
	}
	for _, spec := range Specs() {
		t.Run(spec.String(), func(t *testing.T) {
			// A source of its own, so that -run 'TestX/spec' draws what the whole run does.
			rng := rand.New(rand.NewSource(1<<8 | int64(spec)))
			var validBases []string
			for _, b := range bases {
				if Validate(spec, b) == nil {
					validBases = append(validBases, b)
				}
			}
			checked := 0
			for i := 0; i < 20000 && len(validBases) > 0; i++ {
				var sb strings.Builder
				for k := rng.Intn(6); k >= 0; k-- {
					if rng.Intn(3) == 0 {
						sb.WriteByte(alphabet[rng.Intn(len(alphabet))])
					} else {
						sb.WriteString(pieces[rng.Intn(len(pieces))])
					}
				}
				ref := sb.String()
				base := validBases[rng.Intn(len(validBases))]
				if spec != URL1993 && spec != RFC1738 && Validate(spec, ref) != nil {
					continue
				}
				checked++
				res, err := Resolve(spec, base, ref)
				var re *ResultError
				switch {
				case err == nil:
				case errors.As(err, &re):
					if spec == URL1993 || spec == RFC1738 {
						continue // a relative reference that abbreviates no valid URL
					}
					if !knownFlaw(spec, base, res.Target) {
						t.Errorf("%v: Resolve(%q, %q) = %q, invalid and not a known flaw: %v", spec, base, ref, res.Target, err)
					}
				default:
					if spec != URL1993 && spec != RFC1738 {
						t.Errorf("%v: Resolve(%q, %q): %v", spec, base, ref, err)
					}
				}
			}
			t.Logf("%v: %d valid references resolved", spec, checked)
		})
	}
}
