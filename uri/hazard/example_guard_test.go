package hazard_test

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"

	"github.com/urispec/urispec/uri"
	"github.com/urispec/urispec/uri/hazard"
)

// Guard says whether the parsers an application deploys read the same target: here the
// RFC 3986 grammar its check uses, Go's net/url that its HTTP client uses, and the
// WHATWG URL parser of the browsers it sends redirects to.
func ExampleGuard() {
	readers := []hazard.Reader{hazard.SpecReader(uri.RFC3986), hazard.NetURLReader(), hazard.WHATWGReader()}
	for _, s := range []string{
		"https://example.com/a",
		"http:/evil.example/",
		"http://127。0。0。1/",
		"%%",
	} {
		a, err := hazard.Guard(s, readers...)
		switch {
		case err != nil:
			fmt.Println(err)
		case a.Agree:
			fmt.Printf("%s: agree\n", s)
		default:
			fmt.Printf("%s: differ\n", s)
			for _, d := range a.Differences {
				fmt.Println("  ", d)
			}
			for _, r := range a.Rejections {
				fmt.Println("   rejected by", r.Reader)
			}
		}
	}
	// Output:
	// https://example.com/a: agree
	// http:/evil.example/: differ
	//    host: none (rfc3986, net/url); "evil.example" (whatwg)
	// http://127。0。0。1/: differ
	//    host: "127。0。0。1" (net/url); "127.0.0.1" (whatwg)
	//    rejected by rfc3986
	// uri: no reader accepts "%%" (rfc3986: invalid character '%' at byte 1 in path-noscheme; net/url: parse "%%": invalid URL escape "%%"; whatwg: uri: a relative reference is read only against a base)
}

// An HTTP client that follows a redirect only when the parsers agree on where it goes:
// Go's net/url reads "/\evil.example/" as a path on the same server, a browser as the
// host evil.example. GuardRelative reads the Location header against the URL it came
// from, as each client resolves it.
func ExampleGuardRelative_checkRedirect() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/" {
			http.Redirect(w, r, `/\evil.example/`, http.StatusFound)
		}
	}))
	defer srv.Close()
	client := &http.Client{CheckRedirect: func(req *http.Request, via []*http.Request) error {
		loc := req.Response.Header.Get("Location")
		a, err := hazard.GuardRelative(via[len(via)-1].URL.String(), loc, hazard.NetURLReader(), hazard.WHATWGReader())
		if err != nil {
			return err
		}
		if !a.Agree {
			var parts []string
			for _, d := range a.Differences {
				parts = append(parts, d.Part)
			}
			return fmt.Errorf("redirect to %q refused: the parsers differ on its %s", loc, strings.Join(parts, " and "))
		}
		return nil
	}}
	_, err := client.Get(srv.URL)
	var ue *url.Error
	if errors.As(err, &ue) {
		fmt.Println(ue.Err)
	}
	// Output:
	// redirect to "/\\evil.example/" refused: the parsers differ on its host and port
}
