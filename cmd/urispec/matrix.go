package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/urispec/urispec/uri"
)

// matrixUsage documents the flags and the exit status.
const matrixUsage = `usage: urispec matrix [-spec LIST] [-json] [-groups N] [-examples N] [FILE ...]

Reads URI references, one a line, from the files or from standard input, and prints
for the chosen specs (default: all, oldest first) how many each accepts and rejects,
how many inputs the specs disagree on, the patterns of verdicts, and for each pair of
adjacent versions the inputs valid under one and not the other, grouped by the rule
and character that decide it, and for each spec the inputs no other spec accepts,
grouped by why the spec before it in date order rejects them. A line over 1 MiB, not valid UTF-8 or holding a NUL is
not checked: it counts as rejected by every spec and is listed with its reason.
With -json, one object per input with every spec's verdict.

Exit status: 0 when every input was read (whatever the verdicts), 2 usage or I/O error.
`

// group counts the inputs that share a key, with the first few as examples.
type group struct {
	key      string
	count    int
	examples []string
}

// groups is a set of groups that keeps at most maxExamples examples each.
type groups struct {
	m           map[string]*group
	maxExamples int
}

func newGroups(maxExamples int) *groups {
	return &groups{m: map[string]*group{}, maxExamples: maxExamples}
}

func (gs *groups) add(key string, example func() string) {
	g := gs.m[key]
	if g == nil {
		g = &group{key: key}
		gs.m[key] = g
	}
	g.count++
	if len(g.examples) < gs.maxExamples {
		g.examples = append(g.examples, example())
	}
}

// total is the number of inputs in all groups.
func (gs *groups) total() int {
	n := 0
	for _, g := range gs.m {
		n += g.count
	}
	return n
}

// sorted returns the groups by count, largest first, then by key.
func (gs *groups) sorted() []*group {
	out := make([]*group, 0, len(gs.m))
	for _, g := range gs.m {
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].count != out[j].count {
			return out[i].count > out[j].count
		}
		return out[i].key < out[j].key
	})
	return out
}

// write prints up to limit groups (0: all) as "  COUNT  KEY" with indented examples.
func (gs *groups) write(w io.Writer, limit int) {
	all := gs.sorted()
	shown := all
	if limit > 0 && len(all) > limit {
		shown = all[:limit]
	}
	for _, g := range shown {
		fmt.Fprintf(w, "  %7d  %s\n", g.count, g.key)
		for _, ex := range g.examples {
			fmt.Fprintf(w, "           %s\n", ex)
		}
	}
	if rest := all[len(shown):]; len(rest) > 0 {
		n := 0
		for _, g := range rest {
			n += g.count
		}
		fmt.Fprintf(w, "  %7d  in %d more groups (-groups 0 lists all)\n", n, len(rest))
	}
}

// exampleLine is how an input is quoted in a group: its place and its text, shortened.
func exampleLine(in inputLine) string {
	if in.problem != "" && strings.HasPrefix(in.problem, "line longer") {
		return in.where
	}
	return in.where + "  " + shorten(in.text, 100)
}

// rejectReason is the group key part for an input a spec rejects: the character at the
// error's offset and the rule being parsed there, such as "' ' in reg-name" or "end of
// input in IPv6address".
func rejectReason(err error) string {
	var ue *uri.Error
	if !errors.As(err, &ue) {
		return err.Error()
	}
	reason := charAt(ue.Input, ue.Offset)
	if ue.Rule != "" {
		reason += " in " + ue.Rule
	}
	return reason
}

// problemKind is an input problem without its offset, for grouping.
func problemKind(p string) string {
	p, _, _ = strings.Cut(p, " at offset")
	p, _, _ = strings.Cut(p, ":")
	return p
}

// matrixVerdict is one spec's verdict in matrix -json.
type matrixVerdict struct {
	Spec  string     `json:"spec"`
	Valid bool       `json:"valid"`
	Error *jsonError `json:"error,omitempty"`
}

type matrixJSON struct {
	Where      string          `json:"where"`
	Input      string          `json:"input"`
	InputB64   string          `json:"input_base64,omitempty"`
	InputError string          `json:"input_error,omitempty"`
	Agree      bool            `json:"agree"`
	Verdicts   []matrixVerdict `json:"verdicts"`
}

// pairStats compares two adjacent versions, older first.
type pairStats struct {
	older, newer         uri.Spec
	onlyOlder, onlyNewer int
	groups               *groups
}

func runMatrix(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("matrix", flag.ContinueOnError)
	fs.SetOutput(stderr)
	specFlag := fs.String("spec", "all", "comma-separated spec IDs, or all")
	asJSON := fs.Bool("json", false, "one JSON object per input with every spec's verdict")
	maxGroups := fs.Int("groups", 15, "groups listed per pair of versions (0: all)")
	maxExamples := fs.Int("examples", 2, "examples listed per group")
	fs.Usage = func() {
		io.WriteString(stderr, matrixUsage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return flagStatus(err)
	}
	specs, err := parseSpecs(*specFlag)
	if err != nil {
		fmt.Fprintln(stderr, "urispec matrix:", err)
		return exitUsage
	}
	// Oldest first, each once: "adjacent versions" are adjacent in time.
	slices.Sort(specs)
	specs = slices.Compact(specs)
	parsers := make([]*uri.Parser, len(specs))
	for i, s := range specs {
		if parsers[i], err = uri.NewParser(s); err != nil {
			fmt.Fprintln(stderr, "urispec matrix:", err)
			return exitUsage
		}
	}

	var (
		inputs, disagree int
		accepts          = make([]int, len(specs))
		problems         = newGroups(*maxExamples)
		patterns         = newGroups(0)
		pairs            = make([]pairStats, max(len(specs)-1, 0))
		only             = make([]*groups, len(specs)) // inputs no other spec accepts
		verdicts         = make([]error, len(specs))
		pattern          = make([]byte, len(specs))
		enc              = json.NewEncoder(stdout)
	)
	enc.SetEscapeHTML(false)
	for i := range pairs {
		pairs[i] = pairStats{older: specs[i], newer: specs[i+1], groups: newGroups(*maxExamples)}
	}
	for i := range only {
		only[i] = newGroups(*maxExamples)
	}
	// handle counts one input, whose verdicts (one per spec) are in results[·][k].
	var results [][]error
	handle := func(in inputLine, k int) error {
		inputs++
		if in.problem != "" {
			problems.add(problemKind(in.problem), func() string { return exampleLine(in) + "  (" + in.problem + ")" })
			for i := range pattern {
				pattern[i] = '-'
			}
			patterns.add(string(pattern), nil)
			if *asJSON {
				out := matrixJSON{Where: in.where, Input: in.text, InputB64: exactBytes(in.text), InputError: in.problem, Agree: true}
				for _, s := range specs {
					out.Verdicts = append(out.Verdicts, matrixVerdict{Spec: s.String()})
				}
				return enc.Encode(out)
			}
			return nil
		}
		for i := range parsers {
			verdicts[i] = results[i][k]
			pattern[i] = '-'
			if verdicts[i] == nil {
				accepts[i]++
				pattern[i] = '+'
			}
		}
		agree := !slices.ContainsFunc(pattern, func(c byte) bool { return c != pattern[0] })
		if !agree {
			disagree++
		}
		if i := bytes.IndexByte(pattern, '+'); len(specs) > 2 && i >= 0 && bytes.LastIndexByte(pattern, '+') == i {
			// Only specs[i] accepts: group by why its predecessor in date order (its
			// successor, for the oldest) rejects, the version it is read against.
			j := max(i-1, 0)
			if i == 0 {
				j = 1
			}
			only[i].add(fmt.Sprintf("%v rejects: %s", specs[j], rejectReason(verdicts[j])), func() string { return exampleLine(in) })
		}
		patterns.add(string(pattern), nil)
		for i := range pairs {
			a, b := verdicts[i], verdicts[i+1]
			if (a == nil) == (b == nil) {
				continue
			}
			ps := &pairs[i]
			var key string
			if a == nil {
				ps.onlyOlder++
				key = fmt.Sprintf("%v accepts, %v rejects: %s", ps.older, ps.newer, rejectReason(b))
			} else {
				ps.onlyNewer++
				key = fmt.Sprintf("%v rejects, %v accepts: %s", ps.older, ps.newer, rejectReason(a))
			}
			ps.groups.add(key, func() string { return exampleLine(in) })
		}
		if *asJSON {
			out := matrixJSON{Where: in.where, Input: in.text, InputB64: exactBytes(in.text), Agree: agree}
			for i, s := range specs {
				v := matrixVerdict{Spec: s.String(), Valid: verdicts[i] == nil}
				var ue *uri.Error
				if errors.As(verdicts[i], &ue) {
					v.Error = errorJSON(ue)
				}
				out.Verdicts = append(out.Verdicts, v)
			}
			return enc.Encode(out)
		}
		return nil
	}
	// Lines are read in batches; each spec's parser runs over a batch in its own
	// goroutine, and the batch is then counted in input order.
	var batch []inputLine
	batchBytes := 0
	results = make([][]error, len(specs))
	flush := func() error {
		var wg sync.WaitGroup
		for i, p := range parsers {
			results[i] = slices.Grow(results[i][:0], len(batch))[:len(batch)]
			wg.Add(1)
			go func() {
				defer wg.Done()
				for k, in := range batch {
					results[i][k] = nil
					if in.problem == "" {
						results[i][k] = p.Validate(in.text)
					}
				}
			}()
		}
		wg.Wait()
		for k, in := range batch {
			if err := handle(in, k); err != nil {
				return err
			}
		}
		batch, batchBytes = batch[:0], 0
		return nil
	}
	err = eachInput(fs.Args(), stdin, func(in inputLine) error {
		batch = append(batch, in)
		batchBytes += len(in.text)
		if len(batch) >= 4096 || batchBytes >= 8<<20 {
			return flush()
		}
		return nil
	})
	if err == nil {
		err = flush()
	}
	if err != nil {
		return inputError(stderr, "matrix", err)
	}
	if *asJSON {
		return exitOK
	}

	w := stdout
	nProblems := problems.total()
	fmt.Fprintf(w, "%d inputs", inputs)
	if nProblems > 0 {
		fmt.Fprintf(w, " (%d not checked, counted as rejected by every spec: see below)", nProblems)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w)
	idWidth := len("spec")
	for _, s := range specs {
		idWidth = max(idWidth, len(s.String()))
	}
	fmt.Fprintf(w, "%-*s  %-7s  %9s  %9s\n", idWidth, "spec", "date", "accepts", "rejects")
	for i, s := range specs {
		fmt.Fprintf(w, "%-*s  %-7s  %9d  %9d\n", idWidth, s, s.Date(), accepts[i], inputs-accepts[i])
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "the specs disagree on %d inputs (%s)\n", disagree, percent(disagree, inputs))

	if len(specs) > 1 {
		fmt.Fprintln(w)
		fmt.Fprintln(w, "verdict patterns (+ accepts, - rejects):")
		for _, s := range specs {
			fmt.Fprintf(w, " %*s", len(s.String()), s)
		}
		fmt.Fprintf(w, "  %9s\n", "inputs")
		for _, g := range patterns.sorted() {
			for i, s := range specs {
				fmt.Fprintf(w, " %*c", len(s.String()), g.key[i])
			}
			fmt.Fprintf(w, "  %9d\n", g.count)
		}
	}
	for _, ps := range pairs {
		fmt.Fprintln(w)
		fmt.Fprintf(w, "%v -> %v: %d inputs differ (%d valid only under %v, %d only under %v)\n",
			ps.older, ps.newer, ps.onlyOlder+ps.onlyNewer, ps.onlyOlder, ps.older, ps.onlyNewer, ps.newer)
		ps.groups.write(w, *maxGroups)
	}
	for i, g := range only {
		if n := g.total(); n > 0 {
			fmt.Fprintln(w)
			fmt.Fprintf(w, "only %v accepts: %d inputs\n", specs[i], n)
			g.write(w, *maxGroups)
		}
	}
	if nProblems > 0 {
		fmt.Fprintln(w)
		fmt.Fprintf(w, "not checked: %d inputs\n", nProblems)
		problems.write(w, 0)
	}
	return exitOK
}

// percent formats n/total as a percentage with one decimal.
func percent(n, total int) string {
	if total == 0 {
		return "0.0%"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(total))
}
