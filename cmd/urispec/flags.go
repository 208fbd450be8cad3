package main

import (
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/urispec/urispec/internal/summary"
	"github.com/urispec/urispec/uri"
	"github.com/urispec/urispec/uri/hazard"
)

// Flag types shared by the subcommands: a flag means the same and is refused with the
// same message wherever it appears. The flag package prints a refused value as
// `invalid value "V" for flag -NAME: REASON`.

// specsFlag is -spec: one spec ID, or, where the command reads under several specs, a
// comma-separated list of IDs or "all". A list names each spec once.
type specsFlag struct {
	specs []uri.Spec
	multi bool // a list and "all" are allowed
}

// specFlags defines -spec on fs with the default def ("all" or a list where multi).
func specFlags(fs *flag.FlagSet, def string, multi bool) *specsFlag {
	f := &specsFlag{multi: multi}
	if err := f.Set(def); err != nil {
		panic("bad default -spec " + def + ": " + err.Error()) // a programming error
	}
	usage := "the spec `ID` references are read under (one; urispec specs lists them)"
	if multi {
		usage = "the specs: one `ID`, a comma-separated list, or all (urispec specs lists them)"
	}
	fs.Var(f, "spec", usage)
	return f
}

func (f *specsFlag) String() string {
	if f == nil {
		return ""
	}
	if f.multi && len(f.specs) == len(uri.Specs()) && len(f.specs) > 1 {
		return "all"
	}
	ids := make([]string, len(f.specs))
	for i, s := range f.specs {
		ids[i] = s.String()
	}
	return strings.Join(ids, ",")
}

func (f *specsFlag) Set(v string) error {
	if v == "all" {
		if !f.multi {
			return fmt.Errorf("this command reads under one spec: give one ID, such as rfc3986")
		}
		f.specs = uri.Specs()
		return nil
	}
	ids := strings.Split(v, ",")
	if len(ids) > 1 && !f.multi {
		return fmt.Errorf("this command reads under one spec: give one ID, such as rfc3986")
	}
	var specs []uri.Spec
	for _, id := range ids {
		s, err := uri.ParseSpec(strings.TrimSpace(id))
		if err != nil {
			return err
		}
		for _, t := range specs {
			if t == s {
				return fmt.Errorf("%s is named twice", s)
			}
		}
		if _, err := uri.NewParser(s); err != nil {
			return err
		}
		specs = append(specs, s)
	}
	f.specs = specs
	return nil
}

// one is the spec of a flag that takes one.
func (f *specsFlag) one() uri.Spec { return f.specs[0] }

// countFlag is a numeric flag with the range that makes sense for it: a value out of
// range is refused like any bad value, with the range in the message.
type countFlag struct {
	n        *int
	min, max int
}

// countVar defines a numeric flag on fs: def is its default, min and max its range.
func countVar(fs *flag.FlagSet, name string, def, min, max int, usage string) *int {
	n := def
	fs.Var(countFlag{&n, min, max}, name, fmt.Sprintf("%s (`N` from %d to %d)", usage, min, max))
	return &n
}

func (f countFlag) String() string {
	if f.n == nil {
		return ""
	}
	return strconv.Itoa(*f.n)
}

func (f countFlag) Set(v string) error {
	n, err := strconv.Atoi(v)
	if err != nil {
		return fmt.Errorf("not a whole number")
	}
	if n < f.min || n > f.max {
		return fmt.Errorf("must be from %d to %d", f.min, f.max)
	}
	*f.n = n
	return nil
}

// Ranges of the numeric flags: -groups 0 lists every group; more examples than
// maxExamples per group would make a report nobody reads (-json lists every input), and
// a summary keeping more is refused by merge (summary.MaxExamples).
const (
	maxGroups   = 1_000_000
	maxExamples = summary.MaxExamples
)

// groupsVar and examplesVar are -groups and -examples, alike in matrix, merge and compare.
func groupsVar(fs *flag.FlagSet) *int {
	return countVar(fs, "groups", 15, 0, maxGroups, "groups listed per list of groups, 0 for all")
}

func examplesVar(fs *flag.FlagSet, usage string) *int {
	return countVar(fs, "examples", 2, 0, maxExamples, usage)
}

// filesFlag is the repeatable -f FILE of the commands whose arguments are URIs (check,
// normalize, resolve): the files whose lines are read as inputs, "-" for standard input.
type filesFlag []string

func filesVar(fs *flag.FlagSet, what string) *filesFlag {
	f := &filesFlag{}
	fs.Var(f, "f", "read "+what+", one a line, from `FILE` (- for standard input); repeatable")
	return f
}

func (f *filesFlag) String() string {
	if f == nil {
		return ""
	}
	return strings.Join(*f, ",")
}

func (f *filesFlag) Set(v string) error {
	*f = append(*f, v)
	return nil
}

// readersFlag is -with: the parsers whose readings a reference is compared with for
// differential hazards (see parseReaders).
type readersFlag struct{ v string }

func readersVar(fs *flag.FlagSet, def string) *readersFlag {
	f := &readersFlag{def}
	fs.Var(f, "with", "the parsers (`READERS`) compared with for differential hazards: deployed (rfc3986,\nrfc2396, net-url and whatwg), all (every spec too), none, or a comma-separated list of\nspec IDs, deployed, specs (every other spec), net-url and whatwg")
	return f
}

func (f *readersFlag) String() string {
	if f == nil {
		return ""
	}
	return f.v
}

func (f *readersFlag) Set(v string) error {
	if _, err := parseReaders(v); err != nil {
		return err
	}
	f.v = v
	return nil
}

// readers are new readers the flag names (nil for none); a reader serves one goroutine.
func (f *readersFlag) readers() []hazard.Reader {
	rs, _ := parseReaders(f.v) // checked by Set
	return rs
}

// addBaseFlag defines -base on fs: the base URI that relative references are read
// against, def when the flag is not given. Whether the value must be an absolute URI is
// the command's to say: explain reports a bad base under each spec, lint refuses it.
func addBaseFlag(fs *flag.FlagSet, def, usage string) *string {
	return fs.String("base", def, usage)
}

// schemesVar defines -schemes, on by default: whether the scheme grammars are layered on
// the generic syntax (uri.GenericOnly turns them off).
func schemesVar(fs *flag.FlagSet) *bool {
	return fs.Bool("schemes", true, "rfc1738: a URL whose scheme is one of RFC 1738's ten must match that scheme's\nrule; rfc3986 and rfc3987: a reference whose scheme has a grammar (http, https, urn,\nmailto, ...; docs/schemes.md) must match it and the rules its RFC adds in prose;\nwith -schemes=false, the generic syntax alone (other specs ignore it)")
}

// schemeOptions are the parser options -schemes asks for.
func schemeOptions(schemes bool) []uri.ParserOption {
	if schemes {
		return nil
	}
	return []uri.ParserOption{uri.GenericOnly()}
}

// expectedVar defines -expected, which check and matrix share: with -json, each error
// carries what the grammar expected at its offset (uri.Error.Expected, about fifteen
// parses of the input's prefix), and its message ends with it as the text output's does.
func expectedVar(fs *flag.FlagSet) *bool {
	return fs.Bool("expected", false, "with -json, give each error what the grammar expected")
}

// errorJSONFunc is the "error" object that -json writes: with expected, errorJSON,
// else placeJSON.
func errorJSONFunc(expected bool) func(*uri.Error) *jsonError {
	if expected {
		return errorJSON
	}
	return placeJSON
}

// jsonVar defines -json and the like with the usage they share.
func jsonVar(fs *flag.FlagSet, what string) *bool {
	return fs.Bool("json", false, "print "+what+" as JSON")
}
