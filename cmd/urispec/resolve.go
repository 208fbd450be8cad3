package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/urispec/urispec/uri"
)

// resolveResult is one line of resolve -json (docs/design.md). Result is null when the
// spec calls the reference the current document; Fragment is then the reference's
// fragment, if any. A *uri.ResultError (the spec's algorithm produced a string its own
// grammar rejects) gives both the result and the error.
type resolveResult struct {
	Spec         string     `json:"spec"`
	Base         string     `json:"base"`
	BaseB64      string     `json:"base_base64,omitempty"`
	Reference    string     `json:"reference"`
	ReferenceB64 string     `json:"reference_base64,omitempty"`
	Result       *string    `json:"result"`
	ResultB64    string     `json:"result_base64,omitempty"`
	SameDocument bool       `json:"same_document,omitempty"`
	Fragment     *string    `json:"fragment,omitempty"`
	FragmentB64  string     `json:"fragment_base64,omitempty"`
	Error        *jsonError `json:"error,omitempty"`
}

const resolveDoc = `Resolves each reference against the base with each chosen spec's own algorithm
(default rfc3986) and prints the target, or "(current document)[#fragment]" where the
spec says the reference is the current document. A rejected base or reference prints
"error" in its place and the error on standard error, so that standard output keeps one
line per reference and spec. With more than one spec, each line begins with the spec ID.

The inputs are BASE and the REF arguments, then the lines "BASE<TAB>REF" of each -f FILE
("-f -" is standard input); with no argument and no -f, the lines of standard input.
Empty lines are skipped, and counted on standard error at the end.

With -json, one object per reference and spec: spec, base, reference, result (null for
the current document), same_document, fragment, and error {offset, rule, message,
expected} when the base, the reference or the result is rejected; a string that is not
valid UTF-8 also comes as KEY_base64.

Exit status: 0 all resolved, 1 some base or reference rejected, 2 usage error, an input
that could not be read, or output that could not be written.`

func resolveCommand() command {
	return command{
		name:    "resolve",
		summary: "resolve references against a base with each spec's algorithm",
		usage:   "resolve [-spec ID,...|all] [-json] [-nonstrict] [-unvalidated] [-f FILE]... [BASE REF...]",
		doc:     resolveDoc,
		setup: func(fs *flag.FlagSet) func(*cmdEnv, []string) int {
			specs := specFlags(fs, "rfc3986", true)
			asJSON := jsonVar(fs, "one object per reference and spec")
			nonStrict := fs.Bool("nonstrict", false, `ignore a scheme equal to the base's ("http:g"): rfc3986 non-strict, rfc2396bis-01 non-validating, rfc2396 step 3 work-around`)
			unvalidated := fs.Bool("unvalidated", false, "split with the spec's generic rule (Appendix B) instead of its grammar, and check nothing")
			files := filesVar(fs, `"BASE<TAB>REF" pairs`)
			return func(x *cmdEnv, args []string) int {
				var opts []uri.ResolveOption
				if *nonStrict {
					opts = append(opts, uri.NonStrict())
				}
				if *unvalidated {
					opts = append(opts, uri.Unvalidated())
				}
				return runResolve(x, specs.specs, *asJSON, opts, args, *files)
			}
		},
	}
}

// resolveOne resolves ref against base under spec and describes the outcome (readErr:
// the line could not be read); err is an error that is not the inputs' fault.
func resolveOne(spec uri.Spec, base, ref string, readErr error, opts []uri.ResolveOption) (resolveResult, uri.Result, error) {
	var res uri.Result
	err := readErr
	if err == nil {
		res, err = uri.Resolve(spec, base, ref, opts...)
	}
	out := resolveResult{Spec: spec.String(), Base: base, BaseB64: exactBytes(base), Reference: ref, ReferenceB64: exactBytes(ref)}
	var ue *uri.Error
	var re *uri.ResultError
	switch {
	case readErr != nil:
		out.Error = &jsonError{Message: readErr.Error()}
	case err == nil || errors.As(err, &re):
		if res.SameDocument {
			out.SameDocument = true
			if res.HasFragment {
				out.Fragment, out.FragmentB64 = &res.Fragment, exactBytes(res.Fragment)
			}
		} else {
			out.Result, out.ResultB64 = &res.Target, exactBytes(res.Target)
		}
		if re != nil {
			out.Error = &jsonError{Offset: re.Err.Offset, Rule: re.Err.Rule, Message: errorText(re), Expected: re.Err.Expected()}
		}
	case errors.As(err, &ue):
		out.Error = errorJSON(ue)
	default:
		return out, res, err
	}
	return out, res, nil
}

func runResolve(x *cmdEnv, specs []uri.Spec, asJSON bool, opts []uri.ResolveOption, args, files []string) int {
	if len(args) == 1 {
		return x.usageError("need BASE and at least one REF")
	}
	enc := x.encoder()
	status := exitOK
	// resolve resolves one pair under every spec; a line that could not be read (readErr)
	// gives an error result in its place, as check does.
	resolve := func(base, ref string, readErr error) error {
		for _, spec := range specs {
			out, res, err := resolveOne(spec, base, ref, readErr, opts)
			if err != nil {
				return err
			}
			if out.Error != nil {
				status = exitInvalid
			}
			if asJSON {
				if err := enc.Encode(out); err != nil {
					return err
				}
				continue
			}
			if err := writeResolve(x, out, res, len(specs) > 1); err != nil {
				return err
			}
		}
		return nil
	}
	if len(args) >= 2 {
		for _, ref := range args[1:] {
			if err := resolve(args[0], ref, nil); err != nil {
				return x.stop(err)
			}
		}
	}
	if len(files) > 0 || len(args) == 0 {
		err := x.readLines(files, false).each(files, func(in inputLine) error {
			base, ref, ok := strings.Cut(in.text, "\t")
			readErr := in.readErr
			if readErr == nil && !ok {
				readErr = errors.New(`not "BASE<TAB>REF"`)
			}
			if readErr != nil {
				readErr = fmt.Errorf("line %d: %w", in.line, readErr)
			}
			return resolve(base, ref, readErr)
		})
		if err != nil {
			return x.stop(err)
		}
	}
	return status
}

// writeResolve prints the plain form: the target (or "(current document)#s") on stdout,
// after the spec ID when withSpec; a rejected base or reference prints "error" there
// and the message on stderr, so that stdout keeps one line per reference and spec.
func writeResolve(x *cmdEnv, out resolveResult, res uri.Result, withSpec bool) error {
	line := "error"
	if out.Result != nil || out.SameDocument {
		line = res.String()
	}
	if withSpec {
		line = fmt.Sprintf("%-14s %s", out.Spec, line)
	}
	if _, err := fmt.Fprintln(x.stdout, line); err != nil {
		return err
	}
	if out.Error != nil {
		x.stdout.Flush() // the message after its "error" line, on a terminal too
		x.errorf("%s", out.Error.Message)
	}
	return nil
}
