package pct

import "testing"

func TestDecode(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"abc", "abc"},
		{"a%20b", "a b"},
		{"%2f%2F", "//"},
		{"%41%zz%4", "A%zz%4"}, // escapes that are not two HEXDIGs are kept
		{"%%41", "%A"},
		{"%C3%A9", "\u00e9"},
		{"%00", "\x00"},
	} {
		t.Run(c.in, func(t *testing.T) {
			if got := string(Decode(c.in)); got != c.want {
				t.Errorf("Decode(%q) = %q, want %q", c.in, got, c.want)
			}
			if got := DecodeString(c.in); got != c.want {
				t.Errorf("DecodeString(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
}

func TestHex(t *testing.T) {
	for c := 0; c < 256; c++ {
		want := -1
		switch {
		case '0' <= c && c <= '9':
			want = c - '0'
		case 'a' <= c && c <= 'f':
			want = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			want = c - 'A' + 10
		}
		if IsHex(byte(c)) != (want >= 0) {
			t.Errorf("IsHex(%#x) = %v", c, IsHex(byte(c)))
		}
		if want >= 0 && int(Unhex(byte(c))) != want {
			t.Errorf("Unhex(%#x) = %d, want %d", c, Unhex(byte(c)), want)
		}
	}
}
