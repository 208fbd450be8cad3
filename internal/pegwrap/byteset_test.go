package main

import (
	"strings"
	"testing"
)

// stage returns peg's code for rules as the speed passes receive it (instrumented).
func stage(t *testing.T, rules string) []byte {
	t.Helper()
	code, err := pegCode([]byte(rules), "tiny")
	if err != nil {
		t.Fatal(err)
	}
	if code, err = instrument(code, directive([]byte(rules), "tokens")); err != nil {
		t.Fatal(err)
	}
	return code
}

// byteSetGrammar has byte-set rules of each shape peg writes (a range, a two-way choice
// that fails a test before it accepts, switches, calls of byte-set rules, a lookahead
// that leaves one byte consumed) and rules that the pass must leave alone.
const byteSetGrammar = `# pegwrap: entries top
# pegwrap: entries opt two esc tok dot utf rec1 neg pred star
# pegwrap: tokens top word tok
top <- word ('/' word)* !.
word <- (ch / esc / pos)+
ch <- alpha / digit / mark
alpha <- lower / upper
lower <- [a-z]
upper <- [A-Z]
digit <- [0-9]
mark <- '-' / '.' / '_' / '~'
hex <- digit / [A-F] / [a-f]
pos <- &[9-=] [:=]
opt <- ';'?
two <- 'ab'
esc <- '%' hex hex
tok <- '@'
dot <- .
utf <- [\0x80-\0xBF]
rec1 <- '!' / '(' rec2
rec2 <- '$' / rec1
neg <- !'x' [w-y]
pred <- [+] &{ p.far > 0 }
star <- '*'*
`

// TestByteSetRules checks the sets the abstract run finds for the rules it converts, and
// the rules it must leave as peg wrote them.
func TestByteSetRules(t *testing.T) {
	tables := newTableSet()
	out, sets, refused, err := byteSetRules(stage(t, byteSetGrammar), tables)
	if err != nil {
		t.Fatal(err)
	}
	set := func(chars string) (s [128]bool) {
		for i := 0; i < len(chars); i++ {
			if i+2 < len(chars) && chars[i+1] == '-' {
				for c := chars[i]; c <= chars[i+2]; c++ {
					s[c] = true
				}
				i += 2
				continue
			}
			s[chars[i]] = true
		}
		return s
	}
	for _, w := range []struct{ rule, accept, noted string }{
		{"lower", "a-z", ""},
		{"upper", "A-Z", ""},
		{"digit", "0-9", ""},
		// lowalpha's test fails on an upper case letter before upper accepts it.
		{"alpha", "a-zA-Z", "A-Z"},
		{"mark", "-._~", ""},
		{"ch", "a-zA-Z0-9-._~", "A-Z"},
		{"hex", "0-9A-Fa-f", ""},
		{"pos", ":=", "="}, // [:=] tests ':' first
	} {
		s := sets[w.rule]
		if s == nil {
			t.Errorf("%s: not converted (%s)", w.rule, refused[w.rule])
			continue
		}
		if s.accept != set(w.accept) || s.noted != set(w.noted) {
			var a, n [128]bool = s.accept, s.noted
			t.Errorf("%s: accepts %s, noted %s; want %s, noted %s", w.rule, describe(&a), describe(&n), w.accept, w.noted)
		}
	}
	for rule, why := range map[string]string{
		"top":  "unknown assign",         // records a token
		"word": "unknown assign",         // records a token (comp := p.comp)
		"opt":  "after 0 bytes",          // may match the empty string
		"two":  "second byte",            // a string
		"esc":  "second byte",            // three bytes
		"tok":  "unknown assign",         // records a token
		"dot":  "unknown test",           // matchDot, which accepts the probe
		"utf":  "not an ASCII",           // a byte above 127
		"rec1": "recursive",              // calls itself through rec2
		"rec2": "recursive",              //
		"neg":  "without a failing test", // on 'x' !'x' fails after its test passes
		"pred": "unknown test",           // a predicate
		"star": "after 0 bytes",          // a repetition
	} {
		if sets[rule] != nil {
			t.Errorf("%s: converted, must be refused", rule)
		} else if !strings.Contains(refused[rule], why) {
			t.Errorf("%s: refused because %q, want %q", rule, refused[rule], why)
		}
	}
	code := string(tables.appendDecls(out))
	alpha := ruleBody(t, code, "alpha")
	for _, want := range []string{
		"if c := uint32(buffer[position]); c < 128 && class", // the table shape of classes.go
		"p.far, p.farComp = int(position), p.comp",
		"goto l",
		"position++",
	} {
		if !strings.Contains(alpha, want) {
			t.Errorf("alpha lacks %q:\n%s", want, alpha)
		}
	}
	// Two tables: a-z, then the failing test's bookkeeping, then A-Z.
	if strings.Count(alpha, "uint32(buffer[position])") != 2 ||
		strings.Index(alpha, "p.far, p.farComp") > strings.LastIndex(alpha, "uint32(buffer[position])") {
		t.Errorf("alpha is not table, far, table:\n%s", alpha)
	}
	if lower := ruleBody(t, code, "lower"); strings.Count(lower, "uint32(buffer[position])") != 1 {
		t.Errorf("lower is not one table:\n%s", lower)
	}
	if two := ruleBody(t, code, "two"); !strings.Contains(two, "rune('b')") {
		t.Errorf("two was changed:\n%s", two)
	}
	for _, rule := range []string{"lower", "alpha", "ch"} {
		if body := ruleBody(t, code, rule); !copyable(strings.Split(body, "\n")) {
			t.Errorf("%s cannot be copied into its callers:\n%s", rule, body)
		}
	}
	if !strings.Contains(code, "the characters a-z (see internal/pegwrap/byteset.go)") {
		t.Error("no table of a-z declared")
	}
}

// ruleBody returns the lines of a rule's function body in code.
func ruleBody(t *testing.T, code, rule string) string {
	t.Helper()
	rules, err := ruleFuncs(strings.Split(code, "\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rules {
		if r.name == rule {
			return strings.Join(r.body, "\n")
		}
	}
	t.Fatalf("no rule %s", rule)
	return ""
}

// TestClassTablesCallsByteSet checks that a switch case calling a byte-set rule becomes
// part of the table when the rule accepts all its bytes with no failing test first, and
// stays a call otherwise; and that a default clause calling one adds its bytes that no
// case lists.
func TestClassTablesCallsByteSet(t *testing.T) {
	src := `package x

func f() bool {
	switch buffer[position] {
	case '0', '1':
		if !_rules[ruledigit]() {
			goto l1
		}
	case 'A', 'a':
		if !_rules[rulealpha]() {
			goto l1
		}
	case '%':
		if !_rules[ruleesc]() {
			goto l1
		}
	default:
		if !_rules[rulealpha]() {
			goto l1
		}
	}
	return true
l1:
	return false
}
`
	digit, alpha := &byteSet{}, &byteSet{}
	for c := '0'; c <= '9'; c++ {
		digit.accept[c] = true
	}
	for c := 'a'; c <= 'z'; c++ {
		alpha.accept[c], alpha.accept[c-'a'+'A'], alpha.noted[c-'a'+'A'] = true, true, true
	}
	out, err := classTables([]byte(src), map[string]*byteSet{"digit": digit, "alpha": alpha})
	if err != nil {
		t.Fatal(err)
	}
	got := string(out)
	// 0 1 from the digit case; b-z from the default (a is listed by the alpha case).
	if !strings.Contains(got, "the characters 0 1 b-z ") {
		t.Errorf("wrong table:\n%s", got)
	}
	for _, s := range []string{"case 'A', 'a':", "case '%':", "default:"} {
		if !strings.Contains(got, s) {
			t.Errorf("output lacks %q:\n%s", s, got)
		}
	}
	if strings.Contains(got, "case '0'") {
		t.Errorf("the digit case stays:\n%s", got)
	}
}
