package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// cmdCase is a golden test of one subcommand run: its arguments, standard input, and the
// exact standard output and exit status expected.
type cmdCase struct {
	name   string
	args   []string
	stdin  string
	stdout string
	status int
}

func runCases(t *testing.T, cases []cmdCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
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

// TestResolveCommandSpecs checks per-spec answers that the scripts (which name rfc3986 or
// every spec) do not cover; each case is skipped while its spec has no parser.
func TestResolveCommandSpecs(t *testing.T) {
	runCases(t, []cmdCase{
		{name: "same document", args: []string{"resolve", "-json", "-spec", "rfc2396", appendixBase, "#s", ""},
			stdout: `{"spec":"rfc2396","base":"http://a/b/c/d;p?q","reference":"#s","result":null,"same_document":true,"fragment":"s"}` + "\n" +
				`{"spec":"rfc2396","base":"http://a/b/c/d;p?q","reference":"","result":null,"same_document":true}` + "\n"},
		{name: "rfc2396 rejects ?y", args: []string{"resolve", "-spec", "rfc2396", appendixBase, "?y"}, stdout: "error\n", status: 1},
		{name: "rfc2396 ?y unvalidated", args: []string{"resolve", "-spec", "rfc2396", "-unvalidated", appendixBase, "?y"}, stdout: "http://a/b/c/?y\n"},
		{name: "url-syntax-05 plain", args: []string{"resolve", "-spec", "url-syntax-05", appendixBase, "#s", "g?y/../x", "http:"},
			stdout: "(current document)#s\nhttp://a/b/c/x\nhttp:\n"},
		{name: "rfc2396bis-01 validating", args: []string{"resolve", "-spec", "rfc2396bis-01", appendixBase, "http:g", "?y", "/./g"},
			stdout: "http:g\nhttp://a/b/c/d;p?y\nhttp://a/./g\n"},
		{name: "rfc2396bis-01 non-validating", args: []string{"resolve", "-spec", "rfc2396bis-01", "-nonstrict", appendixBase, "http:g"},
			stdout: "http://a/b/c/g\n"},
		{name: "rfc1738 uses RFC 1808", args: []string{"resolve", "-spec", "rfc1738", "http://a/b/c/d;p?q#f", "", ";x", "?y", "../../../g"},
			stdout: "http://a/b/c/d;p?q#f\nhttp://a/b/c/d;x\nhttp://a/b/c/d;p?y\nhttp://a/../g\n"},
		{name: "url-1993 partial form", args: []string{"resolve", "-spec", "url-1993", appendixBase, "g", "#s", ".", "../../../../g"},
			stdout: "http://a/b/c/g\nhttp://a/b/c/#s\nhttp://a/b/c\nhttp://a/g\n"},
	})
}
