package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/urispec/urispec/uri"
)

// check -format: the inputs against one of the URI formats of JSON Schema and OpenAPI
// (uri.FormatChecker) instead of specs.

// formatResult is check -format -json's object for one input.
type formatResult struct {
	Input       string     `json:"input"`
	InputBase64 string     `json:"input_base64,omitempty"`
	Format      string     `json:"format"`
	Valid       bool       `json:"valid"`
	Error       *jsonError `json:"error,omitempty"`
}

// formatNames lists the names -format takes, for messages.
func formatNames() string { return strings.Join(uri.FormatNames(), ", ") }

func runCheckFormat(x *cmdEnv, name string, opts []uri.FormatOption, asJSON, expected bool, args, files []string) int {
	check, _ := uri.FormatChecker(name, opts...) // the caller checked the name
	newWorker := func() func(inputLine) checkOut {
		var buf bytes.Buffer
		return func(in inputLine) checkOut {
			buf.Reset()
			err := checkFormatLine(&buf, name, check, in, asJSON, expected)
			out := checkOut{invalid: err != nil, text: bytes.Clone(buf.Bytes())}
			if werr, ok := err.(writeError); ok {
				out.err = werr.error
			}
			return out
		}
	}
	return checkInputs(x, args, files, newWorker, !asJSON && !isTerminal(x.terminal))
}

// writeError is an error of writing the output, which stops the command (an input's
// own error only makes it invalid).
type writeError struct{ error }

// checkFormatLine checks one input and writes its verdict to w; it returns the input's
// error (nil when valid).
func checkFormatLine(w *bytes.Buffer, name string, check func(string) error, in inputLine, asJSON, expected bool) error {
	res := formatResult{Input: in.text, InputBase64: exactBytes(in.text), Format: name}
	var err error
	if in.readErr != nil {
		err = fmt.Errorf("line %d: %v", in.line, in.readErr)
		res.Error = &jsonError{Message: err.Error()}
	} else if err = check(in.text); err != nil {
		res.Error = formatErrorJSON(err, expected)
	}
	res.Valid = err == nil
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		if jerr := enc.Encode(res); jerr != nil {
			return writeError{jerr}
		}
		return err
	}
	verdict := "valid"
	if !res.Valid {
		verdict = "invalid"
	}
	prefix := fmt.Sprintf("%-9s%-15s", verdict, name)
	fmt.Fprintf(w, "%s%s\n", prefix, printableText(in.text))
	if e, ok := placeOf(err); ok {
		fmt.Fprintf(w, "%s\n%*s%s\n", caretLine(len(prefix), in.text, e.offset), len(prefix), "", errorText(err))
	} else if err != nil {
		fmt.Fprintf(w, "%*s%s\n", len(prefix), "", err.Error())
	}
	return err
}

// formatErrorJSON is the error object of an input a format rejects; with expected, what
// the grammar expected (placeJSON says why not always).
func formatErrorJSON(err error, expected bool) *jsonError {
	e, ok := placeOf(err)
	if !ok {
		return &jsonError{Message: err.Error()}
	}
	if !expected {
		return &jsonError{Offset: e.offset, Rule: e.rule, Message: err.Error()}
	}
	return &jsonError{Offset: e.offset, Rule: e.rule, Message: errorText(err), Expected: e.expected()}
}
