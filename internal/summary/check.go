package summary

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strings"

	"github.com/urispec/urispec/uri"
	"github.com/urispec/urispec/uri/hazard"
)

// MaxExamples is the most examples a summary keeps per group: each group holds them in
// memory, and a report lists them.
const MaxExamples = 1000

// FieldError is a summary that is not what matrix writes: Field names the JSON field
// ("pairs[2].groups[0].count"), Reason what is wrong with it.
type FieldError struct {
	Field  string
	Reason string
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Reason }

func bad(field, format string, args ...any) error {
	return &FieldError{Field: field, Reason: fmt.Sprintf(format, args...)}
}

// errOverflow is a sum of counts beyond what an int64 holds.
var errOverflow = errors.New("counts add up to more than 2^63-1")

// add returns a+b for counts known to be non-negative (Check), or errOverflow.
func add(a, b int64) (int64, error) {
	s, carry := bits.Add64(uint64(a), uint64(b), 0)
	if carry != 0 || s > math.MaxInt64 {
		return 0, errOverflow
	}
	return int64(s), nil
}

// Check reports whether s is a summary that matrix could have written: known specs in
// date order, counts that are not negative and agree with each other (every input has
// one verdict pattern; accept counts, disagreements, pair differences and the inputs
// only one spec accepts are the patterns' sums), group lists sorted by key with distinct
// keys, and at most Examples examples a group, each group's in hash order. Everything a
// report or a merge reads is checked, so that neither can fail on a summary that passed.
// The error is a *FieldError naming the first field found wrong.
func (s *Summary) Check() error {
	if s.Format != FormatVersion {
		return bad("format", "%d: this program reads format %d", s.Format, FormatVersion)
	}
	n := len(s.Specs)
	if n == 0 {
		return bad("specs", "empty")
	}
	var prev uri.Spec
	for i, id := range s.Specs {
		sp, err := uri.ParseSpec(id)
		if err != nil {
			return bad(fmt.Sprintf("specs[%d]", i), "%v", err)
		}
		if sp <= prev {
			return bad(fmt.Sprintf("specs[%d]", i), "%s is not after %s in date order (or named twice)", id, s.Specs[i-1])
		}
		prev = sp
	}
	if s.Examples < 0 || s.Examples > MaxExamples {
		return bad("examples", "%d: must be 0 to %d", s.Examples, MaxExamples)
	}
	if s.Inputs < 0 {
		return bad("inputs", "%d is negative", s.Inputs)
	}
	if s.Blank < 0 {
		return bad("blank", "%d is negative", s.Blank)
	}
	pairs := pairIndexes(s.Specs)
	if len(s.Accepts) != n || len(s.Pairs) != len(pairs) || len(s.Only) != n {
		return bad("specs", "%d specs with %d accept counts, %d pairs and %d only lists (want %d pairs)", n, len(s.Accepts), len(s.Pairs), len(s.Only), len(pairs))
	}

	// The verdict patterns: every count derived below is a sum over them.
	var total, disagree, allReject int64
	accepts := make([]int64, n)
	onlyOlder := make([]int64, len(pairs))
	onlyNewer := make([]int64, len(pairs))
	only := make([]int64, n)
	var err error
	for _, key := range sortedKeys(s.Patterns) {
		c := s.Patterns[key]
		field := fmt.Sprintf("patterns[%q]", key)
		if len(key) != n || strings.Trim(key, "+-") != "" {
			return bad(field, "a pattern has one '+' or '-' per spec (%d)", n)
		}
		if c <= 0 {
			return bad(field, "count %d: must be 1 or more", c)
		}
		if total, err = add(total, c); err != nil {
			return bad("patterns", "%v", err)
		}
		plus := strings.Count(key, "+")
		switch plus {
		case 0:
			allReject = c
		case n:
		default:
			disagree += c // <= total: no overflow
		}
		for i := range n {
			if key[i] == '+' {
				accepts[i] += c
			}
		}
		for i, ix := range pairs {
			if a, b := key[ix[0]], key[ix[1]]; a != b {
				if a == '+' {
					onlyOlder[i] += c
				} else {
					onlyNewer[i] += c
				}
			}
		}
		if plus == 1 && n > 2 {
			only[strings.IndexByte(key, '+')] += c
		}
	}
	if total != s.Inputs {
		return bad("inputs", "%d, but the verdict patterns count %d", s.Inputs, total)
	}
	if s.Disagree != disagree {
		return bad("disagree", "%d, but the verdict patterns count %d", s.Disagree, disagree)
	}
	for i, a := range s.Accepts {
		if a != accepts[i] {
			return bad(fmt.Sprintf("accepts[%d]", i), "%d, but the verdict patterns count %d for %s", a, accepts[i], s.Specs[i])
		}
	}

	// Groups: each list sums to what the patterns say it holds.
	sum, err := s.checkGroups("unchecked", s.Unchecked)
	if err != nil {
		return err
	}
	if sum > allReject {
		return bad("unchecked", "the groups count %d, more than the verdict patterns reject by every spec (%d)", sum, allReject)
	}
	for i, p := range s.Pairs {
		field := fmt.Sprintf("pairs[%d]", i)
		switch {
		case p.Older != s.Specs[pairs[i][0]] || p.Newer != s.Specs[pairs[i][1]]:
			return bad(field, "%s -> %s, not %s -> %s", p.Older, p.Newer, s.Specs[pairs[i][0]], s.Specs[pairs[i][1]])
		case p.OnlyOlder != onlyOlder[i]:
			return bad(field+".only_older", "%d, but the verdict patterns count %d", p.OnlyOlder, onlyOlder[i])
		case p.OnlyNewer != onlyNewer[i]:
			return bad(field+".only_newer", "%d, but the verdict patterns count %d", p.OnlyNewer, onlyNewer[i])
		}
		sum, err := s.checkGroups(field+".groups", p.Groups)
		if err != nil {
			return err
		}
		if sum != onlyOlder[i]+onlyNewer[i] {
			return bad(field+".groups", "the groups count %d, but only_older and only_newer add up to %d", sum, onlyOlder[i]+onlyNewer[i])
		}
	}
	for i, o := range s.Only {
		field := fmt.Sprintf("only[%d]", i)
		if o.Spec != s.Specs[i] {
			return bad(field+".spec", "%s, not %s", o.Spec, s.Specs[i])
		}
		sum, err := s.checkGroups(field+".groups", o.Groups)
		if err != nil {
			return err
		}
		if sum != only[i] {
			return bad(field+".groups", "the groups count %d, but the verdict patterns count %d valid only under %s", sum, only[i], s.Specs[i])
		}
	}
	known := hazard.Codes()
	for _, code := range sortedKeys(s.Hazards) {
		c := s.Hazards[code]
		field := fmt.Sprintf("hazards[%q]", code)
		if !slices.Contains(known, hazard.Code(code)) {
			return bad(field, "unknown hazard code")
		}
		if c <= 0 || c > s.Inputs {
			return bad(field, "count %d: must be from 1 to the count of inputs (%d)", c, s.Inputs)
		}
	}
	return nil
}

// checkGroups checks a group list and returns the sum of its counts.
func (s *Summary) checkGroups(field string, gs []Group) (int64, error) {
	var sum int64
	for i, g := range gs {
		f := fmt.Sprintf("%s[%d]", field, i)
		if i > 0 && gs[i-1].Key >= g.Key {
			return 0, bad(f+".key", "%q: keys must be distinct and sorted", g.Key)
		}
		if g.Count <= 0 {
			return 0, bad(f+".count", "%d: must be 1 or more", g.Count)
		}
		var err error
		if sum, err = add(sum, g.Count); err != nil {
			return 0, bad(field, "%v", err)
		}
		if int64(len(g.Examples)) > min(int64(s.Examples), g.Count) {
			return 0, bad(f+".examples", "%d listed: more than examples (%d) or the group's count (%d)", len(g.Examples), s.Examples, g.Count)
		}
		for j, e := range g.Examples {
			if e.Line < 1 {
				return 0, bad(fmt.Sprintf("%s.examples[%d].line", f, j), "%d: lines count from 1", e.Line)
			}
			if j > 0 && exampleOrder(g.Examples[j-1], e) >= 0 || j > 0 && g.Examples[j-1].Text() == e.Text() {
				return 0, bad(fmt.Sprintf("%s.examples[%d]", f, j), "examples must be distinct and in hash order")
			}
		}
	}
	return sum, nil
}

// sortedKeys returns m's keys in order, so that the first wrong one found is the same
// from run to run.
func sortedKeys(m map[string]int64) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
