package results

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// plots draws the summary against d/n, the axis of Gent, Jefferson and
// Nightingale's plots (so that the lines of different n can be compared):
// first the fraction satisfiable, a line per n with Wilson's 95 %
// intervals as bars, then per backend its median cost over the instances,
// a line per n on a log scale: nodes for a backend that counts them, else
// seconds (a line stops where the median is a timeout). Only the d that at
// least half of the instances of an n reach are drawn.
func (e *Excluded) plots() ([]*plot.Plot, []plot.Legend) {
	var ps []*plot.Plot
	var legs []plot.Legend
	rows, minX, maxX := e.plotRows()
	if p, leg, ok := e.fractionPlot(rows, minX, maxX); ok {
		ps, legs = append(ps, p), append(legs, leg)
	}
	for j := range e.Backends {
		if p, leg, ok := e.costPlot(rows, j); ok {
			ps, legs = append(ps, p), append(legs, leg)
		}
	}
	for _, p := range ps {
		p.X.Min, p.X.Max = minX-0.05, maxX+0.05
	}
	return ps, legs
}

// plotRows are the rows the plots draw, and the range of their d/n. The
// lists of diagonals differ in length: the largest d exist for a few
// instances only (those that happened to get long lists), whose
// fractions and medians are noise. The plots keep the d at which at least
// half of the instances exist; the tables show every d.
func (e *Excluded) plotRows() (rows []ExcludedRow, minX, maxX float64) {
	most := map[int]int{} // per n, the instances of its largest group
	for _, r := range e.Rows {
		most[r.N] = max(most[r.N], r.Instances)
	}
	minX, maxX = math.Inf(1), math.Inf(-1)
	for _, r := range e.Rows {
		if 2*r.Instances < most[r.N] {
			continue
		}
		rows = append(rows, r)
		x := float64(r.D) / float64(r.N)
		minX, maxX = math.Min(minX, x), math.Max(maxX, x)
	}
	return rows, minX, maxX
}

// fractionPlot draws the fraction satisfiable, a line per n with its
// intervals; ok is false when it has no line.
func (e *Excluded) fractionPlot(rows []ExcludedRow, minX, maxX float64) (*plot.Plot, plot.Legend, bool) {
	p, leg := newExcludedPanel()
	p.Title.Text = "excluded diagonals: fraction of instances satisfiable\nbars: Wilson 95% interval; the d that half the instances reach"
	p.Y.Label.Text = "fraction satisfiable"
	p.Y.Min, p.Y.Max = 0, 1
	lines := 0
	for k, o := range e.Orders {
		var d errorData
		for _, r := range rows {
			if r.N == o.N && r.Decided() > 0 {
				d.XYs = append(d.XYs, plotter.XY{X: float64(r.D) / float64(r.N), Y: r.Fraction})
				d.YErrors = append(d.YErrors, struct{ Low, High float64 }{r.Fraction - r.Low, r.High - r.Fraction})
			}
		}
		if len(d.XYs) > 0 && addSeries(p, &leg, fmt.Sprintf("n = %d", o.N), d, k) {
			lines++
		}
	}
	if half, err := plotter.NewLine(plotter.XYs{{X: minX, Y: 0.5}, {X: maxX, Y: 0.5}}); err == nil {
		half.Color = color.Gray{Y: 160}
		half.Dashes = []vg.Length{vg.Points(1), vg.Points(2)}
		p.Add(half)
	}
	return p, leg, lines > 0
}

// costPlot draws backend j's median cost, a line per n on a log scale:
// nodes for a backend that counts them, else seconds; ok is false when it
// has no line.
func (e *Excluded) costPlot(rows []ExcludedRow, j int) (*plot.Plot, plot.Legend, bool) {
	b := e.Backends[j]
	nodes := e.countsNodes(j)
	p, leg := newExcludedPanel()
	if nodes {
		p.Title.Text = fmt.Sprintf("%s: median search nodes\nover the instances; a line stops at a median timeout", b)
		p.Y.Label.Text = "nodes"
	} else {
		p.Title.Text = fmt.Sprintf("%s: median time to decide\nover the instances; a line stops at a median timeout", b)
		p.Y.Label.Text = "seconds"
	}
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = powerTicks{}
	lines := 0
	for k, o := range e.Orders {
		var xys plotter.XYs
		for _, r := range rows {
			c := r.Cells[j]
			if r.N != o.N || c.Status != OK || c.Instances == 0 {
				continue
			}
			y, has := c.Seconds, c.HasSeconds
			if nodes {
				y, has = c.Nodes, c.HasNodes
			}
			if has && y > 0 {
				xys = append(xys, plotter.XY{X: float64(r.D) / float64(r.N), Y: positive(y)})
			}
		}
		if len(xys) == 0 {
			continue
		}
		if addSeries(p, &leg, fmt.Sprintf("n = %d", o.N), errorData{XYs: xys, YErrors: make(plotter.YErrors, len(xys))}, k) {
			lines++
		}
	}
	return p, leg, lines > 0
}

// newExcludedPanel makes a plot with d/n on the x axis and an empty
// legend in its top right corner (the lines fall from the left).
func newExcludedPanel() (*plot.Plot, plot.Legend) {
	p := plot.New()
	p.X.Label.Text = "d / n   (d excluded diagonals, n×n board)"
	leg := plot.NewLegend()
	leg.Top = true
	return p, leg
}
