package ipv4num

import (
	"testing"

	"github.com/urispec/urispec/internal/subtest"
)

func TestParse(t *testing.T) {
	for _, c := range []struct {
		in             string
		n              uint64
		nonDecimal, ok bool
	}{
		{"", 0, false, false},
		{"0", 0, false, true},
		{"255", 255, false, true},
		{"0x", 0, true, true},
		{"0X7f", 127, true, true},
		{"0x7G", 0, false, false},
		{"017", 15, true, true},
		{"08", 0, false, false},
		{"4294967295", 1<<32 - 1, false, true},
		{"4294967296", Cap, false, true},
		{"99999999999999999999999", Cap, false, true},
		{"com", 0, false, false},
		{"1a", 0, false, false},
	} {
		t.Run(subtest.Name(c.in), func(t *testing.T) {
			n, nonDecimal, ok := Parse(c.in)
			if n != c.n || nonDecimal != c.nonDecimal || ok != c.ok {
				t.Errorf("Parse(%q) = %d, %v, %v; want %d, %v, %v", c.in, n, nonDecimal, ok, c.n, c.nonDecimal, c.ok)
			}
		})
	}
}

func TestEndsInANumber(t *testing.T) {
	for _, c := range []struct {
		in   string
		want bool
	}{
		{"example.com", false},
		{"1.2.3.4", true},
		{"1.2.3.4.", true},
		{"foo.0x7f", true},
		{"foo.09", true}, // all digits: the checker says yes, the IPv4 parser then fails
		{"foo.", false},
		{"", false},
		{"a.b.123", true},
		{"a.0x", true},
		{"example.com.", false},
	} {
		t.Run(subtest.Name(c.in), func(t *testing.T) {
			if got := EndsInANumber(c.in); got != c.want {
				t.Errorf("EndsInANumber(%q) = %v, want %v", c.in, got, c.want)
			}
		})
	}
}
