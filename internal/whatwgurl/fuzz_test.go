package whatwgurl

import (
	"errors"
	"testing"
)

// FuzzParse parses any input against any base. It must not panic; every validation
// error's offset must be inside the input (its length for the end); a failure's error
// must be the last one it lists; and the serialization must be a fixed point: parsing
// a URL's href gives the same href. The seeds are every test of urltestdata.json and
// every shape of scaling_test.go at 64 bytes.
func FuzzParse(f *testing.F) {
	for _, c := range readURLTestData(f) {
		f.Add(c.Input, c.BaseURL())
	}
	for _, sh := range shapes {
		in, base := sh.at(64)
		f.Add(in, base)
	}
	f.Fuzz(func(t *testing.T, input, base string) {
		var u URL
		var err error
		if base == "" {
			u, err = Parse(input)
		} else {
			b, berr := Parse(base)
			if berr != nil {
				return
			}
			u, err = b.Parse(input)
		}
		var e *Error
		if err != nil {
			if !errors.As(err, &e) {
				t.Fatalf("%q against %q: %v is not an *Error", input, base, err)
			}
			checkOffsets(t, input, e.Errors)
			last := e.Errors[len(e.Errors)-1]
			if last.Type != e.Type || last.Offset != e.Offset {
				t.Fatalf("%q against %q: %v, but the last error listed is %v", input, base, e, last)
			}
			return
		}
		checkOffsets(t, input, u.ValidationErrors())
		again, err := Parse(u.Href())
		if err != nil {
			t.Fatalf("%q against %q: href %q does not parse: %v", input, base, u.Href(), err)
		}
		if again.Href() != u.Href() {
			t.Fatalf("%q against %q: href %q parses to href %q", input, base, u.Href(), again.Href())
		}
	})
}

// checkOffsets fails t if an error's offset is outside input.
func checkOffsets(t *testing.T, input string, errs []ValidationError) {
	t.Helper()
	for _, v := range errs {
		if v.Offset < 0 || v.Offset > len(input) || v.Type == 0 {
			t.Fatalf("%q: %v: offset outside the input, or no type", input, v)
		}
	}
}
