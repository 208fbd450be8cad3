package uri

import "strings"

// resolveRFC2396bis01 is the pseudocode of section 5.2 of draft-fielding-uri-rfc2396bis-01
// (March 2003) with its merge routine (steps 1-8). The pseudocode removes no dot segments
// from an absolute path ("/./g" gives "http://a/./g"); merge step 7's "retaining" is the
// choice taken, as Appendix C prints ("../../../g" gives "http://a/../g"). A validating
// parser (the default) treats "http:g" as absolute; NonStrict is the non-validating one.
func resolveRFC2396bis01(d *specDesc, base, ref string, o resolveOptions) (Result, error) {
	spec := d.spec
	// (R.scheme, R.authority, R.path, R.query, fragment) = parse(R);
	b, r, err := parseBaseRef(spec, base, ref, o)
	if err != nil {
		return Result{}, err
	}
	// if ((not validating) and (R.scheme == Base.scheme)) then undefine(R.scheme);
	if o.nonStrict && r.hasScheme && r.scheme == b.scheme {
		r.hasScheme = false
	}
	t := parts{fragment: r.fragment, hasFragment: r.hasFragment}
	switch {
	case r.hasScheme:
		// T.scheme = R.scheme; T.authority = R.authority; T.path = R.path; T.query = R.query;
		t.scheme, t.hasScheme = r.scheme, true
		t.authority, t.hasAuthority = r.authority, r.hasAuthority
		t.path, t.query, t.hasQuery = r.path, r.query, r.hasQuery
	default:
		if r.hasAuthority {
			// T.authority = R.authority; T.path = R.path; T.query = R.query;
			t.authority, t.hasAuthority = r.authority, true
			t.path, t.query, t.hasQuery = r.path, r.query, r.hasQuery
		} else {
			if r.path == "" {
				if !r.hasQuery {
					// An empty reference refers to the current document:
					// return (current-document, fragment);
					return sameDocument(r), nil
				}
				// T.path = Base.path; T.query = R.query;
				t.path, t.query, t.hasQuery = b.path, r.query, true
			} else {
				if strings.HasPrefix(r.path, "/") {
					t.path = r.path
				} else {
					t.path = merge2396bis01(b.path, r.path)
				}
				t.query, t.hasQuery = r.query, r.hasQuery
			}
			// T.authority = Base.authority;
			t.authority, t.hasAuthority = b.authority, b.hasAuthority
		}
		// T.scheme = Base.scheme;
		t.scheme, t.hasScheme = b.scheme, true
	}
	// return (T, fragment), recombined as the pseudocode after the merge routine says.
	return Result{Target: t.String()}, nil
}

// merge2396bis01 is the merge routine of 2396bis-01 section 5.2.
func merge2396bis01(basePath, refPath string) string {
	// 1. All but the last segment of the base path is copied to the buffer; "If the base
	// URI's path component is the empty string, then a single slash character ("/") is
	// copied to the buffer."
	buf := lastSlashPrefix(basePath)
	if basePath == "" {
		buf = "/"
	}
	// 2. The reference's path is appended. 3.-6. The "." and ".." removals (the seed's
	// steps 5 and 6 lost "<segment>" in extraction: "All occurrences of "/../", where is a
	// complete path segment"; the published draft has "<segment>/../"). 7. Leading ".."
	// segments are retained. 8. The buffer is the target path.
	return removeDotSegmentsBuffer(buf + refPath)
}
