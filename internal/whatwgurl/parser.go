package whatwgurl

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// The basic URL parser (section 4.4, "URL parsing"), without the state override and
// the encoding argument (the URL API's setters and HTML's legacy encodings), so the
// query is always UTF-8.
//
// The parser writes the URL's serialization (section 4.5) as it goes: the standard's
// state machine produces a URL's parts in the order the serializer writes them, and
// every change it makes to a part it has produced is to the last one (the host of a
// file URL, the path's last segment), so each change is at the end of p.out. A path
// segment is written as soon as its code points are read, with the "/" that the path
// serializer puts before it, and a single-dot or double-dot segment is taken back.
// Every byte of the input is read a bounded number of times (the authority twice, as
// the standard's pointer does), and every step writes or takes back a bounded amount
// per byte read, so the parser takes time linear in its input and base (the tests
// count the steps).

// state is a state of the basic URL parser's state machine (section 4.4).
type state uint8

const (
	schemeStartState state = iota
	schemeState
	noSchemeState
	specialRelativeOrAuthorityState
	pathOrAuthorityState
	relativeState
	relativeSlashState
	specialAuthoritySlashesState
	specialAuthorityIgnoreSlashesState
	authorityState
	hostState
	portState
	fileState
	fileSlashState
	fileHostState
	pathStartState
	pathState
	opaquePathState
	queryState
	fragmentState
)

// eof is the EOF code point (section 1.2).
const eof = -1

// parser is one run of the basic URL parser.
type parser struct {
	in   input
	s    string // in.s
	base *URL
	out  []byte // the URL's serialization so far
	u    URL    // the offsets of the parts in out; u.href is set at the end
	errs []ValidationError
	// omitted counts the validation errors met past the first MaxErrors.
	omitted int
	err     *Error // the failure, once met

	file    bool // the scheme is "file"
	defPort int  // the scheme's default port, -1 for none

	scratch, scratch2 []byte
	// steps counts the bytes the parser visits: one per step of the state machine,
	// and the length of every string a pass of the host parser reads. The tests
	// require it to grow linearly with the input.
	steps int
}

// warn records a validation error met at p.s[i]: lists it, or counts it once
// MaxErrors are listed (without finding its offset).
func (p *parser) warn(t ErrorType, i int) {
	if len(p.errs) >= MaxErrors {
		p.omitted++
		return
	}
	p.errs = append(p.errs, ValidationError{t, p.in.at(i)})
}

// MaxErrors is the most validation errors a parse lists (and one more, the error it
// fails on). Some errors recur once per byte of input (invalid-reverse-solidus per "\",
// invalid-credentials per "@", invalid-URL-unit per space of a path): a list of every
// one would take sixteen bytes per byte of input. The errors past the first MaxErrors
// are counted, not listed.
const MaxErrors = 64

// fail records the validation error at p.s[i] on which the parser returns failure
// (unless it is the last one listed), listed last even past MaxErrors, and returns
// false.
func (p *parser) fail(t ErrorType, i int) bool {
	v := ValidationError{t, p.in.at(i)}
	if n := len(p.errs); n == 0 || p.errs[n-1] != v {
		p.errs = append(p.errs, v)
	}
	p.err = &Error{Type: t, Offset: v.Offset, Errors: p.errs, Omitted: p.omitted}
	return false
}

// special reports whether the URL's scheme is special (section 4.2).
func (p *parser) special() bool { return p.u.special }

// isFile reports whether the URL's scheme is "file".
func (p *parser) isFile() bool { return p.file }

// scheme is the URL's scheme, as bytes of p.out (compared without a copy).
func (p *parser) scheme() []byte { return p.out[:p.u.schemeEnd] }

// parse runs the state machine on raw against base (nil for none).
func parse(raw string, base *URL) (URL, error) {
	var p parser
	return p.parse(raw, base)
}

// parse is the parser's one run.
func (p *parser) parse(raw string, base *URL) (URL, error) {
	p.base = base
	p.in = cleanInput(raw, &p.errs)
	p.s = p.in.s
	p.steps += len(raw)
	n := p.outCap()
	if base != nil {
		// A relative reference copies parts of the base.
		n += len(base.href)
	}
	p.out = make([]byte, 0, n)
	p.u = URL{port: -1, queryStart: -1, fragmentStart: -1}
	if !p.run() {
		return URL{}, p.err
	}
	return p.finish(), nil
}

// bigInput is the length above which the parser sizes the serialization's buffer for
// what the input can serialize to, rather than for the input's length.
const bigInput = 4096

// outCap is the capacity the serialization starts with. Most URLs serialize to about
// their own length, and a short one is given that. A long one is given its length and
// two more bytes for each byte that the percent-encode set of where it can stand holds
// (the "%" and the two hex digits it becomes): the userinfo's set before the last "@"
// (a "@" that becomes "%40" is one of its bytes), the sets of the path, query and
// fragment everywhere. That is what those parts serialize to at most. Growing a buffer of a megabyte by
// the quarter that append adds would copy it several times, and a buffer sized for the
// worst case (three bytes a byte) is mostly unused: either way the parse allocates
// megabytes that the garbage collector then runs for, which costs every write while it
// runs (a write barrier), and more the longer the input.
func (p *parser) outCap() int {
	s := p.s
	if len(s) <= bigInput {
		return len(s) + 16
	}
	p.steps += len(s)
	userinfo := max(0, strings.LastIndexByte(s, '@'))
	return len(s) + 16 + 2*(countEncoded(s[:userinfo], userinfoSet|pathSet|specialQuerySet|fragmentSet)+
		countEncoded(s[userinfo:], pathSet|specialQuerySet|fragmentSet))
}

// countEncoded counts the bytes of s that set percent-encodes.
func countEncoded(s string, set encodeSet) int {
	var t [256]bool
	for c := range t {
		t[c] = inSet(byte(c), set)
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if t[s[i]] {
			n++
		}
	}
	return n
}

// run is the state machine. It returns false on failure.
func (p *parser) run() bool {
	s := p.s
	st := schemeStartState
	atSignSeen, insideBrackets, passwordTokenSeen := false, false, false
	bufStart := 0 // the buffer is s[bufStart:pointer] where the states keep it as text
	segStart := -1
	for pointer := 0; ; pointer++ {
		p.steps++
		c := eof
		if pointer < len(s) {
			c = int(s[pointer])
		}
		switch st {
		case schemeStartState:
			if isAlpha(c) {
				bufStart, st = pointer, schemeState
			} else {
				st, pointer = noSchemeState, pointer-1
			}

		case schemeState:
			switch {
			case isAlpha(c) || '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.':
			case c == ':':
				p.setScheme(s[bufStart:pointer])
				remaining := s[pointer+1:]
				switch {
				case p.isFile():
					if !strings.HasPrefix(remaining, "//") {
						p.warn(SpecialSchemeMissingFollowingSolidus, pointer+1)
					}
					st = fileState
				case p.special() && p.base != nil && p.base.Scheme() == string(p.scheme()):
					st = specialRelativeOrAuthorityState
				case p.special():
					st = specialAuthoritySlashesState
				case strings.HasPrefix(remaining, "/"):
					st, pointer = pathOrAuthorityState, pointer+1
				default:
					p.u.opaquePath = true
					p.u.pathStart = len(p.out)
					st = opaquePathState
				}
			default:
				// No scheme after all: start over from the first code point.
				p.out = p.out[:0]
				st, pointer = noSchemeState, -1
			}

		case noSchemeState:
			b := p.base
			switch {
			case b == nil || b.opaquePath && c != '#':
				return p.fail(MissingSchemeNonRelativeURL, pointer)
			case b.opaquePath && c == '#':
				// The base's scheme, path and query, and an empty fragment.
				p.copyBase(len(b.HrefWithoutFragment()))
				p.u.pathStart, p.u.opaquePath = b.pathStart, true
				if b.queryStart >= 0 {
					p.u.queryStart = b.queryStart
				}
				p.startFragment()
				st = fragmentState
			case b.Scheme() != "file":
				st, pointer = relativeState, pointer-1
			default:
				st, pointer = fileState, pointer-1
			}

		case specialRelativeOrAuthorityState:
			if c == '/' && strings.HasPrefix(s[pointer+1:], "/") {
				st, pointer = specialAuthorityIgnoreSlashesState, pointer+1
			} else {
				p.warn(SpecialSchemeMissingFollowingSolidus, pointer)
				st, pointer = relativeState, pointer-1
			}

		case pathOrAuthorityState:
			if c == '/' {
				st = authorityState
				p.startAuthority()
				bufStart = pointer + 1
			} else {
				p.u.pathStart = len(p.out)
				st, pointer = pathState, pointer-1
			}

		case relativeState:
			b := p.base
			if len(p.out) == 0 {
				p.setScheme(b.Scheme())
			}
			switch {
			case c == '/':
				st = relativeSlashState
			case p.special() && c == '\\':
				p.warn(InvalidReverseSolidus, pointer)
				st = relativeSlashState
			default:
				// The base's username, password, host, port, path and query.
				var path bool
				if st, path = p.fromBase(c); path {
					p.shortenPath()
					pointer--
				}
			}

		case relativeSlashState:
			switch {
			case p.special() && (c == '/' || c == '\\'):
				if c == '\\' {
					p.warn(InvalidReverseSolidus, pointer)
				}
				st = specialAuthorityIgnoreSlashesState
			case c == '/':
				st = authorityState
				p.startAuthority()
				bufStart = pointer + 1
			default:
				// The base's username, password, host and port.
				p.copyBaseAuthority()
				p.u.pathStart = len(p.out)
				st, pointer = pathState, pointer-1
			}

		case specialAuthoritySlashesState:
			if c == '/' && strings.HasPrefix(s[pointer+1:], "/") {
				st, pointer = specialAuthorityIgnoreSlashesState, pointer+1
			} else {
				p.warn(SpecialSchemeMissingFollowingSolidus, pointer)
				st, pointer = specialAuthorityIgnoreSlashesState, pointer-1
			}

		case specialAuthorityIgnoreSlashesState:
			if c != '/' && c != '\\' {
				st, pointer = authorityState, pointer-1
				p.startAuthority()
				bufStart = pointer + 1
			} else {
				p.warn(SpecialSchemeMissingFollowingSolidus, pointer)
			}

		case authorityState:
			switch {
			case c == '@':
				p.warn(InvalidCredentials, pointer)
				if atSignSeen {
					// "%40" is prepended to the buffer: it goes where the buffer's first
					// code point goes.
					p.out = append(p.out, "%40"...)
				}
				atSignSeen = true
				for i := bufStart; i < pointer; i++ {
					p.steps++
					if s[i] == ':' && !passwordTokenSeen {
						passwordTokenSeen = true
						p.u.usernameEnd = len(p.out)
						p.out = append(p.out, ':')
						continue
					}
					p.out = appendEncodedByte(p.out, s[i], userinfoSet)
				}
				bufStart = pointer + 1
			case c == eof || c == '/' || c == '?' || c == '#' || p.special() && c == '\\':
				if atSignSeen && bufStart == pointer {
					return p.fail(HostMissing, pointer)
				}
				p.endUserinfo(passwordTokenSeen)
				// Back to the buffer's start, which the host state reads again.
				st, pointer = hostState, bufStart-1
			}

		case hostState:
			switch {
			case c == ':' && !insideBrackets:
				if bufStart == pointer {
					return p.fail(HostMissing, pointer)
				}
				if !p.setHost(bufStart, pointer) {
					return false
				}
				st, bufStart = portState, pointer+1
			case c == eof || c == '/' || c == '?' || c == '#' || p.special() && c == '\\':
				if p.special() && bufStart == pointer {
					return p.fail(HostMissing, pointer)
				}
				if !p.setHost(bufStart, pointer) {
					return false
				}
				st, pointer = pathStartState, pointer-1
			case c == '[':
				insideBrackets = true
			case c == ']':
				insideBrackets = false
			}

		case portState:
			switch {
			case '0' <= c && c <= '9':
			case c == eof || c == '/' || c == '?' || c == '#' || p.special() && c == '\\':
				if bufStart < pointer {
					port, ok := parsePort(s[bufStart:pointer])
					if !ok {
						return p.fail(PortOutOfRange, bufStart)
					}
					if port != p.defPort {
						p.u.port = port
						p.out = append(p.out, ':')
						p.out = strconv.AppendInt(p.out, int64(port), 10)
					}
				}
				st, pointer = pathStartState, pointer-1
			default:
				return p.fail(PortInvalid, pointer)
			}

		case fileState:
			if len(p.out) == 0 {
				p.setScheme("file")
			}
			// An empty host.
			p.startAuthority()
			p.u.usernameEnd = len(p.out)
			p.setEmptyHost()
			b := p.base
			switch {
			case c == '/' || c == '\\':
				if c == '\\' {
					p.warn(InvalidReverseSolidus, pointer)
				}
				st = fileSlashState
			case b != nil && b.Scheme() == "file":
				// The base's host, path and query.
				var path bool
				if st, path = p.fromBase(c); path {
					if !startsWithWindowsDriveLetter(s[pointer:]) {
						p.shortenPath()
					} else {
						p.warn(FileInvalidWindowsDriveLetter, pointer)
						p.out = p.out[:p.u.pathStart]
					}
					pointer--
				}
			default:
				p.u.pathStart = len(p.out)
				st, pointer = pathState, pointer-1
			}

		case fileSlashState:
			if c == '/' || c == '\\' {
				if c == '\\' {
					p.warn(InvalidReverseSolidus, pointer)
				}
				st, bufStart = fileHostState, pointer+1
				break
			}
			if b := p.base; b != nil && b.Scheme() == "file" {
				p.copyBaseAuthority()
				p.u.pathStart = len(p.out)
				if !startsWithWindowsDriveLetter(s[pointer:]) {
					if first, ok := b.firstSegment(); ok && isNormalizedWindowsDriveLetter(first) {
						p.appendSegment(first)
					}
				}
			} else {
				p.u.pathStart = len(p.out)
			}
			st, pointer = pathState, pointer-1

		case fileHostState:
			if c != eof && c != '/' && c != '\\' && c != '?' && c != '#' {
				break
			}
			pointer--
			buffer := s[bufStart : pointer+1]
			switch {
			case isWindowsDriveLetter(buffer):
				// The buffer stays, and becomes the path's first segment.
				p.warn(FileInvalidWindowsDriveLetterHost, bufStart)
				p.u.pathStart = len(p.out)
				segStart = p.openSegment()
				p.out = append(p.out, buffer...)
				st = pathState
			case buffer == "":
				st = pathStartState
			default:
				p.out = p.out[:p.u.hostStart]
				kind, ok := p.parseHost(bufStart, pointer+1, !p.special())
				if !ok {
					return false
				}
				if string(p.out[p.u.hostStart:]) == "localhost" {
					p.out = p.out[:p.u.hostStart]
					kind = EmptyHost
				}
				p.u.hostKind, p.u.hostEnd = kind, len(p.out)
				p.u.pathStart = len(p.out)
				st = pathStartState
			}

		case pathStartState:
			p.u.pathStart = len(p.out)
			switch {
			case p.special():
				if c == '\\' {
					p.warn(InvalidReverseSolidus, pointer)
				}
				st = pathState
				if c != '/' && c != '\\' {
					pointer--
				}
			case c == '?':
				p.startQuery()
				st = queryState
			case c == '#':
				p.startFragment()
				st = fragmentState
			case c != eof:
				st = pathState
				if c != '/' {
					pointer--
				}
			}

		case pathState:
			if segStart < 0 {
				segStart = p.openSegment()
			}
			slash := c == '/' || p.special() && c == '\\'
			if !(c == eof || slash || c == '?' || c == '#') {
				pointer = p.appendUnits(pointer, &plainPath, pathSet)
				break
			}
			if c == '\\' && p.special() {
				p.warn(InvalidReverseSolidus, pointer)
			}
			buffer := p.out[segStart+1:]
			switch {
			case isDoubleDot(buffer):
				p.out = p.out[:segStart]
				p.shortenPath()
				if !slash {
					p.appendSegment("")
				}
			case isSingleDot(buffer):
				p.out = p.out[:segStart]
				if !slash {
					p.appendSegment("")
				}
			default:
				// The path is empty if this segment is its first.
				if p.isFile() && segStart == p.u.pathStart && isWindowsDriveLetter(buffer) {
					p.out[segStart+2] = ':'
				}
			}
			segStart = -1
			switch c {
			case '?':
				p.startQuery()
				st = queryState
			case '#':
				p.startFragment()
				st = fragmentState
			}

		case opaquePathState:
			switch c {
			case '?':
				p.startQuery()
				st = queryState
			case '#':
				p.startFragment()
				st = fragmentState
			case ' ':
				p.warn(InvalidURLUnit, pointer)
				if next := s[pointer+1:]; strings.HasPrefix(next, "?") || strings.HasPrefix(next, "#") {
					p.out = append(p.out, "%20"...)
				} else {
					p.out = append(p.out, ' ')
				}
			case eof:
			default:
				pointer = p.appendUnits(pointer, &plainOpaquePath, c0ControlSet)
			}

		case queryState:
			switch c {
			case '#':
				p.startFragment()
				st = fragmentState
			case eof:
			default:
				if p.special() {
					pointer = p.appendUnits(pointer, &plainSpecialQuery, specialQuerySet)
				} else {
					pointer = p.appendUnits(pointer, &plainQuery, querySet)
				}
			}

		case fragmentState:
			if c != eof {
				pointer = p.appendUnits(pointer, &plainFragment, fragmentSet)
			}
		}
		if pointer >= len(s) {
			return true
		}
	}
}

// A plain table holds, for one state, the ASCII bytes that the state only copies: URL
// code points (no validation error) outside the state's percent-encode set that end
// nothing in it and are not "%". appendUnits copies a run of them at once; it is what
// the state does byte by byte, without a call per byte.
type plainTable [256]bool

var (
	plainPath         = plainBytes(pathSet, "/?#\\%")
	plainOpaquePath   = plainBytes(c0ControlSet, "?#%")
	plainQuery        = plainBytes(querySet, "#%")
	plainSpecialQuery = plainBytes(specialQuerySet, "#%")
	plainFragment     = plainBytes(fragmentSet, "%")
)

// plainBytes is the plain table of a state that percent-encodes set and stops at (or
// treats apart) the bytes of special.
func plainBytes(set encodeSet, special string) (t plainTable) {
	for c := range utf8.RuneSelf {
		t[c] = isURLCodePoint(rune(c)) && !inSet(byte(c), set) && strings.IndexByte(special, byte(c)) < 0
	}
	return t
}

// appendUnits handles the code point at s[pointer] in the path, opaque path, query
// and fragment states, and the run of plain bytes after it: see appendUnit. It returns
// the pointer at the last byte handled.
func (p *parser) appendUnits(pointer int, plain *plainTable, set encodeSet) int {
	s := p.s
	if !plain[s[pointer]] {
		return p.appendUnit(pointer, set)
	}
	end := pointer + 1
	for end < len(s) && plain[s[end]] {
		end++
	}
	p.steps += end - pointer - 1
	p.out = append(p.out, s[pointer:end]...)
	return end - 1
}

// appendUnit handles the code point at s[pointer] in the path, opaque path, query and
// fragment states: invalid-URL-unit if it is no URL code point and not "%", or a "%"
// that begins no percent-encoded byte; then its UTF-8, percent-encoded under set. It
// returns the pointer at the code point's last byte.
func (p *parser) appendUnit(pointer int, set encodeSet) int {
	s := p.s
	c := s[pointer]
	if c < utf8.RuneSelf {
		if c == '%' {
			if !isPercentEncoded(s, pointer) {
				p.warn(InvalidURLUnit, pointer)
			}
		} else if !isURLCodePoint(rune(c)) {
			p.warn(InvalidURLUnit, pointer)
		}
		p.out = appendEncodedByte(p.out, c, set)
		return pointer
	}
	r, size := utf8.DecodeRuneInString(s[pointer:])
	if !isURLCodePoint(r) {
		p.warn(InvalidURLUnit, pointer)
	}
	p.out = appendEncoded(p.out, s[pointer:pointer+size], set)
	return pointer + size - 1
}

// setScheme writes the scheme, lower-cased, and ":".
func (p *parser) setScheme(scheme string) {
	for i := 0; i < len(scheme); i++ {
		c := scheme[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		p.out = append(p.out, c)
	}
	p.u.schemeEnd = len(p.out)
	p.out = append(p.out, ':')
	p.schemeSet()
}

// schemeSet records what the scheme, just written, makes of the URL.
func (p *parser) schemeSet() {
	scheme := p.scheme()
	p.u.special = isSpecialScheme(scheme)
	p.file = string(scheme) == "file"
	p.defPort = defaultPort(scheme)
}

// startAuthority writes "//": the URL gets a host, and the userinfo comes next.
func (p *parser) startAuthority() {
	p.out = append(p.out, "//"...)
	p.u.usernameEnd = -1
}

// endUserinfo ends the userinfo written so far: nothing if the username and password
// are empty, otherwise the username, ":" and the password if it is not empty, and "@".
// passwordSeen says whether a ":" separates the two.
func (p *parser) endUserinfo(passwordSeen bool) {
	start := p.u.schemeEnd + 3
	if !passwordSeen {
		p.u.usernameEnd = len(p.out)
	}
	switch {
	case len(p.out) == start+boolInt(passwordSeen):
		// No credentials.
		p.out = p.out[:start]
		p.u.usernameEnd = start
	case len(p.out) == p.u.usernameEnd+1:
		// An empty password: its ":" goes.
		p.out = p.out[:p.u.usernameEnd]
		p.out = append(p.out, '@')
	default:
		p.out = append(p.out, '@')
	}
	p.u.hostStart = len(p.out)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// setHost parses p.s[start:end] as the URL's host and writes it.
func (p *parser) setHost(start, end int) bool {
	p.u.hostStart = len(p.out)
	kind, ok := p.parseHost(start, end, !p.special())
	if !ok {
		return false
	}
	p.u.hostKind, p.u.hostEnd = kind, len(p.out)
	p.u.pathStart = len(p.out)
	return true
}

// setEmptyHost gives the URL the empty host, after "//".
func (p *parser) setEmptyHost() {
	p.u.hostStart, p.u.hostEnd, p.u.hostKind = len(p.out), len(p.out), EmptyHost
	p.u.pathStart = len(p.out)
}

// copyBase writes the base's serialization up to end, and takes its scheme.
func (p *parser) copyBase(end int) {
	b := p.base
	p.out = append(p.out[:0], b.href[:end]...)
	p.u.schemeEnd = b.schemeEnd
	p.schemeSet()
}

// copyBaseAuthority gives the URL the base's username, password, host and port (the
// scheme is the base's too): "//" and what follows, if the base has a host.
func (p *parser) copyBaseAuthority() {
	b := p.base
	p.out = p.out[:p.u.schemeEnd+1]
	if b.hostKind == NoHost {
		p.u.hostKind = NoHost
		p.u.pathStart = len(p.out)
		return
	}
	p.out = append(p.out, b.href[b.schemeEnd+1:b.pathStart]...)
	shift := p.u.schemeEnd - b.schemeEnd
	p.u.usernameEnd = b.usernameEnd + shift
	p.u.hostStart, p.u.hostEnd, p.u.hostKind = b.hostStart+shift, b.hostEnd+shift, b.hostKind
	p.u.port = b.port
	p.u.pathStart = len(p.out)
}

// copyBasePath gives the URL a copy of the base's path, a list (the base of a relative
// reference has no opaque path).
func (p *parser) copyBasePath() {
	path := p.base.Pathname()
	p.u.pathStart = len(p.out)
	p.steps += len(path)
	p.out = append(p.out, path...)
}

// fromBase gives the URL the base's authority, path and query, as the relative state
// and the file state do on a code point c that is no solidus, and returns the next
// state: after "?" a query of the URL's own; after "#" a fragment, the base's query
// kept; at the end, nothing more; otherwise path is true, the query is null, and the
// path state reads c again after the base's path (which the caller shortens).
func (p *parser) fromBase(c int) (next state, path bool) {
	p.copyBaseAuthority()
	p.copyBasePath()
	switch c {
	case '?':
		p.startQuery()
		return queryState, false
	case '#':
		p.copyBaseQuery()
		p.startFragment()
		return fragmentState, false
	case eof:
		p.copyBaseQuery()
		return pathState, false
	}
	return pathState, true
}

// copyBaseQuery gives the URL the base's query.
func (p *parser) copyBaseQuery() {
	if q, ok := p.base.Query(); ok {
		p.startQuery()
		p.out = append(p.out, q...)
	}
}

// startQuery writes "?": the URL's query is the empty string, and what follows.
func (p *parser) startQuery() {
	p.u.queryStart = len(p.out)
	p.out = append(p.out, '?')
}

// startFragment writes "#": the URL's fragment is the empty string, and what follows.
func (p *parser) startFragment() {
	p.u.fragmentStart = len(p.out)
	p.out = append(p.out, '#')
}

// The path is kept as it is serialized, each segment after a "/" (a segment holds no
// "/": the path state ends one there, and percent-encodes nothing into one), so the
// last segment begins at the last "/" of p.out[p.u.pathStart:]. A segment's "/" is
// found again only to take the segment back, so each byte of the path is read back at
// most once: there is no list of the segments' offsets, which for a path of a megabyte
// of "/" would take eight bytes a byte.

// openSegment writes the "/" of a new path segment and returns where it is.
func (p *parser) openSegment() int {
	i := len(p.out)
	p.out = append(p.out, '/')
	return i
}

// appendSegment appends a whole segment to the path.
func (p *parser) appendSegment(seg string) {
	p.openSegment()
	p.out = append(p.out, seg...)
}

// shortenPath is "shorten a url's path" (section 4.2): the last segment goes, unless
// the URL is a file URL whose path is only a normalized Windows drive letter.
// The path is p.out[p.u.pathStart:], with no segment open.
func (p *parser) shortenPath() {
	path := p.out[p.u.pathStart:]
	last := bytes.LastIndexByte(path, '/')
	if last < 0 {
		return
	}
	p.steps += len(path) - last
	if last == 0 && p.isFile() && isNormalizedWindowsDriveLetter(path[1:]) {
		return
	}
	p.out = p.out[:p.u.pathStart+last]
}

// finish makes the URL value: the serializer's "/." before a path that would
// otherwise read as an authority (section 4.5), and the serialization as a string.
func (p *parser) finish() URL {
	u := p.u
	// A path of more than one segment, the first empty.
	if u.hostKind == NoHost && !u.opaquePath && bytes.HasPrefix(p.out[u.pathStart:], []byte("//")) {
		at := u.pathStart
		p.out = append(p.out, "/."...)
		copy(p.out[at+2:], p.out[at:len(p.out)-2])
		copy(p.out[at:], "/.")
		u.pathStart += 2
		if u.queryStart >= 0 {
			u.queryStart += 2
		}
		if u.fragmentStart >= 0 {
			u.fragmentStart += 2
		}
	}
	if u.hostKind == NoHost {
		u.usernameEnd, u.hostStart, u.hostEnd = u.schemeEnd+1, u.schemeEnd+1, u.schemeEnd+1
	}
	if cap(p.out) > bigInput && cap(p.out) > 2*len(p.out) {
		// The URL keeps its serialization: not the room outCap left unused.
		p.out = slices.Clip(append([]byte(nil), p.out...))
	}
	// p.out is not written again: the string shares its bytes (as strings.Builder's
	// String does).
	u.href = unsafe.String(unsafe.SliceData(p.out), len(p.out))
	if len(p.errs) > 0 {
		u.errs = p.errs
	}
	u.omitted = p.omitted
	return u
}

// isAlpha is an ASCII alpha.
func isAlpha(c int) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// isSpecialScheme reports whether scheme (lower case) is special (section 4.2).
func isSpecialScheme(scheme []byte) bool {
	switch string(scheme) {
	case "ftp", "file", "http", "https", "ws", "wss":
		return true
	}
	return false
}

// defaultPort is a special scheme's default port (section 4.2), -1 for none.
func defaultPort(scheme []byte) int {
	switch string(scheme) {
	case "ftp":
		return 21
	case "http", "ws":
		return 80
	case "https", "wss":
		return 443
	}
	return -1
}

// parsePort reads a port's ASCII digits: false if the number is not a 16-bit unsigned
// integer.
func parsePort(digits string) (int, bool) {
	n := 0
	for i := 0; i < len(digits); i++ {
		n = n*10 + int(digits[i]-'0')
		if n > 65535 {
			return 0, false
		}
	}
	return n, true
}

// isWindowsDriveLetter: an ASCII alpha and ":" or "|" (section 4.2).
func isWindowsDriveLetter[T string | []byte](s T) bool {
	return len(s) == 2 && isAlpha(int(s[0])) && (s[1] == ':' || s[1] == '|')
}

// isNormalizedWindowsDriveLetter: an ASCII alpha and ":".
func isNormalizedWindowsDriveLetter[T string | []byte](s T) bool {
	return len(s) == 2 && isAlpha(int(s[0])) && s[1] == ':'
}

// startsWithWindowsDriveLetter (section 4.2): a Windows drive letter, then the end or
// one of / \ ? #.
func startsWithWindowsDriveLetter(s string) bool {
	if len(s) < 2 || !isWindowsDriveLetter(s[:2]) {
		return false
	}
	return len(s) == 2 || strings.IndexByte(`/\?#`, s[2]) >= 0
}

// isSingleDot is a single-dot URL path segment (section 4.1): "." or "%2e" in any
// case.
func isSingleDot(s []byte) bool {
	return len(s) == 1 && s[0] == '.' || len(s) == 3 && isDotEscape(s)
}

// isDoubleDot is a double-dot URL path segment (section 4.1): "..", ".%2e", "%2e.",
// "%2e%2e", in any case.
func isDoubleDot(s []byte) bool {
	switch len(s) {
	case 2:
		return s[0] == '.' && s[1] == '.'
	case 4:
		return s[0] == '.' && isDotEscape(s[1:]) || isDotEscape(s) && s[3] == '.'
	case 6:
		return isDotEscape(s) && isDotEscape(s[3:])
	}
	return false
}

// isDotEscape reports whether s begins with "%2e" or "%2E".
func isDotEscape(s []byte) bool {
	return len(s) >= 3 && s[0] == '%' && s[1] == '2' && (s[2] == 'e' || s[2] == 'E')
}
