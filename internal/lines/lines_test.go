package lines

import (
	"fmt"
	"strings"
	"testing"
)

func TestEach(t *testing.T) {
	long := strings.Repeat("a", Max+1)
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"a", "1:a"},
		{"a\n", "1:a"},
		{"a\r\nb\rc\n\r\n\nd", "1:a 2:b\rc 3: 4: 5:d"},
		{"\r", "1:"},
		{strings.Repeat("b", Max) + "\r\nx", fmt.Sprintf("1:len%d 2:x", Max)},
		{long + "\n" + long + "\r\ny", "1:!" + ErrTooLong.Error() + " 2:!" + ErrTooLong.Error() + " 3:y"},
		{long, "1:!" + ErrTooLong.Error()},
	} {
		t.Run(tc.in, func(t *testing.T) {
			var got []string
			err := Each(strings.NewReader(tc.in), func(n int, line string, err error) error {
				switch {
				case err != nil:
					got = append(got, fmt.Sprintf("%d:!%v", n, err))
				case len(line) > 100:
					got = append(got, fmt.Sprintf("%d:len%d", n, len(line)))
				default:
					got = append(got, fmt.Sprintf("%d:%s", n, line))
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if g := strings.Join(got, " "); g != tc.want {
				t.Errorf("Each(%.20q...) = %q, want %q", tc.in, g, tc.want)
			}
		})
	}
}
