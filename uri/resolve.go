package uri

import (
	"errors"
	"fmt"
	"strings"
)

// Result is what resolving a reference gives: an absolute target, or, for the specs whose
// algorithm says so (url-syntax-05 and RFC 2396 step 2, 2396bis-01's "current-document"),
// the current document with the reference's fragment, if any.
type Result struct {
	Spec Spec
	// Target is the resolved reference; "" when SameDocument.
	Target string
	// SameDocument reports that the reference is the current document (a "same-document
	// reference"): no new URL is formed, and Target is empty.
	SameDocument bool
	// Fragment and HasFragment are the reference's fragment when SameDocument ("#s" gives
	// "s", true; "" gives "", false).
	Fragment    string
	HasFragment bool
}

// String returns Target, or the spec's own wording for the current document,
// "(current document)" followed by "#fragment" when there is one (as Appendix C prints it).
func (r Result) String() string {
	if !r.SameDocument {
		return r.Target
	}
	if r.HasFragment {
		return "(current document)#" + r.Fragment
	}
	return "(current document)"
}

// ResultError reports that a spec's algorithm, applied to a base and reference it
// accepts, produced a string that its own grammar rejects: one of the spec's known flaws
// (see the README), or, for url-1993, rfc1630 and rfc1738, whose grammars define no
// relative form, a relative reference that does not abbreviate a valid URL. Resolve
// returns the Result along with it. errors.As finds the *Error inside.
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

// NonStrict enables the backwards-compatible reading that each of these specs allows
// and that a strict/validating parser must not use: a reference whose scheme equals the
// base's is resolved as if it had no scheme ("http:g" against "http://a/b/c/d;p?q"
// gives "http://a/b/c/g").
//   - rfc3986: the non-strict parser of section 5.2.2;
//   - rfc2396bis-01: the non-validating parser of the section 5.2 pseudocode;
//   - rfc2396: the work-around of section 5.2 step 3, for a base whose path is
//     hierarchical (it has an authority or its path begins with "/").
//
// The other specs call the form a loophole and offer no such reading; the option has no
// effect on them.
func NonStrict() ResolveOption { return func(o *resolveOptions) { o.nonStrict = true } }

// Unvalidated splits the base and the reference into components with the spec's
// generic parsing rule instead of its grammar, and does not check them or the result:
// the regular expression of Appendix B (url-syntax-05, rfc2396, rfc2396bis-01, rfc3986),
// the parsing steps of RFC 1808 section 2.4 (rfc1738), the full/partial distinction of
// the "Partial form" section (url-1993), the same distinction of RFC 1630's "Partial
// (relative) form" section (rfc1630). It shows what the algorithm alone does, for
// inputs the grammar rejects (RFC 2396's "?y", which its own Appendix C resolves). The
// base must still have a scheme.
func Unvalidated() ResolveOption { return func(o *resolveOptions) { o.unvalidated = true } }

// Resolve resolves ref against base with spec's own algorithm, written from its text:
//
//	url-1993       the "Partial form" section          resolve_url1993.go
//	rfc1630        the "Partial (relative) form"       resolve_rfc1630.go
//	               section
//	rfc1738        RFC 1808 section 4, which RFC 1738  resolve_rfc1808.go
//	               defers to for relative URLs
//	rfc1808        section 4                           resolve_rfc1808.go
//	url-syntax-05  section 5.2 steps 1-7               resolve_urlsyntax05.go
//	rfc2396        section 5.2 steps 1-7               resolve_rfc2396.go
//	rfc2732        RFC 2396's                          resolve_rfc2396.go
//	rfc2396bis-01  section 5.2 pseudocode and merge    resolve_rfc2396bis01.go
//	rfc3986        section 5.2 (5.2.1-5.2.4)           resolve_rfc3986.go
//	rfc3987        RFC 3986's (section 6.5)            resolve_rfc3986.go
//	rfc6874        RFC 3986's (RFC 6874 changes no      resolve_rfc3986.go
//	               step of it)
//	whatwg         RFC 3986's section 5.2.2, for a      whatwg.go
//	               reference valid against the base
//	               (the standard's own is its parser)
//
// Known flaws of each algorithm are reproduced, not repaired (README).
//
// Resolution works on the spec's grammar alone: the scheme grammars that rfc3986 and
// rfc3987 layer on Parse and Validate (docs/schemes.md) do not apply to the base, the
// reference or the target, as the algorithms are defined on the generic syntax
// ("http:g" resolves as RFC 3986 5.4.2 says; the target "http:///x" is returned).
//
// Errors: a base or reference the spec's grammar rejects gives its *Error; a base without
// a scheme gives an *Error with Rule "base"; when the algorithm's output is not valid under
// the spec, Resolve returns the Result and a *ResultError. A value that is no Spec
// constant gives a plain error. With Unvalidated nothing is checked; a SameDocument result
// has no target to check.
//
// "Valid under the spec" is Validate's verdict without the scheme grammars (above), with
// one exception: under rfc1738, whose URLs have no fragment (RFC 1738 section 2.2: "#"
// delimits a URL from a fragment identifier "that might follow it"), the target is the
// URL that RFC 1808 section 4 forms, checked by RFC 1738's grammar, followed by the
// reference's "#" and fragment, which RFC 1808 section 4 carries over and which is
// checked by RFC 1808's fragment rule (section 2.2). Such a target is therefore valid
// for Resolve and invalid for Validate(RFC1738, target) (docs/resolution.md).
func Resolve(spec Spec, base, ref string, opts ...ResolveOption) (Result, error) {
	var o resolveOptions
	for _, opt := range opts {
		opt(&o)
	}
	if !spec.known() {
		return Result{}, fmt.Errorf("uri: unknown spec %v", spec)
	}
	d := spec.desc()
	res, err := d.resolve(d, base, ref, o)
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

// resolver is one spec's algorithm (specDesc.resolve), given the spec's descriptor. It
// parses (or splits) base and ref itself, since the specs disagree on what the
// components are (RFC 1808's params, url-1993's partial form). It reads the descriptor
// it is given, never specTable: the descriptors hold the resolvers, and the compiler
// refuses that cycle in the table's initializer.
type resolver func(d *specDesc, base, ref string, o resolveOptions) (Result, error)

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
	return (&Error{Spec: spec, Input: base, Offset: 0, Rule: "base"}).withExpected("absolute URI (a scheme)")
}

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
