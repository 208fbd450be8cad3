package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urispec/urispec/uri"
)

// cmdCase is a golden test of one subcommand run: its arguments, standard input, and the
// exact standard output and exit status expected.
type cmdCase struct {
	name   string
	args   []string
	stdin  string
	stdout string
	status int
	needs  []uri.Spec // skipped while one of these has no parser
}

func runCases(t *testing.T, cases []cmdCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, s := range c.needs {
				if !s.Available() {
					t.Skipf("no parser for %v yet", s)
				}
			}
			var stdout, stderr bytes.Buffer
			status := run(c.args, strings.NewReader(c.stdin), &stdout, &stderr)
			if diff := cmp.Diff(c.stdout, stdout.String()); diff != "" {
				t.Errorf("urispec %s: stdout (-want +got):\n%s\nstderr: %s", strings.Join(c.args, " "), diff, stderr.String())
			}
			if status != c.status {
				t.Errorf("urispec %s: status %d, want %d; stderr: %s", strings.Join(c.args, " "), status, c.status, stderr.String())
			}
		})
	}
}

const appendixBase = "http://a/b/c/d;p?q"

func TestResolveCommand(t *testing.T) {
	runCases(t, []cmdCase{
		{name: "plain", args: []string{"resolve", appendixBase, "g", "../../../g", "#s", ""},
			stdout: "http://a/b/c/g\nhttp://a/g\nhttp://a/b/c/d;p?q#s\nhttp://a/b/c/d;p?q\n"},
		{name: "invalid reference", args: []string{"resolve", appendixBase, "g h", "g"},
			stdout: "error\nhttp://a/b/c/g\n", status: 1},
		{name: "relative base", args: []string{"resolve", "-json", "/a/b", "g"},
			stdout: `{"spec":"rfc3986","base":"/a/b","reference":"g","result":null,"error":{"offset":0,"rule":"base","message":"rfc3986: invalid character '/' at byte 0 in base (expected absolute URI (a scheme))","expected":["absolute URI (a scheme)"]}}` + "\n", status: 1},
		{name: "json", args: []string{"resolve", "-json", appendixBase, "?y", "http:g"},
			stdout: `{"spec":"rfc3986","base":"http://a/b/c/d;p?q","reference":"?y","result":"http://a/b/c/d;p?y"}` + "\n" +
				`{"spec":"rfc3986","base":"http://a/b/c/d;p?q","reference":"http:g","result":"http:g"}` + "\n"},
		{name: "nonstrict", args: []string{"resolve", "-nonstrict", appendixBase, "http:g"},
			stdout: "http://a/b/c/g\n"},
		{name: "flaw", args: []string{"resolve", "-json", "f:/a", ".//g"},
			stdout: `{"spec":"rfc3986","base":"f:/a","reference":".//g","result":"f://g"}` + "\n"},
		{name: "stdin", args: []string{"resolve"}, stdin: "http://a/b/c\t../d\r\nhttp://x\t/y\nno tab\n",
			stdout: "http://a/d\nhttp://x/y\n", status: 1},
		{name: "usage", args: []string{"resolve", appendixBase}, status: 2},
		{name: "unknown spec", args: []string{"resolve", "-spec", "rfc0", appendixBase, "g"}, status: 2},
		{name: "same document", args: []string{"resolve", "-json", "-spec", "rfc2396", appendixBase, "#s", ""},
			needs: []uri.Spec{uri.RFC2396},
			stdout: `{"spec":"rfc2396","base":"http://a/b/c/d;p?q","reference":"#s","result":null,"same_document":true,"fragment":"s"}` + "\n" +
				`{"spec":"rfc2396","base":"http://a/b/c/d;p?q","reference":"","result":null,"same_document":true}` + "\n"},
		{name: "rfc2396 rejects ?y", args: []string{"resolve", "-spec", "rfc2396", appendixBase, "?y"},
			needs: []uri.Spec{uri.RFC2396}, stdout: "error\n", status: 1},
		{name: "rfc2396 ?y unvalidated", args: []string{"resolve", "-spec", "rfc2396", "-unvalidated", appendixBase, "?y"},
			needs: []uri.Spec{uri.RFC2396}, stdout: "http://a/b/c/?y\n"},
		{name: "url-syntax-05 plain", args: []string{"resolve", "-spec", "url-syntax-05", appendixBase, "#s", "g?y/../x", "http:"},
			needs:  []uri.Spec{uri.URLSyntax05},
			stdout: "(current document)#s\nhttp://a/b/c/x\nhttp:\n"},
		{name: "rfc2396bis-01 validating", args: []string{"resolve", "-spec", "rfc2396bis-01", appendixBase, "http:g", "?y", "/./g"},
			needs:  []uri.Spec{uri.RFC2396bis01},
			stdout: "http:g\nhttp://a/b/c/d;p?y\nhttp://a/./g\n"},
	})
}

func TestNormalizeCommand(t *testing.T) {
	runCases(t, []cmdCase{
		{name: "default scheme level", args: []string{"normalize", "HTTP://Example.COM:80", "eXAMPLE://a/./b/../b/c/%7a"},
			stdout: "http://example.com/\nexample://a/b/c/z\n"},
		{name: "syntax", args: []string{"normalize", "-level", "syntax", "HTTP://Example.COM:80"},
			stdout: "http://example.com:80\n"},
		{name: "simple", args: []string{"normalize", "-level", "simple", "HTTP://Example.COM:80"},
			stdout: "HTTP://Example.COM:80\n"},
		{name: "invalid", args: []string{"normalize", "http://a b", "x:%7e"},
			stdout: "error\nx:~\n", status: 1},
		{name: "stdin", args: []string{"normalize"}, stdin: "http://a/%7e\r\nhttp://a/./b\n",
			stdout: "http://a/~\nhttp://a/b\n"},
		{name: "bad level", args: []string{"normalize", "-level", "protocol", "x:y"}, status: 2},
	})
}

func TestEqualCommand(t *testing.T) {
	runCases(t, []cmdCase{
		{name: "seed pair syntax", args: []string{"equal", "-level", "syntax", "example://a/b/c/%7A", "eXAMPLE://a/./b/../b/c/%7a"},
			stdout: "equivalent (rfc3986, syntax)\n  example://a/b/c/z\n  example://a/b/c/z\n"},
		{name: "seed pair 2396bis-01", args: []string{"equal", "-spec", "rfc2396bis-01", "-level", "syntax", "example://a/b/c/%7A", "eXAMPLE://a/./b/../b/c/%7a"},
			needs:  []uri.Spec{uri.RFC2396bis01},
			stdout: "equivalent (rfc2396bis-01, syntax)\n  example://a/b/c/z\n  example://a/b/c/z\n"},
		{name: "seed pair simple", args: []string{"equal", "-level", "simple", "example://a/b/c/%7A", "eXAMPLE://a/./b/../b/c/%7a"},
			stdout: "different (rfc3986, simple)\n  example://a/b/c/%7A\n  eXAMPLE://a/./b/../b/c/%7a\n", status: 1},
		{name: "default port", args: []string{"equal", "http://example.com", "http://example.com:80/"},
			stdout: "equivalent (rfc3986, scheme)\n  http://example.com/\n  http://example.com/\n"},
		{name: "one argument", args: []string{"equal", "x:y"}, status: 2},
		{name: "invalid", args: []string{"equal", "x:y", "a b"}, status: 2},
	})
}
