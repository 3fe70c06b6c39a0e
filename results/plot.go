package results

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Plots draws, with gonum/plot, one plot per table that has times: the
// median seconds of the OK cells against n on a log scale, one line per
// backend, error bars from the fastest to the slowest repeat. The n axis is
// logarithmic too when the largest n is at least 50 times the smallest.
// Cells that are not OK are left out (a line stops where its backend timed
// out). Each plot's legend is in its top left corner; WritePlot draws the
// plots side by side with the legends beside them instead.
func (r *Report) Plots() ([]*plot.Plot, error) {
	ps, legs, err := r.plots()
	if err != nil {
		return nil, err
	}
	for i, p := range ps {
		p.Legend = legs[i]
	}
	return ps, nil
}

// plots builds the plots and, separately, their legends. A decide table
// gives several panels (see Solubility.plots).
func (r *Report) plots() ([]*plot.Plot, []plot.Legend, error) {
	var ps []*plot.Plot
	var legs []plot.Legend
	for _, t := range r.Tables {
		if t.Solubility != nil {
			sp, sl := t.Solubility.plots()
			ps, legs = append(ps, sp...), append(legs, sl...)
			continue
		}
		if t.Excluded != nil {
			sp, sl := t.Excluded.plots()
			ps, legs = append(ps, sp...), append(legs, sl...)
			continue
		}
		if p, leg, ok := t.plot(); ok {
			ps, legs = append(ps, p), append(legs, leg)
		}
	}
	if len(ps) == 0 {
		return nil, nil, fmt.Errorf("results: nothing to plot: no cell has a time")
	}
	return ps, legs, nil
}

// plot draws one table; ok is false when no cell has a time.
func (t *Table) plot() (p *plot.Plot, leg plot.Legend, ok bool) {
	p = plot.New()
	leg = plot.NewLegend()
	leg.Top, leg.Left = true, true
	p.Title.Text = t.title() + "\nmedian time; bars from the fastest to the slowest repeat"
	p.X.Label.Text = "n"
	p.Y.Label.Text = "seconds"
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = powerTicks{}
	minN, maxN := math.Inf(1), math.Inf(-1)
	lines := 0
	for j, b := range t.Backends {
		var pts []point
		for _, row := range t.Rows { // rows are in increasing n
			c := row.Cells[j]
			if c.Repeats == 0 || c.Status != OK {
				continue
			}
			x := float64(row.N)
			pts = append(pts, point{x: x, s: c.Seconds})
			minN, maxN = math.Min(minN, x), math.Max(maxN, x)
		}
		if len(pts) == 0 {
			continue
		}
		data := errorPoints(pts)
		line, err1 := plotter.NewLine(data)
		dots, err2 := plotter.NewScatter(data)
		bars, err3 := plotter.NewYErrorBars(data)
		if err1 != nil || err2 != nil || err3 != nil {
			continue // cannot happen: the points are finite and positive
		}
		line.Color = plotutil.Color(j)
		line.Dashes = plotutil.Dashes(j / len(plotutil.DefaultColors))
		dots.Color, dots.Shape = line.Color, plotutil.Shape(j)
		bars.Color = line.Color
		p.Add(line, dots, bars)
		leg.Add(b, line, dots)
		lines++
	}
	if lines == 0 {
		return nil, leg, false
	}
	switch {
	case maxN >= 50*minN:
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = powerTicks{}
	case maxN-minN <= 30:
		var ticks []plot.Tick
		for n := minN; n <= maxN; n++ {
			ticks = append(ticks, plot.Tick{Value: n, Label: strconv.Itoa(int(n))})
		}
		p.X.Tick.Marker = plot.ConstantTicks(ticks)
	}
	if minN == maxN { // one n: give the axis some width
		p.X.Min, p.X.Max = minN-1, maxN+1
	}
	return p, leg, true
}

type point struct {
	x float64
	s Sample
}

// errorData is the points of one line with their error bars, in the form
// that plotter.NewYErrorBars wants.
type errorData struct {
	plotter.XYs
	plotter.YErrors
}

func errorPoints(pts []point) errorData {
	d := errorData{XYs: make(plotter.XYs, len(pts)), YErrors: make(plotter.YErrors, len(pts))}
	for i, p := range pts {
		y := positive(p.s.Median)
		d.XYs[i].X, d.XYs[i].Y = p.x, y
		d.YErrors[i].Low = y - positive(p.s.Min)
		d.YErrors[i].High = positive(p.s.Max) - y
	}
	return d
}

// plotsPerRow is the number of panels WritePlot puts side by side.
const plotsPerRow = 3

// WritePlot writes the plots in format "svg", "png" (150 dpi) or "pdf":
// one panel per mode (several for a decide table), side by side in rows
// of three, each 10 cm high with its legend to its right.
func (r *Report) WritePlot(w io.Writer, format string) error {
	ps, legs, err := r.plots()
	if err != nil {
		return err
	}
	const height = 10 * vg.Centimeter
	const plotWidth = 12 * vg.Centimeter
	pad := 0.4 * vg.Centimeter
	legWidth := make([]vg.Length, len(ps))
	var width, rowWidth vg.Length
	for i := range ps {
		if i%plotsPerRow == 0 {
			rowWidth = 0
		}
		lr := legs[i].Rectangle(draw.Canvas{})
		legWidth[i] = lr.Max.X - lr.Min.X + 2*pad
		rowWidth += plotWidth + legWidth[i]
		width = max(width, rowWidth)
	}
	rows := (len(ps) + plotsPerRow - 1) / plotsPerRow
	totalHeight := vg.Length(rows) * height
	var c vg.CanvasWriterTo
	switch format {
	case "svg":
		c = vgsvg.New(width, totalHeight)
	case "png":
		c = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(width, totalHeight), vgimg.UseDPI(150))}
	case "pdf":
		c = vgpdf.New(width, totalHeight)
	default:
		return fmt.Errorf("results: plot: unknown format %q (want svg, png or pdf)", format)
	}
	dc := draw.New(c)
	var x vg.Length
	for i, p := range ps {
		row := vg.Length(i / plotsPerRow)
		if i%plotsPerRow == 0 {
			x = 0
		}
		// The first row is at the top.
		bottom, top := totalHeight-(row+1)*height, -row*height
		right := width - x - plotWidth
		widenLog(&p.X)
		widenLog(&p.Y)
		p.Draw(draw.Crop(dc, x, -right, bottom, top))
		x += plotWidth
		legs[i].Draw(draw.Crop(dc, x+pad, -(width - x - legWidth[i] + pad), bottom, top-pad))
		x += legWidth[i]
	}
	if _, err := c.WriteTo(w); err != nil {
		return fmt.Errorf("results: plot: %w", err)
	}
	return nil
}

// SavePlot writes the plots to a file whose extension (.svg, .png or .pdf)
// gives the format.
func (r *Report) SavePlot(path string) error {
	format := strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), ".")
	switch format {
	case "svg", "png", "pdf":
	default:
		return fmt.Errorf("results: plot file %q: want a name ending in .svg, .png or .pdf", path)
	}
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("results: %w", err)
	}
	if err := r.WritePlot(f, format); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("results: %w", err)
	}
	return nil
}

// widenLog gives a logarithmic axis a positive range of more than one
// value: gonum widens an axis whose data is a single value to [v−1, v+1],
// which for v ≤ 1 reaches zero and makes its logarithmic ticks panic (a
// run cut short after one instance draws such a panel).
func widenLog(a *plot.Axis) {
	if _, ok := a.Scale.(plot.LogScale); !ok {
		return
	}
	switch {
	case a.Max <= 0:
		a.Min, a.Max = 0.1, 10
	case a.Min <= 0:
		a.Min = a.Max / 1000
	}
	if a.Min >= a.Max {
		a.Min, a.Max = a.Max/10, a.Max*10
	}
}

// powerTicks are gonum's logarithmic ticks labelled by their power of ten
// to three significant digits: the powers are computed in floating point,
// and the shortest exact form of 10⁻⁴ is 9.999999999999999e-05.
type powerTicks struct{}

// Ticks implements plot.Ticker.
func (powerTicks) Ticks(min, max float64) []plot.Tick {
	ticks := plot.LogTicks{Prec: -1}.Ticks(min, max)
	for i, t := range ticks {
		switch {
		case t.Label == "":
		case t.Value >= 1 && t.Value < 1e7:
			ticks[i].Label = strconv.FormatFloat(t.Value, 'f', 0, 64)
		default:
			ticks[i].Label = strconv.FormatFloat(t.Value, 'g', 3, 64)
		}
	}
	return ticks
}
