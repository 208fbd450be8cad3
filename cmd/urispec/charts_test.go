package main

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/urispec/urispec/uri"
)

// box is a rectangle of a chart: [x0, x1] × [y0, y1].
type box struct{ x0, y0, x1, y1 float64 }

func (a box) overlaps(b box) bool { return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1 }

// timelineCases are sets of specs the timeline must label without collisions: the
// specs of this build at their dates, and harder ones.
func timelineCases() map[string][]timelineSpec {
	var real []timelineSpec
	for _, s := range uri.Specs() {
		y, _ := yearOf(s.Date())
		real = append(real, timelineSpec{id: s.String(), year: y, share: 99.9})
	}
	cases := map[string][]timelineSpec{"every spec": real}
	var same, monthly, long []timelineSpec
	for i := range 12 {
		same = append(same, timelineSpec{id: fmt.Sprintf("spec%d", i), year: 2005, share: 100})
		monthly = append(monthly, timelineSpec{id: fmt.Sprintf("s%d", i), year: 1993 + float64(i)/12, share: 50})
		long = append(long, timelineSpec{id: strings.Repeat("x", 10+3*i), year: 1993 + float64(3*i), share: float64(i)})
	}
	cases["one month"] = same
	cases["month after month"] = monthly
	cases["long IDs"] = long
	cases["one spec"] = real[:1]
	return cases
}

// TestTimelineLabelsDoNotCollide computes the box of every label and the segment of
// every leader line, and requires that no two labels overlap, that no leader crosses
// another bar's label, and that no two bars touch.
func TestTimelineLabelsDoNotCollide(t *testing.T) {
	for name, specs := range timelineCases() {
		t.Run(name, func(t *testing.T) {
			lo, hi := math.Floor(specs[0].year), math.Floor(specs[len(specs)-1].year)+1
			xs := timelineX(specs, lo, hi)
			var texts []string
			var cxs []float64
			for i, s := range specs {
				if i > 0 && xs[i] < xs[i-1]+tlBarW {
					t.Errorf("%s: bars %d and %d overlap (x %v and %v)", name, i-1, i, xs[i-1], xs[i])
				}
				texts = append(texts, fmt.Sprintf("%s %.1f%%", s.id, s.share))
				cxs = append(cxs, xs[i]+tlBarW/2)
			}
			boxes := layoutLabels(texts, cxs)
			rect := func(b labelBox) box {
				y := float64(b.row) * tlRowH
				return box{b.x0, y, b.x1, y + tlRowH}
			}
			for i, a := range boxes {
				if a.x1-a.x0 < textWidth(a.text) {
					t.Errorf("%s: label %q is narrower than its text", name, a.text)
				}
				for j, b := range boxes {
					if i == j {
						continue
					}
					if rect(a).overlaps(rect(b)) {
						t.Errorf("%s: labels %q (row %d, %v-%v) and %q (row %d, %v-%v) overlap", name, a.text, a.row, a.x0, a.x1, b.text, b.row, b.x0, b.x1)
					}
					// b's leader runs from the axis (y 0) down to the middle of b's row.
					leader := box{b.cx, 0, b.cx, (float64(b.row) + 0.5) * tlRowH}
					if r := rect(a); leader.x0 > r.x0 && leader.x0 < r.x1 && leader.y1 > r.y0 && leader.y0 < r.y1 {
						t.Errorf("%s: the leader of %q crosses label %q", name, b.text, a.text)
					}
				}
			}
		})
	}
}

// TestHBarSVG: one bar per count, on a logarithmic scale where the smallest count is
// still drawn, and every label escaped.
func TestHBarSVG(t *testing.T) {
	c := hbarSVG("chart-x", "a <title>", "inputs", []string{"--++", "<b>", "+\u202e"}, []int64{90000, 10, 1}, barFill)
	svg := string(c.SVG)
	if c.Bars != 3 || strings.Count(svg, `class="bar"`) != 3 {
		t.Errorf("%d bars, %d drawn; want 3:\n%s", c.Bars, strings.Count(svg, `class="bar"`), svg)
	}
	for _, bad := range []string{"<b>", "<title>a <", "\u202e"} {
		if strings.Contains(svg, bad) {
			t.Errorf("the SVG holds %q:\n%s", bad, svg)
		}
	}
	for _, want := range []string{`&lt;b&gt;`, `+\xe2\x80\xae`, `width="2"`, ">90000<", ">100000<"} {
		if !strings.Contains(svg, want) {
			t.Errorf("the SVG lacks %q:\n%s", want, svg)
		}
	}
}
