package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/urispec/urispec/uri"
	"github.com/urispec/urispec/uri/hazard"
)

const guardDoc = `Reads each URI with the parsers an application deploys and says whether they all
accept it and read the same scheme, userinfo, host and port: whether a request for it
goes to the same place whichever of them reads it (hazard.Guard). Where one component
checks a URL and another fetches it (server-side request forgery, open redirects), a
disagreement is a reason to refuse the URL, whichever reading is right.

-with names the readers: deployed (the default: rfc3986, rfc2396, net-url and whatwg),
all (every spec version too, net/url and whatwg), or a comma-separated list of spec
IDs, deployed, specs, net-url and whatwg. The spec readers read the generic syntax of
their spec; whatwg is the WHATWG URL Standard's URL parser (a browser's reading), net-url
Go's url.Parse. With -base, each reader reads a relative reference against that base, as
a client that found it in a document there would (each spec by its own resolution
algorithm); without it, a relative reference has no host, and whatwg rejects it.

The inputs are the URI arguments, then the lines of each -f FILE ("-f -" is standard
input); with neither, the lines of standard input. Empty lines are skipped, and counted
on standard error at the end.

Each input prints one line, "agree", "differ" or "error", and the URI; under "differ",
each part on which the readers differ, with what each reads (or, when those that accept
it agree, "read by" them and what they read), and each reader that rejects the URI,
with its error; under "error" (no reader accepts the URI), each
reader's error. With -json, one object per input: input, agree, readings (reader,
scheme, userinfo, host, port, path, query: null when the reader reads none),
rejections ({reader, error}), differences ({part, values: [{value, readers}]}, value
null for none), and error when no reader accepts it.

Exit status: 0 the readers agree on every input, 1 they differ on some input or none
accepts it, 2 usage error, an input that could not be read, or output that could not be
written.`

func guardCommand() command {
	return command{
		name:    "guard",
		summary: "say whether the deployed parsers read the same target for each URI",
		usage:   "guard [-with READERS] [-base URL] [-json] [-f FILE]... [URI ...]",
		doc:     guardDoc,
		setup: func(fs *flag.FlagSet) func(*cmdEnv, []string) int {
			with := &readersFlag{"deployed"}
			fs.Var(with, "with", "the parsers (`READERS`) whose readings are compared: deployed (rfc3986, rfc2396,\nnet-url and whatwg), all (every spec too), or a comma-separated list of spec IDs,\ndeployed, specs, net-url and whatwg")
			base := addBaseFlag(fs, "", "read relative references against this absolute `URL`, as a client that found them\nin a document there would")
			asJSON := jsonVar(fs, "one object per input")
			files := filesVar(fs, "URIs")
			return func(x *cmdEnv, args []string) int {
				if len(with.readers()) == 0 {
					return x.usageError("-with %s names no reader to compare", with.v)
				}
				if *base != "" {
					if r, err := uri.Parse(uri.RFC3986, *base); err != nil || !r.IsAbsolute() {
						return x.usageError("-base %q is not an absolute URI", *base)
					}
				}
				newWorker := func() func(inputLine) checkOut {
					g := &guarder{readers: guardReaders(with.readers()), base: *base, json: *asJSON}
					return g.guard
				}
				return checkInputs(x, args, *files, newWorker, false)
			}
		},
	}
}

// guardReaders are the -with readers as Guard reads with them: the WHATWG parser's
// without lint's handling of a base (hazard.WHATWGReader reads against the base itself).
func guardReaders(rs []hazard.Reader) []hazard.Reader {
	for i, r := range rs {
		if _, ok := r.(whatwgReader); ok {
			rs[i] = hazard.WHATWGReader()
		}
	}
	return rs
}

// guarder guards inputs on one worker.
type guarder struct {
	readers []hazard.Reader
	base    string
	json    bool
	buf     bytes.Buffer
}

// guardResult is guard -json's object for one input.
type guardResult struct {
	Input       string            `json:"input"`
	InputBase64 string            `json:"input_base64,omitempty"`
	Agree       bool              `json:"agree"`
	Readings    []guardReading    `json:"readings"`
	Rejections  []guardRejection  `json:"rejections"`
	Differences []guardDifference `json:"differences"`
	Error       string            `json:"error,omitempty"`
}

type guardReading struct {
	Reader   string  `json:"reader"`
	Scheme   *string `json:"scheme"`
	Userinfo *string `json:"userinfo"`
	Host     *string `json:"host"`
	Port     *string `json:"port"`
	Path     string  `json:"path"`
	Query    *string `json:"query"`
}

type guardRejection struct {
	Reader string `json:"reader"`
	Error  string `json:"error"`
}

type guardDifference struct {
	Part   string       `json:"part"`
	Values []guardValue `json:"values"`
}

type guardValue struct {
	Value   *string  `json:"value"`
	Readers []string `json:"readers"`
}

// opt is v when defined, else nil (JSON null).
func opt(v string, defined bool) *string {
	if !defined {
		return nil
	}
	return &v
}

func (g *guarder) guard(in inputLine) checkOut {
	var out checkOut
	g.buf.Reset()
	if in.readErr != nil {
		out.invalid = true
		fmt.Fprintf(&g.buf, "error    %s\n         line %d: %v\n", printableText(in.text), in.line, in.readErr)
		out.text = bytes.Clone(g.buf.Bytes())
		return out
	}
	var (
		a   hazard.Agreement
		err error
	)
	if g.base != "" {
		a, err = hazard.GuardRelative(g.base, in.text, g.readers...)
	} else {
		a, err = hazard.Guard(in.text, g.readers...)
	}
	var ge *hazard.GuardError
	if err != nil && !errors.As(err, &ge) {
		out.err = err
		return out
	}
	out.invalid = !a.Agree
	if g.json {
		out.err = g.writeJSON(a, err)
	} else {
		g.writeText(a, err)
	}
	out.text = bytes.Clone(g.buf.Bytes())
	return out
}

func (g *guarder) writeText(a hazard.Agreement, err error) {
	verdict := "differ"
	switch {
	case err != nil:
		verdict = "error"
	case a.Agree:
		verdict = "agree"
	}
	fmt.Fprintf(&g.buf, "%-8s %s\n", verdict, printableText(a.Input))
	if err != nil {
		fmt.Fprintf(&g.buf, "         no reader accepts it\n")
	}
	// The lines below are written as they are, as check writes an error's message: the
	// parts in them are quoted with %q, and the readers' errors quote what they cite
	// (net/url's with %q, urispec's as check shows them), so a byte that is no printable
	// text is escaped once already; printableText would escape the escapes ("\\\\").
	for _, d := range a.Differences {
		fmt.Fprintf(&g.buf, "         %s\n", d.String())
	}
	if err == nil && !a.Agree && len(a.Differences) == 0 {
		// The readers that accept it agree, and others reject it: what the former read
		// is what a request goes to, if one is sent.
		fmt.Fprintf(&g.buf, "         %s\n", readTarget(a.Readings))
	}
	for _, r := range a.Rejections {
		fmt.Fprintf(&g.buf, "         rejected by %s\n", r.String())
	}
}

// readTarget says what readings that agree read: "read by whatwg: scheme "http", host
// "example.com"" (the first reading's parts, those it defines).
func readTarget(readings []hazard.Reading) string {
	var names, parts []string
	for _, rd := range readings {
		names = append(names, rd.Parser)
	}
	rd := readings[0]
	for _, p := range []struct {
		name, value string
		defined     bool
	}{
		{"scheme", rd.Scheme, rd.Scheme != ""},
		{"userinfo", rd.Userinfo, rd.HasUserinfo && rd.Userinfo != ""},
		{"host", rd.Host, rd.HasHost},
		{"port", rd.Port, rd.HasPort && rd.Port != ""},
	} {
		if p.defined {
			parts = append(parts, fmt.Sprintf("%s %q", p.name, p.value))
		}
	}
	if len(parts) == 0 {
		parts = append(parts, "no scheme, userinfo, host or port")
	}
	return "read by " + strings.Join(names, ", ") + ": " + strings.Join(parts, ", ")
}

func (g *guarder) writeJSON(a hazard.Agreement, err error) error {
	res := guardResult{Input: a.Input, InputBase64: exactBytes(a.Input), Agree: a.Agree,
		Readings: []guardReading{}, Rejections: []guardRejection{}, Differences: []guardDifference{}}
	if err != nil {
		res.Error = err.Error()
	}
	for _, rd := range a.Readings {
		res.Readings = append(res.Readings, guardReading{Reader: rd.Parser,
			Scheme: opt(rd.Scheme, rd.Scheme != ""), Userinfo: opt(rd.Userinfo, rd.HasUserinfo),
			Host: opt(rd.Host, rd.HasHost), Port: opt(rd.Port, rd.HasPort), Path: rd.Path,
			Query: opt(rd.Query, rd.HasQuery)})
	}
	for _, r := range a.Rejections {
		res.Rejections = append(res.Rejections, guardRejection{r.Reader, r.Err.Error()})
	}
	for _, d := range a.Differences {
		gd := guardDifference{Part: d.Part}
		for _, v := range d.Values {
			gd.Values = append(gd.Values, guardValue{opt(v.Value, v.Defined), v.Readers})
		}
		res.Differences = append(res.Differences, gd)
	}
	enc := json.NewEncoder(&g.buf)
	enc.SetEscapeHTML(false)
	return enc.Encode(res)
}
