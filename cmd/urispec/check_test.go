package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/urispec/urispec/internal/subtest"
	"github.com/urispec/urispec/internal/testcorpus"
	"github.com/urispec/urispec/uri"
	"github.com/urispec/urispec/uri/hazard"
)

// TestCheckJSONLikeEncoding: check -json writes each result by hand; the bytes must be
// those encoding/json writes for the same checkResult, on the corpus sample and on
// strings that need escaping, under every spec.
func TestCheckJSONLikeEncoding(t *testing.T) {
	inputs := []string{"", "http://a/b", "http://a/\x00b", "http://a/\xffb", "a\"b\\c\td\u2028e\u2029<&>", "\x7f\x01\x1f", "http://[::1%25eth0]/", "URL:ftp://u:p@h/a;type=d", "http://\u00e9.example/"}
	if f, err := os.Open(testcorpus.Path(t, "testdata/corpora/realworld-sample.txt")); err == nil {
		sc := bufio.NewScanner(f)
		for i := 0; sc.Scan() && i < 3000; i++ {
			inputs = append(inputs, sc.Text())
		}
		f.Close()
	}
	inputs = append(inputs, "http://user:pass@good.example@evil.example/", `/\evil.example`, "///evil.example/")
	for _, expected := range []bool{false, true} {
		checkJSONLikeEncoding(t, inputs, expected)
	}
}

// checkJSONLikeEncoding is TestCheckJSONLikeEncoding with and without -expected.
func checkJSONLikeEncoding(t *testing.T, inputs []string, expected bool) {
	c := newChecker(uri.Specs(), nil, []hazard.Reader{hazard.NetURLReader(), newWHATWGReader()}, relativeBase, true, expected)
	for _, in := range inputs {
		got := c.check(inputLine{line: 1, text: in})
		if got.err != nil {
			t.Fatal(got.err)
		}
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		for i := range c.results {
			if err := enc.Encode(c.results[i]); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(got.text, want.Bytes()) {
			t.Fatalf("input %q:\ngot  %s\nwant %s", in, got.text, want.Bytes())
		}
	}
	// A rejected input that a lenient parser reads has both its error and hazards.
	got := c.check(inputLine{line: 1, text: "http://user:pass@good.example@evil.example/"})
	if !bytes.Contains(got.text, []byte(`"code":"lenient-reading"`)) || !bytes.Contains(got.text, []byte(`"error":`)) {
		t.Errorf("no lenient reading and error in %s", got.text)
	}
}

// TestAppendJSONString: the hand-written string encoder agrees with encoding/json.
func TestAppendJSONString(t *testing.T) {
	var all []byte
	for b := range 256 {
		all = append(all, byte(b))
	}
	for _, s := range []string{"", string(all), "\u2028\u2029\u00e9\U0001F600", "\xed\xa0\x80", "a\xc3"} {
		t.Run(fmt.Sprintf("%.20q", s), func(t *testing.T) {
			var want bytes.Buffer
			enc := json.NewEncoder(&want)
			enc.SetEscapeHTML(false)
			enc.Encode(s)
			if got := string(appendJSONString(nil, s)) + "\n"; got != want.String() {
				t.Errorf("%q: got %s, want %s", s, got, want.String())
			}
		})
	}
}

// TestCheckFormatSchemes: -format checks JSON Schema's formats, the generic syntax
// alone; -schemes adds the scheme grammars, as check without -format applies them.
func TestCheckFormatSchemes(t *testing.T) {
	strict := []string{"http:///x", "urn:a:b", "mailto:@@@", "geo:94,0"}
	for _, tc := range []struct {
		args   []string
		status int
		stdout string
	}{
		{[]string{"check", "-format", "uri"}, exitOK, "valid    uri            http:///x\n"},
		{[]string{"check", "-format", "iri-reference", "-schemes=false"}, exitOK, "valid    iri-reference  http:///x\n"},
		{[]string{"check", "-format", "uri", "-schemes"}, exitInvalid, "invalid  uri            http:///x\n"},
		{[]string{"check", "-format", "iri", "-schemes"}, exitInvalid, "invalid  iri            http:///x\n"},
		{[]string{"check"}, exitInvalid, "invalid  rfc3986        http:///x\n"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run(append(tc.args, strict...), strings.NewReader(""), &stdout, &stderr)
			if status != tc.status || !strings.HasPrefix(stdout.String(), tc.stdout) || stderr.Len() > 0 {
				t.Errorf("urispec %q: exit %d, stdout %q, stderr %q; want %d and %q", tc.args, status, stdout.String(), stderr.String(), tc.status, tc.stdout)
			}
			want := map[int]int{exitOK: 4, exitInvalid: 0}[tc.status]
			if n := strings.Count("\n"+stdout.String(), "\nvalid "); n != want {
				t.Errorf("urispec %q: %d valid of 4, want %d:\n%s", tc.args, n, want, stdout.String())
			}
		})
	}
	for _, args := range [][]string{{"check", "-format", "uri-template", "-schemes", "x"}, {"check", "-format", "uri", "-spec", "rfc3986", "x"}} {
		t.Run(subtest.Args(args), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if status := run(args, strings.NewReader(""), &stdout, &stderr); status != exitUsage {
				t.Errorf("urispec %q: exit %d, want 2 (%s)", args, status, stderr.String())
			}
		})
	}
}
