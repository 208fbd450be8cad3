package main

import (
	"errors"
	"strings"

	whatwg "github.com/nlnwa/whatwg-url/url"
	"github.com/urispec/urispec/uri"
	"golang.org/x/net/idna"
)

// whatwgReader reads strings as the WHATWG URL Standard (what browsers do), through
// github.com/nlnwa/whatwg-url. It lives in the command, not in package uri, so that
// importers of package uri get no new dependency.
type whatwgReader struct {
	p whatwg.Parser
	// base, when set, is the URL a relative reference is read against; without it a
	// relative reference is not read (errRelative).
	base string
}

func newWHATWGReader() whatwgReader { return whatwgReader{p: whatwg.NewParser()} }

func (whatwgReader) Name() string { return "whatwg" }

// errRelative: the WHATWG parser needs a base for a relative reference; no base is
// assumed, so relative references are not compared.
var errRelative = errors.New("whatwg: a relative reference is read only against a base")

// errBaseHost: read against a base, a relative reference that keeps the base's host
// is not read; only one that names a host of its own ("/\\evil.example") is.
var errBaseHost = errors.New("whatwg: the reference keeps the base's host")

// Read parses s as an absolute URL. The parts come back normalized (Reading.Normalized):
// the host lower-cased, IDNA-mapped and IPv4 numbers rewritten, a default port dropped,
// dot-segments removed, some characters percent-encoded. A host that the parser turned
// into Punycode is turned back into Unicode, so that it compares with a percent-encoded
// UTF-8 reg-name.
func (w whatwgReader) Read(s string) (uri.Reading, error) {
	var u *whatwg.Url
	var err error
	switch {
	case hasScheme(s):
		u, err = w.p.Parse(s)
	case w.base != "":
		u, err = w.p.ParseRef(w.base, s)
		if err == nil && "https://"+u.Host()+"/" == w.base {
			// It keeps the base's host: the reference does not choose the target.
			err = errBaseHost
		}
	default:
		err = errRelative
	}
	if err != nil {
		return uri.Reading{}, err
	}
	rd := uri.Reading{Parser: "whatwg", Normalized: true}
	// Href writes "//" exactly when the URL's host is not null.
	rest := strings.TrimPrefix(u.Href(true), u.Scheme()+":")
	if strings.HasPrefix(rest, "//") {
		rd.HasAuthority, rd.HasHost = true, true
		rd.Host = u.Hostname()
		// Only a host written in Unicode (or percent-encoded UTF-8) is turned back: one
		// written in Punycode compares as written.
		if strings.Contains(rd.Host, "xn--") && !strings.Contains(strings.ToLower(s), rd.Host) {
			if h, err := idna.ToUnicode(rd.Host); err == nil {
				rd.Host = h
			}
		}
		rd.Port, rd.HasPort = u.Port(), u.Port() != ""
		if u.Username() != "" || u.Password() != "" {
			rd.Userinfo, rd.HasUserinfo = u.Username(), true
			if u.Password() != "" {
				rd.Userinfo += ":" + u.Password()
			}
		}
		rd.Authority = u.Host()
		if rd.HasUserinfo {
			rd.Authority = rd.Userinfo + "@" + rd.Authority
		}
	}
	rd.Path = u.Pathname()
	rd.Query = u.Query()
	rd.HasQuery = u.Search() != "" || strings.HasSuffix(u.Href(true), "?")
	return rd, nil
}

// hasScheme reports whether s begins with scheme ":" (RFC 3986 section 3.1).
func hasScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return true
		default:
			return false
		}
	}
	return false
}

// whatwgSide is compare's WHATWG side: it reads absolute references only (a relative
// one needs a base, and none is assumed) and hands back normalized parts.
func whatwgSide(examples int) *side {
	w := newWHATWGReader()
	sd := newSide("whatwg", "whatwg", examples, w.split)
	sd.normalized = true
	return sd
}

// split is compare's view of a WHATWG parse: host and port where the serialization
// has "//" (a non-null host), the path, and query and fragment with their "defined"
// read off the serialization (an empty "?" or "#" is kept there).
func (w whatwgReader) split(s string) (split, error) {
	if !hasScheme(s) {
		return split{}, errNotCompared
	}
	u, err := w.p.Parse(s)
	if err != nil {
		return split{}, whatwgReason(err)
	}
	var sp split
	noFrag := u.Href(true)
	if strings.HasPrefix(strings.TrimPrefix(noFrag, u.Scheme()+":"), "//") {
		sp.v[0], sp.def[0] = u.Hostname(), true
		sp.v[1], sp.def[1] = u.Port(), u.Port() != ""
	}
	sp.v[2], sp.def[2] = u.Pathname(), true
	sp.v[3], sp.def[3] = strings.TrimPrefix(u.Search(), "?"), u.Search() != "" || strings.HasSuffix(noFrag, "?")
	sp.v[4], sp.def[4] = strings.TrimPrefix(u.Hash(), "#"), u.Hash() != "" || strings.HasSuffix(u.Href(false), "#")
	return sp, nil
}

// whatwgReason is the parser's error without the input it quotes, so that errors group:
// "Error: An IPv4 address has more than four parts. Url: '...'" becomes "An IPv4
// address has more than four parts".
func whatwgReason(err error) error {
	msg := strings.TrimPrefix(err.Error(), "Error: ")
	msg, _, _ = strings.Cut(msg, " Url: ")
	return errors.New(strings.TrimSuffix(msg, "."))
}
