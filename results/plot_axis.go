package results

import (
	"cmp"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
)

// axisKind names the grid parameter a time table's plot has on its x axis.
type axisKind string

// The x axes of a time table's plot.
const (
	axisN      axisKind = "n"      // the order
	axisDelta2 axisKind = "δ²/n"   // free rows squared over n: completion grids over several n
	axisDelta  axisKind = "δ"      // free rows n − k, for generated instances of one n
	axisK      axisKind = "k"      // queens given, for boards of one n
	axisFamily axisKind = "family" // the instance family (board name without its number), as categories
	axisBoard  axisKind = "board"  // the boards in the table's order
	axisRow    axisKind = "row"    // the problems in the table's order
)

// xAxis is the x axis of a time table's plot: its kind, its label, the x
// of each row (parallel to Table.Rows) and, for categories, their names
// (category i is at x = i+1).
type xAxis struct {
	kind  axisKind
	label string
	x     []float64
	names []string
	// lines names the lines of each backend when it has several (one per
	// n on a δ²/n axis); byLine gives the line of each row.
	lines  []string
	byLine []int
}

// line is the line of row i among a backend's lines.
func (a xAxis) line(i int) int {
	if a.byLine == nil {
		return 0
	}
	return a.byLine[i]
}

// maxCategories is the most families drawn as categories; more are drawn
// as board indices.
const maxCategories = 12

// xAxis chooses the grid parameter that varies across the rows of t, in
// this order: n when every row has an n of its own; δ²/n when several n
// each have boards with several numbers of free rows δ (a completion grid,
// as Gent, Jefferson and Nightingale plot it, JAIR 59, 2017); n when it
// varies otherwise (several problems at each n); for one n, δ = n − k
// when the boards were generated with k queens asked for and k varies,
// the number k of queens given when it varies on boards read from files;
// the family of the boards (their names without the number, or the
// variant) as categories when there are 2 to 12 of them; else the boards
// (the problems) in the table's order, 1, 2, …. Only a table of one row
// has a single x; it is drawn as a strip plot instead.
func (t *Table) xAxis() xAxis {
	rows := t.Rows
	a := xAxis{x: make([]float64, len(rows))}
	ns := map[int]bool{}
	nd := map[[2]int]bool{}
	ks := map[int]bool{}
	given, generated := false, false
	for _, r := range rows {
		ns[r.N] = true
		nd[[2]int{r.N, r.Free()}] = true
		ks[r.Free()] = true
		given = given || r.Given > 0 || r.K > 0
		generated = generated || r.K > 0
	}
	set := func(kind axisKind, label string, f func(Row) float64) xAxis {
		a.kind, a.label = kind, label
		for i, r := range rows {
			a.x[i] = f(r)
		}
		return a
	}
	byN := func(r Row) float64 { return float64(r.N) }
	switch {
	case len(ns) == len(rows):
		return set(axisN, "n", byN)
	case len(ns) > 1 && given && len(nd) > len(ns):
		order := slices.Sorted(maps.Keys(ns))
		a.byLine = make([]int, len(rows))
		for i, r := range rows {
			a.byLine[i] = slices.Index(order, r.N)
		}
		for _, n := range order {
			a.lines = append(a.lines, "n = "+strconv.Itoa(n))
		}
		return set(axisDelta2, "δ²/n (δ = n − k free rows, k queens given)", func(r Row) float64 {
			d := float64(r.Free())
			return d * d / float64(r.N)
		})
	case len(ns) > 1:
		return set(axisN, "n (several problems each)", byN)
	case len(ks) > 1 && generated:
		return set(axisDelta, "δ = n − k free rows (k queens asked for), n = "+strconv.Itoa(rows[0].N), func(r Row) float64 { return float64(r.Free()) })
	case len(ks) > 1:
		return set(axisK, "k queens given, n = "+strconv.Itoa(rows[0].N), func(r Row) float64 { return float64(r.N - r.Free()) })
	}
	index := map[string]int{}
	for _, r := range rows {
		f := family(r.Problem)
		if _, ok := index[f]; !ok {
			index[f] = len(index) + 1
			a.names = append(a.names, f)
		}
	}
	if len(index) > 1 && len(index) <= maxCategories {
		return set(axisFamily, "instance family", func(r Row) float64 { return float64(index[family(r.Problem)]) })
	}
	a.names = nil
	i := 0
	next := func(Row) float64 { i++; return float64(i) }
	if !t.hasBoards() {
		return set(axisRow, "problem, in the table's order", next)
	}
	return set(axisBoard, "board, in order of n and name (1 to "+strconv.Itoa(len(rows))+")", next)
}

// family is the instance family of a problem: its board's name without
// the extension and the trailing number (q20-k12-s1-0003.txt is of
// q20-k12-s1), after the variant; the variant alone (n-queens) for an
// empty board.
func family(p Problem) string {
	v := p.Variant
	if v == "" {
		v = "n-queens"
	}
	if p.Board == "" {
		return v
	}
	name := p.Board
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	if i := strings.IndexByte(name, '.'); i > 0 {
		name = name[:i]
	}
	if stem := strings.TrimRight(strings.TrimRight(name, "0123456789"), "-_ "); stem != "" {
		name = stem
	}
	if p.Variant != "" {
		return p.Variant + " " + name
	}
	return name
}

// distinct is the distinct x of the axis, in increasing order.
func (a xAxis) distinct() []float64 {
	xs := slices.Clone(a.x)
	slices.Sort(xs)
	return slices.Compact(xs)
}

// scale sets the plot's x scale and ticks: logarithmic for n over more
// than a factor of ten, the categories' names for families, the values
// themselves when there are at most 12, else every whole number over a
// range of at most 30 (gonum's ticks otherwise).
func (a xAxis) scale(p *plot.Plot) {
	xs := a.distinct()
	if len(xs) == 0 {
		return
	}
	lo, hi := xs[0], xs[len(xs)-1]
	switch {
	case a.kind == axisFamily:
		var ticks []plot.Tick
		for i, name := range a.names {
			ticks = append(ticks, plot.Tick{Value: float64(i + 1), Label: name})
		}
		p.X.Tick.Marker = plot.ConstantTicks(ticks)
		p.X.Min, p.X.Max = 0.5, float64(len(a.names))+0.5
		return
	case a.kind == axisN && lo > 0 && hi >= 10*lo:
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = powerTicks{}
		logs := make([]float64, len(xs))
		for i, x := range xs {
			logs[i] = math.Log10(x)
		}
		if len(xs) <= 12 && spread(logs) {
			p.X.Tick.Marker = valueTicks(xs)
		}
	case len(xs) <= 12 && spread(xs):
		p.X.Tick.Marker = valueTicks(xs)
	case a.kind != axisDelta2 && hi-lo <= 30:
		var ticks []plot.Tick
		for x := lo; x <= hi; x++ {
			ticks = append(ticks, plot.Tick{Value: x, Label: strconv.Itoa(int(x))})
		}
		p.X.Tick.Marker = plot.ConstantTicks(ticks)
	}
	if lo == hi {
		p.X.Min, p.X.Max = lo-1, hi+1
	}
}

// valueTicks labels the x values of the data: whole numbers in full, the
// others to three significant digits.
func valueTicks(xs []float64) plot.ConstantTicks {
	var ticks []plot.Tick
	for _, x := range xs {
		label := strconv.FormatFloat(x, 'g', 3, 64)
		if x == math.Trunc(x) && math.Abs(x) < 1e9 {
			label = strconv.FormatFloat(x, 'f', 0, 64)
		}
		ticks = append(ticks, plot.Tick{Value: x, Label: label})
	}
	slices.SortFunc(ticks, func(a, b plot.Tick) int { return cmp.Compare(a.Value, b.Value) })
	return ticks
}

// spread reports whether no two of xs (sorted, distinct) are closer than
// a twentieth of their range, so that a label at each can be read.
func spread(xs []float64) bool {
	for i := 1; i < len(xs); i++ {
		if xs[i]-xs[i-1] < (xs[len(xs)-1]-xs[0])/20 {
			return false
		}
	}
	return true
}
