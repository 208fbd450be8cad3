package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/urispec/urispec/uri"
)

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

func specsCommand() command {
	return command{
		name:    "specs",
		summary: "list the spec versions: documents, dates, lineage, grammars",
		usage:   "specs [-json]",
		doc: `Lists every spec ID in date order: its document, date, status, what it updates or
obsoletes and what updates or obsoletes it (as the documents' headers say), its grammar
file and top rule.

With -json, one object per spec: id, title, date, grammar, top_rule, grammar_source,
document, status, updates, obsoletes, updated_by, obsoleted_by, became.

Exit status: 0, 2 usage error or output that could not be written.`,
		setup: func(fs *flag.FlagSet) func(*cmdEnv, []string) int {
			asJSON := jsonVar(fs, "one object per spec")
			return func(x *cmdEnv, args []string) int {
				if status, ok := x.noArgs(args); !ok {
					return status
				}
				return runSpecs(x, *asJSON)
			}
		},
	}
}

func runSpecs(x *cmdEnv, asJSON bool) int {
	enc := x.encoder()
	for _, s := range uri.Specs() {
		// The repository names each spec's grammar after its ID.
		e := specEntry{ID: s.String(), Title: s.Title(), Date: s.Date(), Grammar: "grammar/" + s.String() + ".peg",
			TopRule: s.TopRule(), Document: s.Document(), Lineage: s.Lineage()}
		if asJSON {
			if err := enc.Encode(e); err != nil {
				return x.stop(err)
			}
			continue
		}
		b := x.stdout
		fmt.Fprintf(b, "%-14s %s  %s, %q (%s)\n", e.ID, e.Date, e.Lineage.Document, e.Title, e.Status)
		fmt.Fprintf(b, "%-14s grammar %s, top rule %s, from %s\n", "", e.Grammar, e.TopRule, e.Document)
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
			fmt.Fprintf(b, "%-14s %s\n", "", strings.Join(rel, "; "))
		}
	}
	return exitOK
}
