package hazard

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/urispec/urispec/internal/pct"
	"github.com/urispec/urispec/uri"
)

// The hazards of a reading: what another parser made of a string, whatever a spec
// thinks of it. A string the spec rejects still sends a request where a lenient parser
// (net/url, the WHATWG parser) reads it to go, so the hazards of that target apply to
// the string (Lenient): an internal or metadata target, a scheme that runs script
// or smuggles another protocol, active content, a bad port, a control sequence in the
// path or query. They are read from the reading's parts, not from the string.

// finding is one hazard of a reading, before it is placed in the input.
type finding struct {
	code    Code
	section string
	msg     string
}

// readingFindings are the hazards of what rd read.
func readingFindings(rd Reading) []finding {
	var out []finding
	add := func(code Code, format string, args ...any) {
		out = append(out, finding{code, code.Section(uri.RFC3986), fmt.Sprintf(format, args...)})
	}
	scheme := strings.ToLower(rd.Scheme)
	if rd.HasHost && rd.Host != "" {
		if msg, section, ok := internalTarget(rd.Host); ok {
			out = append(out, finding{InternalHost, section, msg})
		}
		// A reader that keeps the host as written (net/url) reads a lookalike delimiter
		// as part of the name: "a.com／X.b.com" is one host to it, and a.com, with a
		// path, to a person (RFC 3987 section 8).
		for i := 0; i < len(rd.Host); {
			r, size := decodeRuneEscaped(rd.Host[i:])
			if to, ok := lookalikeOf(r); ok {
				out = append(out, finding{LookalikeDelimiter, LookalikeDelimiter.Section(uri.RFC3986),
					fmt.Sprintf("host %q holds U+%04X, which looks like or maps (NFKC, IDNA) to %q: the host a person reads, or that a mapping parser reads, is not this one", rd.Host, r, to)})
				break
			}
			i += size
		}
	}
	switch scheme {
	case "javascript", "vbscript":
		add(ScriptScheme, "the %s: scheme runs its text as script in the page that follows or embeds it (cross-site scripting)", scheme)
	case "data":
		// The data: URL processor of the Fetch Standard fails on a URL without ",": no
		// body, nothing rendered.
		t, _, comma := strings.Cut(rd.Path+queryText(rd), ",")
		if i := strings.IndexByte(t, ';'); i >= 0 {
			t = t[:i]
		}
		if t = strings.ToLower(strings.TrimSpace(pct.DecodeString(t))); comma && slices.Contains(activeMediaTypes, t) {
			add(ActiveData, "a data: URL of media type %s, which a browser renders as an active document or runs as script, with the origin of whatever opens it", t)
		}
	case "gopher", "dict", "tftp":
		add(SmugglingScheme, "the %s: scheme writes the text of the URL, decoded, to any host and port: a server that fetches it can be made to speak another protocol (SMTP, Redis, memcached)", scheme)
	case "http", "https", "ws", "wss":
		if port, err := strconv.Atoi(rd.Port); err == nil && rd.HasPort {
			if _, found := slices.BinarySearch(badPorts, port); found {
				add(BadPort, "port %d is on the Fetch Standard's list of bad ports: the service there speaks another protocol that a request can be smuggled into", port)
			}
		}
	}
	// A query parameter that holds a URL of another host (embedded.go).
	if rd.HasQuery {
		own := ""
		if rd.HasHost {
			own = normalHost(rd.Host)
		}
		for _, t := range queryTargets(rd.Query, 0) {
			if t.host != "" && t.host != own {
				add(EmbeddedURL, "%s", t.message())
			}
		}
	}
	// (A mailto: body writes a line break as %0D%0A: RFC 6068 section 5.)
	if c, ok := controlIn(rd.Path + queryText(rd)); ok && scheme != "mailto" {
		if c == 0 {
			add(EncodedNUL, "the path and query hold a NUL: a back end that decodes it may cut the string there or pass a NUL to the file system")
		} else {
			add(EncodedControl, "the path and query hold %s: decoded before transmission, it can end a protocol line or add a header", controlName(c))
		}
	}
	return out
}

// controlIn returns the first control character (C0 or DEL, raw or percent-encoded) of
// s, if any.
func controlIn(s string) (byte, bool) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) && pct.IsHex(s[i+1]) && pct.IsHex(s[i+2]) {
			c = pct.Unhex(s[i+1])<<4 | pct.Unhex(s[i+2])
			i += 2
		}
		if c < 0x20 || c == 0x7f {
			return c, true
		}
	}
	return 0, false
}
