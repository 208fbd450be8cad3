// Package whatwgurl is the WHATWG URL Standard's basic URL parser: what a browser makes
// of a string, with the validation errors it meets on the way. It follows url.bs, the
// snapshot of 2026-07-02 that urispec's whatwg spec follows (section numbers are its):
// the state machine of section 4.4, the host parser of section 3.5 with the domain
// parser of section 3.3 (UTS #46 through golang.org/x/net/idna), the percent-encode
// sets of section 1.3, the serializer of section 4.5 and the URL class's getters of
// section 6.1.
//
// Parsing takes time linear in the input (and the base): no input makes it do more
// than a bounded amount of work per byte.
//
// What it leaves out: the state override (the URL API's setters), encodings other than
// UTF-8 (HTML's legacy query encoding), blob URL entries and origins. Where it departs
// from the standard, the comment at the place says so and why: labels longer than
// ICU4C encodes (idna.go), and the UTS #46 departures of x/net/idna that the tests
// list (testdata/idna-departures.tsv).
package whatwgurl

import (
	"slices"
	"strings"
)

// URL is a URL record (section 4.1), held as its serialization with the offsets of its
// parts. The zero value is no URL; Parse and Resolve return valid ones. A URL is a
// value: copies share nothing that changes.
type URL struct {
	href string
	// href[:schemeEnd] is the scheme, and href[schemeEnd] is ":".
	schemeEnd int
	// With a host: href[schemeEnd+3:usernameEnd] is the username; a password follows
	// a ":" at usernameEnd, up to the "@" before hostStart; href[hostStart:hostEnd] is
	// the host, serialized; a ":" and the port follow it, up to pathStart. Without a
	// host, all three are schemeEnd+1.
	usernameEnd, hostStart, hostEnd int
	// href[pathStart:] holds the path, serialized, up to the query or fragment;
	// queryStart and fragmentStart are the offsets of "?" and "#", or -1 for null.
	pathStart, queryStart, fragmentStart int
	port                                 int // -1 for null
	hostKind                             HostKind
	opaquePath                           bool
	special                              bool
	errs                                 []ValidationError
}

// Parse runs the basic URL parser (section 4.4) on input with no base URL. On failure
// the error is an *Error. The validation errors met are the URL's ValidationErrors.
func Parse(input string) (URL, error) { return parse(input, nil) }

// Parse runs the basic URL parser on input with base as its base URL: the URL a
// relative reference in a document at base refers to. An absolute input ignores the
// base (unless it is a special URL of the base's scheme without "//").
func (base URL) Parse(input string) (URL, error) {
	if base.href == "" {
		return parse(input, nil)
	}
	return parse(input, &base)
}

// ParseRef is the API URL parser (section 6.1): input against base, which is parsed
// first; an empty base is none. It fails, with base's error, if base is not a URL.
func ParseRef(base, input string) (URL, error) {
	if base == "" {
		return Parse(input)
	}
	b, err := Parse(base)
	if err != nil {
		return URL{}, err
	}
	return b.Parse(input)
}

// IsZero reports whether u is the zero value, no URL.
func (u URL) IsZero() bool { return u.href == "" }

// Href is the URL's serialization (section 4.5): the href getter.
func (u URL) Href() string { return u.href }

// String is Href.
func (u URL) String() string { return u.href }

// Scheme is the URL's scheme, lower-case, without ":".
func (u URL) Scheme() string { return u.href[:u.schemeEnd] }

// Protocol is the protocol getter: the scheme followed by ":".
func (u URL) Protocol() string {
	if u.href == "" {
		return ""
	}
	return u.href[:u.schemeEnd+1]
}

// IsSpecial reports whether the URL's scheme is special (section 4.2): ftp, file, http,
// https, ws, wss.
func (u URL) IsSpecial() bool { return u.special }

// Username is the username getter: the username, percent-encoded.
func (u URL) Username() string {
	if u.hostKind == NoHost {
		return ""
	}
	return u.href[u.schemeEnd+3 : u.usernameEnd]
}

// Password is the password getter: the password, percent-encoded.
func (u URL) Password() string {
	if u.hostKind == NoHost || u.usernameEnd >= u.hostStart-1 {
		return ""
	}
	return u.href[u.usernameEnd+1 : u.hostStart-1]
}

// HostKind says what the URL's host is; NoHost if it is null.
func (u URL) HostKind() HostKind { return u.hostKind }

// Host is the host getter: the host, serialized, and ":" and the port if it has one;
// "" if the host is null.
func (u URL) Host() string {
	if u.hostKind == NoHost {
		return ""
	}
	return u.href[u.hostStart:u.pathStart]
}

// Hostname is the hostname getter: the host, serialized (an IPv6 address in brackets);
// "" if the host is null.
func (u URL) Hostname() string {
	if u.hostKind == NoHost {
		return ""
	}
	return u.href[u.hostStart:u.hostEnd]
}

// Port is the port getter: the port in decimal, "" if it is null (a special scheme's
// default port is null).
func (u URL) Port() string {
	if u.port < 0 {
		return ""
	}
	return u.href[u.hostEnd+1 : u.pathStart]
}

// PortNumber is the URL's port, false if it is null.
func (u URL) PortNumber() (int, bool) { return u.port, u.port >= 0 }

// pathEnd is the offset in href just past the path.
func (u URL) pathEnd() int {
	switch {
	case u.queryStart >= 0:
		return u.queryStart
	case u.fragmentStart >= 0:
		return u.fragmentStart
	}
	return len(u.href)
}

// Pathname is the pathname getter: the URL path serializer's output (section 4.5),
// each segment after a "/", or the opaque path.
func (u URL) Pathname() string { return u.href[u.pathStart:u.pathEnd()] }

// HasOpaquePath reports whether the URL's path is opaque (section 4.1): a string, as
// in "mailto:a@example.com", not a list of segments.
func (u URL) HasOpaquePath() bool { return u.opaquePath }

// firstSegment is the path's first segment, false if the path is empty.
func (u URL) firstSegment() (string, bool) {
	path := u.Pathname()
	if path == "" || u.opaquePath {
		return "", false
	}
	first, _, _ := strings.Cut(path[1:], "/")
	return first, true
}

// Query is the URL's query without "?", and whether it is non-null ("?" alone gives
// the empty query).
func (u URL) Query() (string, bool) {
	if u.queryStart < 0 {
		return "", false
	}
	end := len(u.href)
	if u.fragmentStart >= 0 {
		end = u.fragmentStart
	}
	return u.href[u.queryStart+1 : end], true
}

// Search is the search getter: "?" and the query, "" if the query is null or empty.
func (u URL) Search() string {
	if q, _ := u.Query(); q != "" {
		return u.href[u.queryStart : u.queryStart+1+len(q)]
	}
	return ""
}

// Fragment is the URL's fragment without "#", and whether it is non-null.
func (u URL) Fragment() (string, bool) {
	if u.fragmentStart < 0 {
		return "", false
	}
	return u.href[u.fragmentStart+1:], true
}

// Hash is the hash getter: "#" and the fragment, "" if the fragment is null or empty.
func (u URL) Hash() string {
	if f, _ := u.Fragment(); f != "" {
		return u.href[u.fragmentStart:]
	}
	return ""
}

// HrefWithoutFragment is the serialization with exclude fragment set (section 4.5).
func (u URL) HrefWithoutFragment() string {
	if u.fragmentStart < 0 {
		return u.href
	}
	return u.href[:u.fragmentStart]
}

// ValidationErrors lists the validation errors the parser met, in order. A URL string
// that gives none is, in the standard's words, input the parser considers valid; it
// can still differ from a valid URL string (section 4.3), which the standard says.
func (u URL) ValidationErrors() []ValidationError { return slices.Clone(u.errs) }
