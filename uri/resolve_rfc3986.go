package uri

import "strings"

// resolveRFC3986 is section 5.2.2 of RFC 3986 (Transform References), with merge
// (5.2.3) and remove_dot_segments (5.2.4). The base is parsed per 5.2.1 (its fragment,
// if any, plays no part). Strict by default; NonStrict is the non-strict parser.
func resolveRFC3986(d *specDesc, base, ref string, o resolveOptions) (Result, error) {
	b, r, err := parseBaseRef(d.spec, base, ref, o)
	if err != nil {
		return Result{}, err
	}
	return transform3986(b, r, o), nil
}

// transform3986 is section 5.2.2 on a parsed base and reference.
func transform3986(b, r parts, o resolveOptions) Result {
	// -- A non-strict parser may ignore a scheme in the reference if it is identical to
	// -- the base URI's scheme.
	if o.nonStrict && r.hasScheme && r.scheme == b.scheme {
		r.hasScheme = false
	}
	var t parts
	if r.hasScheme {
		t.scheme, t.hasScheme = r.scheme, true
		t.authority, t.hasAuthority = r.authority, r.hasAuthority
		t.path = removeDotSegments(r.path)
		t.query, t.hasQuery = r.query, r.hasQuery
	} else {
		if r.hasAuthority {
			t.authority, t.hasAuthority = r.authority, true
			t.path = removeDotSegments(r.path)
			t.query, t.hasQuery = r.query, r.hasQuery
		} else {
			if r.path == "" {
				t.path = b.path
				if r.hasQuery {
					t.query, t.hasQuery = r.query, true
				} else {
					t.query, t.hasQuery = b.query, b.hasQuery
				}
			} else {
				if strings.HasPrefix(r.path, "/") {
					t.path = removeDotSegments(r.path)
				} else {
					t.path = removeDotSegments(merge3986(b, r.path))
				}
				t.query, t.hasQuery = r.query, r.hasQuery
			}
			t.authority, t.hasAuthority = b.authority, b.hasAuthority
		}
		t.scheme, t.hasScheme = b.scheme, true
	}
	t.fragment, t.hasFragment = r.fragment, r.hasFragment
	// 5.3 Component Recomposition.
	return Result{Target: t.String()}
}

// merge3986 is section 5.2.3: "/" and the reference's path if the base has an
// authority and an empty path; otherwise the base path up to and including its
// right-most "/" (nothing if it has none), then the reference's path.
func merge3986(b parts, refPath string) string {
	if b.hasAuthority && b.path == "" {
		return "/" + refPath
	}
	return lastSlashPrefix(b.path) + refPath
}

// removeDotSegments is remove_dot_segments of RFC 3986 section 5.2.4, step by step.
// Unlike the earlier specs it drops ".." above the root ("../../../g" gives
// "http://a/g"). Syntax-based normalization (6.2.2.3) uses it too.
func removeDotSegments(input string) string {
	// 1. The input buffer is the path; the output buffer is empty.
	var out []byte
	// 2. While the input buffer is not empty, loop:
	for input != "" {
		switch {
		// A. Remove a prefix "../" or "./".
		case strings.HasPrefix(input, "../"):
			input = input[3:]
		case strings.HasPrefix(input, "./"):
			input = input[2:]
		// B. Replace a prefix "/./" or "/." (a complete segment) with "/".
		case strings.HasPrefix(input, "/./"):
			input = input[2:]
		case input == "/.":
			input = "/"
		// C. Replace a prefix "/../" or "/.." (a complete segment) with "/" and remove
		// the last segment and its preceding "/" (if any) from the output buffer.
		case strings.HasPrefix(input, "/../"):
			input = input[3:]
			out = out[:lastSlash(out)]
		case input == "/..":
			input = "/"
			out = out[:lastSlash(out)]
		// D. Remove an input buffer of "." or "..".
		case input == "." || input == "..":
			input = ""
		// E. Move the first path segment, with its initial "/" if any and up to (not
		// including) the next "/", to the end of the output buffer.
		default:
			i := 0
			if input[0] == '/' {
				i = 1
			}
			if j := strings.IndexByte(input[i:], '/'); j >= 0 {
				i += j
			} else {
				i = len(input)
			}
			out = append(out, input[:i]...)
			input = input[i:]
		}
	}
	// 3. The output buffer is the result.
	return string(out)
}

func lastSlash(b []byte) int {
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] == '/' {
			return i
		}
	}
	return 0
}
