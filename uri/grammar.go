package uri

import (
	"strings"
	"sync"
)

// machine is what every generated parser in gen/ offers (internal/pegwrap/api/api.go,
// which pegwrap copies into each of them).
type machine interface {
	Run(s string, rule int) bool
	Accepts(s string, rule int) bool
	Farthest() (pos, rule int)
	RunRecording(s string, rule int, record *[4]uint64) bool
	Tokens(dst [][3]int32) [][3]int32
	Representative(c byte) byte
	ErrorAt(s string, rule int) (off, r int)
	Expected(prefix string, rule int, samples []string) (allowed [4]uint64, wide uint64, end bool)
}

// role says what a token rule's span means for the Reference.
type role uint8

const (
	roleNone role = iota
	roleScheme
	roleAuthority
	roleUserinfo
	roleHost
	rolePort
	rolePath
	roleQuery
	roleFragment
	roleUser
	rolePassword
	rolePrefix
	roleZone
	// Host kinds: the kind of the host span that contains the token.
	roleRegName
	roleHostName
	roleIPv4
	roleIPv6
	roleIPvFuture
	roleIPv6Zone
)

var roleComponent = [...]Component{
	roleScheme: Scheme, roleAuthority: Authority, roleUserinfo: Userinfo, roleHost: Host,
	rolePort: Port, rolePath: Path, roleQuery: Query, roleFragment: Fragment,
	roleUser: User, rolePassword: Password, rolePrefix: Prefix, roleZone: Zone,
}

var roleKind = [...]HostKind{
	roleRegName: RegName, roleHostName: HostName, roleIPv4: IPv4, roleIPv6: IPv6, roleIPvFuture: IPvFuture, roleIPv6Zone: IPv6Zone,
}

// charClass is a named set of characters, used to say what was expected at an error.
type charClass struct {
	name  string
	chars string
}

// wideClass is a named set of non-ASCII characters that a grammar accepts or rejects as a
// whole at any position (rfc3987's ucschar and iprivate), and one of them to try.
type wideClass struct {
	name, sample string
}

// binding ties a generated parser to the uri package: a part of each spec's descriptor.
type binding struct {
	// The generated package's parser and rule table (gen/<spec>: Parser, RuleID,
	// RuleName, NumRules).
	newMachine func() machine
	ruleID     func(name string) int
	pegName    func(id int) string
	numRules   func() int

	top   string          // the entry rule of the whole reference
	roles map[string]role // token rules and what they mean
	// ruleName spells the grammar's rule names in messages as the spec prints them
	// (peg names cannot contain "-").
	ruleName func(string) string
	// reportAs names, for a rule that is tried speculatively (userinfo before the "@"
	// that decides it), the enclosing rule that errors should name instead.
	reportAs map[string]string
	// classes name sets of characters for "expected ..." messages, largest first.
	classes []charClass
	// wide are the non-ASCII sets the grammar accepts, tried one sample each.
	wide []wideClass
	// genericTop is the entry rule used under the ParserOption GenericOnly (rfc1738: the
	// generic syntax only, scheme rules off); "" when the spec has no such mode.
	genericTop string
	// fixup, if set, completes the components after the token spans are read, for specs
	// whose components are not all spans of token rules (see spec_rfc1738.go). It
	// takes and returns the Reference by value: through a pointer, the indirect call
	// would make every Reference that Parse fills escape to the heap.
	fixup func(r Reference) Reference
	// entryFor, if set, gives the entry rule for a base URL (the ParserOption Base):
	// whatwg, where a relative reference's validity depends on its base.
	entryFor func(base string) (rule string, err error)
	// check, if set, runs after the grammar accepts a string: the parts of the spec
	// that are defined by procedure (whatwg). GrammarOnly turns it off.
	check func(r Reference) *Error
	// name, if set, names a grammar error as the spec's own list of errors does
	// (Error.Validation), from the input, the error's offset and rule, and the base
	// ("" for none).
	name func(s string, off int, rule, base string) string
}

// grammar is a binding compiled against its parser's rule numbers.
type grammar struct {
	binding
	top        int
	genericTop int    // -1 when the spec has none
	roles      []role // by rule number
	names      []string
	samples    []string // the samples of wide, for the machine's Expected
	// By rule number, for fill: the component whose span the rule's token is, or
	// kindSlot plus the host kind it gives, or noSlot. An array of 256 (generated
	// parsers have at most 256 rules) so that a token's rule indexes it unchecked.
	slot [256]uint8
	// record is the set of rules with a role, whose tokens Parse records
	// (RunRecording): fill reads no other.
	record [4]uint64
	// machines keeps machines of the grammar for Error.Expected.
	machines sync.Pool
	// errors is the errorSource that every error of the grammar's Parsers shares,
	// unless it carries more.
	errors *errorSource
}

// The slots of rules whose token is no component: a host kind k is kindSlot+k.
const (
	kindSlot = 32
	noSlot   = 255
)

// lazyGrammar is a grammar compiled on its first use. Initialising the package compiles
// no grammar and names no binding: a binding is reached only through the functions that
// name it (Spec.grammar for any spec, format.go's for the formats' specs, the scheme
// table), so a program links the generated parsers of the grammars its code can reach
// and no other (TestLinkedParsers).
type lazyGrammar struct {
	once sync.Once
	g    *grammar
}

// get returns the grammar, compiling b's binding on the first call; name is the
// grammar's name in a panic.
func (l *lazyGrammar) get(name string, b func() binding) *grammar {
	l.once.Do(func() { l.g = compile(name, b()) })
	return l.g
}

// specGrammars holds each spec's grammar, compiled on first use.
var specGrammars [numSpecs]lazyGrammar

// grammar returns the compiled grammar of s, one of the Spec constants.
func (s Spec) grammar() *grammar { return specGrammars[s].get(s.String(), s.desc().grammar) }

// compile compiles the binding of the grammar named (a spec's ID, a scheme's name).
func compile(name string, b binding) *grammar {
	ruleID, numRules := b.ruleID, b.numRules()
	g := &grammar{binding: b, top: ruleID(b.top), roles: make([]role, numRules), names: make([]string, numRules)}
	if g.top < 0 {
		panic("uri: " + name + ": no rule " + b.top)
	}
	g.genericTop = -1
	g.errors = &errorSource{g: g}
	g.machines.New = func() any { return b.newMachine() }
	for _, w := range b.wide {
		g.samples = append(g.samples, w.sample)
	}
	if b.genericTop != "" {
		if g.genericTop = ruleID(b.genericTop); g.genericTop < 0 {
			panic("uri: " + name + ": no rule " + b.genericTop)
		}
	}
	for name, r := range b.roles {
		id := ruleID(name)
		if id < 0 {
			panic("uri: " + name + ": no rule " + name)
		}
		g.roles[id] = r
	}
	for id := range g.slot {
		g.slot[id] = noSlot
	}
	for id, r := range g.roles {
		if r != roleNone {
			g.record[id/64] |= 1 << (id % 64)
		}
		switch {
		case r >= roleRegName:
			g.slot[id] = kindSlot + uint8(roleKind[r])
		case r != roleNone:
			g.slot[id] = uint8(roleComponent[r])
		}
	}
	for i := range g.names {
		name := b.pegName(i)
		if outer, ok := b.reportAs[name]; ok {
			name = outer
		}
		g.names[i] = b.ruleName(name)
	}
	return g
}

// extendRoles returns the roles of a spec's binding with more added: a spec that amends
// another (rfc2732, rfc6874) keeps the roles of every rule it does not change.
func extendRoles(base, more map[string]role) map[string]role {
	out := make(map[string]role, len(base)+len(more))
	for name, r := range base {
		out[name] = r
	}
	for name, r := range more {
		out[name] = r
	}
	return out
}

// hyphenated spells a peg rule name with the "-" of RFC 5234 rule names.
func hyphenated(name string) string { return strings.ReplaceAll(name, "_", "-") }

// asPrinted keeps a rule name as it is: the old BNF of RFC 1738 and 2396 uses "_".
func asPrinted(name string) string { return name }

// fill sets r's components from the syntax tree of the last successful run; r's spans
// are all undefined on entry (Parse fills the zero Reference it returns). Tokens come in
// post-order, so an enclosing rule comes after the rules inside it: the outermost span
// of each role wins, and a host's kind is the outermost kind token inside it.
//
// Each token's span is stored through a table (slot: its component, or a host kind)
// rather than a switch on its role, whose branches the order of the tokens makes hard
// to predict, and straight into r: spans gathered in a local array and copied into r
// made the copy's wide loads wait for the narrow stores before them.
func (g *grammar) fill(tokens [][3]int32, r *Reference) {
	kind, kindEnd := NoHost, int32(-1)
	for i := range tokens {
		t := &tokens[i] // not a copy: reading a copy's two halves as one word stalls
		c := g.slot[uint8(t[0])]
		if c < uint8(numComponents) {
			r.spans[c] = mkSpan(t[1], t[2])
			if c == uint8(Host) {
				r.hostKind = NoHost
				if kindEnd >= t[1] && kindEnd <= t[2] {
					r.hostKind = kind
				}
			}
		} else if c != noSlot {
			kind, kindEnd = HostKind(c-kindSlot), t[2]
		}
	}
	// Every spec's path is defined, possibly empty (Appendix B of RFC 2396 and 3986),
	// also where the grammar has no path rule in the derivation ("http:" under 2396).
	if !r.spans[Path].defined() {
		r.spans[Path] = mkSpan(0, 0)
	}
	if g.fixup != nil {
		*r = g.fixup(*r)
	}
}
