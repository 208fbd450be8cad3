package specdiff

import (
	"fmt"
	"strings"
	"sync"

	"github.com/urispec/urispec/gen/automata"
	"github.com/urispec/urispec/internal/automaton"
)

// A Language is the set of strings that one grammar's top rule derives, as a minimal
// deterministic automaton over bytes built from the grammar's ABNF.
type Language struct {
	// Name is the language's ID: a spec ID ("rfc3986"), a scheme ("http"), or a
	// language restricted to one scheme ("rfc3986:http", the strings of rfc3986 whose
	// scheme is http, in any case).
	Name string `json:"name"`
	// Title says what it is, Top is the top rule, Document where the grammar is from.
	Title    string `json:"title"`
	Top      string `json:"top"`
	Document string `json:"document"`
	// Notes say what the automaton leaves out of or adds to the grammar: checks the
	// document defines by procedure, inside or outside the automaton; bounds.
	Notes []string `json:"notes,omitempty"`
	// States counts the states of the language's minimal automaton (the dead state
	// included) and Classes its byte classes.
	States  int `json:"states"`
	Classes int `json:"classes"`

	d *automaton.DFA
}

var (
	loadOnce sync.Once
	loaded   []*Language
	byName   map[string]*Language
	loadErr  error
)

func load() error {
	loadOnce.Do(func() {
		ds, err := automaton.Decode(automata.Table)
		if err != nil {
			loadErr = err
			return
		}
		byName = map[string]*Language{}
		for _, d := range ds {
			l := newLanguage(d)
			loaded = append(loaded, l)
			byName[l.Name] = l
		}
	})
	return loadErr
}

func newLanguage(d *automaton.DFA) *Language {
	l := &Language{Name: d.Name, Title: d.Title, Top: d.Top, Document: d.Document, Notes: d.Notes, d: d}
	if d.Min != nil {
		m := d.Minimal()
		l.States, l.Classes = m.States(), m.NClass
	}
	return l
}

// Languages lists every language: the spec versions in date order, rfc6570, then the
// scheme grammars.
func Languages() []*Language {
	if err := load(); err != nil {
		panic("specdiff: " + err.Error()) // the table is generated and embedded
	}
	return append([]*Language(nil), loaded...)
}

// Lookup returns the language of that name: an ID of Languages, or "NAME:SCHEME", the
// strings of NAME whose scheme is SCHEME (ASCII case-insensitive).
func Lookup(name string) (*Language, error) {
	if err := load(); err != nil {
		return nil, err
	}
	if l, ok := byName[name]; ok {
		return l, nil
	}
	base, scheme, ok := strings.Cut(name, ":")
	if l, found := byName[base]; ok && found && validScheme(scheme) {
		return l.withScheme(scheme), nil
	}
	return nil, fmt.Errorf("specdiff: no language %q (urispec diff -h lists them)", name)
}

func validScheme(s string) bool {
	if s == "" || !isAlpha(s[0]) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isAlpha(c) && !('0' <= c && c <= '9') && c != '+' && c != '-' && c != '.' {
			return false
		}
	}
	return true
}

func isAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// Active lists the rules that can be active after the prefix s, as the minimal automaton
// knows them (the rules on the stack of some position of the grammar that its state
// stands for), in the order the grammar first uses them; nil when no string of the
// language begins with s.
func (l *Language) Active(s string) []string {
	q := l.d.Start
	for i := 0; i < len(s) && q != automaton.Dead; i++ {
		q = l.d.Step(q, s[i])
	}
	if q == automaton.Dead {
		return nil
	}
	var out []string
	for _, r := range l.d.Minimal().Active[l.d.Min[q]] {
		out = append(out, l.d.Rules[r].Name)
	}
	return out
}

// Accepts reports whether the language holds s.
func (l *Language) Accepts(s string) bool { return l.d.Accepts(s) }

// schemeLanguages are the scheme grammars and the scheme each one's URIs have; every one
// is layered on RFC 3986's generic syntax (and RFC 3987's).
var schemeLanguages = []struct{ name, scheme string }{
	{"http", "http"}, {"https", "https"}, {"urn", "urn"}, {"mailto", "mailto"}, {"file", "file"},
	{"file-F", "file"}, {"data", "data"}, {"tel", "tel"}, {"geo", "geo"},
}

// lineage is the spec versions in date order: -spec all diffs each with the next.
var lineage = []string{"url-1993", "rfc1630", "rfc1738", "rfc1808", "url-syntax-05", "rfc2396",
	"rfc2732", "rfc2396bis-01", "rfc3986", "rfc3987", "rfc6874", "whatwg"}

// Pair is two languages to diff.
type Pair struct{ A, B string }

// LineagePairs is every adjacent pair of the lineage, then rfc3986 and whatwg: what
// urispec diff -spec lineage diffs (docs/changes.md).
func LineagePairs() []Pair {
	var ps []Pair
	for i := 0; i+1 < len(lineage); i++ {
		ps = append(ps, Pair{lineage[i], lineage[i+1]})
	}
	return append(ps, Pair{"rfc3986", "whatwg"})
}

// AllPairs is what urispec diff -spec all diffs: LineagePairs, and each scheme grammar
// against RFC 3986's generic syntax restricted to its scheme (the syntax it is layered
// on).
func AllPairs() []Pair {
	ps := LineagePairs()
	for _, s := range schemeLanguages {
		ps = append(ps, Pair{s.name, "rfc3986:" + s.scheme})
	}
	return ps
}

// Lineage lists the spec versions in date order.
func Lineage() []string { return append([]string(nil), lineage...) }

// withScheme is l restricted to the strings whose scheme is scheme: the product of l's
// automaton with one that reads scheme ":" (any case) and then anything. The product is
// not minimized; every computation of this package works on any deterministic automaton.
func (l *Language) withScheme(scheme string) *Language {
	prefix := strings.ToLower(scheme) + ":"
	d := l.d
	// Byte classes: l's, split by the prefix's bytes.
	var class [256]uint8
	sig := map[[2]int]int{}
	var rep []byte
	for c := range 256 {
		p := strings.IndexByte(prefix, byte(c)|lowerIf(byte(c)))
		k := [2]int{int(d.Class[c]), p}
		id, ok := sig[k]
		if !ok {
			id = len(rep)
			sig[k] = id
			rep = append(rep, byte(c))
		}
		class[c] = uint8(id)
	}
	nc := len(rep)
	type st struct {
		q int32
		i int
	}
	index := map[st]int32{{0, -1}: 0}
	states := []st{{0, -1}}
	add := func(s st) int32 {
		if s.q == automaton.Dead || s.i == -1 {
			return 0
		}
		if id, ok := index[s]; ok {
			return id
		}
		index[s] = int32(len(states))
		states = append(states, s)
		return int32(len(states) - 1)
	}
	out := &automaton.DFA{Name: l.Name + ":" + strings.ToLower(scheme), Top: d.Top, Document: d.Document,
		Title: d.Title + ", scheme " + strings.ToLower(scheme), Notes: d.Notes,
		Rules: d.Rules, Frames: d.Frames, Sets: d.Sets, Class: class, NClass: nc}
	out.Start = add(st{d.Start, 0})
	for k := 0; k < len(states); k++ {
		s := states[k]
		out.Final = append(out.Final, s.i == len(prefix) && d.Final[s.q])
		out.Kernel = append(out.Kernel, d.Kernel[s.q])
		out.Active = append(out.Active, d.Active[s.q])
		for c := range nc {
			b := rep[c]
			i := s.i
			switch {
			case i < 0:
			case i < len(prefix) && b|lowerIf(b) == prefix[i]:
				i++
			case i < len(prefix):
				i = -1
			}
			q := d.Step(s.q, b)
			if s.q == automaton.Dead {
				q = automaton.Dead
			}
			out.Next = append(out.Next, add(st{q, i}))
			out.Consume = append(out.Consume, d.Consume[int(s.q)*d.NClass+int(d.Class[b])])
		}
	}
	return newLanguage(out)
}

func lowerIf(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return 0x20
	}
	return 0
}
