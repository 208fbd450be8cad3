package uri

import "strings"

// resolveURL1993 applies the rules for the partial form of the 1993 URL draft ("Partial
// form" section of the draft of 14 July 1993). The draft's grammar has no
// partial form ("Fragment identifiers and partial URLs are not involved in the basic URL
// definition"), so a partial reference is judged by what it abbreviates: Resolve reports
// a *ResultError when the URL it stands for is not valid.
//
// Reading of the text (decisions the draft does not make, see the README):
//   - the fragment ("#" fragmentid of fragmentaddress) is set aside first and put back
//     on the result; the partial URL "" or "#s" is an empty relative path;
//   - "the path of the context locator" is the BNF's path: after the host part, up to
//     the "?" of the search;
//   - a partial URL "//host..." gives the host part and the rest ("If the host and/or
//     port parts are different, the host, port name and all the rest of the locator
//     must be given");
//   - the dot rules apply "within the result" of the relative-path rule only, and within
//     its path: the partial URL's search ("?" onwards) is appended untouched.
func resolveURL1993(d *specDesc, base, ref string, o resolveOptions) (Result, error) {
	return resolvePartialForm(d, base, ref, o, partial1993)
}

// partial1993 is the draft's rule for a partial URL body (no fragment) against the
// context's scheme and what follows its ":".
func partial1993(_, scheme, rest, body string) string {
	if strings.HasPrefix(body, "//") {
		// "If the host and/or port parts are different, the host, port name and all the
		// rest of the locator must be given."
		return scheme + ":" + body
	}
	// "If the access and host parts are the same, then the path may be given in absolute
	// (fully qualified) or relative form."
	hostPart, tail := splitHostPart(rest)
	if strings.HasPrefix(body, "/") {
		// "If a leading slash is present, the path is absolute."
		return scheme + ":" + hostPart + body
	}
	// "The last part of the path of the context locator (anything following the rightmost
	// slash) is removed, and the given partial URL appended in its place." "Within the
	// result, all occurrences of "/xxx/.." or "/." are recursively removed, where xxx, ".."
	// and "." are complete path elements."
	path, _, _ := strings.Cut(tail, "?")
	return scheme + ":" + hostPart + removeDotElements1993(lastSlashPrefix(path)+body)
}

// resolvePartialForm is what the 1993 draft and RFC 1630 share: the base must be valid
// (unless unvalidated) and a full form; a full-form reference is the target as it is,
// validated; a partial one has its fragment set aside, rule makes the target of the rest
// (given the context without its fragment, its scheme and what follows its ":"), and the
// fragment is put back.
func resolvePartialForm(d *specDesc, base, ref string, o resolveOptions, rule func(context, scheme, rest, body string) string) (Result, error) {
	spec := d.spec
	if !o.unvalidated {
		if err := validatePlain(spec, base); err != nil {
			return Result{}, err
		}
	}
	if !isFullForm1993(base) {
		return Result{}, notAbsolute(spec, base)
	}
	// "A partial form can be distinguished from a full form in that a full form must have
	// a colon and that colon must occur before any slash characters." (RFC 1630: "an
	// absolute form", in the same words.)
	if isFullForm1993(ref) {
		// "If the scheme parts are different, the whole absolute locator must be given."
		if !o.unvalidated {
			if err := validatePlain(spec, ref); err != nil {
				return Result{}, err
			}
		}
		return Result{Target: ref}, nil
	}
	// "Otherwise, the scheme is omitted, and:"
	body, fragment, hasFragment := strings.Cut(ref, "#")
	context, _, _ := strings.Cut(base, "#")
	scheme, rest, _ := strings.Cut(context, ":")
	target := rule(context, scheme, rest, body)
	if hasFragment {
		target += "#" + fragment
	}
	return Result{Target: target}, nil
}

// splitHostPart splits what follows "scheme:" into the host part, "//" up to the next "/"
// or "?" (empty when rest does not begin with "//"), and the path and search after it.
func splitHostPart(rest string) (hostPart, tail string) {
	if !strings.HasPrefix(rest, "//") {
		return "", rest
	}
	i := strings.IndexAny(rest[2:], "/?")
	if i < 0 {
		return rest, ""
	}
	return rest[:2+i], rest[2+i:]
}

// isFullForm1993 reports whether s has a colon before any slash.
func isFullForm1993(s string) bool {
	c := strings.IndexByte(s, ':')
	sl := strings.IndexByte(s, '/')
	return c >= 0 && (sl < 0 || c < sl)
}

// removeDotElements1993 removes "/xxx/.." and "/." (xxx, ".." and "." complete path
// elements) until none is left, the leftmost occurrence first ("recursively removed"),
// "/xxx/.." before "/." where both begin at the same "/". Read literally, xxx may itself
// be ".." or "."; the later specs' "not equal to '..'" is not in this text, so "/../.." is
// removed too. Elements begin after a "/" and end at the next "/", at the "?" of the
// search, or at the end; the text before the first "/" is no element.
//
// The removals are made on a stack of elements, in time linear in the buffer: a removal
// only changes what follows the element before it, so the leftmost occurrence is always
// at the top of the elements kept so far, or at the one after it. A "." on top waits for
// the next element, since "/./.." is removed whole before its "/." would be.
// TestRemoveDotElements1993Literal compares it with the removals made one at a time.
func removeDotElements1993(buf string) string {
	stop := strings.IndexByte(buf, '?')
	if stop < 0 {
		stop = len(buf)
	}
	first := strings.IndexByte(buf[:stop], '/')
	if first < 0 {
		return buf
	}
	// kept[0] is the text before the first "/", which no removal touches; the elements
	// follow it.
	kept := make([]segment, 1, strings.Count(buf[:stop], "/")+1)
	kept[0] = segment{0, first}
	elem := func(i int) string { return buf[kept[i].begin:kept[i].end] }
	for begin := first + 1; ; {
		end := begin + strings.IndexByte(buf[begin:stop], '/')
		last := end < begin
		if last {
			end = stop
		}
		x := buf[begin:end]
		consumed := false
		for len(kept) > 1 {
			if x == ".." { // "/top/.."
				kept, consumed = kept[:len(kept)-1], true
				break
			}
			if elem(len(kept)-1) != "." {
				break
			}
			kept = kept[:len(kept)-1] // "/." on top, not followed by ".."
		}
		if !consumed {
			kept = append(kept, segment{begin, end})
		}
		if last {
			break
		}
		begin = end + 1
	}
	if n := len(kept); n > 1 && elem(n-1) == "." {
		kept = kept[:n-1]
	}
	return joinSegments(buf, kept) + buf[stop:]
}
