package summary

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/urispec/urispec/uri"
)

// AddBlank counts an empty line: no input, so nothing else is counted. The command and
// the Beam pipeline both skip empty lines so.
func (s *Summary) AddBlank() { s.Blank++ }

// AddUnchecked counts a line that was not checked (too long, not UTF-8, a NUL): it is
// rejected by every spec, and grouped by its problem without the offset.
func (s *Summary) AddUnchecked(e Example, problem string) {
	s.Inputs++
	e.Note = problem
	s.Unchecked = addTo(s.Unchecked, ProblemKind(problem), e, s.Examples)
	s.Patterns[strings.Repeat("-", len(s.Specs))]++
}

// Add counts one checked input; verdicts[i] is its error under Specs[i] (nil: valid).
func (s *Summary) Add(e Example, verdicts []error) {
	s.Inputs++
	var buf [16]byte // the pattern, on the stack for up to 16 specs
	pattern := buf[:0]
	first, last, accepts := -1, -1, 0
	for i, v := range verdicts {
		c := byte('-')
		if v == nil {
			s.Accepts[i]++
			c = '+'
			accepts++
			if first < 0 {
				first = i
			}
			last = i
		}
		pattern = append(pattern, c)
	}
	if accepts != 0 && accepts != len(verdicts) {
		s.Disagree++
	}
	s.Patterns[string(pattern)]++
	if len(verdicts) > 2 && first >= 0 && first == last {
		// Only Specs[first] accepts: group by why its predecessor in date order (its
		// successor, for the oldest) rejects, the version it is read against.
		j := max(first-1, 0)
		if first == 0 {
			j = 1
		}
		key := s.key(groupID{group: -1 - first}, verdicts[j], func(reason string) string {
			return fmt.Sprintf("%s rejects: %s", s.Specs[j], reason)
		})
		s.Only[first].Groups = addTo(s.Only[first].Groups, key, e, s.Examples)
	}
	for i, ix := range s.pairs {
		a, b := verdicts[ix[0]], verdicts[ix[1]]
		if (a == nil) == (b == nil) {
			continue
		}
		p := &s.Pairs[i]
		var key string
		if a == nil {
			p.OnlyOlder++
			key = s.key(groupID{group: i, olderAccepts: true}, b, func(reason string) string {
				return fmt.Sprintf("%s accepts, %s rejects: %s", p.Older, p.Newer, reason)
			})
		} else {
			p.OnlyNewer++
			key = s.key(groupID{group: i}, a, func(reason string) string {
				return fmt.Sprintf("%s rejects, %s accepts: %s", p.Older, p.Newer, reason)
			})
		}
		p.Groups = addTo(p.Groups, key, e, s.Examples)
	}
}

// groupID names a group key by what it is made of, when the reason is an ASCII byte or
// the end of input and a rule: most of a corpus. Building the key's text for every
// input that two specs disagree on was a tenth of matrix's time.
type groupID struct {
	group        int  // index into Pairs, or -1-i for Only[i]
	olderAccepts bool // for a pair: the older spec accepts
	c            int  // the byte at the error's offset, -1 at the end of input
	rule         string
}

// key is the group key that text makes from the reason err gives (Reason), built once
// per groupID.
func (s *Summary) key(id groupID, err error, text func(reason string) string) string {
	ue, ok := err.(*uri.Error)
	if !ok || ue.Offset < len(ue.Input) && ue.Input[ue.Offset] >= utf8.RuneSelf {
		return text(Reason(err))
	}
	id.c, id.rule = -1, ue.Rule
	if ue.Offset < len(ue.Input) {
		id.c = int(ue.Input[ue.Offset])
	}
	if k, ok := s.keys[id]; ok {
		return k
	}
	k := text(Reason(err))
	if s.keys == nil {
		s.keys = map[groupID]string{}
	}
	s.keys[id] = k
	return k
}

// Reason is the group key part for an input a spec rejects: the character at the
// error's offset and the rule being parsed there, such as "' ' in reg-name" or "end of
// input in IPv6address".
func Reason(err error) string {
	var ue *uri.Error
	if !errors.As(err, &ue) {
		return err.Error()
	}
	reason := CharAt(ue.Input, ue.Offset)
	if ue.Rule != "" {
		reason += " in " + ue.Rule
	}
	return reason
}

// ProblemKind is an input problem without its offset, for grouping.
func ProblemKind(p string) string {
	p, _, _ = strings.Cut(p, " at offset")
	p, _, _ = strings.Cut(p, ":")
	return p
}

// CharAt names the byte of s at offset i for a message: a quoted printable character,
// a control, a non-ASCII code point or a byte that is not UTF-8, or "end of input".
func CharAt(s string, i int) string {
	if i >= len(s) {
		return "end of input"
	}
	c := s[i]
	switch {
	case c == '\'':
		return `"'"`
	case c >= 0x20 && c < 0x7f:
		return "'" + string(c) + "'"
	case c < 0x20 || c == 0x7f:
		return fmt.Sprintf("control U+%04X", c)
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && size <= 1 {
		return fmt.Sprintf("byte 0x%02X", c)
	}
	return fmt.Sprintf("non-ASCII U+%04X", r)
}
