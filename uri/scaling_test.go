package uri_test

import (
	"errors"
	"testing"

	"github.com/urispec/urispec/internal/scaling"
	"github.com/urispec/urispec/internal/subtest"
	"github.com/urispec/urispec/uri"
	"github.com/urispec/urispec/uri/hazard"
	"github.com/urispec/urispec/uri/rfc1738"
	"github.com/urispec/urispec/uri/template"
)

// The operations of package uri on the repeated shapes that stress them: each must take
// time and memory linear in its input. BenchmarkScalingOps times them (ns/byte at 1 KiB,
// 64 KiB and 1 MiB, and x16: 16 for a linear operation, the target at most 20);
// TestScalingAllocs counts the bytes each allocates.

// scalingOp is an operation and the shapes it is measured on.
type scalingOp struct {
	name   string
	shapes []scaling.Shape
	op     func(string)
}

var (
	segments    = scaling.Shape{Name: "segments", Prefix: "http://h/", Unit: "a/"}
	userinfo    = scaling.Shape{Name: "userinfo", Prefix: "http://", Unit: "a:", End: "@h/"}
	hostLabels  = scaling.Shape{Name: "host-labels", Prefix: "http://", Unit: "a.", End: "com/"}
	queryPairs  = scaling.Shape{Name: "query", Prefix: "http://h/?", Unit: "a=b&"}
	dotDots     = scaling.Shape{Name: "dot-segments", Prefix: "http://h/", Unit: "a/../"}
	escDots     = scaling.Shape{Name: "escaped-dots", Prefix: "http://h/", Unit: "%2e%2e/"}
	atSigns     = scaling.Shape{Name: "at-signs", Prefix: "http://", Unit: "a@", End: "h/"}
	rejectedEnd = scaling.Shape{Name: "rejected-at-end", Prefix: "http://h/", Unit: "a/", End: " "}
	nonASCII    = scaling.Shape{Name: "non-ascii-path", Prefix: "http://h/", Unit: "é"}
	// ftpUser is the user of an ftp URL's login, for the specs whose http URL has no
	// userinfo (rfc1630's httpaddress, rfc1738's httpurl: "http://" hostport), where
	// the userinfo shape would be rejected at byte 9 and time only the copy of the
	// input. Their user derives no ":" (RFC 1630: alphanum2, RFC 1738 section 5: user).
	ftpUser = scaling.Shape{Name: "ftp-user", Prefix: "ftp://", Unit: "a", End: "@h/"}
)

// parseShapes are the shapes that Parse is timed on under spec: path segments and a
// userinfo, each read to its end by spec's grammar (TestScalingParseShapes). Under
// whatwg a userinfo is not valid (a valid URL string has no credentials): the row times
// the rejection at byte 9 and the URL parser's reading that the error carries.
func parseShapes(spec uri.Spec) []scaling.Shape {
	if spec == uri.RFC1630 || spec == uri.RFC1738 {
		return []scaling.Shape{segments, ftpUser}
	}
	return []scaling.Shape{segments, userinfo}
}

func parseOp(spec uri.Spec) func(string) { return func(s string) { uri.Parse(spec, s) } }

func scalingOps() []scalingOp {
	var ops []scalingOp
	for _, spec := range uri.Specs() {
		ops = append(ops, scalingOp{"Parse/" + spec.String(), parseShapes(spec), parseOp(spec)})
	}
	rfc3987 := func(s string) { uri.Parse(uri.RFC3987, s) }
	deployed := hazard.DefaultReaders(uri.RFC3986)
	ops = append(ops,
		scalingOp{"Parse/rfc3987", []scaling.Shape{nonASCII}, rfc3987},
		scalingOp{"Validate/rfc3986", []scaling.Shape{segments, hostLabels, queryPairs}, func(s string) { uri.Validate(uri.RFC3986, s) }},
		scalingOp{"Error", []scaling.Shape{rejectedEnd, atSigns}, func(s string) {
			var e *uri.Error
			if errors.As(uri.Validate(uri.RFC3986, s), &e) {
				_ = e.Error()
				e.Expected()
			}
		}},
		scalingOp{"Resolve/rfc3986", []scaling.Shape{dotDots, segments}, func(s string) { uri.Resolve(uri.RFC3986, "http://h/b/c", s) }},
		scalingOp{"Normalize/rfc3986", []scaling.Shape{dotDots, escDots}, func(s string) { uri.Normalize(uri.RFC3986, s, uri.LevelScheme) }},
		scalingOp{"Equal/rfc3986", []scaling.Shape{escDots}, func(s string) { uri.Equal(uri.RFC3986, s, s, uri.LevelScheme) }},
		scalingOp{"Hazards", []scaling.Shape{escDots, queryPairs, hostLabels,
			{Name: "encoded-controls", Prefix: "http://h/", Unit: "%0d%0a"},
			{Name: "nested-jar", Prefix: "", Unit: "jar:", End: "http://127.0.0.1!/"}}, func(s string) {
			if r, err := uri.Parse(uri.RFC3986, s); err == nil {
				hazard.Find(r)
			}
		}},
		scalingOp{"Differentials", []scaling.Shape{segments, userinfo, hostLabels}, func(s string) {
			if r, err := uri.Parse(uri.RFC3986, s); err == nil {
				hazard.Differentials(r, deployed...)
			}
		}},
		scalingOp{"Lenient", []scaling.Shape{rejectedEnd, atSigns,
			{Name: "backslashes", Prefix: "http://h", Unit: `\a`, End: "/"}}, func(s string) {
			var e *uri.Error
			if errors.As(uri.Validate(uri.RFC3986, s), &e) {
				hazard.Lenient(e, deployed...)
			}
		}},
		scalingOp{"Guard", []scaling.Shape{segments, atSigns}, func(s string) { hazard.Guard(s) }},
		scalingOp{"SchemeParts/geo", []scaling.Shape{{Name: "parameters", Prefix: "geo:1,2", Unit: ";a=b"},
			{Name: "distinct-parameters", Make: func(n int) string { return scaling.Numbered("geo:1,2", ";p%d=v", "", n) }}}, schemeParts},
		scalingOp{"SchemeParts/tel", []scaling.Shape{{Name: "parameters", Make: func(n int) string { return scaling.Numbered("tel:+1-201-555-0123", ";p%08d=v", "", n) }}}, schemeParts},
		scalingOp{"SchemeParts/http", []scaling.Shape{segments, queryPairs}, schemeParts},
		scalingOp{"SchemeParts/urn", []scaling.Shape{{Name: "nss", Prefix: "urn:example:", Unit: "a:"}}, schemeParts},
		scalingOp{"SchemeParts/mailto", []scaling.Shape{{Name: "hfields", Prefix: "mailto:a@example.com?", Unit: "x=y&", End: "x=y"},
			{Name: "addresses", Prefix: "mailto:", Unit: "a@example.com,", End: "a@example.com"}}, schemeParts},
		scalingOp{"SchemeParts/data", []scaling.Shape{{Name: "data", Prefix: "data:,", Unit: "a"}}, schemeParts},
		scalingOp{"SchemeParts/file", []scaling.Shape{{Name: "segments", Prefix: "file:///", Unit: "a/"}}, schemeParts},
		scalingOp{"rfc1738.Read", []scaling.Shape{{Name: "ftp-segments", Prefix: "ftp://h/", Unit: "a/"},
			{Name: "prospero-fields", Prefix: "prospero://h/p", Unit: ";a=b"}}, func(s string) {
			if r, err := uri.Parse(uri.RFC1738, s); err == nil {
				rfc1738.Read(r)
			}
		}},
		scalingOp{"IRIToURI", []scaling.Shape{nonASCII}, func(s string) { uri.IRIToURI(s) }},
		scalingOp{"template.Parse", []scaling.Shape{{Name: "variables", Prefix: "{", Unit: "a,", End: "b}"},
			{Name: "expressions", Prefix: "/", Unit: "{a}/"}}, func(s string) { template.Parse(s) }},
		scalingOp{"Template.Variables", []scaling.Shape{{Name: "distinct-variables", Make: func(n int) string { return scaling.Numbered("{", "v%d,", "z}", n) }}}, func(s string) {
			if t, err := template.Parse(s); err == nil {
				t.Variables()
			}
		}},
		scalingOp{"Template.Expand", []scaling.Shape{{Name: "expressions", Prefix: "/", Unit: "{a}{+b}"}}, func(s string) {
			if t, err := template.Parse(s); err == nil {
				t.Expand(templateVars, template.MaxExpansion(8<<20))
			}
		}},
		scalingOp{"template.DecodeVars", []scaling.Shape{{Name: "distinct-names", Make: func(n int) string { return scaling.Numbered(`{"z":"`, `","v%d":"x`, `"}`, n) }},
			{Name: "list", Prefix: `{"a":["x"`, Unit: `,"x"`, End: `]}`}}, func(s string) { template.DecodeVars([]byte(s)) }},
		scalingOp{"CheckURITemplate", []scaling.Shape{{Name: "expressions", Prefix: "/", Unit: "{a}/"}}, func(s string) { uri.CheckURITemplate(s) }},
		scalingOp{"CheckIRI", []scaling.Shape{nonASCII}, func(s string) { uri.CheckIRI(s) }},
	)
	return ops
}

var templateVars = map[string]template.Value{"a": template.String("x y"), "b": template.String("/z")}

func schemeParts(s string) {
	if r, err := uri.Parse(uri.RFC3986, s); err == nil {
		r.SchemeParts()
	}
}

// BenchmarkScalingOps times every operation on each of its shapes at 1 KiB, 64 KiB and
// 1 MiB (internal/scaling): go test ./uri -run '^$' -bench ScalingOps -count 5.
// The baseline rows (scaling.BenchBaselines) are what the machine gives work linear by
// construction.
func BenchmarkScalingOps(b *testing.B) {
	scaling.BenchBaselines(b)
	for _, o := range scalingOps() {
		for _, sh := range o.shapes {
			b.Run(o.name+"/"+sh.Name, func(b *testing.B) { scaling.BenchShape(b, sh, o.op) })
		}
	}
}

// TestScalingAllocs: no operation allocates, per byte of its input, more at 1 MiB than
// 3 times what it allocates at 64 KiB plus 8 bytes (scaling.CheckAllocs says why), nor
// more than 100 bytes (the most is about 66, a hazard with its message for each
// "%2e%2e/"; lists of a scheme's parts grown by append rather than made at their size
// allocated 113 to 185, as geo's, tel's and mailto's did, and so did a list of hazards).
func TestScalingAllocs(t *testing.T) {
	for _, o := range scalingOps() {
		for _, sh := range o.shapes {
			scaling.CheckAllocs(t, o.name, sh, 100, o.op)
		}
	}
}

// TestScalingShapesValid: the shapes are what they are meant to be, so that the
// measurements measure the work they name: accepted where an operation reads an
// accepted input, rejected where it reads an error.
func TestScalingShapesValid(t *testing.T) {
	for _, sh := range []scaling.Shape{segments, userinfo, hostLabels, queryPairs, dotDots, escDots} {
		t.Run(sh.Name, func(t *testing.T) {
			if err := uri.Validate(uri.RFC3986, sh.At(1<<10)); err != nil {
				t.Errorf("%s: %v", sh.Name, err)
			}
		})
	}
	for _, sh := range []scaling.Shape{rejectedEnd, atSigns} {
		t.Run(sh.Name, func(t *testing.T) {
			if err := uri.Validate(uri.RFC3986, sh.At(1<<10)); err == nil {
				t.Errorf("%s is valid; it stands for a rejection", sh.Name)
			}
		})
	}
	for _, o := range scalingOps() {
		t.Run(subtest.Name(o.name), func(t *testing.T) {
			if len(o.name) > 12 && o.name[:12] == "SchemeParts/" {
				for _, sh := range o.shapes {
					r, err := uri.Parse(uri.RFC3986, sh.At(1<<10))
					if err != nil {
						t.Errorf("%s %s: %v", o.name, sh.Name, err)
						continue
					}
					if _, err := r.SchemeParts(); err != nil {
						t.Errorf("%s %s: %v", o.name, sh.Name, err)
					}
				}
			}
		})
	}
}

// TestScalingParseShapes: each spec's grammar reads Parse's shapes to their end, but
// for whatwg's userinfo (parseShapes), so that a row of Parse times a parse, not a
// rejection at its start.
func TestScalingParseShapes(t *testing.T) {
	for _, spec := range uri.Specs() {
		for _, sh := range parseShapes(spec) {
			t.Run(spec.String()+"/"+sh.Name, func(t *testing.T) {
				err := uri.Validate(spec, sh.At(1<<10))
				if spec == uri.WHATWG && sh.Name == userinfo.Name {
					if err == nil {
						t.Errorf("whatwg accepts credentials in %.40q...", sh.At(1<<10))
					}
					return
				}
				if err != nil {
					t.Error(err)
				}
			})
		}
	}
}
