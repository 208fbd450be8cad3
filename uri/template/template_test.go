package template_test

import (
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/urispec/urispec/internal/subtest"
	"github.com/urispec/urispec/internal/testcorpus"
	"github.com/urispec/urispec/uri"
	"github.com/urispec/urispec/uri/template"
)

// TestTemplateRFCExamples parses every template RFC 6570 prints
// (testdata/templates/rfc6570.tsv): each is valid, has the level of the section 1.2
// table that lists it, and expands to the expansion printed beside it with the
// variables printed before its table, an RFC 3986 URI-reference.
func TestTemplateRFCExamples(t *testing.T) {
	data, err := os.ReadFile(testcorpus.Path(t, "testdata/templates/rfc6570-vars.json"))
	if err != nil {
		t.Fatal(err)
	}
	var sets map[string]json.RawMessage
	if err := json.Unmarshal(data, &sets); err != nil {
		t.Fatal(err)
	}
	rows, err := testcorpus.TSV(testcorpus.Path(t, "testdata/templates/rfc6570.tsv"), false)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) == 0 {
		t.Fatal("no examples")
	}
	for _, row := range rows {
		t.Run(subtest.Name(row.Fields[0]), func(t *testing.T) {
			tmpl, want, level, section, set := row.Fields[0], row.Fields[1], row.Fields[2], row.Fields[3], row.Fields[4]
			tp, err := template.Parse(tmpl)
			if err != nil {
				t.Errorf("line %d (%s): %v", row.Line, section, err)
				return
			}
			if want == "?" {
				return
			}
			vars, err := template.DecodeVars(sets[set])
			if err != nil {
				t.Fatalf("line %d: variables %q: %v", row.Line, set, err)
			}
			if level != "-" {
				// The level read from the syntax; a list or associative array value makes a
				// template Level 4 (1.2) whatever its syntax, which a template cannot tell.
				l, _ := strconv.Atoi(level)
				if got := tp.Level(); got != l && (l != 4 || got > 4 || !composite(tp, sets[set])) {
					t.Errorf("line %d (%s): %q: level %d, the table's %d", row.Line, section, tmpl, got, l)
				}
			}
			got, err := tp.Expand(vars)
			if err != nil || got != want {
				t.Errorf("line %d (%s): %q expands to %q, %v; want %q", row.Line, section, tmpl, got, err, want)
			}
			if err := uri.CheckURIReference(got); err != nil {
				t.Errorf("line %d (%s): %q expands to %q, no URI-reference: %v", row.Line, section, tmpl, got, err)
			}
		})
	}
}

// composite reports whether a variable of tp has a list or object value in the JSON
// object vars.
func composite(tp template.Template, vars json.RawMessage) bool {
	var m map[string]any
	if err := json.Unmarshal(vars, &m); err != nil {
		return false
	}
	for _, name := range tp.Variables() {
		switch m[name].(type) {
		case []any, map[string]any:
			return true
		}
	}
	return false
}

func TestParseParts(t *testing.T) {
	tp, err := template.Parse("http://h/{+path:6}/x{?q,l*}#{=r}é")
	if err != nil {
		t.Fatal(err)
	}
	want := []template.Part{
		{Offset: 0, Text: "http://h/"},
		{Offset: 9, Text: "{+path:6}", Expression: true, Operator: '+', Vars: []template.Varspec{{Name: "path", Prefix: 6}}},
		{Offset: 18, Text: "/x"},
		{Offset: 20, Text: "{?q,l*}", Expression: true, Operator: '?', Vars: []template.Varspec{{Name: "q"}, {Name: "l", Explode: true}}},
		{Offset: 27, Text: "#"},
		{Offset: 28, Text: "{=r}", Expression: true, Operator: '=', Vars: []template.Varspec{{Name: "r"}}},
		{Offset: 32, Text: "é"},
	}
	if got := tp.Parts(); !reflect.DeepEqual(got, want) {
		t.Errorf("Parts:\n got %+v\nwant %+v", got, want)
	}
	if tp.Level() != 0 {
		t.Errorf("Level %d, want 0 (a reserved operator)", tp.Level())
	}
	if got := tp.Variables(); !slices.Equal(got, []string{"path", "q", "l", "r"}) {
		t.Errorf("Variables %q", got)
	}
	for s, level := range map[string]int{"": 1, "a": 1, "{a}": 1, "{+a}": 2, "{#a}": 2, "{a,b}": 3, "{/a}": 3, "{a*}": 4, "{a:1}": 4, "{&a}x{b}": 3} {
		t.Run(subtest.Name(s), func(t *testing.T) {
			tp, err := template.Parse(s)
			if err != nil || tp.Level() != level {
				t.Errorf("%q: level %d, %v; want %d", s, tp.Level(), err, level)
			}
		})
	}
}

// TestTemplateErrors pins where and why a template is rejected.
func TestTemplateErrors(t *testing.T) {
	for _, c := range []struct {
		in       string
		offset   int
		rule     string
		expected []string
	}{
		{"{/id*", 5, "variable-list", []string{`","`, `"}"`}},
		{"{var:01}", 5, "max-length", []string{`"1"`, `"2"`, `"3"`, `"4"`, `"5"`, `"6"`, `"7"`, `"8"`, `"9"`}},
		{"{x..y}", 3, "varchar", []string{"varchar"}},
		{"a%2x", 3, "pct-encoded", []string{"HEXDIG"}},
		{"{}", 1, "operator", []string{"operator", "varchar"}},
		{"a b", 1, "literals", []string{"literals", `"{"`, "ucschar", "iprivate", "end of input"}},
	} {
		t.Run(c.in, func(t *testing.T) {
			_, err := template.Parse(c.in)
			var e *uri.Error
			if !errors.As(err, &e) {
				t.Errorf("%q: %v, want a *uri.Error", c.in, err)
				return
			}
			if e.Offset != c.offset || e.Rule != c.rule || !slices.Equal(e.Expected(), c.expected) {
				t.Errorf("%q: offset %d rule %q expected %q; want %d %q %q", c.in, e.Offset, e.Rule, e.Expected(), c.offset, c.rule, c.expected)
			}
			if check := uri.CheckURITemplate(c.in); check == nil || check.Error() != err.Error() {
				t.Errorf("%q: CheckURITemplate %v, Parse %v", c.in, check, err)
			}
		})
	}
}

func TestTemplateExpand(t *testing.T) {
	vars := map[string]template.Value{
		"u":     template.String("añb c"),
		"pct":   template.String("%41%4"),
		"l":     template.List("a", "", "b/c"),
		"none":  template.List(),
		"kv":    template.Assoc(template.Pair{Name: "k 1", Value: ""}, template.Pair{Name: "k2", Value: "v"}),
		"empty": template.Assoc(),
	}
	for _, c := range []struct{ tmpl, want string }{
		{"{u:2}", "a%C3%B1"},             // a prefix counts characters, not bytes (2.4.1)
		{"{u}", "a%C3%B1b%20c"},          // U: UTF-8 octets of other characters encoded
		{"{+pct}", "%41%254"},            // U+R: a pct-encoded triplet passes, a lone "%" not
		{"{pct}", "%2541%254"},           // U: "%" is encoded
		{"ß{u:1}", "%C3%9Fa"},            // a literal not allowed in a URI is encoded (3.1)
		{"{?l*}", "?l=a&l=&l=b%2Fc"},     // an empty member of an exploded list: ifemp "="
		{"{;l*}", ";l=a;l;l=b%2Fc"},      // ... ifemp "" for ";"
		{"{?kv*}", "?k%201=&k2=v"},       // names of pairs encoded too
		{"{;kv*}", ";k%201;k2=v"},        //
		{"{kv*}", "k%201=,k2=v"},         // unnamed explode: always "="
		{"{?none,empty,x}", ""},          // empty composites are undefined (2.3)
		{"{/l}", "/a,,b%2Fc"},            //
		{"{#l*}", "#a,,b/c"},             //
		{"x{.missing}y", "xy"},           //
		{"{u*}", "a%C3%B1b%20c"},         // explode of a string: the string
		{"{%41}", ""},                    // %41 is not A: pct-encoded names are kept (2.3)
		{"{?u:1,l}", "?u=a&l=a,,b%2Fc"},  //
		{"%7B{+l}", "%7Ba,,b/c"},         //
		{"{&u:9999}", "&u=a%C3%B1b%20c"}, //
	} {
		t.Run(c.tmpl, func(t *testing.T) {
			tp, err := template.Parse(c.tmpl)
			if err != nil {
				t.Errorf("%q: %v", c.tmpl, err)
				return
			}
			got, err := tp.Expand(vars)
			if err != nil || got != c.want {
				t.Errorf("%q expands to %q, %v; want %q", c.tmpl, got, err, c.want)
			}
			if err := uri.CheckURIReference(got); err != nil {
				t.Errorf("%q expands to %q, no URI-reference: %v", c.tmpl, got, err)
			}
		})
	}
	for _, c := range []struct{ tmpl, v, msg string }{
		{"x{=u}", "", `rfc6570: cannot expand {=u} at byte 1: the operator '=' is reserved for future extensions (RFC 6570 section 2.2)`},
		{"{l:1}", "l", `rfc6570: cannot expand {l:1} at byte 0: variable "l": a prefix modifier applies to a string, not a list or an associative array (RFC 6570 section 2.4.1)`},
	} {
		t.Run(subtest.Name(c.tmpl), func(t *testing.T) {
			tp, _ := template.Parse(c.tmpl)
			_, err := tp.Expand(vars)
			var e *template.ExpandError
			if !errors.As(err, &e) || e.Var != c.v || err.Error() != c.msg {
				t.Errorf("%q: %v; want %s", c.tmpl, err, c.msg)
			}
		})
	}
}

func TestDecodeVars(t *testing.T) {
	vars, err := template.DecodeVars([]byte(`{"s": "x", "n": 37.76, "b": true, "u": null,
		"l": ["a", null, 1], "m": {"z": "1", "a": null, "b": "2"}}`))
	if err != nil {
		t.Fatal(err)
	}
	tp, _ := template.Parse("{s,n,b,u}{?l*}{&m*}")
	if got, _ := tp.Expand(vars); got != "x,37.76,true?l=a&l=1&z=1&b=2" {
		t.Errorf("got %q", got)
	}
	for _, c := range []struct {
		json   string
		offset int
	}{
		{`[]`, 0},
		{`"s"`, 0},
		{`{"a": [[]]}`, 7},
		{`{"a": {"b": {}}}`, 12},
		{`{"a": "b"} {}`, 11},
		{`{"a":"x"}A`, 9}, // trailing data
		{`{"a": `, 6},
		{"{\"a\": \"\xe9\"}", 7},                      // not UTF-8
		{`{"a": "\ud800"}`, 6},                        // a lone surrogate, which encoding/json makes U+FFFD
		{`{"a": "x", "b": "y", "a": "z"}`, 21},        // a variable given twice
		{`{"k": {"a": "1", "b": "2", "a": "3"}}`, 27}, // a key given twice
	} {
		t.Run(c.json, func(t *testing.T) {
			_, err := template.DecodeVars([]byte(c.json))
			var e *template.VarsError
			if !errors.As(err, &e) || e.Offset != c.offset || !strings.HasPrefix(err.Error(), "template variables: ") {
				t.Errorf("%q: %v; want a *TemplateVarsError at byte %d", c.json, err, c.offset)
			}
		})
	}
	// U+FFFD itself, written or escaped, and a surrogate pair are no errors.
	for _, good := range []string{`{"a": "\ufffd"}`, `{"a": "` + "\uFFFD" + `"}`, `{"a": "\ud83d\ude00"}`, "{\"a\": \"x\"} \n"} {
		t.Run(subtest.Name(good), func(t *testing.T) {
			if _, err := template.DecodeVars([]byte(good)); err != nil {
				t.Errorf("%q: %v", good, err)
			}
		})
	}
}

// notURIChars returns the offset of the first byte of s that is neither unreserved,
// reserved, nor part of a pct-encoded triplet (RFC 3986 2.1-2.3), or -1.
func notURIChars(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', strings.IndexByte("-._~:/?#[]@!$&'()*+,;=", c) >= 0:
		case c == '%' && i+2 < len(s) && isHexDigit(s[i+1]) && isHexDigit(s[i+2]):
			i += 2
		default:
			return i
		}
	}
	return -1
}

func isHexDigit(c byte) bool { return strings.IndexByte("0123456789ABCDEFabcdef", c) >= 0 }

// FuzzTemplate requires, for any input: Parse agrees with CheckURITemplate; the
// parts of a template put together give it back; and its expansion, unless Expand
// refuses an expression, holds only characters allowed in a URI (3.1 and 3.2.1: other
// characters are pct-encoded). It is not always a URI-reference, nor does the RFC say it
// is: literals and the "+" and "#" operators copy reserved characters wherever they
// stand (the template ":" expands to ":", which RFC 3986 rejects). The expansions of the
// RFC and of the uritemplate-test suite are all URI-references, and their tests check it.
func FuzzTemplate(f *testing.F) {
	for _, s := range []string{"{var}", "http://h/{+path:6}/x{?q,l*}#{=r}é", "{/id*", "a%2x{x.y}"} {
		f.Add(s)
	}
	// Values of every kind, with characters that must be encoded, for the variables.
	values := []template.Value{
		template.String("v a/l%2Fé"),
		template.List("x y", "", "é"),
		template.Assoc(template.Pair{Name: "a b", Value: "c/d"}, template.Pair{Name: "e", Value: ""}),
		{}, // undefined
	}
	f.Fuzz(func(t *testing.T, s string) {
		tp, err := template.Parse(s)
		if (err == nil) != (uri.CheckURITemplate(s) == nil) {
			t.Fatalf("%q: Parse %v, CheckURITemplate %v", s, err, uri.CheckURITemplate(s))
		}
		if err != nil {
			var e *uri.Error
			if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(s) {
				t.Fatalf("%q: %v", s, err)
			}
			return
		}
		var b strings.Builder
		for _, p := range tp.Parts() {
			b.WriteString(p.Text)
		}
		if b.String() != s || tp.String() != s {
			t.Fatalf("%q: parts give %q", s, b.String())
		}
		vars := map[string]template.Value{}
		for i, name := range tp.Variables() {
			vars[name] = values[(len(name)+i)%len(values)]
		}
		got, err := tp.Expand(vars)
		var e *template.ExpandError
		if err != nil && !errors.As(err, &e) {
			t.Fatalf("%q: %v", s, err)
		}
		if err == nil {
			if i := notURIChars(got); i >= 0 {
				t.Fatalf("%q expands to %q: byte %d is no URI character", s, got, i)
			}
		}
	})
}

// TestExpandLimit: an expansion longer than MaxExpansion stops there with an
// *ExpandError that names the expression and unwraps to ErrExpansionLimit; one that
// fits, exactly or not, is whole; without the option there is no limit.
func TestExpandLimit(t *testing.T) {
	tp, err := template.Parse("x{a}{+a}{a}")
	if err != nil {
		t.Fatal(err)
	}
	vars := map[string]template.Value{"a": template.String("b c")} // "b%20c", 5 bytes
	full, err := tp.Expand(vars)
	if err != nil || full != "xb%20cb%20cb%20c" {
		t.Fatalf("Expand = %q, %v", full, err)
	}
	for _, n := range []int{len(full), len(full) + 1} {
		t.Run(strconv.Itoa(n), func(t *testing.T) {
			if got, err := tp.Expand(vars, template.MaxExpansion(n)); got != full || err != nil {
				t.Errorf("MaxExpansion(%d): %q, %v; want %q", n, got, err, full)
			}
		})
	}
	for n, at := range map[int]int{1: 1, 6: 4, len(full) - 1: 8} {
		t.Run(strconv.Itoa(n), func(t *testing.T) {
			got, err := tp.Expand(vars, template.MaxExpansion(n))
			var e *template.ExpandError
			if got != "" || !errors.As(err, &e) || !errors.Is(err, template.ErrExpansionLimit) || e.Limit != n || e.Offset != at {
				t.Errorf("MaxExpansion(%d): %q, %v; want an *ExpandError at byte %d with Limit %d", n, got, err, at, n)
			}
		})
	}
	// A reserved operator is an expression's error, not the limit's.
	tr, _ := template.Parse("{=a}")
	if _, err := tr.Expand(vars, template.MaxExpansion(1)); err == nil || errors.Is(err, template.ErrExpansionLimit) {
		t.Errorf("{=a}: %v; want the reserved operator's error", err)
	}
}
