package subtest

import (
	"strings"
	"testing"
)

func TestName(t *testing.T) {
	long := strings.Repeat("a", maxName+10)
	for _, c := range []struct{ in, want string }{
		{"", "empty"},
		{"a:b", "a:b"},
		{"http://a/b", "http:∕∕a∕b"},
		{long, long[:maxName] + "…"},
		{strings.Repeat("a", maxName-1) + "é", strings.Repeat("a", maxName-1) + "…"},
	} {
		t.Run(Name(c.in), func(t *testing.T) {
			if got := Name(c.in); got != c.want {
				t.Errorf("Name(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
}

func TestArgs(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "empty"},
		{[]string{"check", "-spec", "all"}, "check -spec all"},
		{[]string{"matrix", "/tmp/TestX123/001/urls.txt"}, "matrix urls.txt"},
		{[]string{"lint", "testdata/a.txt"}, "lint testdata∕a.txt"},
	} {
		t.Run(Args(c.args), func(t *testing.T) {
			if got := Args(c.args); got != c.want {
				t.Errorf("Args(%q) = %q, want %q", c.args, got, c.want)
			}
		})
	}
}
