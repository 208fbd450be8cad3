package main

import (
	"errors"

	"github.com/urispec/urispec/internal/whatwgurl"
	"github.com/urispec/urispec/uri/hazard"
)

// whatwgReader reads strings as the WHATWG URL Standard's URL parser does (what
// browsers do: hazard.WHATWGReader), and relative references against a base.
type whatwgReader struct {
	// base, when set, is the URL a relative reference is read against; without it a
	// relative reference is not read (hazard.ErrRelative).
	base string
}

func newWHATWGReader() whatwgReader { return whatwgReader{} }

func (whatwgReader) Name() string { return "whatwg" }

// errBaseHost: read against a base, a relative reference that keeps the base's host
// is not read; only one that names a host of its own ("/\\evil.example") is.
var errBaseHost = errors.New("whatwg: the reference keeps the base's host")

// Read parses s as an absolute URL, or as a relative one against the reader's base,
// as hazard.WHATWGReader does (normalized parts: hazard.Reading.Normalized). A relative
// reference that keeps the base's host and port is not read (errBaseHost): the
// reference does not choose the target.
func (w whatwgReader) Read(s string) (hazard.Reading, error) {
	r := hazard.WHATWGReader()
	if hasScheme(s) || w.base == "" {
		return r.Read(s)
	}
	rd, err := r.ReadRelative(w.base, s)
	if err != nil {
		return rd, err
	}
	if base, err := r.Read(w.base); err == nil && rd.HasHost && rd.Host == base.Host && rd.Port == base.Port {
		return hazard.Reading{}, errBaseHost
	}
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
