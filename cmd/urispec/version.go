package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/urispec/urispec/uri"
)

// buildInfo is what `urispec version` reports.
type buildInfo struct {
	Module   string   `json:"module"`
	Version  string   `json:"version"`            // "(devel)" when built from a work tree
	Revision string   `json:"revision,omitempty"` // the VCS commit, when the build recorded it
	Time     string   `json:"time,omitempty"`
	Modified bool     `json:"modified,omitempty"` // the work tree had uncommitted changes
	Go       string   `json:"go"`
	Specs    []string `json:"specs"`
}

// readBuildInfo reads the module version and VCS stamp that the go command embeds
// (`go install ...@version` records the version; `go build` in a clone records the
// revision).
func readBuildInfo() buildInfo {
	bi := buildInfo{Module: "github.com/urispec/urispec", Version: "unknown", Go: runtime.Version()}
	if info, ok := debug.ReadBuildInfo(); ok {
		if info.Main.Path != "" {
			bi.Module = info.Main.Path
		}
		if info.Main.Version != "" {
			bi.Version = info.Main.Version
		}
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				bi.Revision = s.Value
			case "vcs.time":
				bi.Time = s.Value
			case "vcs.modified":
				bi.Modified = s.Value == "true"
			}
		}
	}
	for _, s := range uri.Specs() {
		bi.Specs = append(bi.Specs, s.String())
	}
	return bi
}

func runVersion(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "one JSON object")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: urispec version [-json]\n\nPrints the module version, the VCS revision it was built from, the Go version and\nthe spec IDs compiled in.")
	}
	if err := fs.Parse(args); err != nil {
		return flagStatus(err)
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return exitUsage
	}
	bi := readBuildInfo()
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(bi); err != nil {
			fmt.Fprintln(stderr, "urispec version:", err)
			return exitUsage
		}
		return exitOK
	}
	rev := bi.Revision
	if rev == "" {
		rev = "unknown"
	}
	if bi.Modified {
		rev += " (modified)"
	}
	if bi.Time != "" {
		rev += " " + bi.Time
	}
	fmt.Fprintf(stdout, "urispec %s\nmodule   %s\nrevision %s\ngo       %s\nspecs    %s\n",
		bi.Version, bi.Module, rev, bi.Go, strings.Join(bi.Specs, " "))
	return exitOK
}
