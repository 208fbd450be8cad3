package whatwgurl_test

import (
	"errors"
	"fmt"

	"github.com/urispec/urispec/internal/whatwgurl"
)

func ExampleParse() {
	u, err := whatwgurl.Parse("HTTPS://user@EXAMPLE.com:443/a/./b/../c?q#f")
	if err != nil {
		panic(err)
	}
	fmt.Println(u.Href())
	fmt.Println(u.Hostname(), u.Port() == "", u.Username())
	for _, v := range u.ValidationErrors() {
		fmt.Println(v)
	}
	// Output:
	// https://user@example.com/a/c?q#f
	// example.com true user
	// invalid-credentials at byte 12
}

func ExampleURL_Parse() {
	base, err := whatwgurl.Parse("https://example.com/a/b")
	if err != nil {
		panic(err)
	}
	for _, ref := range []string{"../c", `/\evil.example/x`, "?q"} {
		u, err := base.Parse(ref)
		fmt.Println(u, err)
	}
	// Output:
	// https://example.com/c <nil>
	// https://evil.example/x <nil>
	// https://example.com/a/b?q <nil>
}

func ExampleError() {
	_, err := whatwgurl.Parse("http://example.com:99999/")
	var e *whatwgurl.Error
	if errors.As(err, &e) {
		fmt.Println(e.Type, e.Offset)
		fmt.Println(e)
	}
	// Output:
	// port-out-of-range 19
	// whatwgurl: port-out-of-range at byte 19: the input's port is too big
}
