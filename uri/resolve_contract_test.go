package uri

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urispec/urispec/internal/pct"
	"github.com/urispec/urispec/internal/testcorpus"
)

// targetValid is what Resolve's doc comment promises of a target it returns without an
// error: valid under spec by Validate without the scheme grammars (GenericOnly under
// rfc3986 and rfc3987, which layer them); under rfc1738 the URL before "#" by RFC 1738's
// grammar and the fragment after it by RFC 1808's fragment rule (uchar and reserved
// characters, section 2.2), written out here.
func targetValid(t *testing.T, spec Spec, target string) bool {
	if spec == RFC1738 {
		url, fragment, _ := strings.Cut(target, "#")
		for i := 0; i < len(fragment); i++ {
			c := fragment[i]
			switch {
			case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', strings.IndexByte("$-_.+!*'(),;/?:@&=", c) >= 0:
			case c == '%' && i+2 < len(fragment) && pct.IsHex(fragment[i+1]) && pct.IsHex(fragment[i+2]):
				i += 2
			default:
				return false
			}
		}
		return Validate(RFC1738, url) == nil
	}
	p, err := NewParser(spec)
	if err == nil && p.SchemeGrammars() {
		p, err = NewParser(spec, GenericOnly())
	}
	if err != nil {
		t.Fatal(err)
	}
	return p.Validate(target) == nil
}

// TestResolveContract checks what Resolve's doc comment says, under every spec, with and
// without NonStrict, on every base and reference of the golden tables and the corpus,
// and on each base with references made to break the specs' rules: no error and a
// target that is valid (or the current document); a *ResultError holding the Result,
// whose target is not valid; or an *Error for an input the spec rejects (the base or
// the reference, as Input), or a base without a scheme (Rule "base").
func TestResolveContract(t *testing.T) {
	type pair struct{ base, ref string }
	var pairs []pair
	bases := map[string]bool{"https://example.com/a/b?c#d": true, "mailto:a@example.org": true, "foo:/a": true}
	files, _ := filepath.Glob(testcorpus.Path(t, "testdata/resolve/*.tsv"))
	for _, file := range files {
		for _, row := range readResolveTable(t, file) {
			pairs = append(pairs, pair{row.base, row.ref})
			bases[row.base] = true
		}
	}
	for _, row := range readTSV(t, testcorpus.Path(t, "testdata/corpora/resolve.tsv"), true) {
		pairs = append(pairs, pair{row.Fields[2], row.Fields[3]})
		bases[row.Fields[2]] = true
	}
	refs := []string{"", "#", "#0", "#a b", "#a#b", "#%zz", "?", "?y", "?a b", "g", "g?", "./g", "../g", "../../../../g",
		"//g", "///g", "g:h", "http:g", "http:", ";x", "g;x=1/../y", "a%zz", "%41", "[", "[::1]", "//[::1]/", "//a:99999/",
		"//a@b/", "g#s#t", "a b", "\\", "//%41/", "mailto:a@b", "urn:a:b", "URL:http://a/", "http://a/b c", ".", ".."}
	for base := range bases {
		for _, ref := range refs {
			pairs = append(pairs, pair{base, ref})
		}
	}
	counts, ran := map[string]int{}, 0 // ran counts the specs that ran: -run may choose some
	for spec := Spec(1); spec < numSpecs; spec++ {
		t.Run(spec.String(), func(t *testing.T) {
			ran++
			for _, opts := range [][]ResolveOption{nil, {NonStrict()}} {
				for _, pr := range pairs {
					res, err := Resolve(spec, pr.base, pr.ref, opts...)
					var re *ResultError
					var e *Error
					switch {
					case err == nil && res.SameDocument:
						counts["same document"]++
						if res.Target != "" {
							t.Errorf("%v %q %q: SameDocument with target %q", spec, pr.base, pr.ref, res.Target)
						}
					case err == nil:
						counts["valid target"]++
						if !targetValid(t, spec, res.Target) {
							t.Errorf("%v %q %q: %q and no error, but the target is not valid", spec, pr.base, pr.ref, res.Target)
						}
					case errors.As(err, &re):
						counts["ResultError"]++
						if re.Result != res || re.Err == nil || re.Err.Input != res.Target || targetValid(t, spec, res.Target) {
							t.Errorf("%v %q %q: %v, result %+v: the ResultError must hold the result and say why its target is invalid", spec, pr.base, pr.ref, err, res)
						}
					case errors.As(err, &e):
						counts["input error"]++
						if res != (Result{}) {
							t.Errorf("%v %q %q: %v with the result %+v", spec, pr.base, pr.ref, err, res)
						}
						switch {
						case e.Rule == "base" && e.Input == pr.base:
							if _, ok := schemePrefix(pr.base); ok {
								t.Errorf("%v %q %q: %v, but the base has a scheme", spec, pr.base, pr.ref, err)
							}
						case e.Input == pr.base:
							if validatePlain(spec, pr.base) == nil {
								t.Errorf("%v %q %q: %v, but the base is valid", spec, pr.base, pr.ref, err)
							}
						case e.Input == pr.ref:
							if refValid(spec, pr.base, pr.ref) {
								t.Errorf("%v %q %q: %v, but the reference is valid", spec, pr.base, pr.ref, err)
							}
						default:
							t.Errorf("%v %q %q: %v names neither input", spec, pr.base, pr.ref, err)
						}
					default:
						t.Errorf("%v %q %q: %v (%T)", spec, pr.base, pr.ref, err, err)
					}
				}
			}
		})
	}
	if ran < int(numSpecs)-1 {
		return // the outcomes below are those of every spec
	}
	for _, k := range []string{"same document", "valid target", "ResultError", "input error"} {
		if counts[k] == 0 {
			t.Errorf("no outcome %q: the test does not reach it", k)
		}
	}
	t.Logf("%v", counts)
}

// refValid reports whether ref is valid under spec as a reference (against base, under
// whatwg), with the generic syntax alone.
func refValid(spec Spec, base, ref string) bool {
	opts := []ParserOption{withoutSchemeGrammars}
	if spec == WHATWG {
		opts = append(opts, Base(base))
	}
	p, err := NewParser(spec, opts...)
	if err != nil {
		return false
	}
	return p.Validate(ref) == nil
}
