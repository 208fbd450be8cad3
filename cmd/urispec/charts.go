package main

import (
	"fmt"
	"html/template"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The HTML report's charts, as plain SVG written here: bars, lines and text, no font of
// their own. Text is set in the browser's monospace font, whose advance is close to 0.6
// em in every common one (DejaVu Sans Mono, Liberation Mono, Menlo, Consolas), so that
// the layout can measure a label without a font file; the browser test measures the real
// boxes. Every string comes through printableLabel and is escaped here.

const (
	chartFont  = 11              // px, for every text of a chart
	charWidth  = 0.6 * chartFont // px, the monospace advance
	fontFamily = "ui-monospace, 'DejaVu Sans Mono', 'Liberation Mono', Menlo, Consolas, monospace"
	barFill    = "#8cb4dc" // the bars; the browser test counts rect.bar
	hazardFill = "#f29e9e" // the hazard chart's bars
	gridStroke = "#ddd"
	axisStroke = "#888"
)

// htmlChart is one chart: its SVG element, with id and the number of bars drawn.
type htmlChart struct {
	ID   string
	Bars int
	SVG  template.HTML
}

// textWidth is the width of s in the chart's font, as the layout reckons it.
func textWidth(s string) float64 { return float64(utf8.RuneCountInString(s)) * charWidth }

// svg collects a chart's elements.
type svg struct{ b strings.Builder }

// num writes a coordinate with at most one decimal.
func num(v float64) string { return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64) }

func (s *svg) rect(class, fill string, x, y, w, h float64) {
	fmt.Fprintf(&s.b, `<rect class="%s" x="%s" y="%s" width="%s" height="%s" fill="%s"/>`, class, num(x), num(y), num(w), num(h), fill)
}

func (s *svg) line(stroke string, x1, y1, x2, y2 float64) {
	fmt.Fprintf(&s.b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s"/>`, num(x1), num(y1), num(x2), num(y2), stroke)
}

// text writes text at (x, y), y being the baseline; anchor is start, middle or end.
func (s *svg) text(class string, x, y float64, anchor, text string) {
	fmt.Fprintf(&s.b, `<text class="%s" x="%s" y="%s" text-anchor="%s">%s</text>`, class, num(x), num(y), anchor, template.HTMLEscapeString(text))
}

// chart wraps the elements in an svg element of the given size.
func (s *svg) chart(id, title string, bars int, w, h float64) htmlChart {
	head := fmt.Sprintf(`<svg id="%s" data-bars="%d" role="img" xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" font-family="%s" font-size="%d"><title>%s</title>`,
		id, bars, num(w), num(h), num(w), num(h), fontFamily, chartFont, template.HTMLEscapeString(title))
	return htmlChart{ID: id, Bars: bars, SVG: template.HTML(head + s.b.String() + "</svg>")}
}

// timelineSpec is one bar of the timeline: a spec, its date as a year with the month as
// a fraction, and the share of inputs it accepts.
type timelineSpec struct {
	id    string
	year  float64
	share float64 // 0 to 100
}

// labelBox is where the timeline puts a bar's label: a row under the axis (0 nearest),
// from x0 to x1, with a leader line down from the axis at cx, the bar's centre.
type labelBox struct {
	text       string
	cx, x0, x1 float64
	row        int
}

// Timeline geometry, in px.
const (
	tlLeft, tlTop   = 44.0, 10.0 // room for the share axis's labels; above the plot
	tlPlotW         = 760.0
	tlPlotH         = 200.0
	tlBarW, tlGap   = 9.0, 2.0
	tlRowH          = 16.0 // a row of labels
	tlLabelPad      = 3.0  // between a leader and its label
	tlYearLabelRoom = 24.0 // the years under the label rows
)

// timelineX places each bar's left edge at its date on the time axis, and moves a bar
// right of the one before it when they would touch (specs of the same month).
func timelineX(specs []timelineSpec, lo, hi float64) []float64 {
	xs := make([]float64, len(specs))
	for i, s := range specs {
		xs[i] = tlLeft + (s.year-lo)/(hi-lo)*tlPlotW
		if i > 0 {
			xs[i] = max(xs[i], xs[i-1]+tlBarW+tlGap)
		}
	}
	return xs
}

// layoutLabels puts each label in the lowest row where it touches no other label and
// crosses no leader line of a label in a row below it. Labels start at their bar and run
// right, and are placed from the rightmost: a label's own leader then meets only labels
// that start right of it, which never cover it.
func layoutLabels(texts []string, cxs []float64) []labelBox {
	boxes := make([]labelBox, len(texts))
	for i := len(texts) - 1; i >= 0; i-- {
		b := labelBox{text: texts[i], cx: cxs[i], x0: cxs[i], x1: cxs[i] + tlLabelPad + textWidth(texts[i])}
		for b.row = 0; ; b.row++ {
			free := true
			for _, o := range boxes[i+1:] {
				if o.row == b.row && o.x0 < b.x1+charWidth || o.row > b.row && o.cx >= b.x0 && o.cx <= b.x1 {
					free = false
					break
				}
			}
			if free {
				break
			}
		}
		boxes[i] = b
	}
	return boxes
}

// timelineSVG draws each spec's share of accepted inputs as a bar at its publication
// date, with the share axis on the left, the label of each bar (ID and share) in rows
// under the axis with a leader line up to it, and the years at the bottom.
func timelineSVG(specs []timelineSpec) htmlChart {
	lo, hi := 0.0, 1.0
	if len(specs) > 0 {
		lo, hi = math.Floor(specs[0].year), math.Floor(specs[0].year)+1
		for _, s := range specs {
			lo, hi = min(lo, math.Floor(s.year)), max(hi, math.Floor(s.year)+1)
		}
	}
	xs := timelineX(specs, lo, hi)
	axis := tlTop + tlPlotH
	var c svg
	for _, v := range []float64{0, 25, 50, 75, 100} {
		y := axis - v/100*tlPlotH
		c.line(gridStroke, tlLeft, y, tlLeft+tlPlotW, y)
		c.text("tick", tlLeft-4, y+4, "end", fmt.Sprintf("%.0f%%", v))
	}
	texts := make([]string, len(specs))
	cxs := make([]float64, len(specs))
	right := tlLeft + tlPlotW
	for i, s := range specs {
		h := s.share / 100 * tlPlotH
		c.rect("bar", barFill, xs[i], axis-h, tlBarW, h)
		texts[i] = fmt.Sprintf("%s %.1f%%", printableLabel(s.id), s.share)
		cxs[i] = xs[i] + tlBarW/2
	}
	boxes := layoutLabels(texts, cxs)
	rows := 0
	for _, b := range boxes {
		rows = max(rows, b.row+1)
		right = max(right, b.x1)
		rowMid := axis + (float64(b.row)+0.5)*tlRowH
		c.line(axisStroke, b.cx, axis, b.cx, rowMid)
		c.text("label", b.x0+tlLabelPad, rowMid+chartFont*0.35, "start", b.text)
	}
	c.line(axisStroke, tlLeft, axis, tlLeft+tlPlotW, axis)
	years := axis + float64(rows)*tlRowH + 4
	for y := math.Ceil(lo/5) * 5; y <= hi; y += 5 {
		x := tlLeft + (y-lo)/(hi-lo)*tlPlotW
		c.line(gridStroke, x, tlTop, x, axis)
		c.line(axisStroke, x, years, x, years+4)
		c.text("tick", x, years+16, "middle", strconv.Itoa(int(y)))
	}
	return c.chart("chart-timeline", "Share of inputs each spec accepts, at its publication date", len(specs), right+8, years+tlYearLabelRoom)
}

// hbarSVG draws counts as horizontal bars on a logarithmic scale, largest first, each
// labelled on the left and with its count at its end: a count of 1 next to one of
// 90,000 stays visible. A bar of 1 (log 0) is drawn 2 px long.
func hbarSVG(id, title, unit string, labels []string, counts []int64, fill string) htmlChart {
	const rowH, barH, plotW, top = 16.0, 11.0, 520.0, 8.0
	var most int64 = 1
	labelW := 0.0
	for i, n := range counts {
		most = max(most, n)
		labelW = max(labelW, textWidth(printableLabel(labels[i])))
	}
	decades := max(1, math.Ceil(math.Log10(float64(most))))
	left := labelW + 12
	x := func(n int64) float64 { return left + math.Log10(float64(max(n, 1)))/decades*plotW }
	bottom := top + float64(max(len(counts), 1))*rowH
	var c svg
	for d := 0.0; d <= decades; d++ {
		gx := left + d/decades*plotW
		c.line(gridStroke, gx, top, gx, bottom)
		c.text("tick", gx, bottom+14, "middle", strconv.FormatFloat(math.Pow(10, d), 'f', 0, 64))
	}
	for i, n := range counts {
		y := top + float64(i)*rowH
		c.text("label", left-6, y+rowH/2+chartFont*0.35, "end", printableLabel(labels[i]))
		end := max(x(n), left+2)
		c.rect("bar", fill, left, y+(rowH-barH)/2, end-left, barH)
		c.text("count", end+4, y+rowH/2+chartFont*0.35, "start", strconv.FormatInt(n, 10))
	}
	c.line(axisStroke, left, top, left, bottom)
	c.text("axis", left+plotW/2, bottom+30, "middle", unit+" (logarithmic scale)")
	return c.chart(id, title, len(counts), left+plotW+textWidth(strconv.FormatInt(most, 10))+12, bottom+38)
}

// printableLabel is a chart label as printable renders it, cut to 40 characters.
func printableLabel(s string) string { return shortenText(s, 40) }
