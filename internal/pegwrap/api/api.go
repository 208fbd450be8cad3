package api

// Parser runs the rules of one grammar. The zero value is ready to use; a Parser reuses
// its buffers from one input to the next and is not safe for concurrent use.
type Parser struct {
	buffer []byte // the input, then filler; reused, and replaced only to grow
	end    int    // the end of the input in buffer (one past Collect's probe)
	// position is where the running rule reads, tokenIndex the number of tokens
	// recorded; each rule function works on local copies and hands them over around
	// calls (internal/pegwrap/localpos.go).
	position, tokenIndex uint32
	// far is the farthest position at which a character test failed, and farComp the
	// token rule that was running when the first test failed there; comp is the token
	// rule running now.
	far           int
	comp, farComp uint32
	// reach is the farthest position that a lookahead read before it was undone, or that
	// a semantic predicate failed after (internal/pegwrap/reach.go).
	reach int
	// skip is the set of rules whose tokens the running parse does not record.
	skip [4]uint64
	// Collect's notes (internal/pegwrap/notes.go): the probe's position (-1 outside
	// Collect), the number of lookaheads whose rules are running, whether the test of .
	// ran at the probe, and the log of failures and notes that Collect reads.
	at, look int
	dot      bool
	log      *[logSize]logEntry // Collect's failures and notes, in order
	logged   int                // how many were logged (more than logSize: some were lost)
	tree     []token32          // the syntax tree: tokens in post-order
}

// token32 is one token of the syntax tree: a rule and the span it matched.
type token32 struct {
	rule       pegRule
	begin, end uint32
}

// Run parses s with the rule numbered rule (see RuleID) and reports whether the rule
// matched a prefix of s (grammars end their top rules with !. to require all of s).
// After a match, Tokens gives the syntax tree; after a failure, Farthest gives the
// position of the farthest character that no test accepted. Positions are byte offsets
// into s (the parser reads s byte by byte).
func (p *Parser) Run(s string, rule int) bool { return p.RunRecording(s, rule, nil) }

// Accepts is Run without the syntax tree: the same result and Farthest, and no tokens
// (Tokens then gives none). A validator needs no more.
func (p *Parser) Accepts(s string, rule int) bool { return p.RunRecording(s, rule, &recordNone) }

// RunRecording is Run that records the tokens of the rules in the set record only (rule
// number r is bit r%64 of record[r/64]; nil: every rule): the parse, its result and
// Farthest are Run's, and Tokens gives Run's tree without the tokens of other rules.
func (p *Parser) RunRecording(s string, rule int, record *[4]uint64) bool {
	p.far, p.comp, p.farComp, p.at, p.reach = -1, 0, 0, -1, -1
	p.skip = [4]uint64{}
	if record != nil {
		p.skip = [4]uint64{^record[0], ^record[1], ^record[2], ^record[3]}
	}
	p.start(s)
	return p.match(rule)
}

// match runs the rule numbered rule from the start of the loaded input and keeps the
// tokens of a match.
func (p *Parser) match(rule int) bool {
	ok := p.matchRule(rule)
	if ok {
		p.tree = p.tree[:p.tokenIndex]
	}
	return ok
}

// start readies the parser for a run on s. A run stores no pointer into the Parser, and
// so meets no write barrier while the garbage collector runs.
func (p *Parser) start(s string) {
	p.position, p.tokenIndex = 0, 0
	p.load(s)
}

// load copies s into the reused buffer, with filler after it (and at Collect's probe
// position, which follows s). The buffer keeps the length of its capacity and is
// replaced only to grow: no test reads past p.end, and a run stores no slice header.
func (p *Parser) load(s string) {
	n := len(s)
	if p.at == n {
		n++ // Collect: the probe's position follows s
	}
	if len(p.buffer) <= n {
		p.buffer = make([]byte, 2*n+64)
	}
	b := p.buffer
	copy(b, s)
	b[len(s)], b[n] = filler, filler
	p.end = n
}

// filler is the byte at the end of the input, and at Collect's probe just before it: no
// character test accepts it (internal/pegwrap checks), and the test of . compares the
// position with end instead of reading it.
const filler = 0

// recordNone is the record set of Accepts.
var recordNone [4]uint64

// records reports whether the running parse records the tokens of rule r (a constant at
// every call, so that the test is one load).
func (p *Parser) records(r pegRule) bool { return p.skip[r/64]&(1<<(r%64)) == 0 }

// add records a token of rule from begin to end as token number index and returns the
// number of the next. It writes the tree up to its capacity and leaves its length to
// match, so a token is one store.
func (p *Parser) add(rule pegRule, begin, end, index uint32) uint32 {
	tree, i := p.tree, int(index)
	if i < cap(tree) {
		tree[:cap(tree)][i] = token32{rule, begin, end}
	} else {
		p.tree = growTree(tree, i, token32{rule, begin, end})
	}
	return index + 1
}

// growTree is append(tree[:i], t) for i == cap(tree), with the capacity doubled:
// append grows a long slice by a quarter at a time, which for a tree of millions of
// tokens allocates about five times its final size, where doubling allocates twice.
func growTree(tree []token32, i int, t token32) []token32 {
	grown := make([]token32, i+1, max(2*cap(tree), 8))
	copy(grown, tree[:i])
	grown[i] = t
	return grown
}

// fail records a character test that failed at pos: the farthest one, and the token
// rule running when the first test failed there. k is the number of the test's note
// (noteMask, internal/pegwrap/notes.go; -1: none). In Collect, a failure that is the
// farthest yet is logged with its note, and far is held just before the probe, so that
// every failure at or past the probe is logged (Collect reads the log after the parse).
// fail is inlined at every failing test, and calls nothing: a call there, even on a path
// that Run never takes, would make Go keep the rule's positions in memory around it.
func (p *Parser) fail(pos uint32, k int) {
	if int(pos) > p.far {
		p.far, p.farComp = int(pos), p.comp
		if notesRecorded && p.at >= 0 {
			p.log[p.logged&(logSize-1)] = logEntry{int32(pos), int32(k), int32(p.comp), int32(p.look)}
			p.logged++
			p.far = min(p.far, p.at-1)
		}
	}
}

// logEntry is a failure, or a note, that Collect logged: its position, the number of its
// note (-1: none), the token rule running (noteOnly for a note that is no failure), and
// how many lookaheads' rules were running.
type logEntry struct {
	pos, note, comp, look int32
}

// logSize is the number of failures and notes that Collect logs; a parse that logs more
// is run again without notes (Collect).
const logSize = 1024

// noteOnly is the comp of a logged note that is no failure.
const noteOnly = -1

// Farthest is the byte offset of the farthest failing character test of the last Run,
// and the number of the innermost token-recording rule that was running when the first
// test failed there.
func (p *Parser) Farthest() (pos, rule int) { return max(p.far, 0), int(p.farComp) }

// Tokens appends the syntax tree of the last successful Run to dst, one {rule, begin,
// end} byte span per token in post-order (a token after the tokens inside it), and
// returns the extended slice. Reusing dst keeps a parse free of allocations.
func (p *Parser) Tokens(dst [][3]int32) [][3]int32 {
	tree := p.tree
	n := len(dst)
	if need := n + len(tree); need > cap(dst) {
		dst = append(dst, make([][3]int32, len(tree))...)
	} else {
		dst = dst[:need]
	}
	for i := range tree {
		dst[n+i] = [3]int32{int32(tree[i].rule), int32(tree[i].begin), int32(tree[i].end)}
	}
	return dst
}

// ErrorAt returns where s stops being the beginning of a match of the rule numbered
// rule, and the innermost token rule there, when the last Run, Accepts or RunRecording,
// on s with that rule, failed: the byte offset of the first byte that cannot be part of
// a match (every longer prefix has no valid continuation; len(s) when s is a valid
// beginning that stops too early).
//
// It is Farthest unless a lookahead or a semantic predicate read past it (reach): a
// rule that ends with !. after an optional part tests no character there
// ("telnet://h/x" under RFC 1738: nothing tests the "x"). Being the beginning of a match
// is prefix-closed, and s is not one, so a binary search over the prefixes finds the
// first byte that ends it; it is needed only when the failed run read a byte past
// Farthest's position (Reach), since otherwise the run on s cut just after that
// position reads the same bytes and fails the same way.
func (p *Parser) ErrorAt(s string, rule int) (off, r int) {
	off, r = p.Farthest()
	if off+1 >= len(s) || p.Reach() <= off || !p.viable(s[:off+1], rule) {
		return off, r
	}
	lo, hi := off+1, len(s) // s[:lo] is a beginning, s[:hi] is not
	for hi-lo > 1 {
		if mid := (lo + hi) / 2; p.viable(s[:mid], rule) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo, p.ruleAtEnd(s[:lo], rule)
}

// Reach is, after a failed Run, the farthest position that a lookahead read up to
// before it was undone, or that a semantic predicate failed after (-1: none did;
// internal/pegwrap/reach.go). Any byte the Run read past Farthest's position was read
// before such a point, so when Reach is at most that position, the Run read nothing
// after it. Without the reach pass, it is past every position.
func (p *Parser) Reach() int {
	if !reachRecorded {
		return int(^uint(0) >> 1)
	}
	return p.reach
}

// viable reports whether s is a match of rule or the beginning of one: the parser
// accepts it, or its farthest failing test is at the end (it wanted more input).
func (p *Parser) viable(s string, rule int) bool {
	if p.Accepts(s, rule) {
		return true
	}
	far, _ := p.Farthest()
	return far == len(s)
}

// ruleAtEnd names the token rule in which a viable s ends: the innermost token that ends
// there if s is a match, else the rule of the farthest failing test.
func (p *Parser) ruleAtEnd(s string, rule int) int {
	if p.Run(s, rule) {
		for _, t := range p.tree { // post-order: inner tokens first
			if int(t.end) == len(s) {
				return int(t.rule)
			}
		}
		return 0
	}
	_, r := p.Farthest()
	return r
}

// Expected reports what may follow prefix, the valid beginning of a match of the rule
// numbered rule: allowed holds the printable ASCII bytes (0x20 to 0x7E) that may follow
// it (byte c is bit c%64 of allowed[c/64]), wide has bit i set when samples[i] may follow
// it, and end whether it may end there. A text c may follow prefix when the parser, on
// prefix+c, reads past c (it accepts prefix+c, or its farthest failing test lies beyond).
//
// One parse finds most of the answer: Collect parses prefix followed by a probe that no
// character test accepts, and reports which bytes some test at the probe's position
// treats otherwise (seen), and which of those are first met by a test that consumes them
// outside a lookahead (sure: the parser then reads on, so they are allowed). A byte not
// seen parses as the probe did: allowed if the probe's parse read beyond it. Only the
// other bytes are tried, one per class of bytes that the parser cannot tell apart (see
// Representative), by parsing prefix+c; the end of input likewise when the test of .
// ran at the probe (nothing else tells the end from the probe).
func (p *Parser) Expected(prefix string, rule int, samples []string) (allowed [4]uint64, wide uint64, end bool) {
	off := len(prefix)
	ok, sure, seen, dot := p.Collect(prefix, rule)
	far, _ := p.Farthest()
	asProbe := ok || far > off
	in := func(set *[4]uint64, c byte) bool { return set[c>>6]&(1<<(c&63)) != 0 }
	var probe []byte // prefix+c, reused
	var class [128]bool
	for c := byte(0x20); c < 0x7f; c++ {
		if p.Representative(c) != c {
			continue
		}
		switch {
		case !in(&seen, c):
			class[c] = asProbe
		case in(&sure, c):
			class[c] = true
		default:
			if probe == nil {
				probe = make([]byte, off+1)
				copy(probe, prefix)
			}
			probe[off] = c
			class[c] = p.Accepts(string(probe), rule) || p.far > off
		}
	}
	for c := byte(0x20); c < 0x7f; c++ {
		if class[p.Representative(c)] {
			allowed[c>>6] |= 1 << (c & 63)
		}
	}
	for i, s := range samples {
		// Allowed if the parser reads past all of the sample's bytes. A sample whose
		// first byte parses as the probe does, where the probe's parse read nothing
		// beyond it, is not.
		if !in(&seen, s[0]) && !asProbe {
			continue
		}
		text := prefix + s
		if p.Accepts(text, rule) || p.far >= len(text) {
			wide |= 1 << i
		}
	}
	// The end of input parses as the probe does unless the test of . ran at the probe.
	end = dot && p.Accepts(prefix, rule) || !dot && ok
	return allowed, wide, end
}

// Collect parses prefix followed by a probe that no character test accepts and the test
// of . does (filler, before the end), with the rule numbered rule, and reports what
// tells a byte c apart from the probe at position len(prefix) (internal/pegwrap/notes.go):
// seen holds the bytes that some test, table or switch that ran there treats otherwise
// than the probe; sure those of them whose first such point consumes the byte outside
// any lookahead (so the parser reads on after it); dot whether the test of . ran there
// (it tells the end of input apart). ok and Farthest are the probe's own result. A byte
// not in seen parses, after prefix, exactly as the probe does. Without the notes pass,
// every byte is seen and none is sure, and dot is true.
func (p *Parser) Collect(prefix string, rule int) (ok bool, sure, seen [4]uint64, dot bool) {
	all := [4]uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
	if !notesRecorded {
		// The probe's parse is a Run of prefix and the byte 0: the buffer and its end
		// are the same.
		return p.Accepts(prefix+"\x00", rule), [4]uint64{}, all, true
	}
	if p.log == nil {
		p.log = new([logSize]logEntry)
	}
	p.far, p.comp, p.farComp, p.reach = -1, 0, 0, -1
	p.at, p.look, p.dot, p.logged = len(prefix), 0, false, 0
	p.skip = all // a probe's tokens are never read
	p.start(prefix)
	ok = p.match(rule)
	at := p.at
	p.at = -1
	if p.logged > logSize {
		return p.Accepts(prefix+"\x00", rule), [4]uint64{}, all, true
	}
	p.far, p.farComp = -1, 0
	for _, e := range p.log[:p.logged] {
		if int(e.pos) == at && e.note >= 0 {
			m := &noteMask[e.note]
			for i := range m[0] {
				if e.look == 0 {
					sure[i] |= m[1][i] &^ seen[i]
				}
				seen[i] |= m[0][i]
			}
		}
		if e.comp != noteOnly && int(e.pos) > p.far {
			p.far, p.farComp = int(e.pos), uint32(e.comp)
		}
	}
	return ok, sure, seen, p.dot
}

// note logs, if pos is Collect's position, the note numbered k (noteMask) of a table or
// switch that the probe did not take: the bytes it treats otherwise than the probe.
// Most notes ride on a failure's record (fail); note is for the others. Like fail, it
// calls nothing.
func (p *Parser) note(pos uint32, k int) {
	if int(pos) == p.at {
		p.log[p.logged&(logSize-1)] = logEntry{int32(pos), int32(k), noteOnly, int32(p.look)}
		p.logged++
	}
}

// noteDot records that the test of . ran at pos, if that is Collect's position.
func (p *Parser) noteDot(pos uint32) {
	if int(pos) == p.at {
		p.dot = true
	}
}

// reached records that a lookahead read up to pos-1 before it was undone, or that a
// semantic predicate failed after it (internal/pegwrap/reach.go).
func (p *Parser) reached(pos uint32) {
	if int(pos)-1 > p.reach {
		p.reach = int(pos) - 1
	}
}

// unlook ends a rule call made inside a lookahead, which began with p.look++, and
// passes its result on.
func (p *Parser) unlook(ok bool) bool {
	p.look--
	return ok
}

// Representative returns, for a printable ASCII character c, the smallest character
// that every character test of this parser accepts or rejects alike with c: two inputs
// that differ only by such characters at one position parse alike (same result, same
// Farthest). Any other byte is returned unchanged.
func (*Parser) Representative(c byte) byte {
	if c < 0x20 || c >= 0x7f {
		return c
	}
	return probeClass[c]
}

// RuleID returns the number of the named rule, or -1.
func RuleID(name string) int {
	for i, n := range rul3s {
		if n == name {
			return i
		}
	}
	return -1
}

// RuleName returns the name of rule number id.
func RuleName(id int) string {
	if id < 0 || id >= len(rul3s) {
		return ""
	}
	return rul3s[id]
}

// NumRules is the number of rule numbers, 0 (Unknown) included.
func NumRules() int { return len(rul3s) }
