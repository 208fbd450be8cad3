package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// hostileLines are inputs that must show on the page as text: markup, quotes, bytes
// that are not UTF-8, a bidirectional override, and a line far longer than an example.
// Each is an example of a group: not checked (a NUL or not UTF-8), or valid under one
// spec and not its neighbour, in a group that the real-world corpus does not fill (a
// group shows only its two examples with the smallest hash).
func hostileLines() []string {
	return []string{
		"<script>alert(1)</script>\xff",
		`http://a/"onmouseover="alert(1)` + "\x00",
		"http://a/\xfe<b>bold</b>",
		`http://é'&amp;'/`,
		"http://a/\u202eevil",
		"http://a/b?é" + strings.Repeat("x", 5000),
		"</td></tr></table><img src=x onerror=alert(1)>\x00",
		`http://example.com/ok`,
	}
}

// writeHostile writes hostileLines to a file in dir.
func writeHostile(t *testing.T, dir string) string {
	t.Helper()
	name := filepath.Join(dir, "hostile.txt")
	if err := os.WriteFile(name, []byte(strings.Join(hostileLines(), "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// TestHTMLEscapes: no input reaches the page as markup, the page loads nothing from
// elsewhere, and merge -html of a summary is matrix -html of the same lines.
func TestHTMLEscapes(t *testing.T) {
	dir := t.TempDir()
	hostile := writeHostile(t, dir)
	page := runOK(t, "matrix", "-html", hostile)
	for _, bad := range []string{"<script", "<img", "<b>", "\xff", "\u202e", strings.Repeat("x", 200)} {
		if strings.Contains(page, bad) {
			t.Errorf("the page holds %q", bad)
		}
	}
	for _, want := range []string{`&lt;script&gt;alert(1)&lt;/script&gt;\xff`, `\xfe&lt;b&gt;bold`, `\xe2\x80\xae`,
		"&#34;onmouseover=&#34;alert(1)", "é&#39;&amp;amp;&#39;/", "&lt;img src=x onerror=alert(1)&gt;", "chart-timeline", "chart-patterns"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	for _, remote := range []string{"http://", "https://", "//"} {
		for _, attr := range []string{`src="`, `href="`, "url("} {
			if strings.Contains(page, attr+remote) {
				t.Errorf("the page loads %s%s...", attr, remote)
			}
		}
	}
	sum := filepath.Join(dir, "hostile.json")
	if err := os.WriteFile(sum, []byte(runOK(t, "matrix", "-summary-json", hostile)), 0o644); err != nil {
		t.Fatal(err)
	}
	if merged := runOK(t, "merge", "-html", sum); merged != page {
		t.Error("merge -html of the summary differs from matrix -html")
	}
}

func TestShortenText(t *testing.T) {
	for _, c := range []struct {
		in   string
		max  int
		want string
	}{
		{"abc", 3, "abc"},
		{"abcd", 3, "ab…"},
		{"ééééé", 4, "ééé…"},
		{"a\xffb", 10, `a\xffb`},
	} {
		t.Run(c.in, func(t *testing.T) {
			if got := shortenText(c.in, c.max); got != c.want {
				t.Errorf("shortenText(%q, %d) = %q, want %q", c.in, c.max, got, c.want)
			}
		})
	}
}

// TestShortenKeepsCharacters: the text report's cut falls between characters (it used
// to cut bytes and could print half of a UTF-8 sequence).
func TestShortenKeepsCharacters(t *testing.T) {
	if got, want := shorten("http://a/ééééé", 12), "http://a/..."; got != want {
		t.Errorf("shorten = %q, want %q", got, want)
	}
	if got, want := shorten("http://a/éé", 12), "http://a/éé"; got != want {
		t.Errorf("shorten = %q, want %q", got, want)
	}
	if got := shorten("http://例え.jp/ääääääää", 14); !utf8.ValidString(got) {
		t.Errorf("shorten gave invalid UTF-8: %q", got)
	}
}
