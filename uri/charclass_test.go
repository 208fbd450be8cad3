package uri_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	goabnf "github.com/pandatix/go-abnf"

	"github.com/urispec/urispec/uri"
)

// TestCharClasses computes from each grammar's ABNF (the oracle's, as go-abnf reads it)
// the ASCII bytes that the strings of each character class of its descriptor begin with
// (the bytes an error at that place allows), and the unreserved set of each spec, and
// requires the sets written in the descriptors to be exactly those, and each class to
// come before the classes it contains. A class is named for its grammar's rule
// (classRules lists the few that are not, and the rules they stand for).
func TestCharClasses(t *testing.T) {
	abnf := map[string]*goabnf.Grammar{}
	for _, o := range loadOracles(t) {
		abnf[o.name] = o.g
	}
	for _, o := range loadSchemeOracles(t) {
		abnf[o.rule] = o.g
	}
	for _, gc := range uri.AllGrammarClasses() {
		t.Run(gc.ABNF, func(t *testing.T) {
			g := abnf[gc.ABNF]
			if g == nil {
				t.Fatalf("no ABNF oracle named %s", gc.ABNF)
			}
			first := newFirstSets(g)
			if later, earlier := supersetAfter(gc.Classes); later != "" {
				t.Errorf("class %q comes after %q, which it contains (classes go largest first)", later, earlier)
			}
			for _, c := range gc.Classes {
				rules := classRules[gc.ABNF+" "+c[0]]
				if rules == nil {
					rules = []string{c[0]}
				}
				want, err := first.union(rules)
				if err != nil {
					t.Errorf("class %q: %v", c[0], err)
					continue
				}
				if diff := setDiff(c[1], want); diff != "" {
					t.Errorf("class %q = %q; the grammar's %s: %s", c[0], c[1], strings.Join(rules, " / "), diff)
				}
			}
			if gc.Unreserved == "" {
				return
			}
			rules := unreservedRules[gc.ABNF]
			if rules == nil {
				rules = []string{"unreserved"}
			}
			from := first
			if i := strings.Index(rules[0], ":"); i >= 0 {
				from = newFirstSets(abnf[rules[0][:i]])
				rules = []string{rules[0][i+1:]}
			}
			want, err := from.union(rules)
			if err != nil {
				t.Fatalf("unreserved: %v", err)
			}
			if diff := setDiff(gc.Unreserved, want); diff != "" {
				t.Errorf("unreserved = %q; the grammar's %s: %s", gc.Unreserved, strings.Join(rules, " / "), diff)
			}
		})
	}
}

// classRules gives, by grammar and class name, the rules whose union a class is where its
// name is no rule of the grammar's ABNF.
var classRules = map[string][]string{
	// RFC 3987 2.2 prints RFC 3986's pchar as ipchar; its ASCII is the same.
	"rfc3987 pchar": {"ipchar"},
	// The URL Standard names code point sets in prose (Infra, 4.5 and 4.6).
	"whatwg URL unit":           {"URL-unit"},
	"whatwg URL code point":     {"URL-code-point"},
	"whatwg ASCII alphanumeric": {"ALPHA", "DIGIT"},
	"whatwg ASCII alpha":        {"ALPHA"},
	"whatwg ASCII hex digit":    {"HEXDIG"},
	"whatwg ASCII digit":        {"DIGIT"},
	// RFC 2397's hex is RFC 2396's, which grammar/schemes/data.abnf writes as HEXDIG.
	"dataurl hex": {"HEXDIG"},
}

// unreservedRules gives, by spec, the rules whose union the unreserved set is where the
// spec's ABNF has no rule "unreserved": a rule of another grammar is "<abnf>:<rule>".
var unreservedRules = map[string][]string{
	// Neither has an unreserved set: letters and digits alone are decoded.
	"rfc1630":  {"alphanum"},
	"url-1993": {"alphanum"},
	// The standard defines no normalization: RFC 3986's applies, with its set.
	"whatwg": {"rfc3986:unreserved"},
}

// firstSets computes, for the rules of an ABNF grammar, the bytes their strings begin
// with and whether they derive the empty string, to a fixed point (rules may recurse).
// A rule that needs a prose value has an error instead.
type firstSets struct {
	g        *goabnf.Grammar
	first    map[string]*[256]bool
	nullable map[string]bool
	err      map[string]error
	cur      error // the error of the rule being computed
}

func newFirstSets(g *goabnf.Grammar) *firstSets {
	f := &firstSets{g: g, first: map[string]*[256]bool{}, nullable: map[string]bool{}, err: map[string]error{}}
	for changed := true; changed; {
		changed = false
		for _, r := range g.Rulemap {
			changed = f.rule(r) || changed
		}
	}
	return f
}

// rule recomputes r's set from the current sets of the rules it names; it reports a
// change.
func (f *firstSets) rule(r *goabnf.Rule) bool {
	key := strings.ToLower(r.Name)
	set := f.first[key]
	if set == nil {
		set = new([256]bool)
		f.first[key] = set
	}
	before, beforeErr := *set, f.err[key]
	f.cur = nil
	null := f.alternation(r.Alternation, set)
	if f.cur != nil {
		f.err[key] = f.cur
	}
	changed := before != *set || null && !f.nullable[key] || beforeErr != f.err[key]
	f.nullable[key] = f.nullable[key] || null
	return changed
}

// lookup returns the set of the rule named name (core rules computed on first use).
func (f *firstSets) lookup(name string) (*[256]bool, bool, error) {
	key := strings.ToLower(name)
	if set, ok := f.first[key]; ok {
		return set, f.nullable[key], f.err[key]
	}
	r := goabnf.GetRule(name, f.g.Rulemap)
	if r == nil {
		return nil, false, fmt.Errorf("no rule %s", name)
	}
	f.first[key] = new([256]bool)
	cur := f.cur
	for f.rule(r) {
	}
	f.cur = cur
	return f.first[key], f.nullable[key], f.err[key]
}

func (f *firstSets) fail(err error) {
	if f.cur == nil {
		f.cur = err
	}
}

func (f *firstSets) alternation(a goabnf.Alternation, set *[256]bool) (nullable bool) {
	for _, c := range a.Concatenations {
		if f.concatenation(c, set) {
			nullable = true
		}
	}
	return nullable
}

func (f *firstSets) concatenation(c goabnf.Concatenation, set *[256]bool) (nullable bool) {
	for _, rep := range c.Repetitions {
		if rep.Max == 0 { // 0<pchar>: the empty string
			continue
		}
		null := f.element(rep.Element, set)
		if !null && rep.Min > 0 {
			return false
		}
	}
	return true
}

func (f *firstSets) element(e goabnf.ElemItf, set *[256]bool) (nullable bool) {
	switch e := e.(type) {
	case goabnf.ElemRulename:
		sub, null, err := f.lookup(e.Name)
		if err != nil {
			f.fail(err)
			return false
		}
		for i, ok := range sub {
			set[i] = set[i] || ok
		}
		return null
	case goabnf.ElemGroup:
		return f.alternation(e.Alternation, set)
	case goabnf.ElemOption:
		f.alternation(e.Alternation, set)
		return true
	case goabnf.ElemCharVal:
		if len(e.Values) == 0 {
			return true
		}
		r := e.Values[0]
		add(set, r)
		if !e.Sensitive && r < 0x80 {
			add(set, rune(strings.ToLower(string(r))[0]))
			add(set, rune(strings.ToUpper(string(r))[0]))
		}
		return false
	case goabnf.ElemNumVal:
		base := map[string]int{"x": 16, "d": 10, "b": 2}[strings.ToLower(e.Base)]
		bounds := e.Elems[:1]
		if e.Status == goabnf.StatRange {
			bounds = e.Elems[:2]
		}
		var lohi [2]int64
		for i, b := range bounds {
			v, err := strconv.ParseInt(b, base, 32)
			if err != nil {
				f.fail(fmt.Errorf("num-val %s: %v", e, err))
			}
			lohi[i] = v
		}
		if len(bounds) == 1 {
			lohi[1] = lohi[0]
		}
		for r := lohi[0]; r <= lohi[1] && r < 0x80; r++ {
			add(set, rune(r))
		}
		if lohi[1] >= 0x80 {
			set[0x80] = true // some byte outside ASCII: the classes are ASCII only
		}
		return false
	default:
		f.fail(fmt.Errorf("cannot read %s (%T)", e, e))
		return false
	}
}

func add(set *[256]bool, r rune) {
	if r < 0x80 {
		set[r] = true
	} else {
		set[0x80] = true
	}
}

// union is the set of ASCII bytes that the strings of any of rules begin with.
func (f *firstSets) union(rules []string) ([256]bool, error) {
	var out [256]bool
	for _, name := range rules {
		set, _, err := f.lookup(name)
		if err != nil {
			return out, fmt.Errorf("%s: %v", name, err)
		}
		for i := 0; i < 0x80; i++ {
			out[i] = out[i] || set[i]
		}
	}
	return out, nil
}

// setDiff says which bytes chars lists twice, has that want lacks, and misses: "" when
// none.
func setDiff(chars string, want [256]bool) string {
	var have [256]bool
	var twice, extra, missing []byte
	for i := 0; i < len(chars); i++ {
		switch c := chars[i]; {
		case have[c]:
			twice = append(twice, c)
		case !want[c]:
			extra = append(extra, c)
		}
		have[chars[i]] = true
	}
	for i := 0; i < 0x80; i++ {
		if want[i] && !have[i] {
			missing = append(missing, byte(i))
		}
	}
	var out []string
	for _, d := range []struct {
		what  string
		bytes []byte
	}{{"listed twice", twice}, {"not in the grammar", extra}, {"missing", missing}} {
		if len(d.bytes) > 0 {
			out = append(out, fmt.Sprintf("%s %q", d.what, d.bytes))
		}
	}
	return strings.Join(out, "; ")
}

// supersetAfter returns the name of a class of classes that comes after one it strictly
// contains, and that one's name: summarize names classes in their order, so a class must
// come before its subsets.
func supersetAfter(classes [][2]string) (later, earlier string) {
	for i, small := range classes {
		for _, big := range classes[i+1:] {
			if len(big[1]) > len(small[1]) && containsAll(big[1], small[1]) {
				return big[0], small[0]
			}
		}
	}
	return "", ""
}

func containsAll(set, sub string) bool {
	for i := 0; i < len(sub); i++ {
		if !strings.Contains(set, sub[i:i+1]) {
			return false
		}
	}
	return true
}
