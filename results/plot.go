package results

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
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

// Plot draws the median seconds of the OK cells against n with gonum/plot:
// a log-scaled time axis, one line per backend and mode, error bars from
// the fastest to the slowest repeat. The n axis is logarithmic too when
// the largest n is at least 50 times the smallest. Cells that are not OK
// are left out (a line stops where its backend timed out). The legend is
// the plot's own, in its top left corner; WritePlot draws it beside the
// plot instead.
func (r *Report) Plot() (*plot.Plot, error) {
	p, leg, err := r.plot()
	if err != nil {
		return nil, err
	}
	p.Legend = leg
	return p, nil
}

// plot builds the plot and, separately, its legend.
func (r *Report) plot() (*plot.Plot, plot.Legend, error) {
	p := plot.New()
	leg := plot.NewLegend()
	leg.Top, leg.Left = true, true
	p.Title.Text = "qtool bench: median time, bars from fastest to slowest repeat"
	p.X.Label.Text = "n"
	p.Y.Label.Text = "seconds"
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	type series struct {
		label string
		pts   []point
	}
	var all []series
	minN, maxN := math.Inf(1), math.Inf(-1)
	multiMode := len(r.Tables) > 1
	for _, t := range r.Tables {
		for j, b := range t.Backends {
			s := series{label: b}
			if multiMode {
				s.label = fmt.Sprintf("%s (%s)", b, t.Mode)
			}
			for _, row := range t.Rows {
				c := row.Cells[j]
				if c.Repeats == 0 || c.Status != OK {
					continue
				}
				x := float64(row.N)
				s.pts = append(s.pts, point{x: x, s: c.Seconds})
				minN, maxN = math.Min(minN, x), math.Max(maxN, x)
			}
			if len(s.pts) > 0 {
				sort.SliceStable(s.pts, func(a, b int) bool { return s.pts[a].x < s.pts[b].x })
				all = append(all, s)
			}
		}
	}
	if len(all) == 0 {
		return nil, leg, fmt.Errorf("results: nothing to plot: no cell has a time")
	}
	switch {
	case maxN >= 50*minN:
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = plot.LogTicks{Prec: -1}
	case maxN-minN <= 30:
		var ticks []plot.Tick
		for n := minN; n <= maxN; n++ {
			ticks = append(ticks, plot.Tick{Value: n, Label: strconv.Itoa(int(n))})
		}
		p.X.Tick.Marker = plot.ConstantTicks(ticks)
	}
	for i, s := range all {
		data := errorPoints(s.pts)
		line, err := plotter.NewLine(data)
		if err != nil {
			return nil, leg, fmt.Errorf("results: plot %s: %w", s.label, err)
		}
		line.Color = plotutil.Color(i)
		line.Dashes = plotutil.Dashes(i / len(plotutil.DefaultColors))
		dots, err := plotter.NewScatter(data)
		if err != nil {
			return nil, leg, fmt.Errorf("results: plot %s: %w", s.label, err)
		}
		dots.Color = line.Color
		dots.Shape = plotutil.Shape(i)
		bars, err := plotter.NewYErrorBars(data)
		if err != nil {
			return nil, leg, fmt.Errorf("results: plot %s: %w", s.label, err)
		}
		bars.Color = line.Color
		p.Add(line, dots, bars)
		leg.Add(s.label, line, dots)
	}
	return p, leg, nil
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

// WritePlot writes the plot in format "svg", "png" (150 dpi) or "pdf",
// 16 cm high, with the legend to the right of the plot.
func (r *Report) WritePlot(w io.Writer, format string) error {
	p, leg, err := r.plot()
	if err != nil {
		return err
	}
	const height = 10 * vg.Centimeter
	pad := 0.4 * vg.Centimeter
	lr := leg.Rectangle(draw.Canvas{})
	lw := lr.Max.X - lr.Min.X + 2*pad
	width := 16*vg.Centimeter + lw
	var c vg.CanvasWriterTo
	switch format {
	case "svg":
		c = vgsvg.New(width, height)
	case "png":
		c = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(width, height), vgimg.UseDPI(150))}
	case "pdf":
		c = vgpdf.New(width, height)
	default:
		return fmt.Errorf("results: plot: unknown format %q (want svg, png or pdf)", format)
	}
	dc := draw.New(c)
	p.Draw(draw.Crop(dc, 0, -lw, 0, 0))
	leg.Draw(draw.Crop(dc, width-lw+pad, -pad, 0, -pad))
	if _, err := c.WriteTo(w); err != nil {
		return fmt.Errorf("results: plot: %w", err)
	}
	return nil
}

// SavePlot writes the plot to a file whose extension (.svg, .png or .pdf)
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
