package main

import (
	"errors"
	"flag"
	"fmt"

	"github.com/urispec/urispec/uri"
)

// levelFlag is -level: a rung of the comparison ladder.
type levelFlag struct{ level uri.Level }

func levelVar(fs *flag.FlagSet) *levelFlag {
	f := &levelFlag{}
	if err := f.Set("scheme"); err != nil {
		panic(err) // a programming error
	}
	fs.Var(f, "level", "the rung of the comparison ladder: simple, syntax or scheme (`LEVEL`)")
	return f
}

func (f *levelFlag) String() string {
	if f == nil {
		return ""
	}
	return f.level.String()
}

func (f *levelFlag) Set(v string) error {
	l, err := uri.ParseLevel(v)
	if err != nil {
		return err
	}
	f.level = l
	return nil
}

// normalizeResult is one input of normalize -json, and each side of equal -json.
type normalizeResult struct {
	Spec        string     `json:"spec"`
	Level       string     `json:"level"`
	Input       string     `json:"input"`
	InputBase64 string     `json:"input_base64,omitempty"`
	Normal      *string    `json:"normal"` // null when the input is rejected
	NormalB64   string     `json:"normal_base64,omitempty"`
	Error       *jsonError `json:"error,omitempty"`
}

// normalizeOne normalizes s (read with readErr) and describes the outcome; err is an
// error that is not the input's fault.
func normalizeOne(spec uri.Spec, level uri.Level, s string, readErr error) (res normalizeResult, err error) {
	res = normalizeResult{Spec: spec.String(), Level: level.String(), Input: s, InputBase64: exactBytes(s)}
	if readErr != nil {
		res.Error = &jsonError{Message: readErr.Error()}
		return res, nil
	}
	n, err := uri.Normalize(spec, s, level)
	var ue *uri.Error
	switch {
	case err == nil:
		res.Normal, res.NormalB64 = &n, exactBytes(n)
	case errors.As(err, &ue):
		res.Error = errorJSON(ue)
	default:
		return res, err
	}
	return res, nil
}

const normalizeDoc = `Prints each URI's normal form at a rung of the comparison ladder (RFC 3986 section
6.2): simple (the string as it is), syntax (case, percent-encoding, dot-segments) or
scheme (the default: also the scheme's default port and empty path). An invalid URI
prints "error" in its place and the error on standard error.

The inputs are the URI arguments, then the lines of each -f FILE ("-f -" is standard
input); with neither, the lines of standard input. Empty lines are skipped, and counted
on standard error at the end.

With -json, one object per input: spec, level, input, normal (null when rejected) and
error {offset, rule, message, expected}.

Exit status: 0 all valid, 1 some invalid, 2 usage error, an input that could not be
read, or output that could not be written.`

func normalizeCommand() command {
	return command{
		name:    "normalize",
		summary: "normalize URIs up to a rung of the comparison ladder",
		usage:   "normalize [-spec ID] [-level simple|syntax|scheme] [-json] [-f FILE]... [URI ...]",
		doc:     normalizeDoc,
		setup: func(fs *flag.FlagSet) func(*cmdEnv, []string) int {
			spec := specFlags(fs, "rfc3986", false)
			level := levelVar(fs)
			asJSON := jsonVar(fs, "one object per input")
			files := filesVar(fs, "URIs")
			return func(x *cmdEnv, args []string) int {
				return runNormalize(x, spec.one(), level.level, *asJSON, args, *files)
			}
		},
	}
}

func runNormalize(x *cmdEnv, spec uri.Spec, level uri.Level, asJSON bool, args, files []string) int {
	enc := x.encoder()
	status := exitOK
	normalize := func(in inputLine) error {
		res, err := normalizeOne(spec, level, in.text, in.readErr)
		if err != nil {
			return err
		}
		if res.Error != nil {
			status = exitInvalid
		}
		if asJSON {
			return enc.Encode(res)
		}
		out := "error"
		if res.Normal != nil {
			out = *res.Normal
		}
		if _, err := fmt.Fprintln(x.stdout, out); err != nil {
			return err
		}
		if res.Error != nil {
			x.stdout.Flush() // the message after its "error" line, on a terminal too
			x.errorf("%s", res.Error.Message)
		}
		return nil
	}
	for i, a := range args {
		if err := normalize(inputLine{file: "<args>", line: i + 1, text: a}); err != nil {
			return x.stop(err)
		}
	}
	if len(files) > 0 || len(args) == 0 {
		if err := x.readLines(files, false).each(files, normalize); err != nil {
			return x.stop(err)
		}
	}
	return status
}

const equalDoc = `Prints "equivalent" or "different" and each normal form: A and B are equivalent at a
rung of the comparison ladder when their normal forms there are equal (see urispec
normalize).

With -json, one object: equivalent (null when an input is rejected), and a and b, each
as an object of normalize -json.

Exit status (as cmp's): 0 equivalent, 1 different, 2 usage error or an input the spec
rejects.`

func equalCommand() command {
	return command{
		name:    "equal",
		summary: "compare two URIs at a rung of the comparison ladder",
		usage:   "equal [-spec ID] [-level simple|syntax|scheme] [-json] A B",
		doc:     equalDoc,
		setup: func(fs *flag.FlagSet) func(*cmdEnv, []string) int {
			spec := specFlags(fs, "rfc3986", false)
			level := levelVar(fs)
			asJSON := jsonVar(fs, "the verdict and both normal forms")
			return func(x *cmdEnv, args []string) int {
				if len(args) != 2 {
					return x.usageError("need two URIs, A and B")
				}
				return runEqual(x, spec.one(), level.level, *asJSON, args[0], args[1])
			}
		},
	}
}

// equalResult is the object of equal -json.
type equalResult struct {
	Equivalent *bool           `json:"equivalent"`
	A          normalizeResult `json:"a"`
	B          normalizeResult `json:"b"`
}

// runEqual compares two references at a rung of the ladder and exits like cmp: 0
// equivalent, 1 different, 2 usage error or an input the spec rejects.
func runEqual(x *cmdEnv, spec uri.Spec, level uri.Level, asJSON bool, a, b string) int {
	var res equalResult
	var err error
	if res.A, err = normalizeOne(spec, level, a, nil); err != nil {
		return x.stop(err)
	}
	if res.B, err = normalizeOne(spec, level, b, nil); err != nil {
		return x.stop(err)
	}
	status := exitUsage
	if res.A.Normal != nil && res.B.Normal != nil {
		eq := *res.A.Normal == *res.B.Normal
		res.Equivalent = &eq
		status = exitInvalid
		if eq {
			status = exitOK
		}
	}
	if asJSON {
		if err := x.encoder().Encode(res); err != nil {
			return x.stop(err)
		}
		return status
	}
	if res.Equivalent == nil {
		for _, r := range []normalizeResult{res.A, res.B} {
			if r.Error != nil {
				x.errorf("%s", r.Error.Message)
				return exitUsage
			}
		}
	}
	verdict := "different"
	if *res.Equivalent {
		verdict = "equivalent"
	}
	fmt.Fprintf(x.stdout, "%s (%s, %s)\n  %s\n  %s\n", verdict, spec, level, *res.A.Normal, *res.B.Normal)
	return status
}
