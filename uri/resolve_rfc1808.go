package uri

import "strings"

// RFC 1738 defines no relative form: its section 2.3 says "Relative links are not
// described in this document", and RFC 1808 ("Relative Uniform Resource Locators", June
// 1995) is "a companion to RFC 1738" that describes them. Resolution under rfc1738 is
// therefore RFC 1808 section 4 over the parse of RFC 1808 section 2.4; the base, an
// embedded URL that has a scheme, and the result are checked against RFC 1738's grammar
// (which has no fragment: RFC 1808 2.4.1 sets it aside).

// url1808 holds the parts of RFC 1808 section 2.4. RFC 1808 does not tell an empty part
// from an absent one ("If the question mark is the last character, or no question mark
// is present, then the query information is empty"), except that the "//" of the
// net_loc is remembered so that "file:///x" recombines as it was.
type url1808 struct {
	scheme, netLoc, path, params, query, fragment string
	hasNetLoc                                     bool
}

// parse1808 applies the rules of RFC 1808 section 2.4 in order.
func parse1808(s string) url1808 {
	var u url1808
	// 2.4.1 Parsing the Fragment Identifier: after the first "#".
	if i := strings.IndexByte(s, '#'); i >= 0 {
		u.fragment, s = s[i+1:], s[:i]
	}
	// 2.4.2 Parsing the Scheme: a colon after the first character and before any
	// character not allowed in a scheme name (alphanumeric, "+", ".", "-").
	if i := strings.IndexFunc(s, func(r rune) bool { return !isSchemeChar(r) }); i > 0 && s[i] == ':' {
		u.scheme, s = s[:i], s[i+1:]
	}
	// 2.4.3 Parsing the Network Location/Login: after "//", up to the next "/".
	if strings.HasPrefix(s, "//") {
		s = s[2:]
		i := strings.IndexByte(s, '/')
		if i < 0 {
			i = len(s)
		}
		u.netLoc, u.hasNetLoc, s = s[:i], true, s[i:]
	}
	// 2.4.4 Parsing the Query Information: after the first "?".
	if i := strings.IndexByte(s, '?'); i >= 0 {
		u.query, s = s[i+1:], s[:i]
	}
	// 2.4.5 Parsing the Parameters: after the first ";".
	if i := strings.IndexByte(s, ';'); i >= 0 {
		u.params, s = s[i+1:], s[:i]
	}
	// 2.4.6 Parsing the Path: the rest, with the "/" that may precede it.
	u.path = s
	return u
}

func isSchemeChar(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '+' || r == '.' || r == '-'
}

// String recombines the parts (step 7): empty parts are written without their
// delimiter, as RFC 1808 cannot tell them from absent ones.
func (u url1808) String() string {
	var b strings.Builder
	if u.scheme != "" {
		b.WriteString(u.scheme)
		b.WriteByte(':')
	}
	if u.hasNetLoc || u.netLoc != "" {
		b.WriteString("//")
		b.WriteString(u.netLoc)
	}
	b.WriteString(u.path)
	for _, p := range [...]struct {
		delim byte
		v     string
	}{{';', u.params}, {'?', u.query}, {'#', u.fragment}} {
		if p.v != "" {
			b.WriteByte(p.delim)
			b.WriteString(p.v)
		}
	}
	return b.String()
}

// resolveRFC1808 is RFC 1808 section 4, for rfc1808 and rfc1738. rfc1808's grammar
// derives relative URLs, so the embedded URL is checked whatever its form; rfc1738's has
// no relative form and checks only an absolute one (step 2b).
func resolveRFC1808(d *specDesc, base, ref string, o resolveOptions) (Result, error) {
	spec := d.spec
	if !o.unvalidated {
		if e := validateTarget(d, base); e != nil {
			return Result{}, e
		}
		if !d.noRelativeForm {
			if e := validateTarget(d, ref); e != nil {
				return Result{}, e
			}
		}
	}
	// Step 1: the base URL must be known; an empty (unknown) base would make the embedded
	// URL absolute, but Resolve requires an absolute base.
	b := parse1808(base)
	if b.scheme == "" {
		return Result{}, notAbsolute(spec, base)
	}
	// Step 2: both URLs are parsed (section 2.4).
	r := parse1808(ref)
	// Step 2a: an entirely empty embedded URL is the base URL, fragment included.
	if ref == "" {
		return Result{Target: base}, nil
	}
	// Step 2b: an embedded URL with a scheme is absolute: done.
	if r.scheme != "" {
		if !o.unvalidated {
			if e := validateTarget(d, ref); e != nil {
				return Result{}, e
			}
		}
		return Result{Target: ref}, nil
	}
	// Step 2c: otherwise it inherits the base's scheme.
	r.scheme = b.scheme
	// Step 3: a non-empty net_loc skips to step 7; otherwise the base's is inherited.
	if r.netLoc == "" {
		r.netLoc, r.hasNetLoc = b.netLoc, b.hasNetLoc
		switch {
		case strings.HasPrefix(r.path, "/"):
			// Step 4: a path preceded by "/" is not relative: step 7.
		case r.path == "":
			// Step 5: an empty path inherits the base's path, and
			r.path = b.path
			// 5a) a non-empty params skips to step 7; otherwise the base's are inherited and
			if r.params == "" {
				r.params = b.params
				// 5b) a non-empty query skips to step 7; otherwise the base's is inherited.
				if r.query == "" {
					r.query = b.query
				}
			}
		default:
			// Step 6: the last segment of the base path (anything after the right-most
			// "/", or the entire path if there is none) is replaced by the embedded path,
			// and then steps 6a-6d remove dot segments.
			r.path = removeDotSegmentsBuffer(lastSlashPrefix(b.path) + r.path)
		}
	}
	// Step 7: recombination.
	return Result{Target: r.String()}, nil
}
