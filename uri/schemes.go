package uri

import (
	"errors"
	"math/bits"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/urispec/urispec/uri/scheme"
)

// Scheme grammars: the syntax that a scheme's own RFC prints for its URIs (http-URI of
// RFC 9110, namestring of RFC 8141, mailtoURI of RFC 6068, ...), each compiled from
// grammar/schemes/<grammar>.peg into gen/schemes/<grammar>/ like the spec versions'
// grammars. Under the specs whose descriptor sets schemeGrammars (rfc3986, rfc3987), a
// reference whose scheme has a grammar must also match it, unless the Parser was made
// with GenericOnly. The scheme's RFC may add rules in prose to its ABNF (RFC 9110 4.2.1:
// no empty host); those are checks of their own (schemeCheck), run after the grammar
// accepted, and an error says which one refused.
//
// These are apart from the RFC 1738 scheme validators of package uri/rfc1738, which check
// a URL against the rules of RFC 1738 section 5 under any spec.
//
// Each scheme is one schemeDesc in a file of its own (scheme_<name>.go), listed in
// schemeTable. docs/schemes.md lists the schemes and their decisions.

// schemeTable lists every scheme that has a grammar. Adding a scheme adds its descriptor
// here (CONTRIBUTING.md, "Adding a scheme grammar"). The descriptors are made by
// functions, called when the table is first compiled (compiledSchemes), so that
// initialising the package links no scheme's parser (grammar.go).
func schemeTable() []*schemeDesc {
	return []*schemeDesc{
		httpScheme(),
		httpsScheme(),
		urnScheme(),
		mailtoScheme(),
		fileScheme(),
		dataScheme(),
		telScheme(),
		geoScheme(),
	}
}

// schemeDesc is everything that makes one scheme's grammar, in one place.
type schemeDesc struct {
	// name is the scheme in lower case ("http"): a reference's scheme is matched in any
	// case (RFC 3986 3.1).
	name string
	// document is the RFC that defines the scheme ("RFC 9110") and section where its
	// syntax is printed ("4.2.1").
	document, section string
	// grammar binds the generated parser of grammar/schemes/<grammar>.peg; its top is the
	// scheme's rule. roles are not used: the parts are read by parts, below.
	grammar binding
	// withFragment: the scheme's rule derives the "#" and fragment (RFC 8141's
	// f-component). Otherwise a fragment is no part of the scheme's syntax (RFC 3986 4.3:
	// absolute-URI) and the reference is checked without it.
	withFragment bool
	// iriMapped: under rfc3987, an IRI is checked by the URI it maps to (RFC 3987 3.1),
	// because the scheme's RFC allows IRIs; otherwise the IRI is checked as it is, and a
	// character outside ASCII is an error of the scheme's grammar.
	iriMapped bool
	// checks are the rules that the scheme's RFC adds in prose, run in order after the
	// grammar accepted; checkTokens the token rules they read (peg names). Validate and
	// Parse record the tokens of those rules only: recording every token rule cost more
	// than the scheme grammar's parse itself.
	checks      []schemeCheck
	checkTokens []string
	// failures are rules that the scheme's RFC states in prose and its grammar already
	// enforces (RFC 3966 5.1.5: a local number has a phone-context): where the grammar
	// rejects the text and a failure's entry rule accepts it, that rule is the one
	// broken, and the error cites its section.
	failures []schemeFailure
	// parts builds the typed parts from the tokens of the accepted text; g is the
	// scheme's scheme.Grammar, which the parts embed.
	parts func(m *schemeMatch, g scheme.Grammar) scheme.Parts
	// shortcut, when set, decides a reference that the generic grammar of rfc3986 or
	// rfc3987 accepted without running the scheme's grammar: from the components the
	// generic parse delimits, where the grammar is the generic syntax with constraints
	// on them (http, https, file), or by a scan of the forms the scheme's references
	// mostly take, which follows the grammar's one way through them and leaves every
	// other text to the grammar (mailto, urn, data, tel, geo). The scheme's file proves
	// it beside its shortcut; TestSchemeShortcuts compares every verdict, offset and
	// rule with the grammar's run and the ABNF oracle. It
	// returns shortAccept when the grammar and the checks accept, shortReject and the
	// offset of the error that the grammar's run reports in shortcutRule (a peg name),
	// or shortUndecided, and the grammar runs. A shortcut that never rejects names no
	// rule. Where the grammar reads an IRI as it is (not iriMapped), a reference outside
	// ASCII is left to the grammar, and the shortcut reads ASCII only.
	shortcut     func(s string) (v shortVerdict, offset int)
	shortcutRule string
}

// byteSet is a set of bytes, for the shortcuts' scans.
type byteSet [256]bool

func newByteSet(chars string) *byteSet {
	var b byteSet
	for i := 0; i < len(chars); i++ {
		b[chars[i]] = true
	}
	return &b
}

// prefix returns the length of the longest beginning of s whose bytes are in b.
func (b *byteSet) prefix(s string) int {
	for i := 0; i < len(s); i++ {
		if !b[s[i]] {
			return i
		}
	}
	return len(s)
}

// withoutFragment returns s up to its first "#".
func withoutFragment(s string) string {
	if i := strings.IndexByte(s, '#'); i >= 0 {
		return s[:i]
	}
	return s
}

// shortVerdict is a schemeDesc's shortcut's answer.
type shortVerdict uint8

const (
	shortUndecided shortVerdict = iota
	shortAccept
	shortReject
)

// schemeCheck is a rule that a scheme's RFC states in prose, not in its ABNF.
type schemeCheck struct {
	// section is where the rule is stated ("RFC 9110 section 4.2.1").
	section string
	// rule is what the rule requires, in the RFC's words where they are short.
	rule string
	// check returns where the rule is broken (a byte offset into m.text) and what is
	// wrong there ("empty host"); ok is true when the rule holds.
	check func(m *schemeMatch) (offset int, problem string, ok bool)
}

// schemeFailure is a rule of a scheme's RFC that its grammar states too, recognised by
// an entry rule of the grammar that derives the texts breaking only that rule.
type schemeFailure struct {
	// section and rule are as in schemeCheck; problem is what is wrong ("local number
	// without a phone-context").
	section, rule, problem string
	// entry is the peg name of the entry rule.
	entry string
}

// schemeGrammar is a schemeDesc compiled against its parser's rule numbers.
type schemeGrammar struct {
	*schemeDesc
	g     *grammar
	index int // in schemeTable, and in Parser.sub
	pool  sync.Pool
	// ids numbers the grammar's rules by peg name; checkRecord is the set of
	// checkTokens, for RunRecording.
	ids         map[string]int
	checkRecord [4]uint64
	// shortcutRule is the number of schemeDesc.shortcutRule; where is the Section of
	// its grammar's errors ("RFC 9110 section 4.2.1").
	shortcutRule int
	where        string
	// inInput is the errorSource that every error of the grammar and of its shortcut
	// shares, unless its text is not its Input (Error.pinSchemeText).
	inInput *errorSource
}

// schemeIndex is schemeTable compiled, on first use: its grammars in the table's order,
// the key of each one's name (schemeKey) in the same order, and a table of 64 slots that
// a key's hash (mult) picks, which holds 1 + the index of the name with that key, and 0
// where no name's key hashes.
var schemeIndex struct {
	once  sync.Once
	list  []*schemeGrammar
	keys  []uint64
	mult  uint64
	slots [64]uint8
}

// maxSchemeName is the longest name of a scheme with a grammar: a key holds it and the
// ":" after it is among the first eight bytes of a reference (schemeGrammarOf).
const maxSchemeName = 7

// compiledSchemes returns schemeTable's grammars, compiling them on the first call.
func compiledSchemes() []*schemeGrammar {
	schemeIndex.once.Do(func() {
		for i, d := range schemeTable() {
			if d.name == "" || len(d.name) > maxSchemeName || strings.Trim(d.name, "abcdefghijklmnopqrstuvwxyz") != "" {
				panic("uri: scheme " + d.name + " is not 1 to 7 lower-case letters (schemeKey)")
			}
			key := schemeKey(d.name)
			if slices.Contains(schemeIndex.keys, key) {
				panic("uri: scheme " + d.name + " listed twice")
			}
			schemeIndex.list = append(schemeIndex.list, newSchemeGrammar(d, i))
			schemeIndex.keys = append(schemeIndex.keys, key)
		}
		// The first odd multiplier of a sequence of well-mixed numbers (a linear
		// congruential generator's) that gives each key a slot of its own: for a
		// handful of names in 64 slots, a few tries.
	next:
		for m := uint64(0x9e3779b97f4a7c15); ; m = m*6364136223846793005 + 1442695040888963407 | 1 {
			schemeIndex.slots = [64]uint8{}
			for i, k := range schemeIndex.keys {
				slot := &schemeIndex.slots[k*m>>58]
				if *slot != 0 {
					continue next
				}
				*slot = uint8(i + 1)
			}
			schemeIndex.mult = m
			break
		}
	})
	return schemeIndex.list
}

// newSchemeGrammar compiles d; index is its place in schemeTable (-1 for a grammar
// that is in none, such as RFC 8089 Appendix F's, which no Parser checks by default).
func newSchemeGrammar(d *schemeDesc, index int) *schemeGrammar {
	sg := &schemeGrammar{schemeDesc: d, g: compile(d.name, d.grammar), index: index, ids: map[string]int{},
		where: d.document + " section " + d.section}
	sg.pool.New = func() any { return sg.newParser() }
	for id := range d.grammar.numRules() {
		sg.ids[d.grammar.pegName(id)] = id
	}
	for _, name := range d.checkTokens {
		id, ok := sg.ids[name]
		if !ok {
			panic("uri: scheme " + d.name + ": no rule " + name)
		}
		sg.checkRecord[id/64] |= 1 << (id % 64)
	}
	if d.shortcutRule != "" {
		id, ok := sg.ids[d.shortcutRule]
		if !ok || len(d.failures) > 0 {
			panic("uri: scheme " + d.name + ": no rule " + d.shortcutRule + ", or a shortcut beside failures")
		}
		sg.shortcutRule = id
	}
	sg.inInput = &errorSource{g: sg.g, scheme: sg, inInput: true}
	return sg
}

func (sg *schemeGrammar) newParser() *Parser {
	return &Parser{g: sg.g, top: sg.g.top, m: sg.g.newMachine(), scheme: sg}
}

func (sg *schemeGrammar) info() scheme.Grammar {
	return scheme.Grammar{Name: sg.name, Document: sg.document, Section: sg.section,
		Rule: sg.g.ruleName(sg.g.binding.top)}
}

// SchemeGrammars lists the schemes that have a grammar, by name.
func SchemeGrammars() []scheme.Grammar {
	list := compiledSchemes()
	out := make([]scheme.Grammar, 0, len(list))
	for _, sg := range list {
		out = append(out, sg.info())
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// schemeKey packs a scheme's name of at most maxSchemeName bytes into a number, a byte
// to a byte, each with the bit 0x20 set. For the names of schemeTable, lower-case letters
// all, a byte so set equals the name's byte exactly when it is that letter in either case
// (0x20 is what tells 'A'-'Z' from 'a'-'z'), so a key matches a name written in any case
// and nothing else. The key is how a scheme is looked up on every reference the default
// path checks (schemeGrammarOf).
func schemeKey(name string) uint64 {
	var key uint64
	for i := 0; i < len(name); i++ {
		key |= uint64(name[i]|0x20) << (8 * i)
	}
	return key
}

// grammarOfKey returns the grammar whose name's key is key, nil for none: one slot of
// schemeIndex to read, and one key to compare, whichever the scheme.
func grammarOfKey(key uint64) *schemeGrammar {
	list := compiledSchemes()
	if i := int(schemeIndex.slots[key*schemeIndex.mult>>58]) - 1; i >= 0 && schemeIndex.keys[i] == key {
		return list[i]
	}
	return nil
}

// lookupScheme finds the grammar of a scheme written in any case, without allocating.
func lookupScheme(scheme string) *schemeGrammar {
	if scheme == "" || len(scheme) > maxSchemeName {
		return nil
	}
	return grammarOfKey(schemeKey(scheme))
}

// Bytes of a word (word), for the scans of eight bytes at once.
const (
	eachByte  = 0x0101010101010101
	highBits  = 0x8080808080808080
	colonWord = ':' * eachByte
)

// schemeGrammarOf returns the grammar of the scheme of s, a valid reference under a
// generic grammar; nil when s has no scheme or its scheme has no grammar. The scheme is
// the text before the first ":" when no "/", "?" or "#" comes before it (a relative
// reference's first segment has no ":"); a text with one of those has a key that is no
// name's, for no name holds them. It reads the first eight bytes as one word, finds the
// first ":" in it (the lowest byte where word^colonWord is zero: subtracting one from
// each byte borrows from the high bit of a zero byte first), and keeps the bytes before
// it as the key: a loop over the bytes, whose end depends on the scheme's length, cost
// more than the search and the lookup together on references of mixed schemes.
func schemeGrammarOf(s string) *schemeGrammar {
	if len(s) < 8 {
		i := strings.IndexByte(s, ':')
		if i <= 0 {
			return nil
		}
		return grammarOfKey(schemeKey(s[:i]))
	}
	w := word(s)
	x := w ^ colonWord
	zero := (x - eachByte) &^ x & highBits
	n := bits.TrailingZeros64(zero) / 8 // 8 when no ":": the scheme is too long
	if n == 0 || n > maxSchemeName {
		return nil
	}
	return grammarOfKey((w | 0x20*eachByte) & (1<<(8*n) - 1))
}

// schemeMatch is the text a scheme's grammar accepted and its tokens.
type schemeMatch struct {
	text   string
	tokens [][3]int32
	sg     *schemeGrammar
	// recorded is the set of rules whose tokens were recorded, nil for all: a check
	// that reads a rule missing from its scheme's checkTokens fails at once.
	recorded *[4]uint64
}

// span returns the span of the outermost token of the rule named (its peg name), and
// whether there is one.
func (m *schemeMatch) span(name string) (begin, end int, ok bool) {
	id := m.id(name)
	for _, t := range m.tokens { // post-order: the outermost comes last
		if int(t[0]) == id {
			begin, end, ok = int(t[1]), int(t[2]), true
		}
	}
	return begin, end, ok
}

// id returns the number of the rule named (its peg name); a name that is no rule, or
// whose tokens were not recorded, is a programming error of a scheme's descriptor.
func (m *schemeMatch) id(name string) int {
	id, ok := m.sg.ids[name]
	if !ok {
		panic("uri: scheme " + m.sg.name + ": no rule " + name)
	}
	if m.recorded != nil && m.recorded[id/64]&(1<<(id%64)) == 0 {
		panic("uri: scheme " + m.sg.name + ": a check reads " + name + ", which is not in its checkTokens")
	}
	return id
}

// opt returns the text of the rule's token, nil if it did not match.
func (m *schemeMatch) opt(name string) *string {
	b, e, ok := m.span(name)
	if !ok {
		return nil
	}
	v := m.text[b:e]
	return &v
}

// get returns the text of the rule's token, "" if it did not match.
func (m *schemeMatch) get(name string) string {
	if v := m.opt(name); v != nil {
		return *v
	}
	return ""
}

// all returns the spans of every token of the rule named, in input order.
func (m *schemeMatch) all(name string) [][2]int {
	id := m.id(name)
	// Counted first, so that the spans of a long input are stored once rather than
	// copied over and over as the slice doubles. Tokens come in post-order, in which the
	// tokens of a rule that does not contain itself are in input order already.
	n := 0
	for _, t := range m.tokens {
		if int(t[0]) == id {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	out := make([][2]int, 0, n)
	for _, t := range m.tokens {
		if int(t[0]) == id {
			out = append(out, [2]int{int(t[1]), int(t[2])})
		}
	}
	if !slices.IsSortedFunc(out, func(a, b [2]int) int { return a[0] - b[0] }) {
		sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	}
	return out
}

// checkScheme checks s, a reference that spec's grammar accepted, against the grammar of
// its scheme, if it has one: nil when it has none or s matches it and every check of the
// scheme holds. With parts set it also returns the scheme's parts.
func (p *Parser) checkScheme(s string, parts bool) (scheme.Parts, error) {
	sg := schemeGrammarOf(s)
	if sg == nil {
		return nil, nil
	}
	if p.sub == nil {
		list := compiledSchemes()
		p.sub = make([]*Parser, len(list))
	}
	if !parts {
		if decided, err := p.shortcut(sg, s); decided {
			return nil, err
		}
	}
	sp := p.sub[sg.index]
	if sp == nil {
		sp = sg.newParser()
		p.sub[sg.index] = sp
	}
	return sg.run(sp, p.spec, p.iri, s, parts)
}

// shortcut decides s, a reference of sg's scheme that p's generic grammar accepted, by
// sg's shortcut: decided is false when sg has none or it leaves s to the grammar.
func (p *Parser) shortcut(sg *schemeGrammar, s string) (decided bool, err error) {
	if sg.shortcut == nil {
		return false, nil
	}
	if p.iri && !sg.iriMapped && !isASCII(s) {
		// The scheme's grammar reads the IRI as it is and rejects its first character
		// outside ASCII: the shortcuts of such schemes only accept.
		return false, nil
	}
	switch v, off := sg.shortcut(s); v {
	case shortAccept:
		return true, nil
	case shortReject:
		// The error's Expected reads the text the grammar runs on: an IRI whose scheme
		// maps it to a URI goes the long way.
		if !p.iri || !sg.iriMapped || isASCII(s) {
			return true, sg.shortcutError(p.spec, s, off)
		}
	}
	return false, nil
}

// shortcutError is the error that the grammar's run (run, explain) reports for s, an
// ASCII reference, at off in the rule of the shortcut.
func (sg *schemeGrammar) shortcutError(spec Spec, s string, off int) *Error {
	e := &Error{Spec: spec, Input: s, Offset: off, Rule: sg.g.names[sg.shortcutRule], top: int32(sg.g.top),
		Scheme: sg.name, Section: sg.where}
	e.src.Store(sg.inInput)
	return e
}

// run checks s with sp, a Parser of sg's grammar, and returns the parts when asked for.
// Errors are *Error of spec, with offsets into s; iri says that spec's references are
// IRIs (the spec's feature, passed in: reading it here would make the descriptors'
// initialization refer to itself).
func (sg *schemeGrammar) run(sp *Parser, spec Spec, iri bool, s string, parts bool) (scheme.Parts, error) {
	text := s
	if !sg.withFragment {
		if i := strings.IndexByte(s, '#'); i >= 0 {
			text = s[:i]
		}
	}
	mapped := false
	if iri && sg.iriMapped && !isASCII(text) {
		text, mapped = percentEncodeNonASCII(text), true
	}
	back := func(off int) int {
		if mapped {
			return iriOffset(s, off)
		}
		return off
	}
	var ok bool
	switch {
	case parts:
		ok = sp.m.Run(text, sg.g.top)
	case len(sg.checks) > 0:
		ok = sp.m.RunRecording(text, sg.g.top, &sg.checkRecord)
	default:
		ok = sp.m.Accepts(text, sg.g.top)
	}
	if !ok {
		e := sp.explain(text)
		if mapped {
			e.pinSchemeText() // before Input and Offset leave the mapped text
		}
		for _, f := range sg.failures {
			if sp.m.Accepts(text, sg.g.ruleID(f.entry)) {
				src := *e.source()
				src.requirement = f.rule
				e.src.Store(&src)
				e.Section, e.Reason = f.section, f.problem
				break
			}
		}
		e.Spec, e.Input, e.Offset = spec, s, back(e.Offset)
		return nil, e
	}
	if !parts && len(sg.checks) == 0 {
		return nil, nil
	}
	m := &sp.match // reused, so that a check costs no allocation
	*m = schemeMatch{text: text, tokens: sp.tokens(), sg: sg}
	if !parts {
		m.recorded = &sg.checkRecord
	}
	for _, c := range sg.checks {
		if off, problem, ok := c.check(m); !ok {
			e := &Error{Spec: spec, Input: s, Offset: back(off), Rule: sg.g.ruleName(sg.g.binding.top),
				Scheme: sg.name, Section: c.section, Reason: problem}
			e.src.Store(&errorSource{requirement: c.rule})
			return nil, e
		}
	}
	if !parts {
		return nil, nil
	}
	return sg.parts(m, sg.info()), nil
}

// percentEncodeNonASCII maps an IRI to a URI (RFC 3987 3.1 step 2): every byte of a
// non-ASCII character becomes its "%" HEXDIG HEXDIG.
func percentEncodeNonASCII(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	b.Grow(len(s) + len(s)/2)
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < utf8.RuneSelf {
			b.WriteByte(c)
		} else {
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	return b.String()
}

// iriOffset carries an offset into percentEncodeNonASCII(iri) back to iri: to the first
// byte of the character whose encoding holds it.
func iriOffset(iri string, off int) int {
	at := 0
	for i := 0; i < len(iri); i++ {
		w := 1
		if iri[i] >= utf8.RuneSelf {
			w = 3
		}
		if at+w > off {
			return charStart(iri, i)
		}
		at += w
	}
	return len(iri)
}

// SchemeParts checks the reference against the grammar of its scheme and the rules its
// RFC adds in prose, and returns the parts that the grammar names: scheme.ErrNoGrammar
// when its scheme has none, an *Error (Scheme set) when it does not match. An IRI whose
// scheme's RFC allows IRIs is read as the URI it maps to (percent-encoded parts).
func (r Reference) SchemeParts() (scheme.Parts, error) {
	name, ok := r.Get(Scheme)
	if !ok {
		return nil, scheme.ErrNoGrammar
	}
	sg := lookupScheme(name)
	if sg == nil {
		return nil, scheme.ErrNoGrammar
	}
	// The scheme's text starts at the scheme: url-1993's "URL:" prefix is left out, and
	// error offsets are carried back into the whole input.
	begin, _, _ := r.Span(Scheme)
	sp := sg.pool.Get().(*Parser)
	defer sg.pool.Put(sp)
	parts, err := sg.run(sp, r.spec, r.spec.desc().iri, r.input[begin:], true)
	var e *Error
	if errors.As(err, &e) {
		e.pinSchemeText() // before Input takes what precedes the scheme
		e.Input, e.Offset = r.input, e.Offset+begin
	}
	return parts, err
}
