package uri_test

// Tests of the 1993 URL draft's grammar (grammar/url-1993.peg): the components chosen
// where the draft's BNF is ambiguous, the "URL:" prefix, the consequences of the printed
// rules (defects included), linear time on 1 MB inputs, and a near-miss oracle run with
// the characters that matter to this grammar ("+", "=", "*", "%", digits, space).

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/urispec/urispec/internal/subtest"
	"github.com/urispec/urispec/internal/testcorpus"
	"github.com/urispec/urispec/uri"
)

// comps is a test's expectation: component name to value, "-" for undefined; names not
// listed are not checked.
type comps map[uri.Component]string

func checkComps(t *testing.T, in string, want comps, kind uri.HostKind) {
	t.Helper()
	r, err := uri.Parse(uri.URL1993, in)
	if err != nil {
		t.Errorf("%q: %v", in, err)
		return
	}
	for c, w := range want {
		got, ok := r.Get(c)
		if !ok {
			got = "-"
		}
		if got != w {
			t.Errorf("%q: %s = %q, want %q", in, c, got, w)
		}
	}
	if r.HostKind() != kind {
		t.Errorf("%q: host kind %v, want %v", in, r.HostKind(), kind)
	}
	if s := r.String(); s != in {
		t.Errorf("%q: recomposed as %q", in, s)
	}
}

func TestURL1993Components(t *testing.T) {
	const (
		P = uri.Prefix
		S = uri.Scheme
		A = uri.Authority
		U = uri.Userinfo
		H = uri.Host
		O = uri.Port
		T = uri.Path
		Q = uri.Query
		F = uri.Fragment
	)
	for _, tc := range []struct {
		in   string
		want comps
		kind uri.HostKind
	}{
		// httpaddress; hostport reads a final ":" digits as the port.
		{"http://info.cern.ch:8001/hypertext/WWW?a+b#x", comps{P: "-", S: "http", A: "info.cern.ch:8001", U: "-", H: "info.cern.ch", O: "8001", T: "/hypertext/WWW", Q: "a+b", F: "x"}, uri.HostName},
		{"http://a", comps{S: "http", A: "a", H: "a", O: "-", T: "", Q: "-", F: "-"}, uri.HostName},
		{"http://a/", comps{A: "a", T: "/", Q: "-"}, uri.HostName},
		{"http://128.141.201.74:80/", comps{A: "128.141.201.74:80", H: "128.141.201.74", O: "80", T: "/"}, uri.IPv4},
		// ":" and digits that do not end the run belong to the hostname (ialpha).
		{"http://a:80:90/", comps{H: "a:80", O: "90"}, uri.HostName},
		{"http://a:80x/", comps{H: "a:80x", O: "-"}, uri.HostName},
		{"http://a:/", comps{H: "a:", O: "-"}, uri.HostName},
		// Spaces are xalpha characters ("extra ... | space").
		{"http://a b/c d?e f#g h", comps{H: "a b", T: "/c d", Q: "e f", F: "g h"}, uri.HostName},
		// fileaddress has host, not hostport: ":21" is part of the host.
		{"ftp://a:21/x", comps{S: "ftp", A: "a:21", H: "a:21", O: "-", T: "/x"}, uri.HostName},
		{"ftp://u:p@a/x", comps{A: "u:p@a", U: "-", H: "u:p@a", T: "/x"}, uri.HostName},
		{"ftp://a/", comps{T: "/"}, uri.HostName},
		// afsaddress.
		{"afs://cern.ch/usr/x", comps{S: "afs", A: "cern.ch", H: "cern.ch", T: "/usr/x"}, uri.HostName},
		// newsaddress: the whole groupart is the path; a message id's host is not the host.
		{"news:comp.infosystems.www", comps{S: "news", A: "-", H: "-", T: "comp.infosystems.www"}, uri.NoHost},
		{"news:123@cern.ch", comps{S: "news", A: "-", H: "-", T: "123@cern.ch"}, uri.NoHost},
		{"news:1@2.3.4.5", comps{T: "1@2.3.4.5"}, uri.NoHost},
		{"news:*", comps{T: "*"}, uri.NoHost},
		// waisindex and waisdoc.
		{"wais://quake.think.com:210/db?x+y", comps{S: "wais", A: "quake.think.com:210", O: "210", T: "/db", Q: "x+y"}, uri.HostName},
		{"wais://h/db/TEXT/1234/doc/id", comps{A: "h", T: "/db/TEXT/1234/doc/id", Q: "-"}, uri.HostName},
		// prosperolink.
		{"prospero://h:1525/a/b%00%001x", comps{S: "prospero", A: "h:1525", O: "1525", T: "/a/b%00%001x"}, uri.HostName},
		// telnetaddress: user ends at the last "@" when a host follows it.
		{"telnet://h", comps{S: "telnet", A: "h", U: "-", H: "h", T: "", Q: "-"}, uri.HostName},
		{"telnet://guest@h:23", comps{A: "guest@h:23", U: "guest", H: "h", O: "23"}, uri.HostName},
		{"telnet://a@b@c", comps{U: "a@b", H: "c"}, uri.HostName},
		{"telnet://a@b@1.2.3.4", comps{U: "a@b", H: "1.2.3.4"}, uri.IPv4},
		// The last "@" is not followed by a host: the first "@" before a letter is used.
		{"telnet://-@a@-", comps{U: "-", H: "a@-"}, uri.HostName},
		// No "@" split gives a host: the whole run is the host (ialpha derives "@").
		{"telnet://a@-", comps{U: "-", H: "a@-"}, uri.HostName},
		// gopheraddress.
		{"gopher://h/1", comps{S: "gopher", T: "/1", Q: "-"}, uri.HostName},
		{"gopher://h/7sel?x", comps{T: "/7sel", Q: "x"}, uri.HostName},
		{"gopher://h?x", comps{T: "", Q: "x"}, uri.HostName},
		// generic: the scheme ends at the first ":", the path never begins with "/".
		{"mailto:timbl@info.cern.ch", comps{S: "mailto", A: "-", T: "timbl@info.cern.ch"}, uri.NoHost},
		{"a:b:c", comps{S: "a", T: "b:c"}, uri.NoHost},
		{"x-foo:", comps{S: "x-foo", T: "", Q: "-"}, uri.NoHost},
		{"urn:a/b/?c", comps{S: "urn", T: "a/b/", Q: "c"}, uri.NoHost},
		// Scheme-specific names also derive as generic when the specific rule does not.
		{"http:x", comps{S: "http", A: "-", T: "x"}, uri.NoHost},
		{"news:a/b", comps{S: "news", T: "a/b"}, uri.NoHost},
		// The "URL:" prefix (000, PrePrefix).
		{"URL:http://a/b", comps{P: "URL:", S: "http", A: "a", T: "/b"}, uri.HostName},
		{"URL:news:a", comps{P: "URL:", S: "news", T: "a"}, uri.NoHost},
		// Without a valid rest, "URL" is a generic scheme.
		{"URL:", comps{P: "-", S: "URL", T: ""}, uri.NoHost},
		{"URL:x", comps{P: "-", S: "URL", T: "x"}, uri.NoHost},
		// A "news:" that is no groupart is generic.
		{"news:", comps{S: "news", T: ""}, uri.NoHost},
		{"news:@a", comps{S: "news", T: "@a"}, uri.NoHost},
		{"news:1@-", comps{S: "news", T: "1@-"}, uri.NoHost},
	} {
		t.Run(tc.in, func(t *testing.T) {
			checkComps(t, tc.in, tc.want, tc.kind)
		})
	}
}

// TestURL1993Invalid lists strings the printed BNF does not derive, each with the reason.
func TestURL1993Invalid(t *testing.T) {
	for _, tc := range []struct{ in, why string }{
		{"", "url is not empty"},
		{"HTTP://a/", "letters are case-sensitive; a generic path cannot begin with \"/\""},
		{"url:http://a/", "the prefix is \"URL:\" exactly"},
		{"http://a/b?x=y", "\"=\" is in no rule"},
		{"http://a/~b", "\"~\" is a variant character, in no rule"},
		{"http://a/<b>", "punctuation is in no rule"},
		{"http://a/b?", "search is one or more xalpha"},
		{"http://a/b#", "fragmentid is one or more xalpha (the text allows a void one)"},
		{"http://a/b?c+", "search after \"+\" is not empty"},
		{"http://a//b", "path segments (xpalphas) are not empty"},
		{"http://a/b%2", "escape is % hex hex"},
		{"http://a/b%g0", "escape is % hex hex"},
		{"http://", "hostport needs a host"},
		{"http://-a/", "hostname begins with alpha"},
		{"http://1.2.3/", "hostnumber has four parts"},
		{"http://1.2.3.4x/", "a hostnumber is digits only; a hostname begins with a letter"},
		{"http://a:80:/", "nothing derives \":\" after the port... unless the host takes it: see below"},
		{"ftp://a", "fileaddress needs \"/\" path"},
		{"ftp://a/b?c", "fileaddress has no search; a generic path cannot begin with \"/\""},
		{"URL:/x", "\"/x\" is no fragmentaddress, and a generic path (after the scheme \"URL\") cannot begin with \"/\""},
		{"gopher://h/", "\"/\" must be followed by gtype"},
		{"gopher://h//x", "gtype is an xalpha"},
		{"wais://h", "waisindex needs \"/\" database"},
		{"wais://h/db/t/x/p", "waisdoc's third part is digits"},
		{"telnet://h/", "telnetaddress has no path"},
		{"telnet://@h", "user is not empty"},
		{"1a:b", "scheme begins with alpha"},
		{":b", "scheme is not empty"},
		{"a", "no \":\""},
		{"/aftp/xx.yy.edu/pub/doc/README", "the draft's Fig. 1: no scheme"},
		{"PR=aftp; H=xx.yy.edu; PA=/pub/doc/README;", "the draft's Fig. 1: \"=\" is in no rule"},
		{"xxx.yyy.zz.edu:/pub.aa.bb.cc", "the draft's example of an FTP name that is not a URL: path begins with \"/\""},
	} {
		t.Run(tc.in, func(t *testing.T) {
			if tc.in == "http://a:80:/" {
				// "a:80:" is a hostname (ialpha derives ":" and digits): valid.
				if err := uri.Validate(uri.URL1993, tc.in); err != nil {
					t.Errorf("%q: %v, want valid (host \"a:80:\")", tc.in, err)
				}
				return
			}
			if err := uri.Validate(uri.URL1993, tc.in); err == nil {
				t.Errorf("%q is valid, want invalid: %s", tc.in, tc.why)
			}
		})
	}
}

// TestURL1993TextForms checks the draft's other name forms that happen to be valid.
func TestURL1993TextForms(t *testing.T) {
	for _, in := range []string{
		// Fig. 1: "PR" is a generic scheme.
		"PR:aftp/xx.yy.edu/pub/doc/README",
		// Fig. 1, one line of the figure (spaces and ":" are xalpha characters).
		"protocol: aftp host: xxx.yyy.edu path: /pub/doc/README",
		// The Prospero section's "%00%00" (empty version) is part of the path.
		"prospero://h/name%00%00attr",
	} {
		t.Run(in, func(t *testing.T) {
			if err := uri.Validate(uri.URL1993, in); err != nil {
				t.Errorf("%q: %v", in, err)
			}
		})
	}
}

// TestURL1993PrintedXpalphas shows what the printed "xpalphas xpalpha [ xpalpha ]" would
// reject: a path segment of three characters. The grammar reads the evident
// "xpalpha [ xpalphas ]" (defect 1 in grammar/url-1993.peg), so these are valid.
func TestURL1993PrintedXpalphas(t *testing.T) {
	for _, in := range []string{"http://a/abc", "ftp://nnsc.nsf.net/rfc/rfc977.txt"} {
		t.Run(subtest.Name(in), func(t *testing.T) {
			if err := uri.Validate(uri.URL1993, in); err != nil {
				t.Errorf("%q: %v", in, err)
			}
		})
	}
}

func TestURL1993Error(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		expected []string
	}{
		{"http://a/b?x=y", `url-1993: invalid character '=' at byte 12 in search`, []string{"xpalpha", `"#"`, "end of input"}},
		{"http://a/b#", `url-1993: unexpected end of input at byte 11 in fragmentid`, []string{"xalpha"}},
	} {
		t.Run(tc.in, func(t *testing.T) {
			err := uri.Validate(uri.URL1993, tc.in)
			if err == nil || err.Error() != tc.want || !slices.Equal(expectedOf(err), tc.expected) {
				t.Errorf("Validate(url-1993, %q) = %v, expected %q\nwant %s, expected %q", tc.in, err, expectedOf(err), tc.want, tc.expected)
			}
		})
	}
}

// TestURL1993Long parses 1 MB inputs of every repeated shape: the right recursion of the
// BNF is repetition in the PEG, and every lookahead is bounded, so time and stack are
// linear. A quadratic parser would take hours here. An invalid input costs a few dozen
// parses (Parser.expected tries one character of each class at the error offset).
func TestURL1993Long(t *testing.T) {
	const n = 1 << 20
	rep := func(s string) string { return strings.Repeat(s, n/len(s)) }
	for _, tc := range []struct {
		in    string
		valid bool
	}{
		{"http://a/" + rep("b/"), true},
		{"http://a/" + rep("b"), true},
		{"http://" + rep("a."), true},
		{"http://" + rep("a:1"), true},
		{"http://" + rep("a:1") + "x", true},
		{"http://a/b?" + rep("c+"), false},
		{"http://a/b?" + rep("c+") + "c", true},
		{"http://a/b#" + rep("c"), true},
		{"news:" + rep("a@"), true},
		{"news:" + rep("-@") + "-", true},  // generic
		{"news:" + rep("1@1.1.1.1"), true}, // generic
		{"news:a" + rep("@1.1.1.1"), true},
		{"news:a" + rep("@1.1.1.1") + "/", true}, // generic
		{"news:a" + rep("@1.1.1.1") + "//", false},
		{"telnet://" + rep("a@"), true},
		{"telnet://" + rep("-@") + "1.2.3.4", true},
		{"telnet://" + rep("a:1"), true},
		{"gopher://h/1" + rep("ab/"), true},
		{"wais://h/" + rep("d") + "/t/1/" + rep("p/"), true},
		{"prospero://h/" + rep("%00"), true},
		{"x:" + rep("a:"), true},
		{rep("a") + ":", true},
		{"URL:" + rep("a"), true}, // generic scheme "URL"
		{"URL:" + rep("a") + "#", false},
		{"URL:http://a/" + rep("b/"), true},
		{"http://a/" + rep("b/") + "/", false},
	} {
		t.Run(subtest.Name(tc.in), func(t *testing.T) {
			if !tc.valid && testing.Short() {
				t.Skip("-short: an invalid input costs a few dozen parses of 1 MB")
			}
			// No time limit (timed assertions do not belong in tests): a rule that re-read
			// its input would be quadratic on 1 MB, and the test timeout would stop it.
			err := uri.Validate(uri.URL1993, tc.in)
			if (err == nil) != tc.valid {
				t.Errorf("%.40q... (%d bytes): error %v, want valid %v", tc.in, len(tc.in), err, tc.valid)
			}
		})
	}
}

// url1993Alphabet is what TestURL1993NearMisses inserts and substitutes: every delimiter
// of the grammar, characters of each class (alpha, digit, hex, safe, extra, space,
// escape), "+" (xpalpha only), and characters in no rule ("=", "~", "<", "/" twice).
const url1993Alphabet = "/?#:@%.+*\"' 0129aAfFgGzZ-_$&!(),;=~<|"

// url1993Seeds are the inputs TestURL1993NearMisses mutates, besides the examples.
var url1993Seeds = []string{
	"http://a/b?c+d#e", "http://a:80/b/", "http://1.2.3.4:5/", "ftp://a:2/b", "afs://a/b",
	"news:a.b", "news:a@b", "news:a@1.2.3.4", "news:*", "wais://h/d?s", "wais://h/d/t/1/p",
	"prospero://h/p%001a", "telnet://u@h:1", "telnet://a@b@1.2.3.4", "gopher://h/1s?q",
	"gopher://h?q", "x:y/z?w", "URL:http://a/", "URL:news:a", "a:",
}

// TestURL1993NearMisses mutates the examples and url1993Seeds one to three times with
// url1993Alphabet and requires uri.Validate and the ABNF oracle to agree. Its count is
// -oracle.n / $URISPEC_ORACLE_N, as TestOracle's.
func TestURL1993NearMisses(t *testing.T) {
	var o *oracle
	for _, x := range loadOracles(t) {
		if x.spec == uri.URL1993 {
			o = x
		}
	}
	if o == nil {
		t.Fatal("no grammar/url-1993.abnf")
	}
	seeds := append([]string(nil), url1993Seeds...)
	for _, row := range uri.ReadTSV(t, testcorpus.Path(t, "testdata/examples/url-1993.tsv"), false) {
		seeds = append(seeds, row.Fields[0])
	}
	p, err := uri.NewParser(uri.URL1993)
	if err != nil {
		t.Fatal(err)
	}
	n := oracleCount(t, 400)
	r := rand.New(rand.NewPCG(1993, 7))
	seen := map[string]bool{}
	checked, valid, bad := 0, 0, 0
	for i := 0; i < n; i++ {
		s := []byte(seeds[r.IntN(len(seeds))])
		for k := 1 + r.IntN(3); k > 0; k-- {
			s = mutate(r, s, url1993Alphabet)
		}
		if seen[string(s)] {
			continue
		}
		seen[string(s)] = true
		checked++
		if p.Validate(string(s)) == nil {
			valid++
		}
		if d := checkOne(o, p, string(s)); d != "" {
			bad++
			if bad <= 20 {
				t.Error(d)
			}
		}
	}
	t.Logf("url-1993 near-misses: %d distinct strings checked (%d valid), %d disagreements", checked, valid, bad)
}
