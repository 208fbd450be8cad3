package uri

import (
	"strings"
	"testing"
)

// literalRemoveDotSegmentsBuffer is steps a) to d) of removeDotSegmentsBuffer's comment
// applied as printed, one removal at a time, each time searching the buffer again from
// its start. It takes time quadratic in the buffer; removeDotSegmentsBuffer must give
// the same results.
func literalRemoveDotSegmentsBuffer(buf string) string {
	var b strings.Builder
	for i := 0; i < len(buf); {
		if strings.HasPrefix(buf[i:], "./") && segmentStart(buf, i) {
			i += 2
			continue
		}
		b.WriteByte(buf[i])
		i++
	}
	buf = b.String()
	if buf == "." || strings.HasSuffix(buf, "/.") {
		buf = buf[:len(buf)-1]
	}
	for {
		i, n := literalSegmentDotDot(buf, "/../")
		if i < 0 {
			break
		}
		buf = buf[:i] + buf[i+n:]
	}
	if i, n := literalSegmentDotDot(buf, "/.."); i >= 0 && i+n == len(buf) {
		buf = buf[:i]
	}
	return buf
}

// literalSegmentDotDot finds the leftmost "<segment>" + tail where <segment> is a
// complete path segment not equal to ".." (and not the nothing before an absolute path's
// first "/"); for tail "/.." only a match at the end of buf counts.
func literalSegmentDotDot(buf, tail string) (int, int) {
	for i := 0; i < len(buf); i++ {
		if !segmentStart(buf, i) {
			continue
		}
		j := strings.IndexByte(buf[i:], '/')
		if j < 0 {
			return -1, 0
		}
		seg := buf[i : i+j]
		if seg == ".." || (i == 0 && seg == "") {
			continue
		}
		rest := buf[i+j:]
		if tail == "/.." {
			if rest == "/.." {
				return i, j + 3
			}
			continue
		}
		if strings.HasPrefix(rest, tail) {
			return i, j + len(tail)
		}
	}
	return -1, 0
}

// literalRemoveDotElements1993 removes "/xxx/.." and "/." as the 1993 draft says, one
// removal at a time, the leftmost first, searching again from the start each time.
func literalRemoveDotElements1993(buf string) string {
	for {
		i, n := literalDotElement1993(buf)
		if i < 0 {
			return buf
		}
		buf = buf[:i] + buf[i+n:]
	}
}

func literalDotElement1993(buf string) (int, int) {
	end := strings.IndexByte(buf, '?')
	if end < 0 {
		end = len(buf)
	}
	elemEnd := func(i int) int { // end of the element starting at i
		j := strings.IndexByte(buf[i:end], '/')
		if j < 0 {
			return end
		}
		return i + j
	}
	for i := 0; i < end; i++ {
		if buf[i] != '/' {
			continue
		}
		e1 := elemEnd(i + 1)
		if e1 < end && buf[e1] == '/' { // "/xxx/.."
			if e2 := elemEnd(e1 + 1); buf[e1+1:e2] == ".." {
				return i, e2 - i
			}
		}
		if buf[i+1:e1] == "." { // "/."
			return i, e1 - i
		}
	}
	return -1, 0
}

// dotInputs calls fn with every string of up to n pieces from a small alphabet of path
// pieces, which covers every arrangement of segments, dot-segments, empty segments and a
// query around them.
func dotInputs(n int, fn func(string)) {
	pieces := []string{"a", ".", "..", "/", "?", "b."}
	var rec func(prefix string, left int)
	rec = func(prefix string, left int) {
		fn(prefix)
		if left == 0 {
			return
		}
		for _, p := range pieces {
			rec(prefix+p, left-1)
		}
	}
	rec("", n)
}

func TestRemoveDotSegmentsBufferLiteral(t *testing.T) {
	dotInputs(8, func(in string) {
		if got, want := removeDotSegmentsBuffer(in), literalRemoveDotSegmentsBuffer(in); got != want {
			t.Fatalf("removeDotSegmentsBuffer(%q) = %q, the steps one at a time give %q", in, got, want)
		}
	})
}

func TestRemoveDotElements1993Literal(t *testing.T) {
	dotInputs(8, func(in string) {
		if got, want := removeDotElements1993(in), literalRemoveDotElements1993(in); got != want {
			t.Fatalf("removeDotElements1993(%q) = %q, the removals one at a time give %q", in, got, want)
		}
	})
}

// literalRemoveDotElements1630 removes "xxx/../" and "/." as RFC 1630 says, one removal
// at a time, the leftmost first, searching again from the start each time. Elements keep
// what they are through the removals: the void before a "/" that begins the buffer is the
// root, no element, while a "/" that comes to begin it when "xxx/../" goes follows a void
// element.
func literalRemoveDotElements1630(buf string) string {
	root := strings.HasPrefix(buf, "/")
	for {
		i, n := literalDotElement1630(buf, root)
		if i < 0 {
			return buf
		}
		buf = buf[:i] + buf[i+n:]
	}
}

func literalDotElement1630(buf string, root bool) (int, int) {
	end := strings.IndexByte(buf, '?')
	if end < 0 {
		end = len(buf)
	}
	for i := 0; i < end; i++ {
		// "/." at i, where "." is a complete element.
		if buf[i] == '/' && strings.HasPrefix(buf[i:end], "/.") && (i+2 == end || buf[i+2] == '/') {
			return i, 2
		}
		// "xxx/../" at i, where xxx is the complete element beginning at i: an element
		// begins after a "/", or at 0 when the path does not begin with the root.
		if i == 0 && root || i > 0 && buf[i-1] != '/' {
			continue
		}
		j := strings.IndexByte(buf[i:end], '/')
		if j >= 0 && strings.HasPrefix(buf[i+j:end], "/../") {
			return i, j + 4
		}
	}
	return -1, 0
}

func TestRemoveDotElements1630Literal(t *testing.T) {
	dotInputs(8, func(in string) {
		if got, want := removeDotElements1630(in), literalRemoveDotElements1630(in); got != want {
			t.Fatalf("removeDotElements1630(%q) = %q, the removals one at a time give %q", in, got, want)
		}
	})
}
