package whatwgurl

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urispec/urispec/internal/ipv4num"
)

// HostKind is what a URL's host is (section 3.1, "Host representation"), or NoHost for
// a null host.
type HostKind uint8

const (
	NoHost     HostKind = iota // null: the URL has no host
	DomainHost                 // a domain
	IPv4Host                   // an IPv4 address
	IPv6Host                   // an IPv6 address
	OpaqueHost                 // an opaque host (a URL that is not special)
	EmptyHost                  // the empty host
)

var hostKinds = [...]string{"null", "domain", "IPv4 address", "IPv6 address", "opaque host", "empty host"}

func (k HostKind) String() string {
	if int(k) < len(hostKinds) {
		return hostKinds[k]
	}
	return "HostKind(" + strconv.Itoa(int(k)) + ")"
}

// isForbiddenHost is a forbidden host code point (section 3.2).
func isForbiddenHost(c byte) bool {
	switch c {
	case 0, '\t', '\n', '\r', ' ', '#', '/', ':', '<', '>', '?', '@', '[', '\\', ']', '^', '|':
		return true
	}
	return false
}

// isForbiddenDomain is a forbidden domain code point (section 3.2): a forbidden host
// code point, a C0 control, "%" or DELETE.
func isForbiddenDomain(c byte) bool {
	return isForbiddenHost(c) || c < 0x20 || c == '%' || c == 0x7F
}

// parseHost is the host parser (section 3.5, "Host parsing") on p.s[start:end], with
// isOpaque set for a URL that is not special. It appends the host, serialized (section
// 3.6), to p.out and returns its kind; on failure it records it (p.err) and returns
// false.
func (p *parser) parseHost(start, end int, isOpaque bool) (HostKind, bool) {
	in := p.s[start:end]
	p.steps += len(in)
	// 1. "[...]": an IPv6 address.
	if strings.HasPrefix(in, "[") {
		if !strings.HasSuffix(in, "]") || len(in) == 1 {
			return NoHost, p.fail(IPv6Unclosed, start)
		}
		addr, ok := p.parseIPv6(start+1, end-1)
		if !ok {
			return NoHost, false
		}
		p.out = append(p.out, '[')
		p.out = appendIPv6(p.out, addr)
		p.out = append(p.out, ']')
		return IPv6Host, true
	}
	// 2. A URL that is not special: an opaque host.
	if isOpaque {
		return p.parseOpaqueHost(start, end)
	}
	// 3.-4. A domain, percent-decoded.
	domain := in
	for i := 0; i < len(in); i++ {
		if isPercentEncoded(in, i) {
			p.warn(DomainPercentEncoded, start+i)
			p.scratch = appendDecoded(p.scratch[:0], in)
			p.steps += len(in)
			domain = string(p.scratch)
			break
		}
	}
	// UTF-8 decode without BOM turns an ill-formed sequence into U+FFFD, on which the
	// domain parser fails (both passes of ToASCII: U+FFFD is disallowed), as the
	// standard's note says.
	if !utf8.ValidString(domain) {
		return NoHost, p.fail(DomainToASCII, start)
	}
	ascii, ok := p.domainToASCII(domain, start)
	if !ok {
		return NoHost, p.fail(DomainToASCII, start)
	}
	p.steps += 2 * len(ascii) // endsInANumber, and the IPv4 parser or the copy
	if ipv4num.EndsInANumber(ascii) {
		addr, ok := p.parseIPv4(ascii, start)
		if !ok {
			return NoHost, false
		}
		p.out = appendIPv4(p.out, addr)
		return IPv4Host, true
	}
	p.out = append(p.out, ascii...)
	return DomainHost, true
}

// parseOpaqueHost is the opaque-host parser (section 3.5) on p.s[start:end].
func (p *parser) parseOpaqueHost(start, end int) (HostKind, bool) {
	in := p.s[start:end]
	p.steps += 3 * len(in) // three passes
	for i := 0; i < len(in); i++ {
		if isForbiddenHost(in[i]) {
			return NoHost, p.fail(HostInvalidCodePoint, start+i)
		}
	}
	// One invalid-URL-unit for a code point that is no URL code point and not "%", one
	// for a "%" that begins no percent-encoded byte; each at the first such.
	unit, percent := false, false
	for i := 0; i < len(in) && !(unit && percent); {
		r, size := rune(in[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(in[i:])
		}
		switch {
		case r == '%':
			if !percent && !isPercentEncoded(in, i) {
				percent = true
				p.warn(InvalidURLUnit, start+i)
			}
		case !unit && !isURLCodePoint(r):
			unit = true
			p.warn(InvalidURLUnit, start+i)
		}
		i += size
	}
	if in == "" {
		return EmptyHost, true
	}
	p.out = appendEncoded(p.out, in, c0ControlSet)
	return OpaqueHost, true
}

// parseIPv4 is the IPv4 parser (section 3.5) on s, a host that ends in a number; its
// validation errors are reported at off, the host's first code point.
func (p *parser) parseIPv4(s string, off int) (uint32, bool) {
	if strings.HasSuffix(s, ".") {
		p.warn(IPv4EmptyPart, off)
		if len(s) > 1 {
			s = s[:len(s)-1]
		}
	}
	parts := strings.Count(s, ".") + 1
	if parts < 4 {
		p.warn(IPv4TooFewParts, off)
	}
	if parts > 4 {
		return 0, p.fail(IPv4TooManyParts, off)
	}
	var numbers [4]uint64
	for i := range parts {
		part := s
		if j := strings.IndexByte(s, '.'); j >= 0 {
			part, s = s[:j], s[j+1:]
		}
		n, nonDecimal, ok := ipv4num.Parse(part)
		if !ok {
			return 0, p.fail(IPv4NonNumericPart, off)
		}
		if nonDecimal {
			p.warn(IPv4NonDecimalPart, off)
		}
		numbers[i] = n
	}
	for _, n := range numbers[:parts] {
		if n > 255 {
			p.warn(IPv4OutOfRangePart, off)
			break
		}
	}
	for _, n := range numbers[:parts-1] {
		if n > 255 {
			return 0, p.fail(IPv4OutOfRangePart, off)
		}
	}
	last := numbers[parts-1]
	if last >= 1<<(8*(5-parts)) {
		return 0, p.fail(IPv4OutOfRangePart, off)
	}
	ipv4 := last
	for i, n := range numbers[:parts-1] {
		ipv4 += n << (8 * (3 - i))
	}
	return uint32(ipv4), true
}

// parseIPv6 is the IPv6 parser (section 3.5) on p.s[start:end], the text between the
// brackets; each validation error is reported at the code point it was met at.
func (p *parser) parseIPv6(start, end int) ([8]uint16, bool) {
	var address [8]uint16
	in := p.s[start:end]
	at := func(i int) int { // the code point at i, -1 for EOF
		if i < len(in) {
			return int(in[i])
		}
		return -1
	}
	pieceIndex, compress, pointer := 0, -1, 0
	if at(0) == ':' {
		if at(1) != ':' {
			return address, p.fail(IPv6InvalidCompression, start)
		}
		pointer += 2
		pieceIndex++
		compress = pieceIndex
	}
pieces:
	for at(pointer) != -1 {
		if pieceIndex == 8 {
			return address, p.fail(IPv6TooManyPieces, start+pointer)
		}
		if at(pointer) == ':' {
			if compress >= 0 {
				return address, p.fail(IPv6MultipleCompression, start+pointer)
			}
			pointer++
			pieceIndex++
			compress = pieceIndex
			continue
		}
		value, length, pieceStart := 0, 0, pointer
		for length < 4 && at(pointer) != -1 && isHex(in[pointer]) {
			value = value*0x10 + int(unhex(in[pointer]))
			pointer++
			length++
		}
		switch at(pointer) {
		case '.':
			if length == 0 {
				return address, p.fail(IPv4InIPv6InvalidCodePoint, start+pointer)
			}
			pointer -= length
			if pieceIndex > 6 {
				return address, p.fail(IPv4InIPv6TooManyPieces, start+pointer)
			}
			numbersSeen := 0
			for at(pointer) != -1 {
				ipv4Piece := -1
				if numbersSeen > 0 {
					if at(pointer) == '.' && numbersSeen < 4 {
						pointer++
					} else {
						return address, p.fail(IPv4InIPv6InvalidCodePoint, start+pointer)
					}
				}
				if c := at(pointer); c < '0' || c > '9' {
					return address, p.fail(IPv4InIPv6InvalidCodePoint, start+pointer)
				}
				for c := at(pointer); '0' <= c && c <= '9'; c = at(pointer) {
					number := c - '0'
					switch ipv4Piece {
					case -1:
						ipv4Piece = number
					case 0:
						return address, p.fail(IPv4InIPv6InvalidCodePoint, start+pointer)
					default:
						ipv4Piece = ipv4Piece*10 + number
					}
					if ipv4Piece > 255 {
						return address, p.fail(IPv4InIPv6OutOfRangePart, start+pointer)
					}
					pointer++
				}
				address[pieceIndex] = address[pieceIndex]*0x100 + uint16(ipv4Piece)
				numbersSeen++
				if numbersSeen == 2 || numbersSeen == 4 {
					pieceIndex++
				}
			}
			if numbersSeen != 4 {
				return address, p.fail(IPv4InIPv6TooFewParts, start+pointer)
			}
			break pieces
		case ':':
			pointer++
			if at(pointer) == -1 {
				return address, p.fail(IPv6InvalidCodePoint, start+pointer)
			}
		case -1:
		default:
			return address, p.fail(IPv6InvalidCodePoint, start+pointer)
		}
		if length > 1 && value < 1<<(4*(length-1)) {
			p.warn(IPv6PieceLeadingZero, start+pieceStart)
		}
		address[pieceIndex] = uint16(value)
		pieceIndex++
	}
	if compress >= 0 {
		swaps := pieceIndex - compress
		pieceIndex = 7
		for pieceIndex != 0 && swaps > 0 {
			address[pieceIndex], address[compress+swaps-1] = address[compress+swaps-1], address[pieceIndex]
			pieceIndex--
			swaps--
		}
	} else if pieceIndex != 8 {
		return address, p.fail(IPv6TooFewPieces, start+pointer)
	}
	return address, true
}

// appendIPv4 appends the IPv4 serializer's output (section 3.6).
func appendIPv4(b []byte, a uint32) []byte {
	for i := 3; i >= 0; i-- {
		b = strconv.AppendUint(b, uint64(a>>(8*i)&0xFF), 10)
		if i > 0 {
			b = append(b, '.')
		}
	}
	return b
}

// appendIPv6 appends the IPv6 serializer's output (section 3.6), without brackets.
func appendIPv6(b []byte, a [8]uint16) []byte {
	compress := compressedPieceIndex(a)
	ignore0 := false
	for i, piece := range a {
		if ignore0 && piece == 0 {
			continue
		}
		ignore0 = false
		if compress == i {
			if i == 0 {
				b = append(b, "::"...)
			} else {
				b = append(b, ':')
			}
			ignore0 = true
			continue
		}
		b = strconv.AppendUint(b, uint64(piece), 16)
		if i != 7 {
			b = append(b, ':')
		}
	}
	return b
}

// compressedPieceIndex finds the IPv6 address compressed piece index (section 3.6): the
// first of the longest run of two or more zero pieces, or -1.
func compressedPieceIndex(a [8]uint16) int {
	longestIndex, longestSize := -1, 1
	foundIndex, foundSize := -1, 0
	for i, piece := range a {
		if piece != 0 {
			if foundSize > longestSize {
				longestIndex, longestSize = foundIndex, foundSize
			}
			foundIndex, foundSize = -1, 0
			continue
		}
		if foundIndex < 0 {
			foundIndex = i
		}
		foundSize++
	}
	if foundSize > longestSize {
		return foundIndex
	}
	return longestIndex
}
