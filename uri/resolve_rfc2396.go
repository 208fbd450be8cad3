package uri

import "strings"

// resolveRFC2396 is section 5.2 of RFC 2396, steps 1-7. Step 6a mishandles a base with
// an empty path ("g" against "http://a" gives "http://ag"; 2396bis-01 Appendix G.2 lists
// the fix), and step 6g's "may ... retain" is the choice taken: "../../../g" gives
// "http://a/../g", as Appendix C prints.
func resolveRFC2396(d *specDesc, base, ref string, o resolveOptions) (Result, error) {
	spec := d.spec
	// 1) The reference is parsed into the four components and fragment (section 4.3).
	b, r, err := parseBaseRef(spec, base, ref, o)
	if err != nil {
		return Result{}, err
	}
	// 2) An empty path with scheme, authority and query undefined is the current
	// document. Otherwise query and fragment are the reference's own.
	if r.path == "" && !r.hasScheme && !r.hasAuthority && !r.hasQuery {
		return sameDocument(r), nil
	}
	// 3) A reference with a scheme is an absolute URI: done. The backwards-compatible
	// work-around (NonStrict) removes a scheme equal to the base's when the base uses
	// the <hier_part> syntax; "validating parsers should mark such a misformed relative
	// reference as an error", which the grammar does not, so by default it is absolute.
	if r.hasScheme && o.nonStrict && r.scheme == b.scheme && (b.hasAuthority || strings.HasPrefix(b.path, "/")) {
		r.hasScheme = false
	}
	if r.hasScheme {
		return Result{Target: ref}, nil
	}
	r.scheme, r.hasScheme = b.scheme, true
	// 4) A reference with an authority is a network-path: step 7. Otherwise the
	// authority is inherited (undefined if the base has none).
	if !r.hasAuthority {
		r.authority, r.hasAuthority = b.authority, b.hasAuthority
		// 5) A path beginning with "/" is an absolute-path: step 7.
		if !strings.HasPrefix(r.path, "/") {
			// 6) A relative-path: a) all but the last segment of the base path, b) the
			// reference's path, c)-f) the "." and ".." removals, g) leading ".." kept,
			// h) the buffer is the new path.
			r.path = removeDotSegmentsBuffer(lastSlashPrefix(b.path) + r.path)
		}
	}
	// 7) Recombination.
	return Result{Target: r.String()}, nil
}
