package main

import (
	"bytes"
	"encoding/json"
	"runtime"
	"strings"
	"testing"

	"github.com/urispec/urispec/uri"
)

// TestUsageStreams: no arguments is a usage error (standard error, exit 2); asking for
// help is not (standard output, exit 0).
func TestUsageStreams(t *testing.T) {
	// stdout and stderr are substrings each stream must contain; "" means it stays empty.
	for _, tc := range []struct {
		args           []string
		status         int
		stdout, stderr string
	}{
		{nil, exitUsage, "", "usage: urispec COMMAND"},
		{[]string{"help"}, exitOK, "usage: urispec COMMAND", ""},
		{[]string{"-h"}, exitOK, "usage: urispec COMMAND", ""},
		{[]string{"--help"}, exitOK, "usage: urispec COMMAND", ""},
		{[]string{"help", "check"}, exitOK, "usage: urispec check", ""},
		{[]string{"help", "nope"}, exitUsage, "", `unknown command "nope"`},
		{[]string{"nope"}, exitUsage, "", `unknown command "nope"`},
		{[]string{"check", "-h"}, exitOK, "usage: urispec check", ""},
		{[]string{"help", "help"}, exitOK, "usage: urispec help", ""},
		{[]string{"check", "-spec", "rfc3986,rfc3986"}, exitUsage, "", "rfc3986 is named twice"},
		{[]string{"lint", "-spec", "all"}, exitUsage, "", "this command reads under one spec"},
		{[]string{"matrix", "-groups", "-5"}, exitUsage, "", `invalid value "-5" for flag -groups: must be from 0 to`},
		{[]string{"compare", "-examples", "2000000000"}, exitUsage, "", `invalid value "2000000000" for flag -examples: must be from 0 to`},
		{[]string{"check", "-nosuchflag"}, exitUsage, "", "flag provided but not defined"},
	} {
		var stdout, stderr bytes.Buffer
		status := run(tc.args, strings.NewReader(""), &stdout, &stderr)
		if status != tc.status {
			t.Errorf("urispec %q: exit %d, want %d", tc.args, status, tc.status)
		}
		for _, s := range []struct{ name, got, want string }{{"stdout", stdout.String(), tc.stdout}, {"stderr", stderr.String(), tc.stderr}} {
			if s.want == "" && s.got != "" || !strings.Contains(s.got, s.want) {
				t.Errorf("urispec %q: %s = %q, want %q", tc.args, s.name, s.got, s.want)
			}
		}
	}
}

// TestVersion: `version` and `-version` name the Go version and every spec compiled in.
func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"-version"}, {"--version"}} {
		var stdout, stderr bytes.Buffer
		if status := run(args, strings.NewReader(""), &stdout, &stderr); status != exitOK || stderr.Len() > 0 {
			t.Fatalf("urispec %q: exit %d, stderr %q", args, status, stderr.String())
		}
		out := stdout.String()
		if !strings.HasPrefix(out, "urispec ") || !strings.Contains(out, runtime.Version()) || !strings.Contains(out, "github.com/urispec/urispec") {
			t.Errorf("urispec %q:\n%s", args, out)
		}
		for _, s := range uri.Specs() {
			if !strings.Contains(out, " "+s.String()) {
				t.Errorf("urispec %q does not name spec %v:\n%s", args, s, out)
			}
		}
	}
	var stdout, stderr bytes.Buffer
	if status := run([]string{"version", "-json"}, strings.NewReader(""), &stdout, &stderr); status != exitOK {
		t.Fatalf("version -json: exit %d, %s", status, stderr.String())
	}
	var bi buildInfo
	if err := json.Unmarshal(stdout.Bytes(), &bi); err != nil {
		t.Fatalf("version -json: %v\n%s", err, stdout.String())
	}
	if bi.Go != runtime.Version() || len(bi.Specs) != len(uri.Specs()) || bi.Version == "" {
		t.Errorf("version -json = %+v", bi)
	}
}
