package main

import (
	"cmp"
	"errors"
	"slices"
	"strings"

	whatwg "github.com/nlnwa/whatwg-url/url"
	"github.com/urispec/urispec/uri"
	"golang.org/x/net/idna"
)

// whatwgReader reads strings as the WHATWG URL Standard (what browsers do), through
// github.com/nlnwa/whatwg-url. It lives in the command, not in package uri, so that
// importers of package uri get no new dependency.
type whatwgReader struct{ p whatwg.Parser }

func newWHATWGReader() whatwgReader { return whatwgReader{p: whatwg.NewParser()} }

func (whatwgReader) Name() string { return "whatwg" }

// errRelative: the WHATWG parser needs a base for a relative reference; no base is
// assumed, so relative references are not compared.
var errRelative = errors.New("whatwg: a relative reference is read only against a base")

// Read parses s as an absolute URL. The parts come back normalized (Reading.Normalized):
// the host lower-cased, IDNA-mapped and IPv4 numbers rewritten, a default port dropped,
// dot-segments removed, some characters percent-encoded. A host in Punycode is turned
// back into Unicode, so that it compares with a percent-encoded UTF-8 reg-name.
func (w whatwgReader) Read(s string) (uri.Reading, error) {
	if !hasScheme(s) {
		return uri.Reading{}, errRelative
	}
	u, err := w.p.Parse(s)
	if err != nil {
		return uri.Reading{}, err
	}
	rd := uri.Reading{Parser: "whatwg", Normalized: true}
	// Href writes "//" exactly when the URL's host is not null.
	rest := strings.TrimPrefix(u.Href(true), u.Scheme()+":")
	if strings.HasPrefix(rest, "//") {
		rd.HasAuthority, rd.HasHost = true, true
		rd.Host = u.Hostname()
		if strings.Contains(rd.Host, "xn--") {
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

// allReaders are the readers check, explain and lint compare a reference of spec with:
// every other spec, net/url and the WHATWG parser.
func allReaders(spec uri.Spec) []uri.Reader {
	return append(uri.DefaultReaders(spec), newWHATWGReader())
}

// allHazards is a reference's own hazards and its differentials with allReaders, in the
// order of their offsets.
func allHazards(r *uri.Reference) []uri.Hazard {
	return sortedHazards(append(r.Hazards(), r.Differentials(allReaders(r.Spec())...)...))
}

// sortedHazards orders hazards by offset, keeping the order of those at one offset.
func sortedHazards(hz []uri.Hazard) []uri.Hazard {
	slices.SortStableFunc(hz, func(a, b uri.Hazard) int { return cmp.Compare(a.Offset, b.Offset) })
	return hz
}
