package main

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"strconv"
	"strings"

	"github.com/urispec/urispec/internal/summary"
	"github.com/urispec/urispec/uri"
)

// The HTML report (matrix -html, merge -html) is one self-contained page: no script, no
// font, image or style sheet from elsewhere (its Content-Security-Policy forbids them),
// the charts inline SVG drawn by charts.go, every string from the inputs escaped
// by html/template after printable() has made controls, bidirectional overrides and bytes
// that are not UTF-8 visible as \xNN.

//go:embed html.tmpl
var htmlTemplateText string

var htmlTemplate = template.Must(template.New("report").Parse(htmlTemplateText))

const (
	htmlPatterns   = 20  // patterns drawn and listed
	htmlExampleLen = 120 // columns an example is shortened to
)

type htmlSpec struct {
	ID, Date, Document, Status string
	Updates, Obsoletes         string
	Accepts, Rejects           int64
	Share                      string
}

type htmlExample struct {
	Where, Text, Note string
	// Specdiff names the class of urispec diff that an example of a pair's
	// disagreement belongs to.
	Specdiff string
}

type htmlGroup struct {
	Key      string
	Count    int64
	Examples []htmlExample
}

type htmlGroups struct {
	Title     string
	Groups    []htmlGroup
	More      int   // groups not shown
	MoreCount int64 // their inputs
}

type htmlPattern struct {
	Marks []string // "+" or "-" per spec
	Count int64
	Share string
}

type htmlPage struct {
	Inputs, Unchecked, Disagree int64
	Blank                       int64 // empty lines skipped
	InputsText, BlankText       string
	DisagreeText, DisagreeShare string
	GenericOnly                 bool
	Specs                       []htmlSpec
	Timeline                    htmlChart
	PatternChart                *htmlChart
	Patterns                    []htmlPattern
	MorePatterns                int
	MorePatternCount            int64
	Pairs                       []htmlGroups
	Only                        []htmlGroups
	UncheckedGroups             *htmlGroups
	HazardChart                 *htmlChart
	Hazards                     []htmlCount
}

type htmlCount struct {
	Key   string
	Count int64
}

// writeHTML writes the report of s as one HTML page, listing at most maxGroups groups
// (0: all) per pair of versions.
func writeHTML(w io.Writer, s *summary.Summary, maxGroups int) error {
	page := htmlPage{Inputs: s.Inputs, Disagree: s.Disagree, DisagreeShare: percent(int(s.Disagree), int(s.Inputs)), GenericOnly: s.GenericOnly,
		Blank: s.Blank, InputsText: plural(s.Inputs, "input"), BlankText: plural(s.Blank, "blank line"), DisagreeText: plural(s.Disagree, "input")}
	for _, g := range s.Unchecked {
		page.Unchecked += g.Count
	}
	for i, id := range s.Specs {
		hs := htmlSpec{ID: id, Date: specDate(id), Accepts: s.Accepts[i], Rejects: s.Inputs - s.Accepts[i],
			Share: percent(int(s.Accepts[i]), int(s.Inputs))}
		if sp, err := uri.ParseSpec(id); err == nil {
			l := sp.Lineage()
			hs.Document, hs.Status = l.Document, l.Status
			hs.Updates, hs.Obsoletes = strings.Join(l.Updates, ", "), strings.Join(l.Obsoletes, ", ")
		}
		page.Specs = append(page.Specs, hs)
	}
	page.Timeline = timelineChart(s)
	if len(s.Specs) > 1 && len(s.Patterns) > 0 {
		all := sortedPatterns(s.Patterns)
		shown := all[:min(len(all), htmlPatterns)]
		for _, p := range all[len(shown):] {
			page.MorePatterns++
			page.MorePatternCount += p.count
		}
		labels := make([]string, len(shown))
		counts := make([]int64, len(shown))
		for i, p := range shown {
			hp := htmlPattern{Count: p.count, Share: percent(int(p.count), int(s.Inputs))}
			for _, c := range []byte(p.key) {
				hp.Marks = append(hp.Marks, string(c))
			}
			page.Patterns = append(page.Patterns, hp)
			labels[i], counts[i] = p.key, p.count
		}
		c := hbarSVG("chart-patterns", "Verdict patterns (one + or - per spec, oldest first)", "inputs", labels, counts, barFill)
		page.PatternChart = &c
	}
	for _, p := range s.Pairs {
		title := fmt.Sprintf("%s → %s: %s (%d valid only under %s, %d only under %s)",
			p.Older, p.Newer, differ(p.OnlyOlder+p.OnlyNewer), p.OnlyOlder, p.Older, p.OnlyNewer, p.Newer)
		var c classifier
		page.Pairs = append(page.Pairs, htmlGroupsOf(title, p.Groups, maxGroups, func(input string) string { return c.note(p.Older, p.Newer, input) }))
	}
	for _, o := range s.Only {
		var n int64
		for _, g := range o.Groups {
			n += g.Count
		}
		if n > 0 {
			page.Only = append(page.Only, htmlGroupsOf(fmt.Sprintf("only %s accepts: %s", o.Spec, plural(n, "input")), o.Groups, maxGroups, nil))
		}
	}
	if page.Unchecked > 0 {
		g := htmlGroupsOf(fmt.Sprintf("not checked: %s", plural(page.Unchecked, "input")), s.Unchecked, 0, nil)
		page.UncheckedGroups = &g
	}
	if len(s.Hazards) > 0 {
		var labels []string
		var counts []int64
		for _, h := range sortedPatterns(s.Hazards) {
			page.Hazards = append(page.Hazards, htmlCount{h.key, h.count})
			labels, counts = append(labels, h.key), append(counts, h.count)
		}
		c := hbarSVG("chart-hazards", "Hazards by code", "inputs", labels, counts, hazardFill)
		page.HazardChart = &c
	}
	return htmlTemplate.Execute(w, page)
}

// htmlGroupsOf lists up to limit groups (0: all), largest first, with their examples,
// each with what specdiff says of it (nil: nothing).
func htmlGroupsOf(title string, gs []summary.Group, limit int, specdiff func(input string) string) htmlGroups {
	all := byCount(gs)
	shown := all
	if limit > 0 && len(all) > limit {
		shown = all[:limit]
	}
	out := htmlGroups{Title: title}
	for _, g := range shown {
		hg := htmlGroup{Key: g.Key, Count: g.Count}
		for _, ex := range g.Examples {
			he := htmlExample{Where: fmt.Sprintf("%s:%d", ex.File, ex.Line), Note: ex.Note}
			if !strings.HasPrefix(ex.Note, "line longer") {
				he.Text = shortenText(ex.Text(), htmlExampleLen)
			}
			if specdiff != nil {
				he.Specdiff = specdiff(ex.Text())
			}
			hg.Examples = append(hg.Examples, he)
		}
		out.Groups = append(out.Groups, hg)
	}
	for _, g := range all[len(shown):] {
		out.More++
		out.MoreCount += g.Count
	}
	return out
}

// shortenText is s rendered by printable and cut to at most max characters, marked
// with "…" (shorten's cut, with the page's mark).
func shortenText(s string, max int) string {
	return cutText(printableText(firstChars(s, max+1)), max, "…")
}

// timelineChart is the timeline of s's specs: each one's share of accepted inputs at its
// publication date.
func timelineChart(s *summary.Summary) htmlChart {
	specs := make([]timelineSpec, len(s.Specs))
	for i, id := range s.Specs {
		specs[i] = timelineSpec{id: id, year: float64(i)} // a spec this build does not know: its index
		if y, ok := yearOf(specDate(id)); ok {
			specs[i].year = y
		}
		if s.Inputs > 0 {
			specs[i].share = 100 * float64(s.Accepts[i]) / float64(s.Inputs)
		}
	}
	return timelineSVG(specs)
}

// yearOf turns "YYYY-MM" into a year with the month as a fraction.
func yearOf(date string) (float64, bool) {
	y, m, ok := strings.Cut(date, "-")
	if !ok {
		return 0, false
	}
	yy, err1 := strconv.Atoi(y)
	mm, err2 := strconv.Atoi(m)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return float64(yy) + float64(mm-1)/12, true
}

// countTrue is the number of its arguments that are true (flags that exclude each other).
func countTrue(bs ...bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}
