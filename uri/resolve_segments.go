package uri

import "strings"

// removeDotSegmentsBuffer applies the four pattern removals that RFC 1808 (section 4,
// step 6 a-d), url-syntax-05 (section 5.2, steps 6d-6g), RFC 2396 (section 5.2, steps
// 6c-6f) and 2396bis-01 (section 5.2, merge steps 3-6) print in the same words, to the
// string buffer as it is (url-syntax-05 has already appended the query to it):
//
//	a) All occurrences of "./", where "." is a complete path segment, are removed.
//	b) If the buffer ends with "." as a complete path segment, that "." is removed.
//	c) All occurrences of "<segment>/../", where <segment> is a complete path segment not
//	   equal to "..", are removed, iteratively, the leftmost match first, until none is
//	   left.
//	d) If the buffer ends with "<segment>/..", where <segment> is a complete path segment
//	   not equal to "..", that "<segment>/.." is removed.
//
// A complete path segment is delimited by "/" or the ends of the buffer. The "/" that
// begins an absolute path is not preceded by a segment (abs_path = "/" path_segments), so
// "/../g" is left alone: the examples keep "http://a/../g". Leading ".." segments are
// therefore kept, which is the "retaining" choice of RFC 2396 step 6g and 2396bis-01 merge
// step 7, the one their Appendix C prints; RFC 1808 and url-syntax-05 print the same
// results.
func removeDotSegmentsBuffer(buf string) string {
	// a)
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
	// b)
	if buf == "." || strings.HasSuffix(buf, "/.") {
		buf = buf[:len(buf)-1]
	}
	// c)
	for {
		i, n := findSegmentDotDot(buf, "/../")
		if i < 0 {
			break
		}
		buf = buf[:i] + buf[i+n:]
	}
	// d)
	if i, n := findSegmentDotDot(buf, "/.."); i >= 0 && i+n == len(buf) {
		buf = buf[:i]
	}
	return buf
}

// segmentStart reports whether a complete segment of buf begins at i.
func segmentStart(buf string, i int) bool { return i == 0 || buf[i-1] == '/' }

// findSegmentDotDot finds the leftmost "<segment>" + tail where <segment> is a complete
// path segment not equal to ".." (and not the nothing before an absolute path's first
// "/"); for tail "/.." only a match at the end of buf counts. It returns the match's
// start and length, or -1.
func findSegmentDotDot(buf, tail string) (int, int) {
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
