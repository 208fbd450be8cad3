package hazard

import (
	"fmt"
	"net/netip"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urispec/urispec/internal/pct"
	"github.com/urispec/urispec/uri"
)

// URLs carried in a query parameter or a path. An open redirect (CWE-601) is a page that
// sends the browser to a URL taken from its own: "/login?next=https://evil.example/",
// "/redirect?url=//evil.example", and a server that fetches such a parameter is the
// server-side request forgery of the same shape. The string says where the request would
// go, and the hazard is there: a query parameter whose value, decoded once as a server
// decodes a form value, is a URL of another host (absolute, or a network-path reference
// "//host", "/\host", where the URL parser reads "\" as "/") raises EmbeddedURL, and the
// hazards of that URL (a script scheme, active data, an internal target, ...) are
// reported too, at the parameter's offsets. A URL of another host in a path
// ("/https://evil.example/", which a server that strips the first "/" redirects to) is
// also ordinary for archives and proxies ("https://web.archive.org/web/2020/https://..."),
// so its EmbeddedURL is a note (Hazard.Note). A parameter that names the reference's own
// host is no hazard: "?next=https://example.com/account" on example.com.

// embeddedTarget is a URL found in a query parameter or the path.
type embeddedTarget struct {
	off, end int    // its span in the input
	where    string // "query parameter \"url\"", "path"
	text     string // the URL, decoded once
	host     string // the host it names, lower-case and decoded ("" for none)
}

// message says what the target is, for EmbeddedURL.
func (t embeddedTarget) message() string {
	return fmt.Sprintf("the %s holds a URL of the host %q (%s): a server that redirects to it or fetches it sends the request there (open redirect, server-side request forgery)", t.where, t.host, shortText(t.text))
}

// embedded adds the hazards of the URLs in the query parameters and the path.
func (h *hazards) embedded(depth int) {
	r := h.r
	if depth >= maxNesting {
		return
	}
	own := ""
	if b, e, ok := hostSpan(r); ok {
		own = h.hostFacts(r.Input()[b:e]).normal
	}
	var targets []embeddedTarget
	if b, e, ok := r.Span(uri.Query); ok {
		targets = queryTargets(r.Input()[b:e], b)
	}
	if b, e, ok := r.Span(uri.Path); ok && !nestingScheme(r) {
		if t, ok := pathTarget(r.Input()[b:e], b); ok {
			targets = append(targets, t)
		}
	}
	h.atAfterHost()
	if scheme, how, ok := decodedScript(r.Input()); ok {
		h.add(ScriptScheme, 0, len(r.Input()), "%s and read by the URL parser, which removes TAB, LF and CR, it is a %s: URL, which runs its text as script in the page that follows it (cross-site scripting)", how, scheme)
	}
	for _, t := range targets {
		if t.host != "" && t.host != own {
			h.add(EmbeddedURL, t.off, t.end-t.off, "%s", t.message())
			h.out[len(h.out)-1].Note = t.where == "path"
		}
		if _, ok := schemeOf(t.text); !ok || t.where == "path" {
			// A path is the server's to read: "/javascript:alert(1)" runs nothing by
			// itself, so only the host it names is a hazard.
			continue
		}
		in, err := parsePlain(r.Spec(), t.text)
		if err != nil {
			continue
		}
		for _, ih := range hazardsAt(in, depth+1, h.f) {
			if ih.Code == EmbeddedURL {
				continue // a parameter of the parameter: its own host's business
			}
			ih.Offset, ih.Length = t.off, t.end-t.off
			ih.Message = "in the URL in the " + t.where + " (" + shortText(t.text) + "): " + ih.Message
			h.out = append(h.out, ih)
		}
	}
}

// queryTargets are the parameters of query (at offset base) whose value, decoded once,
// is a URL that names a host or has a scheme.
func queryTargets(query string, base int) []embeddedTarget {
	var out []embeddedTarget
	off := 0
	for _, param := range strings.Split(query, "&") {
		name, value, ok := strings.Cut(param, "=")
		vb := base + off + len(name) + 1
		off += len(param) + 1
		if !ok || value == "" {
			continue
		}
		text := strings.TrimSpace(pct.DecodeString(value))
		t := embeddedTarget{off: vb, end: vb + len(value), where: "query parameter \"" + shortText(name) + "\"", text: text}
		if host, ok := networkPathHost(text); ok {
			t.host = host
		} else if _, ok := schemeOf(text); !ok {
			continue
		} else {
			t.host = absoluteHost(text)
		}
		out = append(out, t)
	}
	return out
}

// pathTarget is the URL in path (at offset base), if the path is a network-path
// reference ("//evil.example/") or a segment begins a URL: a scheme followed by ":/"
// ("/https://evil.example/", "/web/2020/http://a.example/"), or a special scheme
// ("/https:evil.example"). Only the first such segment is read.
func pathTarget(path string, base int) (embeddedTarget, bool) {
	if host, ok := networkPathHost(path); ok && host != "" {
		// "//evil.example/x" as the path of "//https://evil.example/x": served back
		// alone, as a Location or a link, it is a network-path reference (RFC 3986
		// section 3.3: a path without an authority cannot begin with "//").
		return embeddedTarget{off: base, end: base + len(path), where: "path", text: path, host: host}, true
	}
	if !strings.Contains(path, ":") {
		return embeddedTarget{}, false // no segment has a scheme: most paths
	}
	off := 0
	for off < len(path) {
		seg := path[off:]
		if i := strings.IndexByte(seg, '/'); i >= 0 {
			seg = seg[:i]
		}
		if scheme, ok := schemeOf(seg); ok && isSchemeName(scheme) {
			rest := path[off:]
			lower := strings.ToLower(scheme)
			if strings.HasPrefix(rest[len(scheme)+1:], "/") || specialSchemes[lower] {
				text := pct.DecodeString(rest)
				return embeddedTarget{off: base + off, end: base + len(path), where: "path", text: text, host: absoluteHost(text)}, true
			}
			return embeddedTarget{}, false
		}
		off += len(seg) + 1
	}
	return embeddedTarget{}, false
}

// nestingScheme reports whether r's scheme wraps a URL in its path (nested.go),
// which nested reads.
func nestingScheme(r uri.Reference) bool {
	_, ok := nestingSchemes[strings.ToLower(r.Value(uri.Scheme))]
	return ok
}

// specialSchemes are the URL Standard's special schemes that have a host (section 4.2,
// all but file).
var specialSchemes = map[string]bool{"http": true, "https": true, "ws": true, "wss": true, "ftp": true}

// isSchemeName reports whether s is a scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).
func isSchemeName(s string) bool {
	if s == "" || !isAlpha(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if c := s[i]; !isAlnum(c) && c != '+' && c != '-' && c != '.' {
			return false
		}
	}
	return true
}

// networkPathHost reads s as a network-path reference as the URL parser does in a
// special scheme, "\" for "/" ("//evil.example/x", "/\evil.example"): the host after two
// slashes, up to the next "/", "\", "?" or "#" and without userinfo and port.
func networkPathHost(s string) (string, bool) {
	if len(s) < 3 || s[0] != '/' && s[0] != '\\' || s[1] != '/' && s[1] != '\\' {
		return "", false
	}
	rest := strings.TrimLeft(s, `/\`)
	if i := strings.IndexAny(rest, `/\?#`); i >= 0 {
		rest = rest[:i]
	}
	return authorityHost(rest), true
}

// absoluteHost is the host of the absolute URL s, or "" for none: after "//", or, in a
// special scheme, after any number of "/" and "\" ("https:evil.example",
// "http:/\evil.example"), as the URL parser reads it (special authority ignore slashes
// state).
func absoluteHost(s string) string {
	scheme, _ := schemeOf(s)
	rest := s[len(scheme)+1:]
	switch {
	case specialSchemes[strings.ToLower(scheme)]:
		rest = strings.TrimLeft(rest, `/\`)
	case strings.HasPrefix(rest, "//"):
		rest = rest[2:]
	default:
		return ""
	}
	if i := strings.IndexAny(rest, `/\?#`); i >= 0 {
		rest = rest[:i]
	}
	return authorityHost(rest)
}

// authorityHost is the host of an authority's text: after the last "@", before a port.
func authorityHost(a string) string {
	if i := strings.LastIndexByte(a, '@'); i >= 0 {
		a = a[i+1:]
	}
	if !strings.HasPrefix(a, "[") {
		if i := strings.LastIndexByte(a, ':'); i >= 0 {
			a = a[:i]
		}
	}
	return normalHost(a)
}

// normalHost is a host as compared here: escapes decoded, lower-case, without a final
// "." and, for an IP address, in one form.
func normalHost(host string) string {
	h := strings.TrimSuffix(strings.ToLower(pct.DecodeString(host)), ".")
	if a, err := netip.ParseAddr(strings.Trim(h, "[]")); err == nil {
		return a.String()
	}
	return h
}

// decodedScript reports whether s, decoded once, is a javascript: or vbscript: URL that
// s, as written, is not, and how it was decoded: percent-decoded, as a server decodes a
// form value before it redirects to it ("java%0d%0ascript%0d%0a:alert(0)"), or as a
// JavaScript string literal, as a page that writes a parameter into a script reads it
// (location = '\x6A\x61...'; ECMAScript's escapes \xHH, \uHHHH, \u{H...}, octal,
// \n and the like, and "\c" for any other c: ECMA-262, "String Literals"). The result
// is read as the URL parser reads it: TAB, LF and CR removed anywhere, C0 controls and
// spaces stripped at the start (URL Standard, basic URL parser). The HTML Standard runs
// a javascript: URL that a page navigates to.
func decodedScript(s string) (scheme, how string, ok bool) {
	if !strings.ContainsAny(s, "%\\") {
		return "", "", false // nothing to decode: most references
	}
	read := func(t string) string {
		t = strings.Map(func(r rune) rune {
			if r == '\t' || r == '\n' || r == '\r' {
				return -1
			}
			return r
		}, t)
		return strings.ToLower(strings.TrimLeftFunc(t, func(r rune) bool { return r <= ' ' }))
	}
	written := read(s)
	for _, d := range []struct {
		how  string
		mark string
		dec  func(string) string
	}{
		{"percent-decoded once (as a server decodes a parameter)", "%", func(t string) string { return pct.DecodeString(t) }},
		{"decoded as a JavaScript string literal (as a page that writes it into a script reads it)", "\\", jsUnescape},
	} {
		if !strings.Contains(s, d.mark) {
			continue
		}
		decoded := read(d.dec(s))
		for _, sc := range []string{"javascript", "vbscript"} {
			if strings.HasPrefix(decoded, sc+":") && !strings.HasPrefix(written, sc+":") {
				return sc, d.how, true
			}
		}
	}
	return "", "", false
}

// jsUnescape decodes the escapes of a JavaScript string literal in s (ECMA-262,
// "String Literals"): \xHH, \uHHHH, \u{H...}, a legacy octal \ooo, the single-character
// escapes (\n, \t, ...) and, for any other character c, "\c" as c.
func jsUnescape(s string) string {
	var b strings.Builder
	single := map[byte]string{'n': "\n", 't': "\t", 'r': "\r", 'b': "\b", 'f': "\f", 'v': "\v"}
	hexVal := func(t string) (rune, bool) {
		v, err := strconv.ParseUint(t, 16, 32)
		return rune(v), err == nil && utf8.ValidRune(rune(v))
	}
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		c := s[i+1]
		switch {
		case c == 'x' && i+3 < len(s):
			if r, ok := hexVal(s[i+2 : i+4]); ok {
				b.WriteRune(r)
				i += 3
				continue
			}
		case c == 'u' && i+2 < len(s) && s[i+2] == '{':
			if j := strings.IndexByte(s[i+3:], '}'); j > 0 && j <= 6 {
				if r, ok := hexVal(s[i+3 : i+3+j]); ok {
					b.WriteRune(r)
					i += 3 + j
					continue
				}
			}
		case c == 'u' && i+5 < len(s):
			if r, ok := hexVal(s[i+2 : i+6]); ok {
				b.WriteRune(r)
				i += 5
				continue
			}
		case '0' <= c && c <= '7':
			j := i + 1
			v := 0
			for j < len(s) && j < i+4 && '0' <= s[j] && s[j] <= '7' && v*8+int(s[j]-'0') <= 0377 {
				v = v*8 + int(s[j]-'0')
				j++
			}
			b.WriteRune(rune(v))
			i = j - 1
			continue
		}
		if e, ok := single[c]; ok {
			b.WriteString(e)
		} else {
			b.WriteByte(c)
		}
		i++
	}
	return b.String()
}

// atAfterHost raises MisleadingUserinfo for a query or fragment that begins with "@"
// and a host-like name ("http://good.example#@evil.example/"): every URL parser reads
// the host before it, and a reader that takes the text before the last "@" for a
// userinfo (a filter's regular expression, a person: RFC 3986 section 7.6) reads the
// name after it.
func (h *hazards) atAfterHost() {
	r := h.r
	hb, he, ok := hostSpan(r)
	if !ok {
		return
	}
	for _, c := range []uri.Component{uri.Query, uri.Fragment} {
		b, e, ok := r.Span(c)
		if !ok || b == e || r.Input()[b] != '@' {
			continue
		}
		if name := leadingDottedName(r.Input()[b+1 : e]); name != "" && !strings.EqualFold(name, r.Input()[hb:he]) {
			h.add(MisleadingUserinfo, b, e-b, "the %s begins with \"@%s\": a reader that takes the text before the last \"@\" for a userinfo (a filter's regular expression, a person) reads the host %q, where every URL parser reads %q", c, name, name, r.Input()[hb:he])
			return
		}
	}
}
