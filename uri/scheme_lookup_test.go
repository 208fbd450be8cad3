package uri

import (
	"strings"
	"testing"

	"github.com/urispec/urispec/internal/testcorpus"
)

// lookupByName is what schemeGrammarOf and lookupScheme compute, the plain way: the text
// before the first ":" that no "/", "?" or "#" precedes, compared without case with each
// name of schemeTable.
func lookupByName(s string, whole bool) *schemeGrammar {
	name := s
	if !whole {
		i := strings.IndexAny(s, ":/?#")
		if i < 0 || s[i] != ':' {
			return nil
		}
		name = s[:i]
	}
	for _, sg := range compiledSchemes() {
		if strings.EqualFold(name, sg.name) && len(name) == len(sg.name) {
			return sg
		}
	}
	return nil
}

// TestSchemeGrammarOf compares schemeGrammarOf (a word at a time, a key and a hashed
// slot) and lookupScheme with lookupByName on every name of schemeTable in upper and
// lower case, and on each of them with every byte value put in place of each of its
// bytes, inserted before it or put in place of its ":", followed by texts short and
// long; and on the benchmark lists' lines.
func TestSchemeGrammarOf(t *testing.T) {
	var inputs []string
	tails := []string{"", ":", ":x", "://a/b", ":/" + strings.Repeat("p", 20), "x:", "/:", "?a:"}
	for _, sg := range compiledSchemes() {
		for _, name := range []string{sg.name, strings.ToUpper(sg.name), strings.ToUpper(sg.name[:1]) + sg.name[1:]} {
			for _, tail := range tails {
				inputs = append(inputs, name+tail, name[:len(name)-1]+tail, name+"s"+tail, "x"+name+tail)
			}
			full := name + ":" + strings.Repeat("a", 10)
			for i := 0; i <= len(name); i++ {
				for c := range 256 {
					b := string([]byte{byte(c)})
					inputs = append(inputs, full[:i]+b+full[i+1:], full[:i]+b+full[i:], name[:i]+b+":", name[:i]+b)
				}
			}
		}
	}
	for _, file := range []string{"realworld-urls.txt.gz", "gosrc-file-urls.txt.gz", "loader-file-urls.txt.gz"} {
		inputs = append(inputs, testcorpus.Lines(t, "testdata/corpora/"+file)...)
	}
	for _, s := range inputs {
		if got, want := schemeGrammarOf(s), lookupByName(s, false); got != want {
			t.Errorf("schemeGrammarOf(%q) = %v, want %v", s, nameOf(got), nameOf(want))
		}
		if i := strings.IndexByte(s, ':'); i >= 0 {
			if got, want := lookupScheme(s[:i]), lookupByName(s[:i], true); got != want {
				t.Errorf("lookupScheme(%q) = %v, want %v", s[:i], nameOf(got), nameOf(want))
			}
		}
	}
}

func nameOf(sg *schemeGrammar) string {
	if sg == nil {
		return "none"
	}
	return sg.name
}
