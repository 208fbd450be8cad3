package uri

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"github.com/urispec/urispec/internal/engine"
)

// Error says why a string is not a valid reference under a spec: where (Offset), in which
// rule (Rule), and on demand what was allowed (Expected). Safe for concurrent use.
type Error struct {
	// Spec is the spec whose grammar rejected Input; zero for the URI Template grammar.
	Spec Spec
	// top is the entry rule of the Parser that made the error, from which Expected is
	// found with a machine of the Parser's grammar (src's g); 0 when the expected set was
	// fixed when the error was made. (Beside Spec, where it takes no word of its own.)
	top   int32
	Input string
	// Offset is the byte offset of the first character that cannot be part of a valid
	// reference (len(Input) when the input stops too early).
	Offset int
	// Rule is the grammar rule (as the spec spells it) being parsed at Offset; for a
	// scheme's grammar, its rule ("port"), or its top rule for a rule stated in prose.
	Rule string
	// Scheme ("http") is set when the scheme's grammar or a rule its RFC adds in prose
	// rejected the reference; Section is where that is stated ("RFC 9110 section 4.2.1").
	Scheme, Section string
	// Reason says what is wrong at Offset for a rule stated in prose or by procedure
	// rather than in a grammar ("empty host").
	Reason string

	// Validation is, under whatwg, the validation error the URL Standard's parser
	// reports for the input ("port-out-of-range"); "" under other specs or if none.
	Validation string

	// src is where Expected is found, and what only errors of a scheme's grammar or RFC
	// carry: one pointer, shared by every error of a grammar that carries nothing else
	// (grammar.errors, schemeGrammar.inInput), so that an error is 120 bytes, in the
	// allocator's size class of 128. Every rejection allocates an Error, and beyond the
	// failing parse its allocation is most of what a rejection costs
	// (docs/performance.md). Expected, once found, is stored in a copy of the source
	// that replaces it.
	src atomic.Pointer[errorSource]
}

// errorSource is what an Error needs to find Expected, and what an Error of a scheme's
// grammar, or of a rule its RFC states in prose, adds: the grammar, the text it ran on
// (the reference without its fragment, or an IRI's URI mapping) and the offset into it,
// from which Expected is found, and the prose rule of a Reason. It is not changed once
// an Error points to it.
type errorSource struct {
	// g is the grammar of the Parser that made the error: Expected reaches the grammar
	// through e, not through e's Spec, which would link every spec's parser into a
	// program that calls Expected (grammar.go).
	g *grammar
	// expected is Expected once found (or fixed when the error was made).
	expected *[]string

	scheme       *schemeGrammar
	schemeText   string
	schemeOffset int
	requirement  string
	// inInput: the text is the Error's Input without its fragment (unless the scheme's
	// rule derives it) and the offset its Offset, as for the ASCII reference of a
	// scheme's error (schemeGrammar.inInput), which shares its grammar's source and so
	// allocates only the Error.
	inInput bool
}

// source returns e's errorSource; the zero one if it has none.
func (e *Error) source() *errorSource {
	if s := e.src.Load(); s != nil {
		return s
	}
	return &errorSource{}
}

// schemePrefix is the text that the scheme's grammar ran on, up to the error.
func (e *Error) schemePrefix() string {
	src := e.source()
	if !src.inInput {
		return src.schemeText[:src.schemeOffset]
	}
	text := e.Input
	if i := strings.IndexByte(text, '#'); i >= 0 && !src.scheme.withFragment {
		text = text[:i]
	}
	return text[:e.Offset]
}

// fixedExpected is the errorSource of the errors whose Expected is list, fixed where they
// are made: one for each such place, shared by its errors and never changed, so that
// such an error allocates nothing else.
func fixedExpected(list ...string) *errorSource { return &errorSource{expected: &list} }

// withSource sets e's errorSource to src and returns e.
func (e *Error) withSource(src *errorSource) *Error {
	e.src.Store(src)
	return e
}

// pinSchemeText makes e's scheme text explicit when it is e's Input (inInput), before
// Input or Offset change (the error of a scheme's text taken from a longer input).
func (e *Error) pinSchemeText() {
	src := e.src.Load()
	if src == nil || !src.inInput {
		return
	}
	pinned := *src
	pinned.schemeText, pinned.schemeOffset, pinned.inInput = e.schemePrefix(), e.Offset, false
	e.src.Store(&pinned)
}

// Expected lists what the grammar would have accepted at Offset ("pchar", "\"/\"", "end
// of input", "valid domain"); nil beyond 64 KiB. It is found on the first call, by a few
// parses, so that code that only tests for an error does not pay for it.
func (e *Error) Expected() []string {
	src := e.src.Load()
	if src != nil && src.expected != nil {
		return slices.Clone(*src.expected)
	}
	// Two goroutines that ask at once may both find it; they find the same list.
	var list []string
	switch {
	case src != nil && src.scheme != nil:
		list = e.schemeExpected()
	case src != nil && e.top != 0:
		list = e.findExpected()
	}
	found := errorSource{expected: &list}
	if src != nil {
		found = *src
		found.expected = &list
	}
	if e.src.CompareAndSwap(src, &found) {
		return slices.Clone(list)
	}
	return slices.Clone(*e.src.Load().expected)
}

// findExpected computes Expected with a pooled machine of the grammar that made e, from
// e's entry rule. It reaches the grammar through e, not through e's Spec, which would
// link every spec's parser into a program that calls Expected (grammar.go).
func (e *Error) findExpected() []string {
	if e.Offset > maxProbe {
		return nil
	}
	g := e.source().g
	m := g.machines.Get().(machine)
	defer g.machines.Put(m)
	p := Parser{spec: e.Spec, g: g, top: int(e.top), m: m}
	return p.expected(e.Input[:e.Offset])
}

// schemeExpected computes Expected for an error of a scheme's grammar, with a pooled
// Parser of that grammar.
func (e *Error) schemeExpected() []string {
	prefix := e.schemePrefix()
	if len(prefix) > maxProbe {
		return nil
	}
	sg := e.source().scheme
	p := sg.pool.Get().(*Parser)
	defer sg.pool.Put(p)
	return p.expected(prefix)
}

// Error returns a message such as `rfc3986: invalid character ' ' at byte 8 in reg-name`
// or `rfc3986: http: empty host at byte 7 (RFC 9110 section 4.2.1: ...)`: every field
// that is set, Validation in parentheses, and not Expected, which costs parses to find.
func (e *Error) Error() string {
	b := make([]byte, 0, 64+len(e.Rule))
	if e.Spec == 0 {
		b = append(b, engine.Template...)
	} else {
		b = append(b, e.Spec.String()...)
	}
	b = append(b, ": "...)
	if e.Scheme != "" {
		b = append(b, e.Scheme...)
		b = append(b, ": "...)
	}
	if e.Reason != "" && e.Validation != "" {
		// A check of whatwg's that follows the grammar: the standard's name first.
		b = append(b, e.Validation...)
		b = append(b, " at byte "...)
		b = strconv.AppendInt(b, int64(e.Offset), 10)
		b = append(b, " in "...)
		b = append(b, e.Rule...)
		b = append(b, ": "...)
		b = append(b, e.Reason...)
		b = append(b, " ("...)
		b = append(b, e.Section...)
		return string(append(b, ')'))
	}
	if e.Reason != "" {
		b = append(b, e.Reason...)
		b = append(b, " at byte "...)
		b = strconv.AppendInt(b, int64(e.Offset), 10)
		b = append(b, " ("...)
		b = append(b, e.Section...)
		if req := e.source().requirement; req != "" {
			b = append(b, ": "...)
			b = append(b, req...)
		}
		return string(append(b, ')'))
	}
	b = appendErrorAt(b, e.Input, e.Offset, e.Rule)
	for _, paren := range [...]string{e.Section, e.Validation} {
		if paren != "" {
			b = append(b, " ("...)
			b = append(b, paren...)
			b = append(b, ')')
		}
	}
	return string(b)
}

// appendErrorAt appends what was found at offset of input and the rule it failed in.
func appendErrorAt(b []byte, input string, offset int, rule string) []byte {
	if offset >= len(input) {
		b = append(b, "unexpected end of input"...)
	} else {
		b = append(b, "invalid "...)
		b = appendCharAt(b, input, offset)
	}
	b = append(b, " at byte "...)
	b = strconv.AppendInt(b, int64(offset), 10)
	if rule != "" {
		b = append(b, " in "...)
		b = append(b, rule...)
	}
	return b
}

// appendCharAt appends the name of the character at byte i: printable ASCII quoted,
// other characters by code point, bytes that are not UTF-8 by value.
func appendCharAt(b []byte, s string, i int) []byte {
	const hex = "0123456789ABCDEF"
	c := s[i]
	switch {
	case c >= 0x20 && c < 0x7f:
		if c == '\'' {
			return append(b, `character "'"`...)
		}
		b = append(b, "character '"...)
		return append(b, c, '\'')
	case c < 0x80:
		b = append(b, "control character U+00"...)
		return append(b, hex[c>>4], hex[c&15])
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && size <= 1 {
		b = append(b, "byte 0x"...)
		b = append(b, hex[c>>4], hex[c&15])
		return append(b, " (not UTF-8)"...)
	}
	return fmt.Appendf(b, "non-ASCII character U+%04X %q", r, r)
}

// summarize names the allowed bytes: each class wholly allowed that covers bytes not yet
// named (classes come largest first), then the remaining bytes one by one.
func summarize(allowed *[256]bool, classes []charClass) []string {
	var out []string
	var named [256]bool
	for _, c := range classes {
		all, adds := true, false
		for i := 0; i < len(c.chars); i++ {
			if !allowed[c.chars[i]] {
				all = false
				break
			}
			if !named[c.chars[i]] {
				adds = true
			}
		}
		if all && adds {
			out = append(out, c.name)
			for i := 0; i < len(c.chars); i++ {
				named[c.chars[i]] = true
			}
		}
	}
	for i := 0; i < 256; i++ {
		if allowed[i] && !named[i] {
			out = append(out, strconv.Quote(string(rune(i))))
		}
	}
	return out
}
