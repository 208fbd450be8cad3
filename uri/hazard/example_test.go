package hazard_test

import (
	"errors"
	"fmt"

	"github.com/urispec/urispec/uri"
	"github.com/urispec/urispec/uri/hazard"
)

func ExampleFind() {
	// The example of RFC 3986 section 7.6, with a password and a port for SMTP.
	r, err := uri.Parse(uri.RFC3986, "ftp://cnn.example.com&story=breaking_news:pw@10.0.0.1:25/top_story.htm")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, h := range hazard.Find(r) {
		fmt.Printf("%s %q (%s)\n", h.Code, r.Input()[h.Offset:h.Offset+h.Length], h.Section)
	}
	// Output:
	// misleading-userinfo "cnn.example.com&story=breaking_news:pw" (RFC 3986, section 7.6)
	// userinfo-password "pw" (RFC 3986, sections 3.2.1 and 7.5)
	// internal-host "10.0.0.1" (RFC 6890, sections 2.2.2 and 2.2.3; RFC 4291, section 2.5)
	// unexpected-port "25" (RFC 3986, section 7.2)
}

// A program that, as RFC 9110 section 4.2.4 advises, treats a userinfo in an http or
// https URI from an untrusted source as an error looks for its hazard code: the URI is
// valid, and the hazard is the recipient's to act on.
func ExampleFind_httpUserinfo() {
	r, err := uri.Parse(uri.RFC3986, "https://account.example@evil.example/login")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, h := range hazard.Find(r) {
		if h.Code == hazard.HTTPUserinfo {
			fmt.Printf("refused: %q (%s)\n", r.Input()[h.Offset:h.Offset+h.Length], h.Section)
		}
	}
	// Output:
	// refused: "account.example@" (RFC 9110, section 4.2.4)
}

func ExampleDifferentials() {
	// Valid under RFC 2396 as a registry-based authority; RFC 3986 rejects it; Go's
	// net/url reads host "c" and user "a@b".
	r, err := uri.Parse(uri.RFC2396, "http://a@b@c/")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, h := range hazard.Differentials(r, hazard.SpecReader(uri.RFC3986), hazard.NetURLReader()) {
		fmt.Println(h.Code+":", h.Message)
	}
	// Output:
	// differential-host: net/url reads host "c"; rfc2396 reads no host (a registry-based authority "a@b@c")
	// differential-userinfo: net/url reads userinfo "a@b"; rfc2396 reads no userinfo
}

// A string that RFC 3986 rejects at its backslash is read by the WHATWG URL parser, as a
// browser reads it, with another host than the text before the "@" suggests.
func ExampleLenient() {
	var e *uri.Error
	if !errors.As(uri.Validate(uri.RFC3986, `http://evil.example\@good.example/`), &e) {
		return
	}
	for _, h := range hazard.Lenient(e, hazard.WHATWGReader()) {
		fmt.Println(h.Code, "at byte", h.Offset)
	}
	// Output:
	// lenient-reading at byte 19
}
