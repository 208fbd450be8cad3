package uri

import (
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"
)

// Parser parses references under one spec, reusing its buffers from one input to the
// next. It is not safe for concurrent use; the package's Parse and Validate are.
type Parser struct {
	spec Spec
	g    *grammar
	top  int // the entry rule: g.top, or g.genericTop under GenericOnly
	m    machine
	toks [][3]int32 // the syntax tree of the last Run, reused
	// schemes: a reference whose scheme has a grammar must also match it (schemes.go);
	// sub holds a Parser of each scheme grammar, made when first needed.
	schemes bool
	sub     []*Parser
	iri     bool // the spec's references are IRIs
	// Of a scheme grammar's Parser: the grammar, and the last match, reused.
	scheme *schemeGrammar
	match  schemeMatch
	// check, when set, runs the procedures that follow the grammar on what it accepted
	// (whatwg); nil under GrammarOnly.
	check func(r Reference) *Error
	// base is the ParserOption Base, for the specs that read it (whatwg); "" for none.
	base string
}

// ParserOption configures a Parser.
type ParserOption func(*parserOptions)

type parserOptions struct {
	genericOnly, grammarOnly bool
	noSchemeGrammars         bool
	base                     string
}

// GenericOnly checks references against the spec's generic syntax alone: without
// rfc1738's ten scheme rules ("http:x" is valid), or rfc3986's and rfc3987's scheme
// grammars ("http:///x" is valid). Other specs ignore the option.
func GenericOnly() ParserOption { return func(o *parserOptions) { o.genericOnly = true } }

// Base gives the base URL against which whatwg judges a relative-URL string (by the
// base's scheme, and whether its path is opaque); without one, whatwg accepts absolute
// URLs only. NewParser fails if the base has no scheme. Other specs ignore the option.
func Base(url string) ParserOption { return func(o *parserOptions) { o.base = url } }

// GrammarOnly turns off the checks that follow the grammar (whatwg's valid domain and
// port bound): the Parser accepts exactly what the grammar derives. Other specs ignore it.
func GrammarOnly() ParserOption { return func(o *parserOptions) { o.grammarOnly = true } }

// NewParser returns a Parser for spec, or an error if spec is not one of the Spec
// constants or an option does not fit it (a base without a scheme).
func NewParser(spec Spec, opts ...ParserOption) (*Parser, error) {
	var o parserOptions
	for _, opt := range opts {
		opt(&o)
	}
	if !spec.known() {
		return nil, fmt.Errorf("uri: unknown spec %v", spec)
	}
	g, d := spec.grammar(), spec.desc()
	top := g.top
	if o.genericOnly && g.genericTop >= 0 {
		top = g.genericTop
	}
	p := &Parser{spec: spec, g: g, top: top, m: g.newMachine(),
		schemes: d.schemeGrammars && !o.genericOnly && !o.noSchemeGrammars, iri: d.iri}
	if g.entryFor != nil && o.base != "" {
		rule, err := g.entryFor(o.base)
		if err != nil {
			return nil, err
		}
		p.top, p.base = g.binding.ruleID(rule), o.base
	}
	if !o.grammarOnly {
		p.check = g.check
	}
	return p, nil
}

// SchemeGrammars reports whether the Parser checks a reference whose scheme has a
// grammar against that grammar too: under rfc3986 and rfc3987, unless made with
// GenericOnly.
func (p *Parser) SchemeGrammars() bool { return p.schemes }

// Spec is the spec the Parser parses under.
func (p *Parser) Spec() Spec { return p.spec }

// Validate reports whether s is a valid reference: nil, or an *Error. It builds no
// Reference; a rejected s costs about two parses and one allocation.
func (p *Parser) Validate(s string) error {
	if p.check != nil {
		if _, err := p.Parse(s); err != nil {
			return err
		}
		return nil
	}
	if p.m.Accepts(s, p.top) {
		if p.schemes {
			_, err := p.checkScheme(s, false)
			return err
		}
		return nil
	}
	return p.explain(s)
}

// Parse parses s into its components, or returns the zero Reference and an *Error. A
// valid s costs no allocation; a rejected one, its Error.
func (p *Parser) Parse(s string) (r Reference, err error) {
	if !p.run(s) {
		return Reference{}, p.explain(s)
	}
	if p.schemes {
		if _, err := p.checkScheme(s, false); err != nil {
			return Reference{}, err
		}
	}
	p.fill(s, &r) // into the result itself: no copy of the Reference
	if p.check != nil {
		if e := p.check(r); e != nil {
			return Reference{}, e
		}
	}
	return r, nil
}

// run parses s for Parse, recording only the tokens that fill reads (those of rules with
// a role: about half of a tree, none under rfc1808, whose parts come from its section
// 2.4). The result and Farthest are those of a Run that records every token.
func (p *Parser) run(s string) bool { return p.m.RunRecording(s, p.top, &p.g.record) }

// fill sets every field of r from the syntax tree of the run that accepted s.
func (p *Parser) fill(s string, r *Reference) {
	r.spec, r.input = p.spec, s
	p.g.fill(p.tokens(), r)
}

// explain builds the Error for an input the last Run rejected: at the offset and in the
// rule that the machine's ErrorAt finds (the farthest failing test, unless a lookahead
// read past it).
func (p *Parser) explain(s string) *Error {
	off, rule := p.m.ErrorAt(s, p.top)
	off = charStart(s, off)
	e := &Error{Spec: p.spec, Input: s, Offset: off, Rule: p.g.names[rule], top: int32(p.top)}
	if sg := p.scheme; sg != nil {
		// Expected is found later on s, the text the scheme's grammar ran on, and for
		// now the error's Input (schemeGrammar.run pins it where that changes), unless
		// the grammar ran on a fragment, which inInput leaves out.
		if sg.withFragment || strings.IndexByte(s, '#') < 0 {
			e.src.Store(sg.inInput)
		} else {
			e.src.Store(&errorSource{g: p.g, scheme: sg, schemeText: s, schemeOffset: off})
		}
		e.Scheme, e.Section = sg.name, sg.where
		return e
	}
	e.src.Store(p.g.errors)
	if p.g.name != nil {
		e.Validation = p.g.name(s, off, e.Rule, p.base)
	}
	return e
}

// expected names what may follow prefix, the valid beginning of an invalid input: the
// printable characters, the wide classes and the end of input that the machine's
// Expected finds allowed (it parses prefix with a probe once, and again only for the
// classes of bytes that parse leaves undecided). TestExplainMatchesProbing compares the
// result with trying every class.
func (p *Parser) expected(prefix string) []string {
	samples := p.g.samples
	ascii, wide, end := p.m.Expected(prefix, p.top, samples)
	var allowed [256]bool
	for c := 0x20; c < 0x7f; c++ {
		allowed[c] = ascii[c>>6]&(1<<(c&63)) != 0
	}
	out := summarize(&allowed, p.g.classes)
	for i, w := range p.g.wide {
		if wide&(1<<i) != 0 {
			out = append(out, w.name)
		}
	}
	if end {
		out = append(out, "end of input")
	}
	return out
}

// charStart moves an error offset back to the first byte of the character that holds
// it: the parser reads bytes, and a UTF-8 sequence whose code point a grammar does not
// accept fails at a later byte (U+FDD0, EF B7 90, fails at the 90). It stops earlier at a
// byte that is not part of well-formed UTF-8 (a character of its own), since no grammar
// accepts one (a truncated "\xe4\xb8" fails only at the byte after it).
func charStart(s string, off int) int {
	// ASCII needs no moving back: skip it eight bytes at a time (the compiler loads the
	// eight as one word), since every rejection pays for this scan up to its offset.
	i := 0
	for ; i+8 <= off; i += 8 {
		if word(s[i:])&highBits != 0 {
			break
		}
	}
	return charStartFrom(s, i, off)
}

// word is the first eight bytes of s (at least eight long) as one little-endian number,
// which the compiler loads as one word: for the scans that look at eight bytes at once.
func word(s string) uint64 {
	b := s[:8]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// charStartFrom is charStart byte by byte from i, the first byte of a character.
func charStartFrom(s string, i, off int) int {
	for i < off {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || i+size > off {
			return i
		}
		i += size
	}
	return off
}

// tokens returns the syntax tree of the last successful Run, in a buffer that the next
// call reuses.
func (p *Parser) tokens() [][3]int32 {
	p.toks = p.m.Tokens(p.toks[:0])
	return p.toks
}

// maxProbe is the farthest error offset for which Error.Expected is computed: it costs
// a parse of the prefix, and one more per class of bytes that parse leaves undecided.
const maxProbe = 64 << 10

// Two pools of Parsers per spec: pools as NewParser(spec) makes them, for Parse and
// Validate; plainPools without the scheme grammars (schemes.go), for the operations that
// the specs define on the generic syntax alone: resolution (RFC 3986 section 5),
// normalization (section 6), the IRI mapping (RFC 3987 3.1) and the spec readers of the
// differential hazards.
var pools, plainPools [numSpecs]sync.Pool

func get(spec Spec) (*Parser, error) { return getFrom(&pools, spec) }

func getFrom(pool *[numSpecs]sync.Pool, spec Spec) (*Parser, error) {
	if !spec.known() {
		return nil, fmt.Errorf("uri: unknown spec %v", spec)
	}
	if p, ok := pool[spec].Get().(*Parser); ok {
		return p, nil
	}
	if pool == &plainPools {
		return NewParser(spec, withoutSchemeGrammars)
	}
	return NewParser(spec)
}

// withoutSchemeGrammars is the ParserOption of plainPools: unlike GenericOnly, it leaves
// rfc1738's own scheme rules on.
func withoutSchemeGrammars(o *parserOptions) { o.noSchemeGrammars = true }

// Parse parses s under spec, or returns the zero Reference and an error (an *Error when
// s is not valid). It is safe for concurrent use.
func Parse(spec Spec, s string) (Reference, error) { return parseFrom(&pools, spec, s) }

// Validate reports whether s is a valid reference under spec: nil, or an *Error.
// It is safe for concurrent use.
func Validate(spec Spec, s string) error { return validateFrom(&pools, spec, s) }

// parsePlain and validatePlain are Parse and Validate without the scheme grammars.
func parsePlain(spec Spec, s string) (Reference, error) { return parseFrom(&plainPools, spec, s) }

func validatePlain(spec Spec, s string) error { return validateFrom(&plainPools, spec, s) }

func parseFrom(pool *[numSpecs]sync.Pool, spec Spec, s string) (Reference, error) {
	p, err := getFrom(pool, spec)
	if err != nil {
		return Reference{}, err
	}
	defer pool[spec].Put(p)
	return p.Parse(s)
}

func validateFrom(pool *[numSpecs]sync.Pool, spec Spec, s string) error {
	p, err := getFrom(pool, spec)
	if err != nil {
		return err
	}
	defer pool[spec].Put(p)
	return p.Validate(s)
}
