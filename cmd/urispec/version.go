package main

import (
	"flag"
	"fmt"
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

func versionCommand() command {
	return command{
		name:    "version",
		summary: "print the version, VCS revision, Go version and spec IDs",
		usage:   "version [-json]",
		doc: `Prints the module version, the VCS revision it was built from, the Go version and
the spec IDs compiled in. -version and --version before any command do the same.

With -json, one object: module, version, revision, time, modified, go, specs.

Exit status: 0, 2 usage error or output that could not be written.`,
		setup: func(fs *flag.FlagSet) func(*cmdEnv, []string) int {
			asJSON := jsonVar(fs, "one object")
			return func(x *cmdEnv, args []string) int {
				if status, ok := x.noArgs(args); !ok {
					return status
				}
				return runVersion(x, *asJSON)
			}
		},
	}
}

func runVersion(x *cmdEnv, asJSON bool) int {
	bi := readBuildInfo()
	if asJSON {
		if err := x.encoder().Encode(bi); err != nil {
			return x.stop(err)
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
	fmt.Fprintf(x.stdout, "urispec %s\nmodule   %s\nrevision %s\ngo       %s\nspecs    %s\n",
		bi.Version, bi.Module, rev, bi.Go, strings.Join(bi.Specs, " "))
	return exitOK
}
