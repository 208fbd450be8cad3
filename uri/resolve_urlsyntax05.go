package uri

import "strings"

// resolveURLSyntax05 is section 5.2 of draft-fielding-url-syntax-05 (May 1997), steps
// 1-7. Its step 6c appends the reference's query to the buffer before the "." and ".."
// steps, so they also act on the query ("g?y/./x" gives "http://a/b/c/g?y/x"), and its
// step 6a, like RFC 2396's, mishandles a base with an empty path ("g" against "http://a"
// gives "http://ag").
func resolveURLSyntax05(d *specDesc, base, ref string, o resolveOptions) (Result, error) {
	spec := d.spec
	// 1) The base and the reference are parsed into the four components and fragment
	// (section 4.4); "site" is the authority.
	b, r, err := parseBaseRef(spec, base, ref, o)
	if err != nil {
		return Result{}, err
	}
	// 2) An empty path with scheme, site and query undefined is the current document.
	if r.path == "" && !r.hasScheme && !r.hasAuthority && !r.hasQuery {
		return sameDocument(r), nil
	}
	// 3) A reference with a scheme is an absolute URL: done.
	if r.hasScheme {
		return Result{Target: ref}, nil
	}
	r.scheme, r.hasScheme = b.scheme, true
	// 4) A reference with a site is a network-path: step 7. Otherwise the site is
	// inherited (undefined if the base has none).
	if !r.hasAuthority {
		r.authority, r.hasAuthority = b.authority, b.hasAuthority
		// 5) A path beginning with "/" is an absolute-path: step 7.
		if !strings.HasPrefix(r.path, "/") {
			// 6) A relative-path: a) all but the last segment of the base path,
			buf := lastSlashPrefix(b.path)
			// b) then the reference's path,
			buf += r.path
			// c) then "?" and the query, if defined;
			if r.hasQuery {
				buf += "?" + r.query
			}
			// d)-g) the "." and ".." removals;
			buf = removeDotSegmentsBuffer(buf)
			// h) the query is what follows the first "?", undefined without one;
			// i) the path is what precedes it.
			r.path, r.query, r.hasQuery = strings.Cut(buf, "?")
		}
	}
	// 7) Recombination.
	return Result{Target: r.String()}, nil
}
