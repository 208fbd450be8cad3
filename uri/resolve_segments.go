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
	// a) One pass: the removals cannot make a new "./" at a segment start.
	if strings.Contains(buf, "./") {
		var b strings.Builder
		b.Grow(len(buf))
		from := 0 // buf[from:i] is still to be copied
		for i := 0; i+1 < len(buf); i++ {
			if buf[i] == '.' && buf[i+1] == '/' && segmentStart(buf, i) {
				b.WriteString(buf[from:i])
				i++
				from = i + 1
			}
		}
		b.WriteString(buf[from:])
		buf = b.String()
	}
	// b)
	if buf == "." || strings.HasSuffix(buf, "/.") {
		buf = buf[:len(buf)-1]
	}
	// c) and d) on a stack of segments, in time linear in the buffer. Each "/../" removes
	// the segment before it, so the leftmost match is always at the top of the segments
	// kept so far: popping the top when a ".." followed by "/" arrives gives exactly the
	// leftmost-first removals of c), iterated (TestRemoveDotSegmentsBufferLiteral compares
	// it with the steps applied one removal at a time, as printed).
	kept := make([]segment, 0, strings.Count(buf, "/")+1)
	seg := func(i int) string { return buf[kept[i].begin:kept[i].end] }
	// removable reports whether the top segment may be removed: not "..", and not the
	// nothing before an absolute path's first "/" (the segment at the buffer's start).
	removable := func() bool {
		top := len(kept) - 1
		return seg(top) != ".." && !(top == 0 && kept[top].begin == kept[top].end)
	}
	for begin := 0; ; {
		end := strings.IndexByte(buf[begin:], '/')
		last := end < 0
		if last {
			end = len(buf)
		} else {
			end += begin
		}
		if !last && buf[begin:end] == ".." && len(kept) > 0 && removable() {
			kept = kept[:len(kept)-1]
		} else {
			kept = append(kept, segment{begin, end})
		}
		if last {
			break
		}
		begin = end + 1
	}
	// d) A last "<segment>/.." goes, and the "/" before that segment stays.
	if n := len(kept); n >= 2 && seg(n-1) == ".." {
		kept = kept[:n-1]
		if removable() {
			kept = kept[:n-2]
			if n > 2 {
				kept = append(kept, segment{0, 0})
			}
		} else {
			kept = kept[:n]
		}
	}
	return joinSegments(buf, kept)
}

// segment is the byte range of a path segment or element in a buffer.
type segment struct{ begin, end int }

// joinSegments joins buf's segments in kept with "/".
func joinSegments(buf string, kept []segment) string {
	n := 0
	for _, s := range kept {
		n += s.end - s.begin + 1
	}
	var b strings.Builder
	b.Grow(n)
	for i, s := range kept {
		if i > 0 {
			b.WriteByte('/')
		}
		b.WriteString(buf[s.begin:s.end])
	}
	return b.String()
}

// segmentStart reports whether a complete segment of buf begins at i.
func segmentStart(buf string, i int) bool { return i == 0 || buf[i-1] == '/' }
