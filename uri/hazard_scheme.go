package uri

import (
	"slices"
	"strconv"
	"strings"
)

// schemes raises the hazards of what a scheme does when a client follows the reference:
// script-scheme (javascript:, vbscript:), active-data (a data: URL of a type that runs
// script), file-scheme (file:) and smuggling-scheme (gopher:, dict:). Each spans the
// scheme, or for active-data the media type.
func (h *hazards) schemes() {
	r := h.r
	b, e, ok := r.Span(Scheme)
	if !ok {
		return
	}
	scheme := strings.ToLower(r.input[b:e])
	switch scheme {
	case "javascript", "vbscript":
		h.add(ScriptScheme, b, e-b, "the %s: scheme runs its text as script in the page that follows or embeds it (cross-site scripting)", scheme)
	case "data":
		mb, me := dataMediaType(r.input, e+1)
		if t := strings.ToLower(strings.TrimSpace(r.input[mb:me])); slices.Contains(activeMediaTypes, t) {
			h.add(ActiveData, mb, me-mb, "a data: URL of media type %s, which a browser renders as an active document or runs as script, with the origin of whatever opens it", t)
		}
	case "file":
		h.add(FileScheme, b, e-b, "the file: scheme names a file on the host that dereferences it: a server that fetches this URL reads its own files")
	case "gopher", "dict":
		h.add(SmugglingScheme, b, e-b, "the %s: scheme writes the text of the URL, decoded, to any host and port: a server that fetches it can be made to speak another protocol (SMTP, Redis, memcached)", scheme)
	}
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
	b, e, ok := r.Span(Port)
	if !ok || b == e || !r.IsAbsolute() {
		return
	}
	switch scheme := strings.ToLower(r.Value(Scheme)); scheme {
	case "http", "https", "ws", "wss":
		port, err := strconv.Atoi(r.input[b:e])
		if err != nil {
			return
		}
		if _, found := slices.BinarySearch(badPorts, port); found {
			h.add(BadPort, b, e-b, "port %d is on the Fetch Standard's list of bad ports, which browsers refuse for %s: the service there speaks another protocol that a request can be smuggled into", port, scheme)
		}
	}
}
