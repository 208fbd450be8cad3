package rfc1738_test

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/urispec/urispec/internal/subtest"
	"github.com/urispec/urispec/uri"
	"github.com/urispec/urispec/uri/rfc1738"
)

// TestRead checks the fields of every scheme, for a reference parsed under rfc1738
// and under rfc3986 (the validators do not depend on the reference's spec).
func TestRead(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"ftp://foo:@host.com/a/b;type=d", `{"name":"ftp","rule":"ftpurl","default_port":21,"user":"foo","password":"","host":"host.com","port":null,"path":"a/b","segments":["a","b"],"type":"d"}`},
		{"ftp://@host.com/", `{"name":"ftp","rule":"ftpurl","default_port":21,"user":"","password":null,"host":"host.com","port":null,"path":"","segments":[""],"type":null}`},
		{"ftp://host.com", `{"name":"ftp","rule":"ftpurl","default_port":21,"user":null,"password":null,"host":"host.com","port":null,"path":null,"segments":null,"type":null}`},
		{"ftp://myname@host.dom//etc/motd", `{"name":"ftp","rule":"ftpurl","default_port":21,"user":"myname","password":null,"host":"host.dom","port":null,"path":"/etc/motd","segments":["","etc","motd"],"type":null}`},
		{"ftp://u:p@10.0.0.1:2121/%2Fetc;type=A", `{"name":"ftp","rule":"ftpurl","default_port":21,"user":"u","password":"p","host":"10.0.0.1","port":"2121","path":"%2Fetc","segments":["%2Fetc"],"type":"A"}`},
		{"file:///etc/motd", `{"name":"file","rule":"fileurl","host":"","path":"etc/motd","segments":["etc","motd"]}`},
		{"file://vms.host.edu/disk$user/my/notes/note12345.txt", `{"name":"file","rule":"fileurl","host":"vms.host.edu","path":"disk$user/my/notes/note12345.txt","segments":["disk$user","my","notes","note12345.txt"]}`},
		{"file://localhost/x", `{"name":"file","rule":"fileurl","host":"localhost","path":"x","segments":["x"]}`},
		{"http://a:8080/b/c?d=e;f", `{"name":"http","rule":"httpurl","default_port":80,"host":"a","port":"8080","path":"b/c","search":"d=e;f"}`},
		{"http://a", `{"name":"http","rule":"httpurl","default_port":80,"host":"a","port":null,"path":null,"search":null}`},
		{"http://a/", `{"name":"http","rule":"httpurl","default_port":80,"host":"a","port":null,"path":"","search":null}`},
		{"gopher://h:7070/1sel%09find%09+plus", `{"name":"gopher","rule":"gopherurl","default_port":70,"host":"h","port":"7070","type":"1","selector":"sel","search":"find","gopher_plus":"+plus"}`},
		{"gopher://h/7a%09b/c", `{"name":"gopher","rule":"gopherurl","default_port":70,"host":"h","port":null,"type":"7","selector":"a","search":"b/c","gopher_plus":null}`},
		{"gopher://h/0", `{"name":"gopher","rule":"gopherurl","default_port":70,"host":"h","port":null,"type":"0","selector":"","search":null,"gopher_plus":null}`},
		{"gopher://h", `{"name":"gopher","rule":"gopherurl","default_port":70,"host":"h","port":null,"type":null,"selector":null,"search":null,"gopher_plus":null}`},
		{"mailto:John.Doe@example.com", `{"name":"mailto","rule":"mailtourl","address":"John.Doe@example.com"}`},
		{"news:*", `{"name":"news","rule":"newsurl","group":"*","article":null}`},
		{"news:comp.infosystems.www", `{"name":"news","rule":"newsurl","group":"comp.infosystems.www","article":null}`},
		{"news:12345@host.dom", `{"name":"news","rule":"newsurl","group":null,"article":"12345@host.dom"}`},
		{"nntp://news.host:119/comp.x/42", `{"name":"nntp","rule":"nntpurl","default_port":119,"host":"news.host","port":"119","group":"comp.x","article":"42"}`},
		{"nntp://news.host/comp.x", `{"name":"nntp","rule":"nntpurl","default_port":119,"host":"news.host","port":null,"group":"comp.x","article":null}`},
		{"telnet://u:p@h:23/", `{"name":"telnet","rule":"telneturl","default_port":23,"user":"u","password":"p","host":"h","port":"23"}`},
		{"telnet://h", `{"name":"telnet","rule":"telneturl","default_port":23,"user":null,"password":null,"host":"h","port":null}`},
		{"wais://h:210/db", `{"name":"wais","rule":"waisdatabase","default_port":210,"host":"h","port":"210","database":"db","type":null,"path":null,"search":null}`},
		{"wais://h/db?w", `{"name":"wais","rule":"waisindex","default_port":210,"host":"h","port":null,"database":"db","type":null,"path":null,"search":"w"}`},
		{"wais://h/db/TEXT/x%20y", `{"name":"wais","rule":"waisdoc","default_port":210,"host":"h","port":null,"database":"db","type":"TEXT","path":"x%20y","search":null}`},
		{"prospero://host.dom//pros/name", `{"name":"prospero","rule":"prosperourl","default_port":1525,"host":"host.dom","port":null,"path":"/pros/name","fields":null}`},
		{"prospero://h:1525/p;a=b;c=", `{"name":"prospero","rule":"prosperourl","default_port":1525,"host":"h","port":"1525","path":"p","fields":[{"name":"a","value":"b"},{"name":"c","value":""}]}`},
		{"foo://a/b", `null`},
	} {
		t.Run(tc.in, func(t *testing.T) {
			for _, spec := range []uri.Spec{uri.RFC1738, uri.RFC3986} {
				r, err := uri.Parse(spec, tc.in)
				if err != nil {
					t.Errorf("%v %q: %v", spec, tc.in, err)
					continue
				}
				su, err := rfc1738.Read(r)
				if tc.want == "null" {
					if su != nil || !errors.Is(err, rfc1738.ErrNoScheme) {
						t.Errorf("%v %q: Read = %v, %v; want nil, ErrNoScheme", spec, tc.in, su, err)
					}
					continue
				}
				if err != nil {
					t.Errorf("%v %q: Read: %v", spec, tc.in, err)
					continue
				}
				if got, _ := json.Marshal(su); string(got) != tc.want {
					t.Errorf("%v %q: Read\n got %s\nwant %s", spec, tc.in, got, tc.want)
				}
			}
			su, err := rfc1738.Check(tc.in)
			got, _ := json.Marshal(su)
			if tc.want == "null" && (su != nil || !errors.Is(err, rfc1738.ErrNoScheme)) || tc.want != "null" && (err != nil || string(got) != tc.want) {
				t.Errorf("Check(%q) = %s, %v\nwant %s", tc.in, got, err, tc.want)
			}
		})
	}
}

// TestReadReadings: the scheme in any case (2.1), a fragment of the reference's own
// spec left out (2.2), and a reference without a scheme.
func TestReadReadings(t *testing.T) {
	r, err := uri.Parse(uri.RFC3986, "HTTP://a/b?c#frag")
	if err != nil {
		t.Fatal(err)
	}
	su, err := rfc1738.Read(r)
	if err != nil {
		t.Fatal(err)
	}
	h, ok := su.(*rfc1738.HTTPURL)
	if !ok || h.Name != "http" || *h.Search != "c" || h.Syntax().Rule != "httpurl" {
		t.Errorf("HTTP://a/b?c#frag: %#v", su)
	}
	// The example of RFC 1738's APPENDIX: "#" is not part of a URL. rfc3986 reads
	// "#WARNING" as a fragment, which the validator leaves out; rfc1738 rejects it.
	const warning = "http://ds.internic.net/instructions/overview.html#WARNING"
	if r, err := uri.Parse(uri.RFC3986, warning); err != nil {
		t.Fatal(err)
	} else if su, err := rfc1738.Read(r); err != nil || *su.(*rfc1738.HTTPURL).Path != "instructions/overview.html" {
		t.Errorf("%s under rfc3986: %v, %v", warning, su, err)
	}
	var e *uri.Error
	if err := uri.Validate(uri.RFC1738, warning); !errors.As(err, &e) || e.Offset != strings.Index(warning, "#") || e.Rule != "hpath" {
		t.Errorf("%s under rfc1738: %v, want an error at the \"#\" in hpath", warning, err)
	}
	if r, err := uri.Parse(uri.RFC3986, "//a/b"); err != nil {
		t.Fatal(err)
	} else if su, err := rfc1738.Read(r); su != nil || !errors.Is(err, rfc1738.ErrNoScheme) {
		t.Errorf("//a/b: %v, %v; want nil, ErrNoScheme", su, err)
	}
	for _, s := range []string{"//a/b", "foo:x", "no scheme"} {
		t.Run(subtest.Name(s), func(t *testing.T) {
			if su, err := rfc1738.Check(s); su != nil || !errors.Is(err, rfc1738.ErrNoScheme) {
				t.Errorf("Check(%q) = %v, %v; want nil, ErrNoScheme", s, su, err)
			}
		})
	}
}

// TestReadErrors: a reference valid under another spec whose text breaks its
// scheme's RFC 1738 rule gets an *uri.Error at the offending byte of the input.
func TestReadErrors(t *testing.T) {
	for _, tc := range []struct {
		in       string
		offset   int
		rule     string
		msg      string
		expected []string // nil: not checked
	}{
		{"http://a/~b", 9, "hpath", `rfc1738: invalid character '~' at byte 9 in hpath`, []string{"xchar", "end of input"}},
		{"http:x", 5, "httpurl", `rfc1738: invalid character 'x' at byte 5 in httpurl`, []string{`"/"`}},
		{"http://a?x", 8, "hostname", "", nil},
		{"http://a/b?c/d", 12, "search", "", nil},
		{"http://[::1]/", 7, "hostname", "", nil},
		{"ftp://a/b;type=x", 15, "ftptype", "", nil},
		{"ftp://a/b;c", 10, "ftpurl", `rfc1738: invalid character 'c' at byte 10 in ftpurl`, []string{`"t"`}},
		{"file://h", 8, "hostname", "", nil},
		{"file://h:1/x", 8, "hostname", "", nil},
		{"news:a~b", 6, "group", "", nil},
		{"nntp://h/g/x", 11, "nntpurl", "", nil},
		{"telnet://h/x", 11, "telneturl", "", nil},
		{"wais://h/d?s/t", 12, "search", "", nil},
		{"prospero://h/p;a", 16, "fieldname", "", nil},
		{"mailto:", 7, "encoded822addr", "", nil},
		{"mailto:a~b", 8, "encoded822addr", "", nil},
		{"gopher://h/1a~", 13, "selector", "", nil},
		// The character after an optional end that no rule tests (uri.Error.Offset).
		{"telnet://h/x", 11, "telneturl", `rfc1738: invalid character 'x' at byte 11 in telneturl`, []string{"end of input"}},
		{"ftp://a/b;type=ax", 16, "ftptype", "", nil},
	} {
		t.Run(tc.in, func(t *testing.T) {
			r, err := genericParser(t).Parse(tc.in) // "http:x" is no http-URI (RFC 9110)
			if err != nil {
				t.Errorf("%q: %v", tc.in, err)
				return
			}
			su, err := rfc1738.Read(r)
			var e *uri.Error
			if !errors.As(err, &e) {
				t.Errorf("%q: Read = %v, %v; want an *uri.Error", tc.in, su, err)
				return
			}
			if e.Spec != uri.RFC1738 || e.Input != tc.in || e.Offset != tc.offset || e.Rule != tc.rule || (tc.msg != "" && e.Error() != tc.msg) || (tc.expected != nil && !slices.Equal(e.Expected(), tc.expected)) {
				t.Errorf("%q: error %v, expected %q; want offset %d, rule %s %s, expected %q", tc.in, e, e.Expected(), tc.offset, tc.rule, tc.msg, tc.expected)
			}
			// rfc1738 itself rejects it the same way.
			if err := uri.Validate(uri.RFC1738, tc.in); !errors.As(err, &e) || e.Offset != tc.offset {
				t.Errorf("%q under rfc1738: %v; want an error at byte %d", tc.in, err, tc.offset)
			}
		})
	}
}

func TestDefaultPort(t *testing.T) {
	want := map[string]int{"ftp": 21, "http": 80, "gopher": 70, "nntp": 119, "telnet": 23, "wais": 210, "prospero": 1525, "HTTP": 80}
	for scheme, port := range want {
		t.Run(scheme, func(t *testing.T) {
			if got, ok := rfc1738.DefaultPort(scheme); !ok || got != port {
				t.Errorf("DefaultPort(%q) = %d, %v; want %d", scheme, got, ok, port)
			}
		})
	}
	for _, scheme := range []string{"file", "mailto", "news", "https", ""} {
		t.Run(subtest.Name(scheme), func(t *testing.T) {
			if got, ok := rfc1738.DefaultPort(scheme); ok {
				t.Errorf("DefaultPort(%q) = %d, true; want none", scheme, got)
			}
		})
	}
	for _, s := range []string{"ftp", "file", "http", "gopher", "mailto", "news", "nntp", "telnet", "wais", "prospero", "Mailto"} {
		t.Run(s, func(t *testing.T) {
			if !rfc1738.IsScheme(s) {
				t.Errorf("IsScheme(%q) = false", s)
			}
		})
	}
	if rfc1738.IsScheme("https") {
		t.Error("IsScheme(https) = true")
	}
}

// genericParser is a Parser of rfc3986 without its scheme grammars: "http:x" is no
// http-URI (RFC 9110) but a valid URI.
func genericParser(t *testing.T) *uri.Parser {
	p, err := uri.NewParser(uri.RFC3986, uri.GenericOnly())
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestReadZeroReference(t *testing.T) {
	if su, err := rfc1738.Read(uri.Reference{}); su != nil || !errors.Is(err, rfc1738.ErrNoScheme) {
		t.Errorf("zero Reference: Read = %v, %v", su, err)
	}
}
