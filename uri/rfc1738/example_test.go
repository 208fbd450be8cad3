package rfc1738_test

import (
	"errors"
	"fmt"

	"github.com/urispec/urispec/uri"
	"github.com/urispec/urispec/uri/rfc1738"
)

func ExampleCheck() {
	u, err := rfc1738.Check("ftp://anonymous:guest@ftp.example.org/pub/readme.txt;type=a")
	if err != nil {
		fmt.Println(err)
		return
	}
	ftp := u.(*rfc1738.FTPURL)
	fmt.Println(ftp.Rule, *ftp.User, *ftp.Password, ftp.Host, ftp.Segments, *ftp.Type)
	// The scheme's own rule decides: an http URL may not have a userinfo in RFC 1738.
	_, err = rfc1738.Check("http://user@example.org/")
	fmt.Println(err)
	// RFC 1738 gives no syntax of its own to other schemes.
	_, err = rfc1738.Check("https://example.org/")
	fmt.Println(errors.Is(err, rfc1738.ErrNoScheme))
	// Output:
	// ftpurl anonymous guest ftp.example.org [pub readme.txt] a
	// rfc1738: invalid character '@' at byte 11 in hostname
	// true
}

func ExampleRead() {
	// A reference valid under RFC 3986 (without its scheme grammars), read by RFC 1738.
	p, _ := uri.NewParser(uri.RFC3986, uri.GenericOnly())
	r, _ := p.Parse("HTTP://example.org:8080/a/b?q#top")
	u, err := rfc1738.Read(r)
	if err != nil {
		fmt.Println(err)
		return
	}
	h := u.(*rfc1738.HTTPURL)
	fmt.Println(h.Name, h.Rule, h.Host, *h.Port, *h.Path, *h.Search)
	// Output:
	// http httpurl example.org 8080 a/b q
}
