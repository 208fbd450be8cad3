package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/urispec/urispec/uri"
)

// normalizeFlags are the flags normalize and equal share.
func normalizeFlags(name, usage string, stderr io.Writer) (*flag.FlagSet, *string, *string) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	specFlag := fs.String("spec", "rfc3986", "spec ID")
	levelFlag := fs.String("level", "scheme", "rung of the comparison ladder: simple, syntax or scheme")
	fs.Usage = func() {
		fmt.Fprintln(stderr, usage)
		fs.PrintDefaults()
	}
	return fs, specFlag, levelFlag
}

func parseSpecLevel(name, specID, levelName string, stderr io.Writer) (uri.Spec, uri.Level, bool) {
	spec, err := uri.ParseSpec(specID)
	if err != nil {
		fmt.Fprintf(stderr, "urispec %s: %v\n", name, err)
		return 0, 0, false
	}
	level, err := uri.ParseLevel(levelName)
	if err != nil {
		fmt.Fprintf(stderr, "urispec %s: %v\n", name, err)
		return 0, 0, false
	}
	return spec, level, true
}

func runNormalize(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs, specFlag, levelFlag := normalizeFlags("normalize", "usage: urispec normalize [-spec ID] [-level simple|syntax|scheme] [URI ...]\n\nPrints each URI's normal form. With no URI, reads one per line from standard input.\nExit status: 0 all valid, 1 some invalid (\"error\" printed in its place), 2 usage or I/O error.", stderr)
	if err := fs.Parse(args); err != nil {
		return flagStatus(err)
	}
	spec, level, ok := parseSpecLevel("normalize", *specFlag, *levelFlag, stderr)
	if !ok {
		return exitUsage
	}
	status := exitOK
	normalize := func(n int, s string, readErr error) error {
		out, err := "", readErr
		if err == nil {
			out, err = uri.Normalize(spec, s, level)
		}
		var ue *uri.Error
		switch {
		case err == nil:
		case readErr != nil || errors.As(err, &ue):
			fmt.Fprintf(stderr, "urispec normalize: %s\n", errorText(err))
			out, status = "error", exitInvalid
		default:
			return err
		}
		_, werr := fmt.Fprintln(stdout, out)
		return werr
	}
	if fs.NArg() > 0 {
		for i, a := range fs.Args() {
			if err := normalize(i+1, a, nil); err != nil {
				fmt.Fprintln(stderr, "urispec normalize:", err)
				return exitUsage
			}
		}
		return status
	}
	if err := eachLine(stdin, normalize); err != nil {
		fmt.Fprintln(stderr, "urispec normalize:", err)
		return exitUsage
	}
	return status
}

// runEqual compares two references at a rung of the ladder and exits like cmp: 0
// equivalent, 1 different, 2 usage error or an input the spec rejects.
func runEqual(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs, specFlag, levelFlag := normalizeFlags("equal", "usage: urispec equal [-spec ID] [-level simple|syntax|scheme] A B\n\nPrints \"equivalent\" or \"different\" and each normal form.\nExit status: 0 equivalent, 1 different, 2 usage error or an invalid input.", stderr)
	if err := fs.Parse(args); err != nil {
		return flagStatus(err)
	}
	if fs.NArg() != 2 {
		fs.Usage()
		return exitUsage
	}
	spec, level, ok := parseSpecLevel("equal", *specFlag, *levelFlag, stderr)
	if !ok {
		return exitUsage
	}
	a, b := fs.Arg(0), fs.Arg(1)
	na, err := uri.Normalize(spec, a, level)
	if err == nil {
		var nb string
		if nb, err = uri.Normalize(spec, b, level); err == nil {
			verdict, status := "different", exitInvalid
			if na == nb {
				verdict, status = "equivalent", exitOK
			}
			fmt.Fprintf(stdout, "%s (%s, %s)\n  %s\n  %s\n", verdict, spec, level, na, nb)
			return status
		}
	}
	fmt.Fprintln(stderr, "urispec equal:", errorText(err))
	return exitUsage
}
