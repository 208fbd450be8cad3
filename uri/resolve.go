package uri

import (
	"errors"
	"fmt"
	"strings"
)

// Result is what resolving a reference gives: an absolute Target, or, where the spec's
// algorithm says so (url-syntax-05, RFC 2396, 2396bis-01), the current document
// (SameDocument, Target empty) with the reference's fragment, if any.
type Result struct {
	Spec         Spec
	Target       string
	SameDocument bool
	// Fragment and HasFragment are the reference's fragment when SameDocument.
	Fragment    string
	HasFragment bool
}

// String returns Target, or "(current document)" and "#fragment" if any (Appendix C).
func (r Result) String() string {
	if !r.SameDocument {
		return r.Target
	}
	if r.HasFragment {
		return "(current document)#" + r.Fragment
	}
	return "(current document)"
}

// ResultError reports that a spec's algorithm produced a target its own grammar rejects
// (a known flaw, or no valid URL abbreviated). errors.As finds the *Error inside.
type ResultError struct {
	Result Result
	Err    *Error // why Result.Target is invalid; Err.Input is Result.Target
}

// Error says what the algorithm gave and why the grammar rejects it.
func (e *ResultError) Error() string {
	return fmt.Sprintf("%v: resolution gives %q, which the grammar rejects: %v", e.Result.Spec, e.Result.Target, e.Err)
}

// Unwrap returns Err.
func (e *ResultError) Unwrap() error { return e.Err }

// ResolveOption changes how Resolve applies a spec's algorithm.
type ResolveOption func(*resolveOptions)

type resolveOptions struct {
	nonStrict   bool
	unvalidated bool
}

// NonStrict resolves a reference whose scheme equals the base's as if it had none
// ("http:g" against "http://a/b/c/d;p?q" gives "http://a/b/c/g"), the backwards-
// compatible reading of RFC 3986 5.2.2, 2396bis-01's 5.2 and RFC 2396's 5.2 step 3 (for a
// hierarchical base). Other specs offer no such reading and ignore the option.
func NonStrict() ResolveOption { return func(o *resolveOptions) { o.nonStrict = true } }

// Unvalidated splits the base and the reference with the spec's generic parsing rule
// (Appendix B's regular expression, RFC 1808 2.4's steps, the 1993 draft's and RFC
// 1630's partial forms) instead of its grammar, and checks nothing but the base's
// scheme: what the algorithm alone does ("?y" under RFC 2396, as its Appendix C does).
func Unvalidated() ResolveOption { return func(o *resolveOptions) { o.unvalidated = true } }

// Resolve resolves ref against base with spec's own algorithm, written from its text
// (resolve_<id>.go, each step commented with the spec's step number), its known flaws
// reproduced, not repaired. A spec whose document changes no step of another's
// resolution uses that one (rfc2732 RFC 2396's, rfc3987 and rfc6874 RFC 3986's), and
// rfc1738, which defines no relative form, RFC 1808's; whatwg resolves with RFC 3986's
// section 5.2.2 a reference valid against the base. The table of docs/specs.md names
// each spec's algorithm and section.
//
// The algorithms work on the generic syntax, without scheme grammars. A base or reference the
// grammar rejects gives its *Error (Rule "base" for a base without a scheme); a target
// it rejects, the Result and a *ResultError (rfc1738's fragment: docs/resolution.md).
func Resolve(spec Spec, base, ref string, opts ...ResolveOption) (Result, error) {
	var o resolveOptions
	for _, opt := range opts {
		opt(&o)
	}
	if !spec.known() {
		return Result{}, fmt.Errorf("uri: unknown spec %v", spec)
	}
	d := spec.desc()
	res, err := spec.resolver()(d, base, ref, o)
	if err != nil {
		return Result{}, err
	}
	res.Spec = spec
	if o.unvalidated || res.SameDocument {
		return res, nil
	}
	if e := validateTarget(d, res.Target); e != nil {
		return res, &ResultError{Result: res, Err: e}
	}
	return res, nil
}

// resolver is one spec's algorithm (Spec.resolver), given the spec's descriptor. It
// parses (or splits) base and ref itself, since the specs disagree on what the
// components are (RFC 1808's params, url-1993's partial form).
type resolver func(d *specDesc, base, ref string, o resolveOptions) (Result, error)

// resolution names a resolution algorithm in a spec's descriptor (specDesc.resolution):
// the descriptor cannot hold the resolver itself, since a resolver parses with NewParser,
// which reads specTable, and the compiler refuses that cycle in the table's initializer.
type resolution uint8

const (
	_                    resolution = iota // unset: TestSpecTable fails
	resolvesURL1993                        // the 1993 draft's "Partial form"
	resolvesRFC1630                        // RFC 1630's "Partial (relative) form"
	resolvesRFC1808                        // RFC 1808 section 4
	resolvesURLSyntax05                    // draft-fielding-url-syntax-05 section 5.2
	resolvesRFC2396                        // RFC 2396 section 5.2
	resolvesRFC2396bis01                   // draft-fielding-uri-rfc2396bis-01 section 5.2
	resolvesRFC3986                        // RFC 3986 section 5.2
	resolvesWHATWG                         // RFC 3986 5.2.2 on a reference valid against the base
)

// resolver returns the resolution algorithm of s, one of the Spec constants, as its
// descriptor names it.
func (s Spec) resolver() resolver {
	switch s.desc().resolution {
	case resolvesURL1993:
		return resolveURL1993
	case resolvesRFC1630:
		return resolveRFC1630
	case resolvesRFC1808:
		return resolveRFC1808
	case resolvesURLSyntax05:
		return resolveURLSyntax05
	case resolvesRFC2396:
		return resolveRFC2396
	case resolvesRFC2396bis01:
		return resolveRFC2396bis01
	case resolvesRFC3986:
		return resolveRFC3986
	case resolvesWHATWG:
		return resolveWHATWG
	}
	return nil
}

// validateTarget checks a resolved target under d's spec. Where "#" is no part of a URL
// (rfc1738; section 2.4.1 of RFC 1808: "the fragment identifier is not considered part
// of the URL"), the URL before the first "#" is checked by the spec's grammar and the
// fragment after it by RFC 1808's (section 2.2: fragment = *( uchar | reserved )), the
// grammar of the algorithm that carried it over; the error's offsets are the target's.
func validateTarget(d *specDesc, s string) *Error {
	url, fragment, hasFragment := s, "", false
	if d.noFragment {
		url, fragment, hasFragment = strings.Cut(s, "#")
	}
	var e *Error
	if err := validatePlain(d.spec, url); err != nil && errors.As(err, &e) {
		e.Input = s
		return e
	}
	if hasFragment {
		if err := validatePlain(RFC1808, "#"+fragment); err != nil && errors.As(err, &e) {
			e.Input, e.Offset = s, e.Offset+len(url)
			return e
		}
	}
	return nil
}

// parts holds the five components of section 4.3/4.4 (Appendix B) of the 1997-2005 specs;
// the path is always defined, possibly empty, and the others may be undefined.
type parts struct {
	scheme, authority, path, query, fragment       string
	hasScheme, hasAuthority, hasQuery, hasFragment bool
}

// String recomposes the parts with the algorithm of step 7 of section 5.2 of url-syntax-05
// and RFC 2396 (the recombination pseudocode of 2396bis-01 5.2 and RFC 3986 5.3, which is
// the same).
func (p parts) String() string {
	var b strings.Builder
	if p.hasScheme {
		b.WriteString(p.scheme)
		b.WriteByte(':')
	}
	if p.hasAuthority {
		b.WriteString("//")
		b.WriteString(p.authority)
	}
	b.WriteString(p.path)
	if p.hasQuery {
		b.WriteByte('?')
		b.WriteString(p.query)
	}
	if p.hasFragment {
		b.WriteByte('#')
		b.WriteString(p.fragment)
	}
	return b.String()
}

// splitGeneric splits s with the regular expression of Appendix B of url-syntax-05,
// RFC 2396, 2396bis-01 and RFC 3986:
//
//	^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
//
// written out by hand (scheme = $2, authority = $4, path = $5, query = $7, fragment = $9).
func splitGeneric(s string) parts {
	var p parts
	if i := strings.IndexAny(s, ":/?#"); i > 0 && s[i] == ':' {
		p.scheme, p.hasScheme, s = s[:i], true, s[i+1:]
	}
	if strings.HasPrefix(s, "//") {
		s = s[2:]
		i := strings.IndexAny(s, "/?#")
		if i < 0 {
			i = len(s)
		}
		p.authority, p.hasAuthority, s = s[:i], true, s[i:]
	}
	if i := strings.IndexByte(s, '#'); i >= 0 {
		p.fragment, p.hasFragment, s = s[i+1:], true, s[:i]
	}
	if i := strings.IndexByte(s, '?'); i >= 0 {
		p.query, p.hasQuery, s = s[i+1:], true, s[:i]
	}
	p.path = s
	return p
}

// partsOf returns the components of a reference parsed under its spec. The path is what
// lies between the authority (or scheme) and the query or fragment, whatever the spec's
// path rule spans (some grammars leave the "/" after the authority outside the path rule).
// If a binding's spans do not delimit the input that way, the Appendix B split of the
// (valid) input is used instead.
func partsOf(r Reference) parts {
	var p parts
	s := r.Input()
	p.scheme, p.hasScheme = r.Get(Scheme)
	if p.hasScheme {
		if !strings.HasPrefix(s, p.scheme+":") {
			return splitGeneric(r.Input())
		}
		s = s[len(p.scheme)+1:]
	}
	p.authority, p.hasAuthority = r.Get(Authority)
	if p.hasAuthority {
		if !strings.HasPrefix(s, "//"+p.authority) {
			return splitGeneric(r.Input())
		}
		s = s[2+len(p.authority):]
	}
	p.fragment, p.hasFragment = r.Get(Fragment)
	if p.hasFragment {
		if !strings.HasSuffix(s, "#"+p.fragment) {
			return splitGeneric(r.Input())
		}
		s = s[:len(s)-len(p.fragment)-1]
	}
	p.query, p.hasQuery = r.Get(Query)
	if p.hasQuery {
		if !strings.HasSuffix(s, "?"+p.query) {
			return splitGeneric(r.Input())
		}
		s = s[:len(s)-len(p.query)-1]
	}
	p.path = s
	return p
}

// parseParts parses s under spec (or splits it with Appendix B when unvalidated), for the
// specs whose resolution works on the generic components.
func parseParts(spec Spec, s string, o resolveOptions) (parts, error) {
	if o.unvalidated {
		return splitGeneric(s), nil
	}
	r, err := parsePlain(spec, s)
	if err != nil {
		return parts{}, err
	}
	return partsOf(r), nil
}

// parseBaseRef parses both and checks that the base is absolute.
func parseBaseRef(spec Spec, base, ref string, o resolveOptions) (b, r parts, err error) {
	if b, err = parseParts(spec, base, o); err != nil {
		return b, r, err
	}
	if !b.hasScheme {
		return b, r, notAbsolute(spec, base)
	}
	r, err = parseParts(spec, ref, o)
	return b, r, err
}

// notAbsolute is the error for a base without a scheme: every spec requires the base
// to be an absolute URI (url-1993: "a full form"; RFC 1808 section 3; the others' 5.1).
func notAbsolute(spec Spec, base string) *Error {
	return (&Error{Spec: spec, Input: base, Offset: 0, Rule: "base"}).withSource(baseExpected)
}

// baseExpected is the expected set of notAbsolute's errors.
var baseExpected = fixedExpected("absolute URI (a scheme)")

// sameDocument is the Result for "the current document", with r's fragment.
func sameDocument(r parts) Result {
	return Result{SameDocument: true, Fragment: r.fragment, HasFragment: r.hasFragment}
}

// lastSlashPrefix returns all but the last segment of path: everything up to and
// including the right-most "/", or "" when there is none (the "copy all but the last
// segment" of RFC 1808 step 6, url-syntax-05 6a, RFC 2396 6a, 2396bis-01 merge step 1).
func lastSlashPrefix(path string) string {
	return path[:strings.LastIndexByte(path, '/')+1]
}
