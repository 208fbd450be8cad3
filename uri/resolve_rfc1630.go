package uri

import "strings"

// resolveRFC1630 applies the rules for the partial form of RFC 1630 (section "Partial
// (relative) form"). The grammar has no partial form ("Fragment identifiers and relative
// URIs are not involved in the basic URL definition"), so a partial reference is judged
// by what it abbreviates: Resolve reports a *ResultError when the URI it stands for is
// not valid. The RFC's own examples use the context "magic://a/b/c//d/e/f", which its
// grammar rejects ("magic" has no production and the generic one derives no "//"); they
// resolve only Unvalidated.
//
// Reading of the text (decisions it leaves open, see docs/specs.md):
//   - the fragment ("#" fragmentid of fragmentaddress) is set aside first and put back
//     on the result; the partial URI "" or "#s" is an empty relative path;
//   - "the first occurrence of exactly the same number of consecutive slashes which has
//     no greater number of consecutive slashes anywhere to the right of it" is read as
//     the first run of exactly that many slashes, one not part of a longer run: this
//     gives every result the RFC prints ("/g" gives "magic://a/g"), where the literal
//     reading (no longer run anywhere to the right of it) would give
//     "magic://a/b/c//d/g". When the context has no such run, only the scheme is taken
//     from it (the partial form omits the scheme);
//   - "the path of the context URI" is what follows the host part ("//" up to the next
//     "/" or "?") up to the "?" of the search; the dot rules apply to the path of the
//     result of that rule only, and the partial URI's search is appended untouched.
func resolveRFC1630(d *specDesc, base, ref string, o resolveOptions) (Result, error) {
	return resolvePartialForm(d, base, ref, o, partial1630)
}

// partial1630 is RFC 1630's rule for a partial URI body (no fragment) against the
// context (without its fragment), its scheme and what follows its ":".
func partial1630(context, scheme, rest, body string) string {
	if n := len(body) - len(strings.TrimLeft(body, "/")); n > 0 {
		// "If the partial URI starts with a non-zero number of consecutive slashes, then
		// everything from the context URI up to (but not including) the first occurrence
		// of exactly the same number of consecutive slashes ... is taken to be the same
		// and so prepended to the partial URL to form the full URL."
		if i := slashRun(context, n); i >= 0 {
			return context[:i] + body
		}
		return scheme + ":" + body
	}
	// "The last part of the path of the context URI (anything following the rightmost
	// slash) is removed, and the given partial URI appended in its place, and then:
	// Within the result, all occurrences of "xxx/../" or "/." are recursively removed,
	// where xxx, ".." and "." are complete path elements."
	hostPart, tail := splitHostPart(rest)
	path, _, _ := strings.Cut(tail, "?")
	return scheme + ":" + hostPart + removeDotElements1630(lastSlashPrefix(path)+body)
}

// slashRun returns the offset in s of the first run of exactly n slashes (one not part of
// a longer run), or -1.
func slashRun(s string, n int) int {
	for i := 0; i < len(s); {
		if s[i] != '/' {
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] == '/' {
			j++
		}
		if j-i == n {
			return i
		}
		i = j
	}
	return -1
}

// removeDotElements1630 removes "xxx/../" and "/." (xxx, ".." and "." complete path
// elements) until none is left, the leftmost occurrence first ("recursively removed").
// Read literally, xxx may be any element, "..", "." and the void element between two
// slashes included, and ".." must be followed by "/": a final "xxx/.." stays, while a
// final "/." goes. Elements end at "/", at the "?" of the search, or at the end; they
// begin after a "/", or at the start of a path that does not begin with "/" (the void
// before an absolute path's first "/" is the root, not an element).
//
// The removals are made on a stack of elements, in time linear in the buffer: a removal
// only joins the element before it to the one after it, so the leftmost occurrence is
// always at the top of the elements kept so far. A "." after a "/" goes as it arrives
// ("/." begins before any "xxx/../" whose xxx is that "."), a ".." followed by "/" takes
// the top element with it. TestRemoveDotElements1630Literal compares it with the
// removals made one at a time.
func removeDotElements1630(buf string) string {
	stop := strings.IndexByte(buf, '?')
	if stop < 0 {
		stop = len(buf)
	}
	kept := make([]segment, 0, strings.Count(buf[:stop], "/")+1)
	root := 0 // the number of kept entries that are no element: the void before a root "/"
	begin := 0
	if strings.HasPrefix(buf, "/") {
		kept, root, begin = append(kept, segment{0, 0}), 1, 1
	}
	for {
		end := begin + strings.IndexByte(buf[begin:stop], '/')
		last := end < begin
		if last {
			end = stop
		}
		switch x := buf[begin:end]; {
		case x == "." && len(kept) > 0: // "/.": a "/" precedes it in what is kept
		case x == ".." && !last && len(kept) > root: // "xxx/../"
			kept = kept[:len(kept)-1]
		default:
			kept = append(kept, segment{begin, end})
		}
		if last {
			break
		}
		begin = end + 1
	}
	return joinSegments(buf, kept) + buf[stop:]
}
