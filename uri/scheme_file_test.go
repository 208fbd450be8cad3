package uri_test

import (
	"errors"
	"fmt"
	"github.com/urispec/urispec/internal/subtest"
	"github.com/urispec/urispec/uri"
	"testing"
)

// TestFileAppendixF checks every file URI that RFC 8089 prints for its Appendix F rules
// (and those of Appendix E that they collect) against CheckFileNonstandard, with the
// parts the text gives; then rows that Appendix F rejects.
func TestFileAppendixF(t *testing.T) {
	str := func(s string) *string { return &s }
	for _, c := range []struct {
		in, where  string
		host       *string
		path       string
		drive, unc *string
		userinfo   *string
		local      bool
	}{
		{"file:///path/to/file", "F, B", str(""), "/path/to/file", nil, nil, nil, true},
		{"file:/path/to/file", "F, B", nil, "/path/to/file", nil, nil, nil, true},
		{"file:c:/path/to/file", "F, E.2", nil, "c:/path/to/file", str("c:"), nil, nil, true},
		{"file:///c|/path/to/file", "F, E.2.2", str(""), "/c|/path/to/file", str("c|"), nil, nil, true},
		{"file:/c|/path/to/file", "F, E.2.2", nil, "/c|/path/to/file", str("c|"), nil, nil, true},
		{"file:c|/path/to/file", "F, E.2.2", nil, "c|/path/to/file", str("c|"), nil, nil, true},
		{"file://host.example.com/path/to/file", "F, B", str("host.example.com"), "/path/to/file", nil, nil, nil, false},
		{"file:////host.example.com/path/to/file", "F, E.3.2", str(""), "/path/to/file", nil, str("host.example.com"), nil, true},
		{"file://///host.example.com/path/to/file", "F, E.3.2", str(""), "/path/to/file", nil, str("host.example.com"), nil, true},
		{"file://host.example.com/Share/path/to/file.txt", "E.3.1", str("host.example.com"), "/Share/path/to/file.txt", nil, nil, nil, false},
		{"file:///c:/path/to/file.txt", "E.2.1", str(""), "/c:/path/to/file.txt", nil, nil, nil, true},
		// Not examples: the rules of E.1 and E.3.2.
		{"file://user:pw@vms.example.com/disk$user/my.txt", "E.1 (the rule)", str("vms.example.com"), "/disk$user/my.txt", nil, nil, str("user:pw"), false},
		{"file:////%5B2001:db8::1%5D/share/x", "E.3.2 (the rule)", str(""), "/share/x", nil, str("%5B2001:db8::1%5D"), nil, true},
	} {
		t.Run(c.in, func(t *testing.T) {
			p, err := uri.CheckFileNonstandard(c.in)
			if err != nil {
				t.Errorf("%s (RFC 8089 %s): %v", c.in, c.where, err)
				return
			}
			eq := func(a, b *string) bool { return a == nil && b == nil || a != nil && b != nil && *a == *b }
			if !eq(p.Host, c.host) || p.Path != c.path || !eq(p.DriveLetter, c.drive) || !eq(p.UNCHost, c.unc) ||
				!eq(p.Userinfo, c.userinfo) || p.Local != c.local || p.Rule != "file-URI-F" {
				t.Errorf("%s (RFC 8089 %s): got %+v", c.in, c.where, p)
			}
		})
	}
	for _, in := range []string{"file:c:path", "file://h:80/x", "file:?q", "file:cd:/x", "http://a/"} {
		t.Run(subtest.Name(in), func(t *testing.T) {
			_, err := uri.CheckFileNonstandard(in)
			var e *uri.Error
			if !errors.As(err, &e) || e.Scheme != "file" || e.Section != "RFC 8089 Appendix F" {
				t.Errorf("%s: %v, want an error of Appendix F", in, err)
			}
		})
	}
}

// A DOS drive letter without "/" is not a file URI of RFC 8089 section 2, but one of its
// Appendix F, which CheckFileNonstandard accepts.
func ExampleCheckFileNonstandard() {
	fmt.Println(uri.Validate(uri.RFC3986, "file:c:/path/to/file") != nil)
	p, err := uri.CheckFileNonstandard("file:c:/path/to/file")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(*p.DriveLetter, p.Path, p.Local)
	// Output:
	// true
	// c: c:/path/to/file true
}
