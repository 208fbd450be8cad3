package hazard

import (
	"slices"
	"strconv"
	"strings"

	"github.com/urispec/urispec/internal/pct"
	"github.com/urispec/urispec/uri"
)

// schemes raises the hazards of what a scheme does when a client follows the reference,
// and those that the scheme's own RFC names in its security considerations:
// script-scheme (javascript:, vbscript:), active-data (a data: URL of a type that runs
// script), file-scheme (file: naming a local file) or file-remote-host (another host),
// smuggling-scheme (gopher:, dict:, tftp:), http-userinfo and mailto-header; netdoc:
// (Java's) naming no host is file-scheme. They read the
// generic components (scheme, userinfo, host, query), so they hold under every spec
// that splits them. Each spans the scheme, or the part it concerns.
func (h *hazards) schemes() {
	r := h.r
	b, e, ok := r.Span(uri.Scheme)
	if !ok {
		return
	}
	scheme := strings.ToLower(r.Input()[b:e])
	switch scheme {
	case "javascript", "vbscript":
		h.add(ScriptScheme, b, e-b, "the %s: scheme runs its text as script in the page that follows or embeds it (cross-site scripting)", scheme)
	case "data":
		mb, me := dataMediaType(r.Input(), e+1)
		if t := strings.ToLower(strings.TrimSpace(r.Input()[mb:me])); slices.Contains(activeMediaTypes, t) {
			h.add(ActiveData, mb, me-mb, "a data: URL of media type %s, which a browser renders as an active document or runs as script, with the origin of whatever opens it", t)
		}
	case "file":
		if hb, he, ok := hostSpan(r); ok && !localFileHost(r.Input()[hb:he]) {
			h.add(FileRemoteHost, hb, he-hb, "the file: URI names the host %q, so it is not local (RFC 8089 section 3): clients that read it as a local path anyway open a file of their own, and Windows opens \\\\%s\\... over SMB, sending that host the user's credentials", r.Input()[hb:he], r.Input()[hb:he])
			return
		}
		h.add(FileScheme, b, e-b, "the file: scheme names a file on the host that dereferences it: a server that fetches this URL reads its own files")
	case "http", "https":
		if ub, ue, ok := r.Span(uri.Userinfo); ok {
			// The span takes in the "@", which RFC 9110 forbids with the userinfo: an empty
			// userinfo ("http://@host/") is a userinfo too.
			h.add(HTTPUserinfo, ub, ue+1-ub, "an %s URI with a userinfo (%q): a sender must not generate one, and a recipient should treat it as an error, as it likely hides the authority for phishing", scheme, r.Input()[ub:ue])
		}
	case "mailto":
		h.mailtoHeaders()
	case "gopher", "dict", "tftp":
		// tftp: the path is the file name of a read request (RFC 1350), sent in a UDP
		// datagram to any port (memcached, DNS).
		h.add(SmugglingScheme, b, e-b, "the %s: scheme writes the text of the URL, decoded, to any host and port: a server that fetches it can be made to speak another protocol (SMTP, Redis, memcached)", scheme)
	case "netdoc":
		// Java's netdoc: handler opens a file: URL where the netdoc: URL names no host.
		if hb, he, ok := hostSpan(r); !ok || hb == he {
			h.add(FileScheme, b, e-b, "Java's netdoc: scheme reads a local file when it names no host: a server that fetches this URL reads its own files")
		}
	}
}

// localFileHost reports whether the host of a file: URI names the machine that reads
// it (RFC 8089 section 3): none, "localhost", or a loopback address. A name that only
// resolves to the local machine cannot be told from the string.
func localFileHost(host string) bool {
	if host == "" || strings.EqualFold(host, "localhost") {
		return true
	}
	a, ok := hostAddr(host)
	return ok && a.Unmap().IsLoopback()
}

// mailtoHeaders raises MailtoHeaderField for each header field of a mailto: URI's query
// (RFC 6068: hfields = "?" hfield *( "&" hfield ), hfield = hfname "=" hfvalue) other
// than those section 4 believes safe: subject, keywords and body. The name is read
// percent-decoded and without regard to case, as header field names are.
func (h *hazards) mailtoHeaders() {
	for _, f := range mailtoFields(h.r) {
		if why := mailtoFieldRisk(f.name); why != "" {
			h.add(MailtoHeaderField, f.begin, f.end-f.begin, "the mailto: URI sets the header field %q: %s", f.name, why)
		}
	}
}

// mailtoField is one hfield of a mailto: URI's query: its name, read percent-decoded and
// lower-cased, and the input offsets of the field and of its value.
type mailtoField struct {
	name              string
	begin, end, value int
}

// mailtoFields returns the hfields of r's query when r is a mailto: URI with one.
func mailtoFields(r uri.Reference) []mailtoField {
	b, e, ok := r.Span(uri.Query)
	if !ok || !strings.EqualFold(r.Value(uri.Scheme), "mailto") {
		return nil
	}
	var out []mailtoField
	off := b
	for _, field := range strings.Split(r.Input()[b:e], "&") {
		raw, _, hasValue := strings.Cut(field, "=")
		f := mailtoField{name: strings.ToLower(pct.DecodeString(raw)), begin: off, end: off + len(field), value: off + len(field)}
		if hasValue {
			f.value = off + len(raw) + 1
		}
		out = append(out, f)
		off += len(field) + 1
	}
	return out
}

// mailtoLineBreaks are the spans of the body values of a mailto: URI, where "%0D%0A" is
// how RFC 6068 section 5 writes a line break ("MUST be encoded with %0D%0A"): a
// line break of the message, not a control that ends a protocol line.
func mailtoLineBreaks(r uri.Reference) [][2]int {
	var out [][2]int
	for _, f := range mailtoFields(r) {
		if f.name == "body" {
			out = append(out, [2]int{f.value, f.end})
		}
	}
	return out
}

// mailtoFieldRisk says why RFC 6068 warns of the header field name, or "" for the
// fields section 4 believes safe and for an empty name.
func mailtoFieldRisk(name string) string {
	switch {
	case name == "", name == "subject", name == "keywords", name == "body":
		return ""
	case name == "to", name == "cc":
		return "it adds recipients that the link's text need not show; a mail client should show the whole message before sending it (section 7)"
	case name == "bcc":
		return "it adds hidden recipients that the link's text need not show, and exposes their addresses in the URI (section 7)"
	case slices.Contains([]string{"from", "sender", "reply-to", "date", "apparently-to", "received", "return-path", "mime-version"}, name),
		strings.HasPrefix(name, "resent-"), strings.HasPrefix(name, "content-"):
		return "an originator, routing, trace or MIME field, which a mail client must ignore (section 3); one that does not lets the link forge the message"
	}
	return "not among the fields believed safe (subject, keywords, body): a mail client should not create the message or should treat the field as suspect (sections 3 and 4)"
}

// dataMediaType is the span of the media type of a data: URL whose text after "data:"
// begins at off (RFC 2397: data:[<mediatype>][;base64],<data>): up to the first ";"
// or ",".
func dataMediaType(s string, off int) (begin, end int) {
	end = off
	for end < len(s) && s[end] != ';' && s[end] != ',' {
		end++
	}
	return off, end
}

// activeMediaTypes are the media types that a browser renders as a document that runs
// script (HTML, XHTML, SVG, XML, which can hold XHTML or SVG) or runs as script.
var activeMediaTypes = []string{
	"text/html", "application/xhtml+xml", "image/svg+xml", "text/xml", "application/xml",
	"text/javascript", "application/javascript", "application/x-javascript",
	"text/ecmascript", "application/ecmascript", "text/vbscript",
}

// badPorts is the Fetch Standard's list of bad ports (port blocking): browsers refuse
// to fetch an HTTP(S) URL on them, because the service there speaks another protocol
// that a request could be smuggled into.
var badPorts = []int{
	1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95,
	101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161,
	179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563,
	587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060,
	5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
}

// badPort raises BadPort for an http, https, ws or wss URL whose port is a bad port.
func (h *hazards) badPort() {
	r := h.r
	b, e, ok := r.Span(uri.Port)
	if !ok || b == e || !r.IsAbsolute() {
		return
	}
	switch scheme := strings.ToLower(r.Value(uri.Scheme)); scheme {
	case "http", "https", "ws", "wss":
		port, err := strconv.Atoi(r.Input()[b:e])
		if err != nil {
			return
		}
		if _, found := slices.BinarySearch(badPorts, port); found {
			h.add(BadPort, b, e-b, "port %d is on the Fetch Standard's list of bad ports, which browsers refuse for %s: the service there speaks another protocol that a request can be smuggled into", port, scheme)
		}
	}
}

// inSpans reports whether offset i is within one of the [begin, end) spans.
func inSpans(spans [][2]int, i int) bool {
	for _, s := range spans {
		if s[0] <= i && i < s[1] {
			return true
		}
	}
	return false
}
