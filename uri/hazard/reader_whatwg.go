package hazard

import (
	"errors"
	"net/url"
	"strings"

	"github.com/urispec/urispec/internal/whatwgurl"
	"golang.org/x/net/idna"

	"github.com/urispec/urispec/uri"
)

// WHATWGReader reads strings as the WHATWG URL Standard's URL parser does: what a browser
// (and Node.js, and any client built on the standard) makes of them. It is urispec's own
// implementation of the standard's parser (internal/whatwgurl: all of web-platform-tests'
// urltestdata.json, in time linear in the input). Its name is "whatwg".
//
// The parts come back normalized (Reading.Normalized): the host lower-cased, mapped by
// UTS #46 and IPv4 numbers rewritten, a default port dropped, dot-segments removed, some
// characters percent-encoded. A host that the parser wrote in Punycode where the input
// wrote it in Unicode is turned back into Unicode, so that it compares with the
// percent-encoded UTF-8 reg-name that the specs read. A relative reference is read only
// against a base (ReadRelative); Read fails on it.
func WHATWGReader() RelativeReader { return whatwgReader{} }

type whatwgReader struct{}

func (whatwgReader) Name() string { return "whatwg" }

// ErrRelative is the error of a Reader that reads only absolute references, given a
// relative one without a base.
var ErrRelative = errors.New("uri: a relative reference is read only against a base")

func (w whatwgReader) Read(s string) (Reading, error) {
	if _, ok := schemeOf(s); !ok {
		return Reading{}, ErrRelative
	}
	u, err := whatwgurl.Parse(s)
	if err != nil {
		return Reading{}, err
	}
	return whatwgReading(u, s), nil
}

// ReadRelative reads s against base, as the URL parser does with a base URL: an
// absolute s ignores the base.
func (w whatwgReader) ReadRelative(base, s string) (Reading, error) {
	u, err := whatwgurl.ParseRef(base, s)
	if err != nil {
		return Reading{}, err
	}
	return whatwgReading(u, s), nil
}

// whatwgReading is the Reading of u, parsed from s.
func whatwgReading(u whatwgurl.URL, s string) Reading {
	rd := Reading{Parser: "whatwg", Normalized: true, Scheme: u.Scheme()}
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
	return rd
}

// A RelativeReader is a Reader that also reads a relative reference against a base, as
// a client that found the reference in a document at the base does; an absolute
// reference is read as Read reads it. SpecReader, NetURLReader and WHATWGReader are
// RelativeReaders.
type RelativeReader interface {
	Reader
	ReadRelative(base, s string) (Reading, error)
}

// ReadRelative resolves s against base with the spec's own algorithm (Resolve) and reads
// the target; a reference the spec calls the current document reads as the base.
func (s specReader) ReadRelative(base, in string) (Reading, error) {
	res, err := uri.Resolve(s.spec, base, in)
	if err != nil {
		return Reading{}, err
	}
	target := res.Target
	if res.SameDocument {
		target = base
	}
	return s.Read(target)
}

// ReadRelative resolves s against base as net/url does (URL.Parse of the base).
func (n netURLReader) ReadRelative(base, s string) (Reading, error) {
	b, err := url.Parse(base)
	if err != nil {
		return Reading{}, err
	}
	u, err := b.Parse(s)
	if err != nil {
		return Reading{}, err
	}
	return n.Read(u.String())
}
