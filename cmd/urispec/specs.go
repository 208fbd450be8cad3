package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/urispec/urispec/uri"
)

// parseSpecs reads a -spec value: one ID, a comma-separated list, or "all".
func parseSpecs(v string) ([]uri.Spec, error) {
	if v == "all" {
		return uri.Specs(), nil
	}
	var out []uri.Spec
	for _, id := range strings.Split(v, ",") {
		s, err := uri.ParseSpec(strings.TrimSpace(id))
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// specEntry is one line of specs -json.
type specEntry struct {
	ID       string `json:"id"`
	Title    string `json:"title"`
	Date     string `json:"date"`
	Grammar  string `json:"grammar"`
	TopRule  string `json:"top_rule"`
	Document string `json:"grammar_source"`
	uri.Lineage
}

func runSpecs(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("specs", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "one JSON object per spec")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: urispec specs [-json]\n\nLists every spec ID in date order: its document, date, status, what it updates or\nobsoletes and what updates or obsoletes it (as the documents' headers say), its grammar\nfile and top rule.")
	}
	if err := fs.Parse(args); err != nil {
		return flagStatus(err)
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return exitUsage
	}
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	var b strings.Builder
	for _, s := range uri.Specs() {
		// The repository names each spec's grammar after its ID.
		e := specEntry{ID: s.String(), Title: s.Title(), Date: s.Date(), Grammar: "grammar/" + s.String() + ".peg",
			TopRule: s.TopRule(), Document: s.Document(), Lineage: s.Lineage()}
		if *asJSON {
			if err := enc.Encode(e); err != nil {
				fmt.Fprintln(stderr, "urispec specs:", err)
				return exitUsage
			}
			continue
		}
		fmt.Fprintf(&b, "%-14s %s  %s, %q (%s)\n", e.ID, e.Date, e.Lineage.Document, e.Title, e.Status)
		fmt.Fprintf(&b, "%-14s grammar %s, top rule %s, from %s\n", "", e.Grammar, e.TopRule, e.Document)
		var rel []string
		for _, r := range []struct {
			verb string
			docs []string
		}{{"updates", e.Updates}, {"obsoletes", e.Obsoletes}, {"updated by", e.UpdatedBy}, {"obsoleted by", e.ObsoletedBy}} {
			if len(r.docs) > 0 {
				rel = append(rel, r.verb+" "+strings.Join(r.docs, ", "))
			}
		}
		if e.Became != "" {
			rel = append(rel, "became "+e.Became)
		}
		if len(rel) > 0 {
			fmt.Fprintf(&b, "%-14s %s\n", "", strings.Join(rel, "; "))
		}
	}
	io.WriteString(stdout, b.String())
	return exitOK
}
