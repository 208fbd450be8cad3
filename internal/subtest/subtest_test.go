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
