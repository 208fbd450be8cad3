package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"github.com/urispec/urispec/uri/template"
)

const templateDoc = `Parses each RFC 6570 URI Template and prints its parts (literals, and expressions with
their operator and variables: name, prefix length ":N", explode "*") and the lowest
level (1 to 4) whose processors expand it; 0 when an expression uses an operator that
section 2.2 reserves for future extensions. An invalid template gets a caret under the
offending byte and the error (offset, rule, what the grammar allows there).

With variables, each template is also expanded (section 3). The variables are a JSON
object, given as -vars JSON or read from -vars-file FILE ("-" for standard input): a
string is a string value, an array of strings a list, an object of strings an
associative array, expanded in the object's order; a number or boolean is its JSON text,
and null is undefined. The JSON is read strictly: bytes that are not UTF-8 (or an escaped
lone surrogate), a name given twice in one object, and anything but white space after
the object are errors, reported with their byte offset.

An expansion can be far longer than its template and variables (a variable repeated in
the template is written each time, and a byte not allowed in a URI takes three): one
longer than -max-expansion bytes (default 1 MiB, the longest line the other commands
read; 0 for no limit) stops there, and the error names the expression it stopped at
("expansion stopped at {a} (byte 6): the expansion would be longer than its limit").

With -json, one object per template: template, valid, level, parts (each with offset and
literal, or expression, operator and variables), expansion (with variables), and error
{offset, rule, message, expected} for an invalid template, or {offset, message} for an
expression that cannot be expanded.

Exit status: 0 every template valid (and expanded), 1 some template invalid or not
expandable, 2 usage error, variables that could not be read, or output that could not
be written.`

func templateCommand() command {
	return command{
		name:    "template",
		summary: "parse RFC 6570 URI Templates and expand them with JSON variables",
		usage:   "template [-vars JSON | -vars-file FILE] [-max-expansion N] [-json] TEMPLATE ...",
		doc:     templateDoc,
		setup: func(fs *flag.FlagSet) func(*cmdEnv, []string) int {
			vars := fs.String("vars", "", "expand with the variables of this JSON object")
			varsFile := fs.String("vars-file", "", "expand with the variables of the JSON object in `FILE` (- for standard input)")
			asJSON := jsonVar(fs, "one object per template")
			limit := countVar(fs, "max-expansion", maxLine, 0, math.MaxInt32, "stop an expansion longer than this many bytes, 0 for no limit")
			return func(x *cmdEnv, args []string) int {
				if len(args) == 0 {
					return x.usageError("no template given")
				}
				if *vars != "" && *varsFile != "" {
					return x.usageError("-vars and -vars-file exclude each other")
				}
				var values map[string]template.Value
				if *vars != "" || *varsFile != "" {
					data := []byte(*vars)
					if *varsFile != "" {
						var err error
						if data, err = readVarsFile(x, *varsFile); err != nil {
							return x.stop(err)
						}
					}
					var err error
					if values, err = template.DecodeVars(data); err != nil {
						return x.stop(err)
					}
				}
				return runTemplate(x, args, values, *limit, *asJSON)
			}
		},
	}
}

func readVarsFile(x *cmdEnv, name string) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(x.stdin)
	}
	return os.ReadFile(name)
}

// templateResult is template -json's object for one template.
type templateResult struct {
	Template  string         `json:"template"`
	Valid     bool           `json:"valid"`
	Level     *int           `json:"level,omitempty"`
	Parts     []templatePart `json:"parts,omitempty"`
	Expansion *string        `json:"expansion,omitempty"`
	Error     *jsonError     `json:"error,omitempty"`
}

type templatePart struct {
	Offset     int               `json:"offset"`
	Literal    *string           `json:"literal,omitempty"`
	Expression string            `json:"expression,omitempty"`
	Operator   *string           `json:"operator,omitempty"` // "" for none
	Variables  []templateVarspec `json:"variables,omitempty"`
}

type templateVarspec struct {
	Name    string `json:"name"`
	Prefix  int    `json:"prefix,omitempty"`
	Explode bool   `json:"explode,omitempty"`
}

func runTemplate(x *cmdEnv, templates []string, vars map[string]template.Value, limit int, asJSON bool) int {
	status := exitOK
	enc := x.encoder()
	for _, s := range templates {
		res := templateResult{Template: s}
		tp, err := template.Parse(s)
		if err == nil {
			res.Valid = true
			level := tp.Level()
			res.Level = &level
			res.Parts = partsJSON(tp)
			if vars != nil {
				var exp string
				if exp, err = tp.Expand(vars, template.MaxExpansion(limit)); err == nil {
					res.Expansion = &exp
				}
			}
		}
		if err != nil {
			status = exitInvalid
			res.Error = templateErrorJSON(err)
		}
		if asJSON {
			if err := enc.Encode(res); err != nil {
				return x.stop(err)
			}
			continue
		}
		if err := writeTemplate(x.stdout, res, err); err != nil {
			return x.stop(err)
		}
	}
	return status
}

func partsJSON(tp template.Template) []templatePart {
	parts := tp.Parts()
	// Every part, the strings its pointers point at and the variables of every
	// expression in one allocation each: a template of many expressions would otherwise
	// grow its slices by copying them over and over, and allocate a string per part.
	nvars := 0
	for _, p := range parts {
		nvars += len(p.Vars)
	}
	out := make([]templatePart, len(parts))
	texts := make([]string, len(parts))
	vars := make([]templateVarspec, 0, nvars)
	for i, p := range parts {
		if !p.Expression {
			texts[i] = p.Text
			out[i] = templatePart{Offset: p.Offset, Literal: &texts[i]}
			continue
		}
		if p.Operator != 0 {
			texts[i] = string(p.Operator)
		}
		from := len(vars)
		for _, v := range p.Vars {
			vars = append(vars, templateVarspec{v.Name, v.Prefix, v.Explode})
		}
		out[i] = templatePart{Offset: p.Offset, Expression: p.Text, Operator: &texts[i]}
		if len(vars) > from {
			out[i].Variables = vars[from:len(vars):len(vars)]
		}
	}
	return out
}

// templateErrorJSON is the error object of a template that is invalid or cannot be
// expanded.
func templateErrorJSON(err error) *jsonError {
	var ee *template.ExpandError
	if errors.As(err, &ee) {
		return &jsonError{Offset: ee.Offset, Message: err.Error()}
	}
	return formatErrorJSON(err, true)
}

// writeTemplate prints one template's result as text.
func writeTemplate(w io.Writer, res templateResult, err error) error {
	var b strings.Builder
	// About what the lines below take, so that a long template's text is not copied
	// over and over as the builder doubles: the template, its expansion, and a line of
	// about 60 bytes besides its text for each part.
	size := 2*len(res.Template) + 64*len(res.Parts) + 64
	if res.Expansion != nil {
		size += len(*res.Expansion)
	}
	b.Grow(size)
	const prefix = "template   "
	fmt.Fprintf(&b, "%s%s\n", prefix, printableText(res.Template))
	if !res.Valid {
		if e, ok := placeOf(err); ok {
			fmt.Fprintf(&b, "%s\n", caretLine(len(prefix), res.Template, e.offset))
		}
		fmt.Fprintf(&b, "%*s%s\n", len(prefix), "", errorText(err))
		_, werr := io.WriteString(w, b.String())
		return werr
	}
	fmt.Fprintf(&b, "level      %d\n", *res.Level)
	for _, p := range res.Parts {
		if p.Literal != nil {
			fmt.Fprintf(&b, "  %4d  literal     %s\n", p.Offset, printableText(*p.Literal))
			continue
		}
		op := *p.Operator
		if op == "" {
			op = "none"
		}
		var vs []string
		for _, v := range p.Variables {
			s := v.Name
			if v.Prefix > 0 {
				s += fmt.Sprintf(":%d", v.Prefix)
			}
			if v.Explode {
				s += "*"
			}
			vs = append(vs, s)
		}
		fmt.Fprintf(&b, "  %4d  expression  %s  operator %s, variables %s\n", p.Offset, printableText(p.Expression), op, strings.Join(vs, ", "))
	}
	switch {
	case res.Expansion != nil:
		fmt.Fprintf(&b, "expansion  %s\n", printableText(*res.Expansion))
	case err != nil:
		fmt.Fprintf(&b, "expansion  failed: %v\n", err)
	}
	_, werr := io.WriteString(w, b.String())
	return werr
}
