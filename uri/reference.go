package uri

import "strings"

// Component names one part of a reference.
type Component uint8

// The components of RFC 3986 section 3, and the parts older specs name differently.
const (
	Scheme Component = iota
	Authority
	Userinfo
	Host
	Port
	Path
	Query
	Fragment
	// Defined under some specs only: User and Password, the parts of the userinfo that
	// url-syntax-05 and RFC 1738 name; Prefix, url-1993's "URL:"; Zone, rfc6874's
	// ZoneID (after "%25", as written); Params, rfc1808's text after the path's first
	// ";" (which Path still holds).
	User
	Password
	Prefix
	Zone
	Params
	numComponents
)

var componentNames = [numComponents]string{"scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment", "user", "password", "prefix", "zone", "params"}

// String returns the component's name as used in JSON ("scheme", "userinfo", ...).
func (c Component) String() string {
	if c >= numComponents {
		return "component?"
	}
	return componentNames[c]
}

// Components returns the components of RFC 3986 section 3, which every spec's references
// are read into, in the order they are written (not the parts only some specs have).
func Components() []Component {
	return []Component{Scheme, Authority, Userinfo, Host, Port, Path, Query, Fragment}
}

// HostKind says which grammar rule the host matched.
type HostKind uint8

// Host kinds. RegName is RFC 3986's reg-name (and 2396bis-01's); HostName is the
// hostname/domainlabel form of RFC 1738, url-syntax-05 and RFC 2396.
const (
	NoHost HostKind = iota
	RegName
	HostName
	IPv4
	IPv6
	IPvFuture
	// IPv6Zone is rfc6874's IPv6addrz; the Zone component holds the ZoneID.
	IPv6Zone
)

var hostKindNames = [...]string{"", "reg-name", "hostname", "IPv4address", "IPv6address", "IPvFuture", "IPv6addrz"}

// String returns the kind's rule name ("IPv6address"), or "" for NoHost.
func (k HostKind) String() string {
	if int(k) >= len(hostKindNames) {
		return "?"
	}
	return hostKindNames[k]
}

// span is a component's byte range in the input, [begin-1, end): begin is stored one
// higher so that the zero span, and so the zero Reference, is undefined, and fill starts
// from zeroed memory.
type span struct{ begin, end int32 }

// mkSpan is the span of the defined component s[begin:end].
func mkSpan(begin, end int32) span { return span{begin + 1, end} }

func (sp span) defined() bool { return sp.begin != 0 }

// start is the first byte of a defined span.
func (sp span) start() int32 { return sp.begin - 1 }

// Reference is a URI reference parsed under one spec, a small value like net/netip's
// Addr. Each component is undefined (its delimiter is absent) or defined, possibly empty:
// Get tells the two apart. Values are the raw text of the input; nothing is decoded.
// The zero Reference is not a parsed one: IsValid reports false.
type Reference struct {
	input    string
	spans    [numComponents]span
	spec     Spec // the small fields last: no padding, 128 bytes in all
	hostKind HostKind
}

// IsValid reports whether r was parsed (it is not the zero Reference).
func (r Reference) IsValid() bool { return r.spec != 0 }

// Spec is the spec the reference was parsed under; 0 for the zero Reference.
func (r Reference) Spec() Spec { return r.spec }

// Input is the parsed string.
func (r Reference) Input() string { return r.input }

// Get returns the component's text and whether it is defined.
func (r Reference) Get(c Component) (string, bool) {
	if c >= numComponents {
		return "", false
	}
	sp := r.spans[c]
	if !sp.defined() {
		return "", false
	}
	return r.input[sp.start():sp.end], true
}

// Span returns the byte range of the component in Input: Input()[start:end] is its text.
// ok is false when the component is undefined; an empty one has start == end.
func (r Reference) Span(c Component) (start, end int, ok bool) {
	if c >= numComponents || !r.spans[c].defined() {
		return 0, 0, false
	}
	sp := r.spans[c]
	return int(sp.start()), int(sp.end), true
}

// Has reports whether the component is defined.
func (r Reference) Has(c Component) bool {
	return c < numComponents && r.spans[c].defined()
}

// Value returns the component's text, "" when it is undefined.
func (r Reference) Value(c Component) string {
	v, _ := r.Get(c)
	return v
}

// HostKind says which rule the host matched (NoHost without an authority).
func (r Reference) HostKind() HostKind { return r.hostKind }

// IsAbsolute reports whether the reference has a scheme.
func (r Reference) IsAbsolute() bool { return r.Has(Scheme) }

// String recomposes the reference from its components (RFC 3986 section 5.3), after the
// prefix if any ("URL:"): the input of a parsed reference; "" for the zero Reference.
func (r Reference) String() string {
	var b strings.Builder
	b.Grow(len(r.input))
	b.WriteString(r.Value(Prefix))
	if v, ok := r.Get(Scheme); ok {
		b.WriteString(v)
		b.WriteByte(':')
	}
	if v, ok := r.Get(Authority); ok {
		b.WriteString("//")
		b.WriteString(v)
	}
	b.WriteString(r.Value(Path))
	if v, ok := r.Get(Query); ok {
		b.WriteByte('?')
		b.WriteString(v)
	}
	if v, ok := r.Get(Fragment); ok {
		b.WriteByte('#')
		b.WriteString(v)
	}
	return b.String()
}
