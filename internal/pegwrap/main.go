// Command pegwrap turns one grammar/<spec>.peg into gen/<spec>/parser.go with
// github.com/pointlander/peg v1.0.1, and makes the result fit to commit.
//
// peg v1.0.1's output, used as it is, cannot be committed and checked for staleness, does
// not say where a parse failed, exports its runtime as if it were an API, and is slow;
// each pass below answers one of these:
//   - its header names the generator's own path (a build-cache path under go run) and
//     sits after the package clause, so the output differs between machines and Go does
//     not see it as generated: the header is replaced by a fixed one on the first line;
//   - its output is not gofmt-formatted: it is run through go/format;
//   - its parse error names only the farthest rule that matched, not the farthest byte
//     that was examined: every failing character test is made to record its position in
//     Parser.far, which gives the offset of the first byte no alternative could accept;
//   - Reset converts the input to a new []rune on every call: it is made to copy the
//     input's bytes into a reused []byte, so a reused parser does not allocate per input,
//     positions are byte offsets and a grammar's terminals are bytes (bytebuf.go);
//   - -switch compiles a choice between characters into a switch that Go turns into a
//     binary search: the cases that only consume their characters become one table
//     lookup (classes.go);
//   - a rule that only ever consumes one byte of a fixed set (alpha, unreserved, mark) is
//     compiled to one table lookup (byteset.go), so that it is small enough to copy and
//     the switch cases that call it become table cases;
//   - every rule is called through an array of closures, which Go cannot inline, and the
//     parser's state is variables of Init that the closures capture: small rules that do
//     not call themselves are copied into their callers (inline.go), and the rules, add and
//     matchDot become methods on the state as fields, called directly (methods.go);
//   - for error messages, package uri needs the characters allowed at a position: the
//     characters that no test tells apart are grouped (probes.go), so it tries one of each;
//   - Collect's notes (notes.go) add a check of the position to most character tests,
//     which Run and Accepts never need: every rule has a plain body without them and a
//     noted twin that only Collect runs (twins.go);
//   - a failed parse's farthest failing test can lie before a byte that a lookahead read
//     and gave back: lookaheads and semantic predicates record how far they read
//     (reach.go), so package uri parses the prefix again only when they read past it;
//   - its Parse returns a new error value for every input that does not match, and
//     records a syntax tree that a validator never reads: Run calls a match closure that
//     returns a bool, Accepts runs without the tree (no add is called), and
//     RunRecording records the tokens of the rules its caller names only;
//   - every rule closure shares one position variable, which Go keeps in memory, so each
//     consumed byte was a store that the next test waited for: each rule works on a local
//     copy, handed back around calls and returns (localpos.go).
//   - it exports its runtime (Parse, Reset, Init, the syntax-tree printers, the Buffer
//     field...) though package uri, the only importer, calls none of it: those names are
//     renamed peg<Name>, and generation fails if the file exports a name outside the API
//     that package uri calls (unexport.go).
//
// Each text edit must match the expected number of times, so a change in peg's output
// stops generation instead of silently producing a different parser. The table and
// copying passes leave any code they do not recognise as peg wrote it (they can only
// lose speed), and the probe classes and the local position refuse it (they could lose
// correctness).
//
// The grammar files hold only rules and comments: pegwrap adds the package clause and
// the parser type, and appends the small exported API (api below) that package uri uses.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

func main() {
	grammar := flag.String("grammar", "", "the .peg file to compile")
	out := flag.String("out", "", "the Go file to write")
	pkg := flag.String("package", "", "the Go package name of the output")
	dir := flag.String("dir", "", "compile every .peg file of this directory (instead of -grammar)")
	outDir := flag.String("outdir", "", "with -dir: write <outdir>/<package>/parser.go for each grammar")
	flag.Parse()
	var err error
	switch {
	case *dir != "" && *outDir != "" && *grammar == "":
		err = runDir(*dir, *outDir)
	case *grammar != "" && *out != "" && *pkg != "" && *dir == "":
		err = run(*grammar, *pkg, *out)
	default:
		fmt.Fprintln(os.Stderr, "usage: pegwrap -grammar FILE.peg -package NAME -out FILE.go\n       pegwrap -dir DIR -outdir DIR")
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "pegwrap:", err)
		os.Exit(1)
	}
}

// runDir compiles every grammar of dir, so that a new grammar file needs no change to
// gen/generate.go: <name>.peg becomes package <name> without its "-"s (url-syntax-05.peg:
// urlsyntax05) in <outDir>/<package>/parser.go.
func runDir(dir, outDir string) error {
	paths, err := filepath.Glob(filepath.Join(dir, "*.peg"))
	if err != nil {
		return err
	}
	if len(paths) == 0 {
		return fmt.Errorf("%s: no .peg file", dir)
	}
	seen := map[string]string{}
	for _, path := range paths {
		pkg, err := packageName(path)
		if err != nil {
			return err
		}
		if other, ok := seen[pkg]; ok {
			return fmt.Errorf("%s and %s both make package %s", other, path, pkg)
		}
		seen[pkg] = path
		if err := os.MkdirAll(filepath.Join(outDir, pkg), 0o755); err != nil {
			return err
		}
		if err := run(path, pkg, filepath.Join(outDir, pkg, "parser.go")); err != nil {
			return err
		}
	}
	return nil
}

// packageName derives a grammar's Go package name from its file name: the name without
// ".peg" and without "-", which must then be a lower-case Go identifier.
func packageName(path string) (string, error) {
	pkg := strings.ReplaceAll(strings.TrimSuffix(filepath.Base(path), ".peg"), "-", "")
	if !regexp.MustCompile(`^[a-z][a-z0-9]*$`).MatchString(pkg) {
		return "", fmt.Errorf("%s: the file name gives package name %q: use lower-case letters, digits and \"-\"", path, pkg)
	}
	return pkg, nil
}

// grammarName is how the generated header names a grammar: its path from the grammar/
// directory on (grammar/schemes/http.peg), whatever directory pegwrap ran in, so that
// the output is the same from `go generate` (in gen/) and by hand.
func grammarName(path string) string {
	p := filepath.ToSlash(filepath.Clean(path))
	if i := strings.LastIndex("/"+p, "/grammar/"); i >= 0 {
		return p[i:]
	}
	return "grammar/" + filepath.Base(path)
}

func run(grammarPath, pkg, outPath string) error {
	rules, err := os.ReadFile(grammarPath)
	if err != nil {
		return err
	}
	code, err := pegCode(rules, pkg)
	if err != nil {
		return fmt.Errorf("%s: %w", grammarPath, err)
	}
	code, err = rewrite(code, grammarName(grammarPath), pkg, directive(rules, "tokens"))
	if err != nil {
		return fmt.Errorf("%s: %w", grammarPath, err)
	}
	formatted, err := format.Source(code)
	if err != nil {
		return fmt.Errorf("%s: generated code does not format: %w", grammarPath, err)
	}
	return os.WriteFile(outPath, formatted, 0o644)
}

// pegCode runs peg on the grammar's rules and returns its output, formatted.
func pegCode(rules []byte, pkg string) ([]byte, error) {
	dir, err := os.MkdirTemp("", "pegwrap")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	in := filepath.Join(dir, "grammar.peg")
	raw := filepath.Join(dir, "grammar.go")
	entries := directive(rules, "entries")
	if len(entries) == 0 {
		return nil, fmt.Errorf(`no "# pegwrap: entries" line`)
	}
	// peg compiles only the rules reachable from the first rule, and Run may start at
	// any entry point, so the first rule names them all. It is never run itself.
	src := "package " + pkg + "\n\ntype Parser Peg {\n\tfar int\n\tcomp, farComp uint32\n\tmatch func(rule int) bool\n\tskip [4]uint64\n\tend, reach int\n\tposition, tokenIndex uint32\n\tmax token32\n\tat, look int\n\tdot bool\n\tseen, sure [4]uint64\n}\n\n" +
		"pegwrap_entries <- " + strings.Join(entries, " / ") + "\n\n" + string(rules)
	if err := os.WriteFile(in, []byte(src), 0o644); err != nil {
		return nil, err
	}
	// -switch turns choices between characters into switch statements (much faster);
	// -inline is not used: it leaves inlined rules without a function, and every rule
	// must stay callable as an entry point.
	// -strict is not used either: entry points such as absolute_URI are rules that no
	// other rule uses, which peg warns about. An undefined rule is still an error here.
	var stderr bytes.Buffer
	cmd := exec.Command("go", "run", "github.com/pointlander/peg", "-switch", "-output", raw, in)
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("peg: %w\n%s", err, stderr.Bytes())
	}
	if bytes.Contains(stderr.Bytes(), []byte("used but not defined")) {
		return nil, fmt.Errorf("peg:\n%s", stderr.Bytes())
	}
	code, err := os.ReadFile(raw)
	if err != nil {
		return nil, err
	}
	// peg formats its output only sometimes; format first so the rewrites see one layout.
	if code, err = format.Source(code); err != nil {
		return nil, fmt.Errorf("peg output does not format: %w", err)
	}
	return code, nil
}

// ruleCount finds the size of peg's rule array.
var ruleCount = regexp.MustCompile(`(?m)^\trules +\[(\d+)\]func\(\) bool$`)

// checkRuleCount refuses a grammar of more than 256 rules: RunRecording's set of rules
// (and the skip field that records consults) has 256 bits.
func checkRuleCount(code []byte) error {
	m := ruleCount.FindSubmatch(code)
	if m == nil {
		return fmt.Errorf("no rule array in peg's output")
	}
	if n, _ := strconv.Atoi(string(m[1])); n > 256 {
		return fmt.Errorf("%d rules: RunRecording's rule set holds 256", n)
	}
	return nil
}

// edit is one rewrite of peg's output; want is how many matches it must have (-1: at least one).
type edit struct {
	re   *regexp.Regexp
	repl string
	want int
}

// applyEdits applies edits in order, and fails, naming the pass, on an edit that does not
// match as often as it must: a change in peg's output stops generation.
func applyEdits(code []byte, edits []edit, pass string) ([]byte, error) {
	for _, e := range edits {
		n := len(e.re.FindAllIndex(code, -1))
		if (e.want < 0 && n == 0) || (e.want >= 0 && n != e.want) {
			return nil, fmt.Errorf("%s: %q matched %d times", pass, e.re.String(), n)
		}
		code = e.re.ReplaceAll(code, []byte(e.repl))
	}
	return code, nil
}

var edits = []edit{
	// Accepts runs without the syntax tree: a validator needs none, and recording a token
	// was about a tenth of its time; RunRecording records only the tokens a caller reads
	// (package uri's Parse: about half of them). No rule's path depends on add (it only
	// appends to the tree and counts tokens), so the parse is the same. The test is at
	// the call, where the rule is a constant: calling add to return was a twentieth.
	{regexp.MustCompile(`(?m)^([ \t]*)(add\((rule\w+), position\d+\))$`),
		"${1}if p.records($3) {\n${1}\t$2\n${1}}", -1},
	// Run and Collect call p.match, which is p.parse without its error: p.parse returns
	// a new *parseError (one allocation) for every input that does not match, and takes
	// the rule through a variadic parameter.
	{regexp.MustCompile(`(?m)^([ \t]*)p\.parse = func\(rule \.\.\.int\) error \{\n`),
		`${1}p.match = func(rule int) bool {
${1}	matches := p.rules[rule]()
${1}	p.tokens32 = tree
${1}	if matches {
${1}		p.Trim(tokenIndex)
${1}	}
${1}	return matches
${1}}
$0`, 1},
	// peg's own header line (after the package clause) names a machine-specific path.
	{regexp.MustCompile(`(?m)^// Code generated by .* DO NOT EDIT\.\n`), "", 1},
	// Record the position of every failing character test.
	{regexp.MustCompile(`(?m)^([ \t]*)(if (?:buffer\[position\] != rune\(.*\)|c := buffer\[position\]; c < rune\(.*\) \|\| c > rune\(.*\)|!matchDot\(\)) \{)$`),
		"$1$2\n$1\tif int(position) > p.far {\n$1\t\tp.far, p.farComp = int(position), p.comp\n$1\t}", -1},
}

// directive reads the grammar's "# pegwrap: KEY NAME..." lines:
//   - entries: the rules Run may start from;
//   - tokens: the rules whose matches package uri reads from the syntax tree. Recording a
//     token for every rule (every pchar, every ALPHA) is most of peg's parsing time, so
//     no other rule records one.
func directive(grammar []byte, key string) []string {
	var names []string
	re := regexp.MustCompile(`(?m)^# pegwrap: ` + key + ` (.*)$`)
	for _, m := range re.FindAllSubmatch(grammar, -1) {
		names = append(names, strings.Fields(string(m[1]))...)
	}
	return names
}

var addCall = regexp.MustCompile(`add\(rule(\w+), (position\d+)\)`)

// byteSetsOff leaves out the byte-set pass: tests compare parsers with and without it.
var byteSetsOff bool

func rewrite(code []byte, grammarPath, pkg string, tokens []string) ([]byte, error) {
	if err := checkRuleCount(code); err != nil {
		return nil, err
	}
	code, err := instrument(code, tokens)
	if err != nil {
		return nil, err
	}
	// Byte-set rules first: classTables takes the switch cases that call them into its
	// tables, and inlineRules copies their table tests into their callers.
	tables := newTableSet()
	var sets map[string]*byteSet
	if !byteSetsOff {
		if code, sets, _, err = byteSetRules(code, tables); err != nil {
			return nil, err
		}
	}
	if code, err = format.Source(tables.appendDecls(code)); err != nil {
		return nil, fmt.Errorf("byte-set rules do not format: %w", err)
	}
	if code, err = classTables(code, sets); err != nil {
		return nil, err
	}
	if code, err = format.Source(code); err != nil {
		return nil, fmt.Errorf("class tables do not format: %w", err)
	}
	if code, err = inlineRules(code); err != nil {
		return nil, err
	}
	if code, err = format.Source(code); err != nil {
		return nil, fmt.Errorf("copied rules do not format: %w", err)
	}
	if code, err = noteTests(code); err != nil {
		return nil, err
	}
	if code, err = format.Source(code); err != nil {
		return nil, fmt.Errorf("noted tests do not format: %w", err)
	}
	if code, err = reachTests(code); err != nil {
		return nil, err
	}
	if code, err = format.Source(code); err != nil {
		return nil, fmt.Errorf("reach records do not format: %w", err)
	}
	probes, err := probeClasses(code)
	if err != nil {
		return nil, err
	}
	if code, err = localPosition(code); err != nil {
		return nil, err
	}
	if code, err = byteBuffer(code); err != nil {
		return nil, err
	}
	if code, err = ruleMethods(code); err != nil {
		return nil, err
	}
	if code, err = format.Source(code); err != nil {
		return nil, fmt.Errorf("local position, byte buffer and methods do not format: %w", err)
	}
	if code, err = twinRules(code); err != nil {
		return nil, err
	}
	if code, err = format.Source(code); err != nil {
		return nil, fmt.Errorf("twin rules do not format: %w", err)
	}
	if code, err = unexportRuntime(code); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by internal/pegwrap with github.com/pointlander/peg v1.0.1 from %s. DO NOT EDIT.\n\n", grammarPath)
	fmt.Fprintf(&b, "// Package %s is the validating parser of %s, generated from it by\n"+
		"// github.com/pointlander/peg v1.0.1 through internal/pegwrap. It is not for import:\n"+
		"// package github.com/urispec/urispec/uri is the API, and the exported names here are\n"+
		"// the ones it calls.\n", pkg, grammarPath)
	b.Write(code)
	fmt.Fprintf(&b, "\n// probeClass maps each printable ASCII character to the smallest one that every\n"+
		"// character test of this parser treats alike (internal/pegwrap/probes.go); %s.\n"+
		"const probeClass = %q\n", describeClasses(probes), probes)
	b.WriteString(strings.ReplaceAll(api, "\t\t", "\t"))
	if err := checkExported(b.Bytes()); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// instrument drops the tokens of the rules not listed in tokens and applies edits and
// trackComponents: the code that the speed passes start from.
func instrument(code []byte, tokens []string) ([]byte, error) {
	if len(tokens) == 0 {
		return nil, fmt.Errorf(`no "# pegwrap: tokens" line`)
	}
	keep := map[string]bool{}
	for _, name := range tokens {
		keep[name] = true
	}
	seen := map[string]bool{}
	code = addCall.ReplaceAllFunc(code, func(m []byte) []byte {
		sub := addCall.FindSubmatch(m)
		if keep[string(sub[1])] {
			seen[string(sub[1])] = true
			return m
		}
		return []byte("_ = " + string(sub[2]))
	})
	for _, name := range tokens {
		if !seen[name] {
			return nil, fmt.Errorf("pegwrap: tokens names %q, which is not a rule that peg compiled", name)
		}
	}
	var err error
	if code, err = applyEdits(code, edits, "peg output changed"); err != nil {
		return nil, err
	}
	return trackComponents(code, keep)
}

var ruleHeader = regexp.MustCompile(`^\t\t/\* (\d+) (\w+) <- `)

// trackComponents makes every rule that records tokens set Parser.comp to its own number
// while it runs, so that a failing test can say which component it was inside
// (Parser.farComp). Only those rules pay for it: they run a few times per input.
func trackComponents(code []byte, keep map[string]bool) ([]byte, error) {
	lines := strings.Split(string(code), "\n")
	out := make([]string, 0, len(lines)+4*len(keep))
	rule, inRule := "", false
	for i, line := range lines {
		switch {
		case inRule && line == "\t\t},":
			inRule = false
		case inRule && (line == "\t\t\treturn true" || line == "\t\t\treturn false"):
			out = append(out, "\t\t\tp.comp = comp")
		}
		out = append(out, line)
		if m := ruleHeader.FindStringSubmatch(line); m != nil && keep[m[2]] {
			if i+1 >= len(lines) || lines[i+1] != "\t\tfunc() bool {" {
				return nil, fmt.Errorf("peg output changed: no function after rule %s", m[2])
			}
			rule = m[2]
		}
		if line == "\t\tfunc() bool {" && rule != "" {
			out = append(out, "\t\t\tcomp := p.comp", "\t\t\tp.comp = uint32(rule"+rule+")")
			rule, inRule = "", true
		}
	}
	return []byte(strings.Join(out, "\n")), nil
}

// api is appended to every generated parser: the exported names package uri calls
// (peg's own types are unexported, and unexportRuntime renames its runtime's names).
const api = `
// Run parses s with the rule numbered rule (see RuleID) and reports whether the rule
// matched a prefix of s (grammars end their top rules with !. to require all of s).
// After a match, Tokens gives the syntax tree; after a failure,
// Farthest gives the position of the farthest character that no test accepted.
// Positions are byte offsets into s (the parser reads s byte by byte).
func (p *Parser) Run(s string, rule int) bool { return p.RunRecording(s, rule, nil) }

// Accepts is Run without the syntax tree: the same result and Farthest, and no tokens
// (Tokens then gives none). A validator needs no more.
func (p *Parser) Accepts(s string, rule int) bool { return p.RunRecording(s, rule, &recordNone) }

// RunRecording is Run that records the tokens of the rules in the set record only (rule
// number r is bit r%64 of record[r/64]; nil: every rule): the parse, its result and
// Farthest are Run's, and Tokens gives Run's tree without the tokens of other rules.
func (p *Parser) RunRecording(s string, rule int, record *[4]uint64) bool {
	if p.parse == nil {
		p.pegInit()
	}
	p.far, p.comp, p.farComp, p.at, p.reach = -1, 0, 0, -1, -1
	if record != nil {
		p.skip = [4]uint64{^record[0], ^record[1], ^record[2], ^record[3]}
	}
	p.start(s)
	ok := p.matchRule(rule)
	p.skip = [4]uint64{} // peg's own pegParse records every token
	return ok
}

// start readies the parser for a run on s: peg's Reset (resetInput) without keeping s
// in pegBuffer, which only peg's printers read. A run then stores no pointer into the
// Parser, and so meets no write barrier while the garbage collector runs.
func (p *Parser) start(s string) {
	p.max = token32{}
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

// recordNone is the record set of Accepts.
var recordNone [4]uint64

// records reports whether the running parse records the tokens of rule r (a constant at
// every call, so that the test is one load).
func (p *Parser) records(r pegRule) bool { return p.skip[r/64]&(1<<(r%64)) == 0 }

// Farthest is the byte offset of the farthest failing character test of the last Run,
// and the number of the innermost token-recording rule that was running when the first
// test failed there.
func (p *Parser) Farthest() (pos, rule int) { return max(p.far, 0), int(p.farComp) }

// Reach is, after a failed Run, the farthest position that a lookahead read up to
// before it was undone, or that a semantic predicate failed after (-1: none did;
// internal/pegwrap/reach.go). Any byte the Run read past Farthest's position was read
// before such a point, so when Reach is at most that position, the Run read nothing
// after it: on s cut just after it, the Run reads the same bytes and fails the same way.
func (p *Parser) Reach() int { return p.reach }

// Tokens appends the syntax tree of the last successful Run to dst, one {rule, begin,
// end} byte span per token in post-order (a token after the tokens inside it), and
// returns the extended slice. Reusing dst keeps a parse free of allocations.
func (p *Parser) Tokens(dst [][3]int32) [][3]int32 {
	tree := p.tokens32.tree
	n := len(dst)
	if need := n + len(tree); need > cap(dst) {
		dst = append(dst, make([][3]int32, len(tree))...)
	} else {
		dst = dst[:need]
	}
	for i := range tree {
		dst[n+i] = [3]int32{int32(tree[i].pegRule), int32(tree[i].begin), int32(tree[i].end)}
	}
	return dst
}

// filler is the byte that pegReset puts at the end of the input, and at Collect's probe
// just before it: no character test accepts it (internal/pegwrap/bytebuf.go checks),
// and matchDot compares the position with end instead of reading it.
const filler = 0

// Collect parses prefix followed by a probe that no character test accepts and matchDot
// does (filler, before the end), with the rule numbered rule, and reports what tells a
// byte c apart from the probe at position len(prefix) (internal/pegwrap/notes.go): seen
// holds the bytes that some test, table or switch that ran there treats otherwise than
// the probe; sure those of them whose first such point consumes the byte outside any
// lookahead (so the parser reads on after it); dot whether matchDot ran there (it tells
// the end of input apart). ok and Farthest are the probe's own result. A byte not in
// seen parses, after prefix, exactly as the probe does.
func (p *Parser) Collect(prefix string, rule int) (ok bool, sure, seen [4]uint64, dot bool) {
	if p.parse == nil {
		p.pegInit()
	}
	p.far, p.comp, p.farComp, p.reach = -1, 0, 0, -1
	p.at, p.look, p.dot, p.seen, p.sure = len(prefix), 0, false, [4]uint64{}, [4]uint64{}
	p.start(prefix)
	p.skip = [4]uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)} // a probe's tokens are never read
	ok = p.matchNoted(rule)
	p.at, p.skip = -1, [4]uint64{}
	return ok, p.sure, p.seen, p.dot
}

// note records, at Collect's position, the byte set noteMask[k] of a test, table or
// switch that ran there; sure says whether it consumes its bytes outside a lookahead
// (p.look counts the lookaheads whose rules are running).
func (p *Parser) note(k int, sure bool) {
	m := &noteMask[k]
	sure = sure && p.look == 0
	for i := range m {
		if sure {
			p.sure[i] |= m[i] &^ p.seen[i]
		}
		p.seen[i] |= m[i]
	}
}

// peek calls a rule from inside a lookahead.
func (p *Parser) peek(rule func() bool) bool {
	p.look++
	ok := rule()
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
`
