package hazard

import (
	"fmt"
	"net/netip"
	"net/url"
	"strconv"
	"strings"

	"github.com/urispec/urispec/internal/engine"
	"github.com/urispec/urispec/internal/pct"
	"github.com/urispec/urispec/uri"
)

// Reading is how one parser reads the authority and path of a string: the parts that
// decide where a request goes and what it asks for. A part that the parser does not
// find is undefined (its Has field false).
type Reading struct {
	// Parser names the reader: a spec ID, "net/url" or "whatwg".
	Parser string
	// Scheme is the scheme the parser reads, as written or lower-cased (the WHATWG
	// parser, net/url); "" for a relative reference.
	Scheme string
	// HasAuthority reports whether the parser reads an authority ("//" ...); Authority
	// is its text, for messages.
	HasAuthority bool
	Authority    string
	Userinfo     string
	HasUserinfo  bool
	Host         string
	HasHost      bool
	Port         string
	HasPort      bool
	Path         string
	Query        string
	HasQuery     bool
	// WholeAuthority says that the parser does not split the authority into userinfo,
	// host and port: RFC 1808's net_loc (section 2.1) is one string whose parts are left
	// to the scheme. Against such a reading only the authorities as a whole compare.
	WholeAuthority bool
	// Normalized says that the parser hands back normalized parts, as the WHATWG URL
	// Standard does (dot-segments removed, a default port dropped, the host
	// lower-cased, IPv4 numbers rewritten, characters percent-encoded): the reference's
	// path is compared after RFC 3986 remove_dot_segments.
	Normalized bool
}

// A Reader reads strings as some parser does. Read returns an error when that parser
// rejects the string; Differentials then compares nothing.
type Reader interface {
	Name() string
	Read(s string) (Reading, error)
}

// SpecReader reads strings as Parse does under spec. Its name is the spec's ID; readers
// are told apart by name, and the name "whatwg" means a reader of the WHATWG URL
// parser (the browsers' reading: the command's -with whatwg, and Lenient), so the whatwg
// grammar is not offered as a reader: what it says of a string is its validity, which
// matrix compares.
func SpecReader(spec uri.Spec) RelativeReader { return specReader{spec} }

type specReader struct{ spec uri.Spec }

func (s specReader) Name() string { return s.spec.String() }

func (s specReader) Read(in string) (Reading, error) {
	r, err := parsePlain(s.spec, in)
	if err != nil {
		return Reading{}, err
	}
	return ReadingOf(r), nil
}

// Reading returns the reference's own reading of its authority and path.
func ReadingOf(r uri.Reference) Reading {
	rd := Reading{Parser: r.Spec().String(), Scheme: r.Value(uri.Scheme)}
	rd.Authority, rd.HasAuthority = r.Get(uri.Authority)
	rd.Userinfo, rd.HasUserinfo = r.Get(uri.Userinfo)
	rd.Host, rd.HasHost = r.Get(uri.Host)
	rd.Port, rd.HasPort = r.Get(uri.Port)
	rd.Path = r.Value(uri.Path)
	rd.Query, rd.HasQuery = r.Get(uri.Query)
	rd.WholeAuthority = wholeAuthority(r.Spec())
	return rd
}

// NetURLReader reads strings as Go's net/url (url.Parse) does.
func NetURLReader() RelativeReader { return netURLReader{} }

type netURLReader struct{}

func (netURLReader) Name() string { return "net/url" }

// Read uses url.Parse. net/url keeps no record of whether there was an authority; the
// test of its parse function is repeated here (after a scheme, any "//"; without one,
// "//" but not "///").
func (netURLReader) Read(s string) (Reading, error) {
	u, err := url.Parse(s)
	if err != nil {
		return Reading{}, err
	}
	rd := Reading{Parser: "net/url", Scheme: u.Scheme}
	rest, _, _ := strings.Cut(s, "#")
	if u.Scheme != "" {
		rest = rest[len(u.Scheme)+1:]
	}
	if strings.HasPrefix(rest, "//") && (u.Scheme != "" || !strings.HasPrefix(rest, "///")) {
		rd.HasAuthority, rd.HasHost = true, true
		rd.Host = u.Host
		if i := strings.LastIndexByte(rd.Host, ':'); i >= 0 && (!strings.HasPrefix(rd.Host, "[") || strings.HasSuffix(rd.Host[:i], "]")) {
			rd.Host, rd.Port, rd.HasPort = rd.Host[:i], rd.Host[i+1:], true
		}
		rd.Authority = u.Host
		if u.User != nil {
			rd.Userinfo, rd.HasUserinfo = u.User.Username(), true
			if p, ok := u.User.Password(); ok {
				rd.Userinfo += ":" + p
			}
			rd.Authority = rd.Userinfo + "@" + rd.Authority
		}
	}
	if u.Opaque != "" {
		rd.Path = u.Opaque
	} else {
		rd.Path = u.EscapedPath()
	}
	rd.Query, rd.HasQuery = u.RawQuery, u.RawQuery != "" || u.ForceQuery
	return rd, nil
}

// DefaultReaders are the readers that Differentials compares a reference of spec with
// when the caller names none: the parsers that are deployed, namely the current and the
// previous RFC grammar (RFC 3986, RFC 2396), Go's net/url and the WHATWG URL parser
// (WHATWGReader, a browser's reading), less spec's own. The historical versions
// (url-1993, RFC 1738, RFC 1808, ...) are left out: a string they would read differently
// is no hazard where nothing implements them. Pass SpecReader of a historical spec to
// compare with it all the same.
func DefaultReaders(spec uri.Spec) []Reader {
	var out []Reader
	for _, s := range []uri.Spec{uri.RFC3986, uri.RFC2396} {
		if s != spec {
			out = append(out, SpecReader(s))
		}
	}
	return append(out, NetURLReader(), WHATWGReader())
}

// Differentials compares the reference's userinfo, host, port and path with the readings
// of the given readers (DefaultReaders when there are none) and returns a hazard for each
// part that a reader which accepts the string reads differently, naming the reader and
// what it reads. Readers that reject the string are skipped, as is a reader named like
// the reference's spec.
//
// Parts are compared for meaning, not spelling: the host without case and with its
// escapes decoded (an IP address as an address: "[::1]" equals "[0::1]"), no userinfo
// the same as an empty one, a port as a number (an empty port, none and the scheme's
// default are the same), the path and query with escapes decoded except those of "/", "?",
// "#" and "%". The path is compared only where both read an authority; a different host
// already says the rest. Against a Normalized reader the reference's path is compared
// after RFC 3986's remove_dot_segments.
func Differentials(r uri.Reference, readers ...Reader) []Hazard {
	if len(readers) == 0 {
		readers = DefaultReaders(r.Spec())
	}
	h := &hazards{r: r, diffs: map[diffKey]int{}}
	mine := ReadingOf(r)
	scheme := strings.ToLower(r.Value(uri.Scheme))
	for _, rd := range readers {
		if rd.Name() == r.Spec().String() {
			continue
		}
		other, err := rd.Read(r.Input())
		if err != nil {
			continue
		}
		if other.Parser == "" {
			other.Parser = rd.Name()
		}
		h.compare(scheme, mine, other)
	}
	for _, d := range h.pending {
		h.add(d.key.code, d.off, d.length, "%s %s %s; %s", andList(d.readers), verb(len(d.readers)), d.reading, d.mine)
	}
	return h.out
}

// diffKey groups the readers that read a part in the same way, so that one hazard names
// them all ("rfc2396bis-01, rfc3986 and net/url read host ...").
type diffKey struct {
	code  Code
	canon string // the part as compared
}

type pendingDiff struct {
	key           diffKey
	off, length   int
	readers       []string
	reading, mine string // how the first reader and the reference read the part
}

// diff records that reader reads the part of code as canon (written reading), where the
// reference reads mine.
func (h *hazards) diff(code Code, off, length int, reader, canon, reading, mine string) {
	k := diffKey{code, canon}
	if i, ok := h.diffs[k]; ok {
		h.pending[i].readers = append(h.pending[i].readers, reader)
		return
	}
	h.diffs[k] = len(h.pending)
	h.pending = append(h.pending, pendingDiff{key: k, off: off, length: length, readers: []string{reader}, reading: reading, mine: mine})
}

// andList joins names as "a, b and c".
func andList(names []string) string {
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func verb(n int) string {
	if n == 1 {
		return "reads"
	}
	return "read"
}

// compare adds the differential hazards between the reference's reading and another.
func (h *hazards) compare(scheme string, mine, other Reading) {
	r := h.r
	me := r.Spec().String()
	if mine.HasAuthority && !other.HasAuthority {
		// A reader that finds no authority where this spec finds one reads the string
		// as opaque: url-syntax-05 and url-1993 fall back to scheme ":" *urlc for what
		// their generic rules reject. It sends the request nowhere, so no host differs.
		// (The other way round, a host where this spec reads none, is a hazard:
		// the WHATWG parser reads "http:foo" as host "foo".)
		return
	}
	hostB, hostE, ok := hostSpan(r)
	if !ok {
		hostB, hostE = authorityInsertion(r), authorityInsertion(r)
	}
	if mine.WholeAuthority || other.WholeAuthority {
		h.compareWhole(mine, other)
		return
	}
	if canonHost(scheme, mine) != canonHost(scheme, other) {
		h.diff(DifferentialHost, hostB, hostE-hostB, other.Parser, canonHost(scheme, other), describeHost(other), fmt.Sprintf("%s reads %s", me, describeHost(mine)))
	}
	if canonUserinfo(mine) != canonUserinfo(other) {
		b, e, ok := r.Span(uri.Userinfo)
		if !ok {
			b, e = hostB, hostB
		}
		h.diff(DifferentialUserinfo, b, e-b, other.Parser, canonUserinfo(other), describePart("userinfo", other.Userinfo, other.HasUserinfo && other.Userinfo != ""), fmt.Sprintf("%s reads %s", me, describePart("userinfo", mine.Userinfo, mine.HasUserinfo && mine.Userinfo != "")))
	}
	if canonPort(scheme, mine) != canonPort(scheme, other) {
		b, e, ok := r.Span(uri.Port)
		if !ok {
			b, e = hostE, hostE
		}
		h.diff(DifferentialPort, b, e-b, other.Parser, canonPort(scheme, other), describePart("port", other.Port, other.HasPort && other.Port != ""), fmt.Sprintf("%s reads %s", me, describePart("port", mine.Port, mine.HasPort && mine.Port != "")))
	}
	if mine.HasAuthority && other.HasAuthority {
		path := mine.Path
		if other.Normalized {
			// The WHATWG parser removes dot-segments and writes an empty path of a
			// URL with an authority as "/".
			path = engine.RemoveDotSegments(path)
			if path == "" {
				path = "/"
			}
			if other.Path == "" {
				other.Path = "/"
			}
		}
		a, b := canonTarget(path, mine.Query, mine.HasQuery), canonTarget(other.Path, other.Query, other.HasQuery)
		if a != b {
			pb, pe, _ := r.Span(uri.Path)
			if qb, qe, ok := r.Span(uri.Query); ok && qe > pe {
				_, pe = qb, qe
			}
			h.diff(DifferentialPath, pb, pe-pb, other.Parser, b, fmt.Sprintf("path and query %q", shortText(other.Path+queryText(other))), fmt.Sprintf("%s reads %q", me, shortText(mine.Path+queryText(mine))))
		}
	}
}

// compareWhole compares the authorities as whole strings (escapes decoded, case
// ignored), where one reader leaves them unsplit; the path then follows from the split
// both make at the authority's end. A Normalized reader writes the authority back in
// its own form (a default port dropped, IPv4 numbers rewritten), so it is not compared.
func (h *hazards) compareWhole(mine, other Reading) {
	if mine.Normalized || other.Normalized || !mine.HasAuthority || !other.HasAuthority {
		return
	}
	a, b := strings.ToLower(pct.DecodeString(mine.Authority)), strings.ToLower(pct.DecodeString(other.Authority))
	if a == b {
		return
	}
	ab, ae, ok := h.r.Span(uri.Authority)
	if !ok {
		ab, ae = authorityInsertion(h.r), authorityInsertion(h.r)
	}
	h.diff(DifferentialHost, ab, ae-ab, other.Parser, b, fmt.Sprintf("authority %q", other.Authority), fmt.Sprintf("%s reads authority %q", h.r.Spec(), mine.Authority))
}

// authorityInsertion is where an authority would begin: after "scheme:".
func authorityInsertion(r uri.Reference) int {
	if _, e, ok := r.Span(uri.Scheme); ok {
		return e + 1
	}
	return 0
}

func queryText(rd Reading) string {
	if rd.HasQuery {
		return "?" + rd.Query
	}
	return ""
}

func shortText(s string) string {
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}

func describeHost(rd Reading) string {
	switch {
	case rd.HasHost:
		return fmt.Sprintf("host %q", rd.Host)
	case rd.HasAuthority:
		return fmt.Sprintf("no host (a registry-based authority %q)", rd.Authority)
	}
	return "no authority"
}

func describePart(name, v string, def bool) string {
	if !def {
		return "no " + name
	}
	return fmt.Sprintf("%s %q", name, v)
}

// canonHost is the host for comparison: lower-case, escapes decoded, IP addresses in
// one form; "" for none, and for file's "localhost" (RFC 8089 and the WHATWG URL
// Standard read it as no host).
func canonHost(scheme string, rd Reading) string {
	if !rd.HasHost {
		// A registry-based authority (RFC 2396, 2396bis-01) names the server as a whole.
		if rd.HasAuthority && !rd.HasUserinfo && !rd.HasPort {
			return strings.ToLower(pct.DecodeString(rd.Authority))
		}
		return ""
	}
	h := strings.ToLower(pct.DecodeString(rd.Host))
	if scheme == "file" && h == "localhost" {
		return ""
	}
	ip := strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")
	if a, err := netip.ParseAddr(ip); err == nil {
		return a.String()
	}
	return h
}

func canonUserinfo(rd Reading) string {
	if !rd.HasUserinfo {
		return ""
	}
	u := pct.DecodeString(rd.Userinfo)
	return strings.TrimSuffix(u, ":")
}

// canonPort is the port as a number, the scheme's default where there is none.
func canonPort(scheme string, rd Reading) string {
	p := rd.Port
	if !rd.HasPort || p == "" {
		return knownDefaultPort(scheme)
	}
	n, err := strconv.ParseUint(p, 10, 64)
	if err != nil {
		return p
	}
	return strconv.FormatUint(n, 10)
}

// knownDefaultPort is the default port of the schemes of RFC 1738 and https, and of ws
// and wss (RFC 6455), which the WHATWG URL Standard also treats as special.
func knownDefaultPort(scheme string) string {
	switch scheme {
	case "ws":
		return "80"
	case "wss":
		return "443"
	}
	return defaultPort(scheme)
}

// canonTarget is path and query with the escapes decoded, except those of the
// delimiters "/", "?", "#" and of "%" (decoding them would change the split).
func canonTarget(path, query string, hasQuery bool) string {
	t := decodeKeepDelims(path)
	if hasQuery {
		t += "?" + decodeKeepDelims(query)
	}
	return t
}

func decodeKeepDelims(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && pct.IsHex(s[i+1]) && pct.IsHex(s[i+2]) {
			v := pct.Unhex(s[i+1])<<4 | pct.Unhex(s[i+2])
			if v != '/' && v != '?' && v != '#' && v != '%' {
				b.WriteByte(v)
			} else {
				b.WriteString(strings.ToUpper(s[i : i+3]))
			}
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
