package main

import (
	"bytes"
	_ "embed"
	"fmt"
	"html/template"
	"image/color"
	"io"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/urispec/urispec/internal/summary"
	"github.com/urispec/urispec/uri"
)

// The HTML report (matrix -html, merge -html) is one self-contained page: no script, no
// font, image or style sheet from elsewhere (its Content-Security-Policy forbids them),
// the charts inline SVG drawn by gonum.org/v1/plot, every string from the inputs escaped
// by html/template after printable() has made controls, bidirectional overrides and bytes
// that are not UTF-8 visible as \xNN.

//go:embed html.tmpl
var htmlTemplateText string

var htmlTemplate = template.Must(template.New("report").Parse(htmlTemplateText))

const (
	htmlPatterns   = 20  // patterns drawn and listed
	htmlExampleLen = 120 // columns an example is shortened to
)

// Bar colours: the browser test counts a chart's bars by their fill.
var (
	barColor    = color.RGBA{R: 0x8c, G: 0xb4, B: 0xdc, A: 0xff}
	hazardColor = color.RGBA{R: 0xf2, G: 0x9e, B: 0x9e, A: 0xff}
)

type htmlSpec struct {
	ID, Date, Document, Status string
	Updates, Obsoletes         string
	Accepts, Rejects           int64
	Share                      string
}

type htmlExample struct {
	Where, Text, Note string
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

type htmlChart struct {
	ID   string
	Bars int // bars drawn: the browser test counts them
	SVG  template.HTML
}

type htmlPage struct {
	Inputs, Unchecked, Disagree int64
	DisagreeShare               string
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
	page := htmlPage{Inputs: s.Inputs, Disagree: s.Disagree, DisagreeShare: percent(int(s.Disagree), int(s.Inputs)), GenericOnly: s.GenericOnly}
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
	var err error
	if page.Timeline, err = timelineChart(s); err != nil {
		return err
	}
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
		c, err := hbarChart("chart-patterns", "Verdict patterns (one + or - per spec, oldest first)",
			"inputs", labels, counts, barColor)
		if err != nil {
			return err
		}
		page.PatternChart = &c
	}
	for _, p := range s.Pairs {
		title := fmt.Sprintf("%s → %s: %d inputs differ (%d valid only under %s, %d only under %s)",
			p.Older, p.Newer, p.OnlyOlder+p.OnlyNewer, p.OnlyOlder, p.Older, p.OnlyNewer, p.Newer)
		page.Pairs = append(page.Pairs, htmlGroupsOf(title, p.Groups, maxGroups))
	}
	for _, o := range s.Only {
		var n int64
		for _, g := range o.Groups {
			n += g.Count
		}
		if n > 0 {
			page.Only = append(page.Only, htmlGroupsOf(fmt.Sprintf("only %s accepts: %d inputs", o.Spec, n), o.Groups, maxGroups))
		}
	}
	if page.Unchecked > 0 {
		g := htmlGroupsOf(fmt.Sprintf("not checked: %d inputs", page.Unchecked), s.Unchecked, 0)
		page.UncheckedGroups = &g
	}
	if len(s.Hazards) > 0 {
		var labels []string
		var counts []int64
		for _, h := range sortedPatterns(s.Hazards) {
			page.Hazards = append(page.Hazards, htmlCount{h.key, h.count})
			labels, counts = append(labels, h.key), append(counts, h.count)
		}
		c, err := hbarChart("chart-hazards", "Hazards by code", "findings", labels, counts, hazardColor)
		if err != nil {
			return err
		}
		page.HazardChart = &c
	}
	return htmlTemplate.Execute(w, page)
}

// htmlGroupsOf lists up to limit groups (0: all), largest first, with their examples.
func htmlGroupsOf(title string, gs []summary.Group, limit int) htmlGroups {
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
	text, _ := printable(s)
	return cutText(text, max, "…")
}

// styleFonts sets the chart's text in Liberation Sans: gonum measures text with its
// own copy of the Liberation fonts, and the page embeds no font file, so the browser
// shows the font it has under that name or its fallback.
func styleFonts(p *plot.Plot) {
	for _, ts := range []*draw.TextStyle{&p.Title.TextStyle, &p.X.Label.TextStyle, &p.Y.Label.TextStyle, &p.X.Tick.Label, &p.Y.Tick.Label} {
		ts.Font.Variant = "Sans"
	}
	p.Title.TextStyle.Font.Size = 12
}

// timelineChart draws each spec's share of accepted inputs as a bar at its publication
// date: the lineage as a timeline. Specs of the same month stand side by side.
func timelineChart(s *summary.Summary) (htmlChart, error) {
	p := plot.New()
	styleFonts(p)
	p.Title.Text = "Share of inputs each spec accepts, at its publication date"
	p.Y.Label.Text = "accepted (% of inputs)"
	p.X.Label.Text = "publication date"
	p.Y.Min, p.Y.Max = 0, 100
	const width = 9 // points
	prevDate, run := "", 0
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, id := range s.Specs {
		share := 0.0
		if s.Inputs > 0 {
			share = 100 * float64(s.Accepts[i]) / float64(s.Inputs)
		}
		date := specDate(id)
		x, ok := yearOf(date)
		if !ok {
			x = float64(i) // a spec this build does not know: its index
		}
		if date == prevDate {
			run++
		} else {
			prevDate, run = date, 0
		}
		bars, err := plotter.NewBarChart(plotter.Values{share}, vg.Points(width))
		if err != nil {
			return htmlChart{}, err
		}
		bars.XMin = x
		bars.Offset = vg.Points(float64(run) * (width + 1))
		bars.Color = barColor
		bars.LineStyle.Width = 0
		p.Add(bars)
		label := fmt.Sprintf("%s  %.1f%%", printableLabel(id), share)
		labels, err := plotter.NewLabels(plotter.XYLabels{XYs: plotter.XYs{{X: x, Y: 2}}, Labels: []string{label}})
		if err != nil {
			return htmlChart{}, err
		}
		for j := range labels.TextStyle {
			labels.TextStyle[j].Font.Variant = "Sans"
			labels.TextStyle[j].Font.Size = 8
			labels.TextStyle[j].Rotation = math.Pi / 2
			labels.TextStyle[j].XAlign = draw.XLeft
			labels.TextStyle[j].YAlign = draw.YCenter
		}
		labels.Offset = vg.Point{X: vg.Points(float64(run) * (width + 1))}
		p.Add(labels)
		lo, hi = min(lo, x), max(hi, x)
	}
	if len(s.Specs) > 0 {
		p.X.Min, p.X.Max = math.Floor(lo)-0.5, math.Ceil(hi)+0.5
	}
	p.X.Tick.Marker = yearTicks{}
	p.Add(plotter.NewGrid())
	return chartSVG(p, "chart-timeline", len(s.Specs), 18*vg.Centimeter, 9*vg.Centimeter)
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

// yearTicks marks every year, labelling every other one, or every fifth over a long span.
type yearTicks struct{}

func (yearTicks) Ticks(min, max float64) []plot.Tick {
	// A label every second year fits the 18 cm chart up to about twenty years; a longer
	// span (the 1993 draft to the URL Standard's snapshot of 2026) gets one every fifth.
	every, at := 2, 1 // the odd years
	if max-min > 20 {
		every, at = 5, 0 // 1995, 2000, ...
	}
	var ts []plot.Tick
	for y := math.Ceil(min); y <= max; y++ {
		t := plot.Tick{Value: y}
		if int(y)%every == at {
			t.Label = strconv.Itoa(int(y))
		}
		ts = append(ts, t)
	}
	return ts
}

// hbarChart draws counts as horizontal bars, the first at the top, each labelled on the
// left and with its count at its end.
func hbarChart(id, title, xlabel string, labels []string, counts []int64, c color.Color) (htmlChart, error) {
	p := plot.New()
	styleFonts(p)
	p.Title.Text = title
	p.X.Label.Text = xlabel
	n := len(counts)
	vals := make(plotter.Values, n)
	names := make([]string, n)
	var top float64
	for i := range counts {
		// Bars are drawn from the bottom: reverse, so that the largest is on top.
		vals[n-1-i] = float64(counts[i])
		names[n-1-i] = printableLabel(labels[i])
		top = max(top, float64(counts[i]))
	}
	bars, err := plotter.NewBarChart(vals, vg.Points(10))
	if err != nil {
		return htmlChart{}, err
	}
	bars.Horizontal = true
	bars.Color = c
	bars.LineStyle.Width = 0
	p.Add(bars)
	xys := make(plotter.XYs, n)
	text := make([]string, n)
	for i, v := range vals {
		xys[i] = plotter.XY{X: v, Y: float64(i)}
		text[i] = strconv.FormatInt(int64(v), 10)
	}
	if n > 0 {
		lb, err := plotter.NewLabels(plotter.XYLabels{XYs: xys, Labels: text})
		if err != nil {
			return htmlChart{}, err
		}
		for j := range lb.TextStyle {
			lb.TextStyle[j].Font.Variant = "Sans"
			lb.TextStyle[j].Font.Size = 8
			lb.TextStyle[j].YAlign = draw.YCenter
		}
		lb.Offset = vg.Point{X: vg.Points(3)}
		p.Add(lb)
	}
	p.NominalY(names...)
	// Labels in Liberation Mono, whose advance the browser's fallback monospace
	// (DejaVu Sans Mono on Debian) shares, so a label never runs into its bar.
	p.Y.Tick.Label.Font.Variant = "Mono"
	p.X.Min, p.X.Max = 0, top*1.12+1
	p.X.Tick.Marker = countTicks{}
	p.Add(plotter.NewGrid())
	h := vg.Length(max(n, 3))*vg.Points(14) + 2*vg.Centimeter
	return chartSVG(p, id, n, 18*vg.Centimeter, h)
}

// countTicks are gonum's default ticks with whole numbers only: counts have no fraction.
type countTicks struct{}

func (countTicks) Ticks(min, max float64) []plot.Tick {
	var out []plot.Tick
	for _, t := range (plot.DefaultTicks{}).Ticks(min, max) {
		if t.Value != math.Trunc(t.Value) {
			if t.Label != "" {
				continue // a fractional major tick
			}
		} else if t.Label != "" {
			t.Label = strconv.FormatFloat(t.Value, 'f', 0, 64)
		}
		out = append(out, t)
	}
	return out
}

// printableLabel is a chart label as printable renders it, cut to 40 characters.
func printableLabel(s string) string { return shortenText(s, 40) }

var fontFallback = strings.NewReplacer(
	"font-family:Liberation Sans;", "font-family:Liberation Sans,Arial,sans-serif;",
	"font-family:Liberation Mono;", "font-family:Liberation Mono,monospace;",
	"font-family:Liberation Serif;", "font-family:Liberation Serif,serif;")

// chartSVG renders p as inline SVG: gonum's document without its XML prologue, with id
// and data-bars on the svg element.
func chartSVG(p *plot.Plot, id string, bars int, w, h vg.Length) (htmlChart, error) {
	c := vgsvg.New(w, h)
	p.Draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return htmlChart{}, err
	}
	svg := buf.String()
	i := strings.Index(svg, "<svg")
	if i < 0 {
		return htmlChart{}, fmt.Errorf("chart %s: no <svg> element in gonum's output", id)
	}
	svg = svg[i:]
	// id and the bar count go on the svg element; fonts fall back to the system's.
	svg = fmt.Sprintf(`<svg id="%s" data-bars="%d" role="img"`, id, bars) + svg[len("<svg"):]
	svg = fontFallback.Replace(svg)
	// The SVG comes from gonum: text it draws is escaped with html.EscapeString, and
	// every label went through printable first.
	return htmlChart{ID: id, Bars: bars, SVG: template.HTML(svg)}, nil
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
