package template

import (
	"errors"
	"fmt"
	"strings"
)

// Value is the value of a template variable (RFC 6570 section 2.3): a string, a
// list of strings, or an associative array of (name, value) pairs. The zero
// Value is undefined: an expression skips it (3.2.1), as it skips a variable
// that Expand is not given.
type Value struct {
	kind  valueKind
	str   string
	list  []string
	pairs []Pair
}

type valueKind uint8

const (
	undefinedValue valueKind = iota
	stringValue
	listValue
	assocValue
)

// Pair is one (name, value) pair of an associative array.
type Pair struct{ Name, Value string }

// String is a string value; the empty string is defined (2.3).
func String(s string) Value { return Value{kind: stringValue, str: s} }

// List is a list value. A list of no members is undefined (2.3).
func List(items ...string) Value {
	return Value{kind: listValue, list: items}
}

// Assoc is an associative array, expanded in the order of its pairs. It is a
// slice of pairs and not a Go map because an expansion writes the pairs in order
// ("{?keys*}" gives "?semi=%3B&dot=.&comma=%2C" for the pairs in that order), and a map's
// order is random: the same call would give different URIs. An array of no pairs is
// undefined (2.3).
func Assoc(pairs ...Pair) Value {
	return Value{kind: assocValue, pairs: pairs}
}

// defined reports whether the value takes part in an expansion (2.3: a list or an
// associative array with no members is undefined).
func (v Value) defined() bool {
	switch v.kind {
	case stringValue:
		return true
	case listValue:
		return len(v.list) > 0
	case assocValue:
		return len(v.pairs) > 0
	}
	return false
}

// ExpandError says why an expression of a valid template cannot be expanded, or where
// an expansion stopped at its limit (MaxExpansion).
type ExpandError struct {
	// Offset is the byte offset of the expression in the template, Expression its text.
	Offset     int
	Expression string
	// Var is the variable concerned ("" when the error is the operator's).
	Var    string
	Reason string
	// Limit is the MaxExpansion the expansion would have passed at this expression, 0
	// for an error of the expression itself. errors.Is(err, ErrExpansionLimit) tells
	// the two apart.
	Limit int
}

// ErrExpansionLimit is what an ExpandError of an expansion that stopped at its limit
// (MaxExpansion) unwraps to.
var ErrExpansionLimit = errors.New("rfc6570: expansion limit reached")

// Unwrap returns ErrExpansionLimit for an expansion that stopped at its limit, else nil.
func (e *ExpandError) Unwrap() error {
	if e.Limit > 0 {
		return ErrExpansionLimit
	}
	return nil
}

func (e *ExpandError) Error() string {
	if e.Limit > 0 {
		return fmt.Sprintf("rfc6570: expansion stopped at %s (byte %d): %s", e.Expression, e.Offset, e.Reason)
	}
	if e.Var == "" {
		return fmt.Sprintf("rfc6570: cannot expand %s at byte %d: %s", e.Expression, e.Offset, e.Reason)
	}
	return fmt.Sprintf("rfc6570: cannot expand %s at byte %d: variable %q: %s", e.Expression, e.Offset, e.Var, e.Reason)
}

// opRule is a row of the table of RFC 6570 Appendix A: what an operator writes before
// the first value (first), between values (sep), whether values are named (named),
// what follows the name of an empty value (ifemp), and whether reserved characters and
// pct-encoded triplets pass unencoded (reserved: allow "U+R", else "U").
type opRule struct {
	first, sep string
	named      bool
	ifemp      string
	reserved   bool
}

func operatorRule(op byte) (opRule, bool) {
	switch op {
	case 0: // 3.2.2
		return opRule{"", ",", false, "", false}, true
	case '+': // 3.2.3
		return opRule{"", ",", false, "", true}, true
	case '#': // 3.2.4
		return opRule{"#", ",", false, "", true}, true
	case '.': // 3.2.5
		return opRule{".", ".", false, "", false}, true
	case '/': // 3.2.6
		return opRule{"/", "/", false, "", false}, true
	case ';': // 3.2.7
		return opRule{";", ";", true, "", false}, true
	case '?': // 3.2.8
		return opRule{"?", "&", true, "=", false}, true
	case '&': // 3.2.9
		return opRule{"&", "&", true, "=", false}, true
	}
	return opRule{}, false
}

// An ExpandOption sets how Template.Expand expands.
type ExpandOption func(*expandConfig)

type expandConfig struct{ limit int }

// MaxExpansion bounds the expansion to n bytes (n > 0; 0 is no bound, the default).
// An expansion can be far longer than its template and variables: a variable repeated
// in the template is written each time, and each byte that is not allowed in a URI
// takes three ("{a}{a}{a}" with a 10 MiB value is 30 MiB, and more once
// pct-encoded). An expansion that would be longer stops there, without writing the
// rest, and fails with an *ExpandError whose Limit is n, at the expression it was
// writing (errors.Is(err, ErrExpansionLimit)).
func MaxExpansion(n int) ExpandOption {
	return func(c *expandConfig) { c.limit = max(n, 0) }
}

// Expand expands the template with the variables vars (section 3): a variable that vars
// lacks is undefined. It fails with an *ExpandError on an expression that section 3
// gives no expansion: a reserved operator of 2.2, or a prefix modifier on a list or an
// associative array (2.4.1: "not applicable to variables that have composite values"),
// and, with MaxExpansion, on an expansion that would be longer than its limit. Literals
// are copied, each character that is not allowed in a URI as its pct-encoded UTF-8
// (3.1). It takes time linear in the length of the expansion, which it writes once.
func (t Template) Expand(vars map[string]Value, opts ...ExpandOption) (string, error) {
	var c expandConfig
	for _, o := range opts {
		o(&c)
	}
	b := &expansion{limit: c.limit}
	for _, p := range t.parts {
		if !p.Expression {
			b.appendEncoded(p.Text, true)
		} else if err := p.expand(b, vars); err != nil {
			return "", err
		}
		if b.over {
			return "", &ExpandError{Offset: p.Offset, Expression: p.Text, Limit: c.limit,
				Reason: fmt.Sprintf("the expansion would be longer than its limit of %d bytes (MaxExpansion)", c.limit)}
		}
	}
	return b.String(), nil
}

// expansion is an expansion being written: a strings.Builder that stops writing once
// it holds limit bytes (0: no limit) and then records that it was over.
type expansion struct {
	strings.Builder
	limit int
	over  bool
}

// room reports whether n more bytes fit, and records that they do not.
func (b *expansion) room(n int) bool {
	if b.limit > 0 && b.Len()+n > b.limit {
		b.over = true
	}
	return !b.over
}

func (b *expansion) WriteString(s string) (int, error) {
	if !b.room(len(s)) {
		return 0, nil
	}
	return b.Builder.WriteString(s)
}

func (b *expansion) WriteByte(c byte) error {
	if !b.room(1) {
		return nil
	}
	return b.Builder.WriteByte(c)
}

// expand writes the expansion of expression p (Appendix A).
func (p Part) expand(b *expansion, vars map[string]Value) error {
	rule, ok := operatorRule(p.Operator)
	if !ok {
		return &ExpandError{Offset: p.Offset, Expression: p.Text,
			Reason: fmt.Sprintf("the operator %q is reserved for future extensions (RFC 6570 section 2.2)", p.Operator)}
	}
	first := true
	for _, vs := range p.Vars {
		if b.over {
			return nil
		}
		v := vars[vs.Name]
		if !v.defined() {
			continue
		}
		if vs.Prefix > 0 && v.kind != stringValue {
			return &ExpandError{Offset: p.Offset, Expression: p.Text, Var: vs.Name,
				Reason: "a prefix modifier applies to a string, not a list or an associative array (RFC 6570 section 2.4.1)"}
		}
		if first {
			b.WriteString(rule.first)
			first = false
		} else {
			b.WriteString(rule.sep)
		}
		switch {
		case v.kind == stringValue:
			s := v.str
			if vs.Prefix > 0 {
				s = prefixChars(s, vs.Prefix)
			}
			if rule.named {
				writeName(b, vs.Name, s == "", rule.ifemp)
			}
			b.appendEncoded(s, rule.reserved)
		case !vs.Explode:
			if rule.named {
				writeName(b, vs.Name, false, rule.ifemp) // a defined composite is not empty
			}
			if v.kind == listValue {
				for i, item := range v.list {
					if i > 0 {
						b.WriteByte(',')
					}
					b.appendEncoded(item, rule.reserved)
				}
			} else {
				for i, pair := range v.pairs {
					if i > 0 {
						b.WriteByte(',')
					}
					b.appendEncoded(pair.Name, rule.reserved)
					b.WriteByte(',')
					b.appendEncoded(pair.Value, rule.reserved)
				}
			}
		case v.kind == listValue: // exploded list: each member as if a variable of its own
			for i, item := range v.list {
				if i > 0 {
					b.WriteString(rule.sep)
				}
				if rule.named {
					writeName(b, vs.Name, item == "", rule.ifemp)
				}
				b.appendEncoded(item, rule.reserved)
			}
		default: // exploded associative array: name=value pairs, named by their own names
			for i, pair := range v.pairs {
				if i > 0 {
					b.WriteString(rule.sep)
				}
				b.appendEncoded(pair.Name, rule.reserved)
				if pair.Value == "" && rule.named {
					b.WriteString(rule.ifemp)
				} else {
					b.WriteByte('=')
				}
				b.appendEncoded(pair.Value, rule.reserved)
			}
		}
	}
	return nil
}

// writeName writes a variable's name and what follows it: ifemp for an empty value,
// else "=".
func writeName(b *expansion, name string, empty bool, ifemp string) {
	b.WriteString(name)
	if empty {
		b.WriteString(ifemp)
	} else {
		b.WriteByte('=')
	}
}

// prefixChars is the first n characters (code points) of s (2.4.1: "in characters, not
// octets").
func prefixChars(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

// appendEncoded writes s with every byte that the allowed set does not hold as a
// pct-encoded triplet (3.2.1): unreserved characters always pass; with reserved (the
// "+" and "#" operators, and literals), reserved characters and pct-encoded triplets
// pass too. Other characters are encoded as the octets of their UTF-8 (bytes that are
// not UTF-8 are encoded as they are). It stops at the limit.
func (b *expansion) appendEncoded(s string, reserved bool) {
	const hex = "0123456789ABCDEF"
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case isUnreserved(c):
		case reserved && strings.IndexByte(":/?#[]@!$&'()*+,;=", c) >= 0:
		case reserved && c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
		default:
			if !b.room(3) {
				return
			}
			b.Builder.WriteByte('%')
			b.Builder.WriteByte(hex[c>>4])
			b.Builder.WriteByte(hex[c&15])
			continue
		}
		if !b.room(1) {
			return
		}
		b.Builder.WriteByte(c)
	}
}

func isUnreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '.' || c == '_' || c == '~'
}

func isHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }
