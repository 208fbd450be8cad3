package main

import (
	"errors"
	"strings"

	"github.com/urispec/urispec/internal/whatwgurl"
	"github.com/urispec/urispec/uri"
	"golang.org/x/net/idna"
)

// whatwgReader reads strings as the WHATWG URL Standard's URL parser does (what
// browsers do), through internal/whatwgurl. It lives in the command, not in package uri,
// so that package uri's differentials need no second parser.
type whatwgReader struct {
	// base, when set, is the URL a relative reference is read against; without it a
	// relative reference is not read (errRelative).
	base string
}

func newWHATWGReader() whatwgReader { return whatwgReader{} }

func (whatwgReader) Name() string { return "whatwg" }

// errRelative: the WHATWG parser needs a base for a relative reference; no base is
// assumed, so relative references are not compared.
var errRelative = errors.New("whatwg: a relative reference is read only against a base")

// errBaseHost: read against a base, a relative reference that keeps the base's host
// is not read; only one that names a host of its own ("/\\evil.example") is.
var errBaseHost = errors.New("whatwg: the reference keeps the base's host")

// parse reads s as an absolute URL, or as a relative one against the reader's base.
func (w whatwgReader) parse(s string) (whatwgurl.URL, error) {
	switch {
	case hasScheme(s):
		return whatwgurl.Parse(s)
	case w.base != "":
		u, err := whatwgurl.ParseRef(w.base, s)
		if err == nil && "https://"+u.Host()+"/" == w.base {
			// It keeps the base's host: the reference does not choose the target.
			err = errBaseHost
		}
		return u, err
	}
	return whatwgurl.URL{}, errRelative
}

// Read parses s as an absolute URL. The parts come back normalized (Reading.Normalized):
// the host lower-cased, IDNA-mapped and IPv4 numbers rewritten, a default port dropped,
// dot-segments removed, some characters percent-encoded. A host that the parser turned
// into Punycode is turned back into Unicode, so that it compares with a percent-encoded
// UTF-8 reg-name.
func (w whatwgReader) Read(s string) (uri.Reading, error) {
	u, err := w.parse(s)
	if err != nil {
		return uri.Reading{}, err
	}
	rd := uri.Reading{Parser: "whatwg", Normalized: true}
	if u.HostKind() != whatwgurl.NoHost {
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
	rd.Query, rd.HasQuery = u.Query()
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

// split is compare's view of a WHATWG parse: host and port where the URL's host is not
// null, the path, the query and the fragment with whether each is null.
func (w whatwgReader) split(s string) (split, error) {
	if !hasScheme(s) {
		return split{}, errNotCompared
	}
	u, err := whatwgurl.Parse(s)
	if err != nil {
		return split{}, whatwgReason(err)
	}
	var sp split
	if u.HostKind() != whatwgurl.NoHost {
		sp.v[0], sp.def[0] = u.Hostname(), true
		sp.v[1], sp.def[1] = u.Port(), u.Port() != ""
	}
	sp.v[2], sp.def[2] = u.Pathname(), true
	sp.v[3], sp.def[3] = u.Query()
	sp.v[4], sp.def[4] = u.Fragment()
	return sp, nil
}

// whatwgReason is the parser's failure without its offset, so that failures group:
// the validation error it failed on, named and described as the standard does
// ("port-out-of-range: the input's port is too big").
func whatwgReason(err error) error {
	if e, ok := errors.AsType[*whatwgurl.Error](err); ok {
		return errors.New(e.Reason())
	}
	return err
}
