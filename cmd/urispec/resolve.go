package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
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

func runResolve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("resolve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	specFlag := fs.String("spec", "rfc3986", "spec ID, comma-separated IDs, or all")
	asJSON := fs.Bool("json", false, "one JSON object per reference and spec")
	nonStrict := fs.Bool("nonstrict", false, `ignore a scheme equal to the base's ("http:g"): rfc3986 non-strict, rfc2396bis-01 non-validating, rfc2396 step 3 work-around`)
	unvalidated := fs.Bool("unvalidated", false, "split with the spec's generic rule (Appendix B) instead of its grammar, and check nothing")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: urispec resolve [-spec ID] [-json] [-nonstrict] [-unvalidated] BASE REF...\n\nWith no arguments, reads \"BASE<TAB>REF\" lines from standard input.\nPrints each target, or \"(current document)[#fragment]\" where the spec says so.\nExit status: 0 all resolved, 1 some base or reference rejected, 2 usage or I/O error.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return flagStatus(err)
	}
	if fs.NArg() == 1 {
		fmt.Fprintln(stderr, "urispec resolve: need BASE and at least one REF")
		fs.Usage()
		return exitUsage
	}
	specs, err := parseSpecs(*specFlag)
	if err != nil {
		fmt.Fprintln(stderr, "urispec resolve:", err)
		return exitUsage
	}
	var opts []uri.Option
	if *nonStrict {
		opts = append(opts, uri.NonStrict())
	}
	if *unvalidated {
		opts = append(opts, uri.Unvalidated())
	}
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	status := exitOK
	// resolve resolves one pair under every spec; a line that could not be read (readErr)
	// gives an error result in its place, as check does.
	resolve := func(base, ref string, readErr error) error {
		for _, spec := range specs {
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
					out.Error = &jsonError{Offset: re.Err.Offset, Rule: re.Err.Rule, Message: re.Error(), Expected: re.Err.Expected()}
				}
			case errors.As(err, &ue):
				out.Error = errorJSON(ue)
			default:
				return err
			}
			if out.Error != nil {
				status = exitInvalid
			}
			if *asJSON {
				if err := enc.Encode(out); err != nil {
					return err
				}
				continue
			}
			if err := writeResolve(stdout, stderr, out, res); err != nil {
				return err
			}
		}
		return nil
	}
	if fs.NArg() >= 2 {
		base := fs.Arg(0)
		for _, ref := range fs.Args()[1:] {
			if err := resolve(base, ref, nil); err != nil {
				fmt.Fprintln(stderr, "urispec resolve:", err)
				return exitUsage
			}
		}
		return status
	}
	err = eachLine(stdin, func(n int, line string, readErr error) error {
		base, ref, ok := strings.Cut(line, "\t")
		if readErr == nil && !ok {
			readErr = errors.New(`not "BASE<TAB>REF"`)
		}
		if readErr != nil {
			readErr = fmt.Errorf("line %d: %w", n, readErr)
		}
		return resolve(base, ref, readErr)
	})
	if err != nil {
		fmt.Fprintln(stderr, "urispec resolve:", err)
		return exitUsage
	}
	return status
}

// writeResolve prints the plain form: the target (or "(current document)#s") on stdout;
// a rejected base or reference prints "error" there and the message on stderr, so
// that stdout keeps one line per reference.
func writeResolve(stdout, stderr io.Writer, out resolveResult, res uri.Result) error {
	line := "error"
	if out.Result != nil || out.SameDocument {
		line = res.String()
	}
	if _, err := fmt.Fprintln(stdout, line); err != nil {
		return err
	}
	if out.Error != nil {
		fmt.Fprintf(stderr, "urispec resolve: %s\n", out.Error.Message)
	}
	return nil
}
