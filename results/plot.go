package results

import (
	"cmp"
	"fmt"
	"image/color"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/qtool-project/qtool/internal/safeout"
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
// median seconds of the OK cells on a log scale, one line per backend,
// error bars from the fastest to the slowest repeat. The x axis follows
// the grid parameter that varies across the rows (Table.xAxis): n
// (logarithmic when the largest is at least 10 times the smallest), δ²/n,
// δ = n − k, k, the instance family as categories, or the rows in order
// (the boards, sorted by n and name); where several rows share an x the
// line goes through the median of their medians. A table of one problem
// is a strip plot instead: a column per backend, a point per repeat and a
// box of the quartiles. A cell that timed out, failed or gave up is a cross at
// the time it ran (the time limit, for a timeout), with a legend entry.
// Every backend has one colour and marker in every panel (keyed by
// name), and the environment line is the plots' caption. Each plot's
// legend is in its top left corner; WritePlot draws the plots side by
// side with the legends beside them instead, the caption below.
func (r *Report) Plots() ([]*plot.Plot, error) {
	ps, legs, err := r.plots()
	if err != nil {
		return nil, err
	}
	caption := envCaption(r.Envs)
	for i, p := range ps {
		p.Legend = legs[i]
		if caption != "" {
			p.X.Label.Text += "\n" + caption
		}
	}
	return ps, nil
}

// plots builds the plots and, separately, their legends. A decide table
// gives several panels (see Solubility.plots).
func (r *Report) plots() ([]*plot.Plot, []plot.Legend, error) {
	var ps []*plot.Plot
	var legs []plot.Legend
	st := r.styles()
	for _, t := range r.Tables {
		if t.Solubility != nil && t.hasBoardFiles() {
			sp, sl := t.familyPlots(st)
			ps, legs = append(ps, sp...), append(legs, sl...)
			continue
		}
		if t.Solubility != nil {
			sp, sl := t.Solubility.plots(st)
			ps, legs = append(ps, sp...), append(legs, sl...)
			continue
		}
		if t.Excluded != nil {
			sp, sl := t.Excluded.plots()
			ps, legs = append(ps, sp...), append(legs, sl...)
			continue
		}
		if p, leg, ok := t.plot(st); ok {
			ps, legs = append(ps, p), append(legs, leg)
		}
	}
	if len(ps) == 0 {
		return nil, nil, fmt.Errorf("results: nothing to plot: no cell has a time")
	}
	return ps, legs, nil
}

// failMark is the glyph of a cell that is not OK.
var failMark = draw.CrossGlyph{}

// plot draws one table; ok is false when no cell has a time. The x axis
// follows the grid (Table.xAxis); where several problems share an x (the
// instances of one n and δ, the boards of one family), a backend's line
// goes through the median of their medians, its bars span their fastest
// to their slowest median, and each problem's median is a faint dot.
func (t *Table) plot(st styles) (p *plot.Plot, leg plot.Legend, ok bool) {
	if len(t.Rows) == 1 {
		return t.stripPlot(st)
	}
	ax := t.xAxis()
	grouped := len(ax.distinct()) < len(t.Rows)
	p = plot.New()
	leg = plot.NewLegend()
	leg.Top, leg.Left = true, true
	p.Title.Text = t.title() + "\nmedian time; bars from the fastest to the slowest repeat"
	if grouped {
		p.Title.Text = t.title() + "\nmedian of the problems at each x; bars: their range"
	}
	p.Y.Label.Text = "seconds"
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = powerTicks{}
	p.X.Label.Text = ax.label
	limit := t.failLimit()
	lines, fails := 0, 0
	for j, b := range t.Backends {
		l, failed := t.plotBackend(p, &leg, st.of(b), j, ax, grouped, limit)
		lines += l
		if failed {
			fails++
		}
	}
	if lines == 0 && fails == 0 {
		return nil, leg, false
	}
	for k, name := range ax.lines {
		if len(ax.lines) < 2 {
			break
		}
		if key, err := plotter.NewLine(plotter.XYs{{}, {X: 1}}); err == nil {
			key.Color, key.Dashes = color.Gray{Y: 60}, plotutil.Dashes(k)
			leg.Add(name, key)
		}
	}
	if fails > 0 {
		addFailLegend(&leg)
	}
	ax.scale(p)
	return p, leg, true
}

// failLimit is where the cross of a cell that was not run is drawn: such
// a cell (its backend had timed out on an earlier problem) has no time of
// its own, so it goes at the longest time any cell that is not OK ran,
// the time limit.
func (t *Table) failLimit() float64 {
	limit := 0.0
	for _, row := range t.Rows {
		for _, c := range row.Cells {
			if c.Repeats > 0 && c.Status != OK {
				limit = max(limit, c.spent)
			}
		}
	}
	return limit
}

// backendPoints are the times of backend j, per line of the axis, and
// the places of its cells that are not OK.
func (t *Table) backendPoints(j int, ax xAxis, limit float64) ([][]point, plotter.XYs) {
	pts := make([][]point, max(len(ax.lines), 1)) // per line of the backend
	var failed plotter.XYs
	for i, row := range t.Rows {
		c := row.Cells[j]
		if c.Repeats == 0 {
			continue
		}
		x := ax.x[i]
		if c.Status != OK {
			y := c.spent
			if y <= 0 {
				y = limit
			}
			failed = append(failed, plotter.XY{X: x, Y: positive(y)})
			continue
		}
		pts[ax.line(i)] = append(pts[ax.line(i)], point{x: x, s: c.Seconds})
	}
	return pts, failed
}

// plotBackend draws backend j of the table on p: a line with its dots
// and bars for each line of the axis, the crosses of its cells that are
// not OK, and its legend entry. It returns the lines drawn and whether
// there were crosses.
func (t *Table) plotBackend(p *plot.Plot, leg *plot.Legend, sty style, j int, ax xAxis, grouped bool, limit float64) (lines int, failedDrawn bool) {
	b := t.Backends[j]
	pts, failed := t.backendPoints(j, ax, limit)
	drawn := false
	for k, pts := range pts {
		if len(pts) == 0 {
			continue
		}
		slices.SortStableFunc(pts, func(a, b point) int { return cmp.Compare(a.x, b.x) })
		along := pts
		if grouped {
			along = groupMedians(pts)
			if each, err := plotter.NewScatter(errorPoints(pts)); err == nil {
				each.Color, each.Shape, each.Radius = withAlpha(sty.color, 70), sty.shape, vg.Points(2)
				p.Add(each)
			}
		}
		data := errorPoints(along)
		line, err1 := plotter.NewLine(data)
		dots, err2 := plotter.NewScatter(data)
		bars, err3 := plotter.NewYErrorBars(data)
		if err1 == nil && err2 == nil && err3 == nil { // the points are finite and positive
			line.Color, line.Dashes = sty.color, sty.dashes
			if len(ax.lines) > 1 {
				line.Dashes = plotutil.Dashes(k) // one dash pattern per n
			}
			dots.Color, dots.Shape = sty.color, sty.shape
			bars.Color = sty.color
			if (ax.kind == axisBoard || ax.kind == axisRow) && len(t.Rows) > 12 {
				line.Color = withAlpha(sty.color, 90) // many boards: the points matter, not the line
			}
			p.Add(line, dots, bars)
			if !drawn {
				leg.Add(b, line, dots)
			}
			drawn = true
			lines++
		}
	}
	if len(failed) > 0 {
		if marks, err := plotter.NewScatter(failed); err == nil {
			marks.Color, marks.Shape, marks.Radius = sty.color, failMark, vg.Points(4)
			p.Add(marks)
			if !drawn {
				leg.Add(b, marks)
			}
			failedDrawn = true
		}
	}
	return lines, failedDrawn
}

// groupMedians is one point per x of pts (sorted by x): the median of the
// medians there, from the fastest to the slowest of them.
func groupMedians(pts []point) []point {
	var out []point
	for lo := 0; lo < len(pts); {
		hi := lo
		var meds []float64
		for hi < len(pts) && pts[hi].x == pts[lo].x {
			meds = append(meds, pts[hi].s.Median)
			hi++
		}
		slices.Sort(meds)
		m := meds[len(meds)/2]
		if len(meds)%2 == 0 {
			m = (meds[len(meds)/2-1] + m) / 2
		}
		out = append(out, point{x: pts[lo].x, s: Sample{Median: m, Min: meds[0], Max: meds[len(meds)-1]}})
		lo = hi
	}
	return out
}

// addFailLegend adds the legend entry of the crosses.
func addFailLegend(leg *plot.Legend) {
	if key, err := plotter.NewScatter(plotter.XYs{{}}); err == nil {
		key.Color, key.Shape, key.Radius = color.Gray{Y: 60}, failMark, vg.Points(4)
		leg.Add("timeout, error or gave up (at the time it ran)", key)
	}
}

// stripPlot draws a table of one problem: a column per backend, a point
// per repeat, a box of the quartiles, a cross for a cell that is not OK.
func (t *Table) stripPlot(st styles) (p *plot.Plot, leg plot.Legend, ok bool) {
	p = plot.New()
	leg = plot.NewLegend()
	leg.Top, leg.Left = true, true
	row := t.Rows[0]
	p.Title.Text = t.title() + ", " + row.Problem.String() + "\nevery repeat, and a box of the quartiles"
	p.Y.Label.Text = "seconds"
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = powerTicks{}
	var names []string
	fails := 0
	for j, b := range t.Backends {
		c := row.Cells[j]
		if c.Repeats == 0 {
			continue
		}
		x := float64(len(names))
		names = append(names, b)
		sty := st.of(b)
		if c.Status != OK {
			if marks, err := plotter.NewScatter(plotter.XYs{{X: x, Y: positive(c.spent)}}); err == nil {
				marks.Color, marks.Shape, marks.Radius = sty.color, failMark, vg.Points(4)
				p.Add(marks)
				leg.Add(b, marks)
				fails++
			}
			continue
		}
		var xys plotter.XYs
		vals := make(plotter.Values, len(c.times))
		for i, s := range c.times {
			// Spread the repeats a little sideways, so that equal times stay apart.
			dx := 0.0
			if len(c.times) > 1 {
				dx = 0.3 * (float64(i)/float64(len(c.times)-1) - 0.5)
			}
			xys = append(xys, plotter.XY{X: x + dx, Y: positive(s)})
			vals[i] = positive(s)
		}
		if box, err := plotter.NewBoxPlot(vg.Points(18), x, vals); err == nil && len(vals) >= 3 {
			box.BoxStyle.Color = sty.color
			box.MedianStyle.Color = sty.color
			box.WhiskerStyle.Color = sty.color
			box.GlyphStyle.Color = sty.color
			p.Add(box)
		}
		if dots, err := plotter.NewScatter(xys); err == nil {
			dots.Color, dots.Shape = sty.color, sty.shape
			p.Add(dots)
			leg.Add(b, dots)
		}
	}
	if len(names) == 0 {
		return nil, leg, false
	}
	if fails > 0 {
		addFailLegend(&leg)
	}
	p.NominalX(names...)
	p.X.Label.Text = "backend"
	return p, leg, true
}

// withAlpha is c with opacity a (of 255).
func withAlpha(c color.Color, a uint8) color.Color {
	r, g, b, _ := c.RGBA()
	return color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: a}
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
// of three, each 10 cm high with its legend to its right, and the
// environment line (envCaption) as the caption below them.
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
	caption := envCaption(r.Envs)
	var captionHeight vg.Length
	captionStyle := ps[0].X.Label.TextStyle
	captionStyle.Font.Size = vg.Points(9)
	captionStyle.XAlign, captionStyle.YAlign = draw.XLeft, draw.YCenter
	if caption != "" {
		captionHeight = 0.8 * vg.Centimeter
		width = max(width, captionStyle.Width(caption)+2*pad) // the caption is never cut off
	}
	totalHeight := vg.Length(rows)*height + captionHeight
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
		bottom, top := totalHeight-(row+1)*height, -row*height // the caption below the last row
		right := width - x - plotWidth
		widenLog(&p.X)
		widenLog(&p.Y)
		p.Draw(draw.Crop(dc, x, -right, bottom, top))
		x += plotWidth
		legs[i].Draw(draw.Crop(dc, x+pad, -(width - x - legWidth[i] + pad), bottom, top-pad))
		x += legWidth[i]
	}
	if caption != "" {
		dc.FillText(captionStyle, vg.Point{X: pad, Y: captionHeight / 2}, caption)
	}
	if _, err := c.WriteTo(w); err != nil {
		return fmt.Errorf("results: plot: %w", err)
	}
	return nil
}

// PlotFormat is the format of a plot file named path, as its extension
// gives it: "svg", "png" or "pdf" (WritePlot's formats).
func PlotFormat(path string) (string, error) {
	format := strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), ".")
	switch format {
	case "svg", "png", "pdf":
		return format, nil
	}
	return "", fmt.Errorf("results: plot file %q: want a name ending in .svg, .png or .pdf", path)
}

// SavePlot writes the plots to a file whose extension (.svg, .png or .pdf)
// gives the format, through a temporary file renamed over path once
// whole (internal/safeout): a failed plot leaves an existing file as it
// was.
func (r *Report) SavePlot(path string) error {
	format, err := PlotFormat(path)
	if err != nil {
		return err
	}
	f, err := safeout.Create(path)
	if err != nil {
		return fmt.Errorf("results: %w", err)
	}
	if err := r.WritePlot(f, format); err != nil {
		f.Discard()
		return err
	}
	if err := f.Commit(); err != nil {
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
