package results

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// plots draws the summary against δ²/n: first the fraction of soluble
// instances, a line per n with Wilson's 95 % intervals as bars, then per n
// the median time to decide, a line per backend on a log scale (a line
// stops where the median is a timeout). Every panel marks the published
// 50 % point with a dashed vertical line.
func (s *Solubility) plots(st styles) ([]*plot.Plot, []plot.Legend) {
	var ps []*plot.Plot
	var legs []plot.Legend
	ns := s.orders()
	minX, maxX := math.Inf(1), math.Inf(-1)
	for _, r := range s.Rows {
		minX, maxX = math.Min(minX, r.X), math.Max(maxX, r.X)
	}
	lo, hi := math.Min(minX, PublishedHalfSoluble), math.Max(maxX, PublishedHalfSoluble)
	if p, leg, ok := s.fractionPlot(ns, lo, hi); ok {
		ps, legs = append(ps, p), append(legs, leg)
	}
	for _, n := range ns {
		if p, leg, ok := s.timePlot(st, n); ok {
			ps, legs = append(ps, p), append(legs, leg)
		}
	}
	for _, p := range ps {
		p.X.Min, p.X.Max = lo-0.2, hi+0.2
	}
	return ps, legs
}

// fractionPlot draws the fraction of soluble instances, a line per n
// with its intervals, the 50 % line from lo to hi and the published
// point; ok is false when it has no line.
func (s *Solubility) fractionPlot(ns []int, lo, hi float64) (*plot.Plot, plot.Legend, bool) {
	p, leg := newPanel()
	p.Title.Text = "decide: fraction of instances that can be completed\nbars: Wilson 95% interval"
	p.Y.Label.Text = "fraction soluble"
	p.Y.Min, p.Y.Max = 0, 1
	lines := 0
	for k, n := range ns {
		var pts []point
		for _, r := range s.Rows {
			if r.N == n && r.Decided() > 0 {
				pts = append(pts, point{x: r.X, s: Sample{Median: r.Fraction, Min: r.Low, Max: r.High}})
			}
		}
		if len(pts) == 0 {
			continue
		}
		d := errorData{XYs: make(plotter.XYs, len(pts)), YErrors: make(plotter.YErrors, len(pts))}
		for i, pt := range pts {
			d.XYs[i].X, d.XYs[i].Y = pt.x, pt.s.Median
			d.YErrors[i].Low, d.YErrors[i].High = pt.s.Median-pt.s.Min, pt.s.Max-pt.s.Median
		}
		if addSeries(p, &leg, fmt.Sprintf("n = %d", n), d, k) {
			lines++
		}
	}
	if half, err := plotter.NewLine(plotter.XYs{{X: lo, Y: 0.5}, {X: hi, Y: 0.5}}); err == nil {
		half.Color = color.Gray{Y: 160}
		half.Dashes = []vg.Length{vg.Points(1), vg.Points(2)}
		p.Add(half)
	}
	addPublished(p, &leg, 0, 1)
	return p, leg, lines > 0
}

// timePlot draws the median time to decide of order n, a line per
// backend on a log scale; ok is false when it has no line.
func (s *Solubility) timePlot(st styles, n int) (*plot.Plot, plot.Legend, bool) {
	p, leg := newPanel()
	p.Title.Text = fmt.Sprintf("decide, n = %d: median time per backend\nover the instances; a line stops at a median timeout", n)
	p.Y.Label.Text = "seconds"
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	ymin, ymax := math.Inf(1), math.Inf(-1)
	lines := 0
	for j, b := range s.Backends {
		sty := st.of(b)
		var xys plotter.XYs
		for _, r := range s.Rows {
			if c := r.Cells[j]; r.N == n && c.Status == OK && c.HasMedian {
				y := positive(c.Median)
				xys = append(xys, plotter.XY{X: r.X, Y: y})
				ymin, ymax = math.Min(ymin, y), math.Max(ymax, y)
			}
		}
		if len(xys) == 0 {
			continue
		}
		d := errorData{XYs: xys, YErrors: make(plotter.YErrors, len(xys))}
		if addStyledSeries(p, &leg, b, d, sty) {
			lines++
		}
	}
	if lines == 0 {
		return nil, leg, false
	}
	addPublished(p, &leg, ymin, ymax)
	return p, leg, true
}

// orders lists the n of the summary in increasing order.
func (s *Solubility) orders() []int {
	var ns []int
	for _, r := range s.Rows {
		if len(ns) == 0 || ns[len(ns)-1] != r.N {
			ns = append(ns, r.N)
		}
	}
	return ns
}

// newPanel makes a plot with δ²/n on the x axis and an empty legend.
func newPanel() (*plot.Plot, plot.Legend) {
	p := plot.New()
	p.X.Label.Text = "δ²/n   (δ = n − k free rows)"
	leg := plot.NewLegend()
	leg.Top, leg.Left = true, true
	return p, leg
}

// addSeries draws one line with its points and bars in style k; it
// reports whether it could (the points are finite).
func addSeries(p *plot.Plot, leg *plot.Legend, name string, d errorData, k int) bool {
	line, err1 := plotter.NewLine(d)
	dots, err2 := plotter.NewScatter(d)
	bars, err3 := plotter.NewYErrorBars(d)
	if err1 != nil || err2 != nil || err3 != nil {
		return false
	}
	line.Color = plotutil.Color(k)
	line.Dashes = plotutil.Dashes(k / len(plotutil.DefaultColors))
	dots.Color, dots.Shape = line.Color, plotutil.Shape(k)
	bars.Color = line.Color
	p.Add(line, dots, bars)
	leg.Add(name, line, dots)
	return true
}

// addStyledSeries draws one backend's line with its points and bars in
// its style.
func addStyledSeries(p *plot.Plot, leg *plot.Legend, name string, d errorData, sty style) bool {
	line, err1 := plotter.NewLine(d)
	dots, err2 := plotter.NewScatter(d)
	bars, err3 := plotter.NewYErrorBars(d)
	if err1 != nil || err2 != nil || err3 != nil {
		return false
	}
	line.Color, line.Dashes = sty.color, sty.dashes
	dots.Color, dots.Shape = sty.color, sty.shape
	bars.Color = sty.color
	p.Add(line, dots, bars)
	leg.Add(name, line, dots)
	return true
}

// addPublished marks the published 50 % point, δ²/n ≈ 5.26, with a
// dashed vertical line from y0 to y1.
func addPublished(p *plot.Plot, leg *plot.Legend, y0, y1 float64) {
	l, err := plotter.NewLine(plotter.XYs{{X: PublishedHalfSoluble, Y: y0}, {X: PublishedHalfSoluble, Y: y1}})
	if err != nil {
		return
	}
	l.Color = color.Gray{Y: 90}
	l.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	p.Add(l)
	leg.Add(fmt.Sprintf("Gent et al. 50%%: %.2f", PublishedHalfSoluble), l)
}
