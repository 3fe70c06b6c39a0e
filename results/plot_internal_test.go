package results

import (
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// TestWidenLogOnePoint: a logarithmic panel whose data is one value of at
// most 1 (a run cut short after one instance) draws instead of panicking in
// gonum's log ticks, and widenLog leaves a good range alone.
func TestWidenLogOnePoint(t *testing.T) {
	for _, y := range []float64{1, 0.5, 1e-4, 3e6} {
		p := plot.New()
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = powerTicks{}
		s, err := plotter.NewScatter(plotter.XYs{{X: 1, Y: y}})
		if err != nil {
			t.Fatal(err)
		}
		p.Add(s)
		widenLog(&p.X)
		widenLog(&p.Y)
		if !(p.Y.Min > 0 && p.Y.Min < y && y < p.Y.Max) {
			t.Errorf("y = %g: range [%g, %g] does not hold it", y, p.Y.Min, p.Y.Max)
		}
		c := vgimg.New(10*vg.Centimeter, 10*vg.Centimeter)
		p.Draw(draw.New(c))
	}
	a := plot.Axis{Min: 0.01, Max: 100, Scale: plot.LogScale{}}
	widenLog(&a)
	if a.Min != 0.01 || a.Max != 100 {
		t.Errorf("a good range changed: [%g, %g]", a.Min, a.Max)
	}
	lin := plot.Axis{Min: 0, Max: 0, Scale: plot.LinearScale{}}
	widenLog(&lin)
	if lin.Min != 0 || lin.Max != 0 {
		t.Errorf("a linear axis changed: [%g, %g]", lin.Min, lin.Max)
	}
}
