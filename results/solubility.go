package results

import (
	"math"
	"slices"
	"sort"
)

// DecideMode is the mode of records that decide whether the queens of a
// board can be completed (find one completion, or prove there is none). A
// table of that mode is summarised by its Solubility.
const DecideMode = "decide"

// PublishedHalfSoluble is the δ²/n at which half of the random n-queens
// completion instances can be completed (δ = n − k free rows for k queens
// placed) by the fit n ≈ 0.19·δ² of Gent, Jefferson and Nightingale's
// scripts to their experiments with the queens-gen-fast generator, as
// quoted in qtool's issue 8: δ²/n ≈ 1/0.19 ≈ 5.26. See Gent, Jefferson and
// Nightingale, "Complexity of n-Queens Completion", JAIR 59 (2017),
// doi:10.1613/jair.5512.
const PublishedHalfSoluble = 1 / 0.19

// Solubility summarises a decide table: the instances grouped by n and
// free rows δ, with the fraction that can be completed and each backend's
// median time, and per n the δ²/n at which the fraction crosses 1/2.
type Solubility struct {
	Backends []string        `json:"backends"`
	Rows     []SolubilityRow `json:"rows"` // by n, then δ
	Half     []HalfPoint     `json:"half"` // one per n, in increasing n
}

// SolubilityRow is one group of instances: one n and one δ.
type SolubilityRow struct {
	N         int     `json:"n"`
	Free      int     `json:"free"`      // δ, see Problem.Free
	X         float64 `json:"x"`         // δ²/n
	Instances int     `json:"instances"` // problems in the group
	Placed    float64 `json:"placed"`    // mean number of queens on the boards
	Short     int     `json:"short"`     // generated instances with fewer queens than asked for
	// Soluble and Insoluble count the instances whose answer the backends
	// agree on (by majority; see NewReport), Undecided the others (every
	// backend timed out or failed, or a tie).
	Soluble   int `json:"soluble"`
	Insoluble int `json:"insoluble"`
	Undecided int `json:"undecided"`
	// Fraction is Soluble/(Soluble+Insoluble), with Wilson's 95 % score
	// interval [Low, High]; all three are 0 when no instance is decided.
	Fraction float64          `json:"fraction"`
	Low      float64          `json:"low"`
	High     float64          `json:"high"`
	Cells    []SolubilityCell `json:"cells"` // parallel to Solubility.Backends
}

// Decided is the number of instances with an answer.
func (r SolubilityRow) Decided() int { return r.Soluble + r.Insoluble }

// SolubilityCell is one backend over the instances of a group.
type SolubilityCell struct {
	Backend   string `json:"backend"`
	Instances int    `json:"instances"` // instances it ran on; 0 means not run
	// Status is the worst status of its instances other than a timeout
	// (mismatch, error, unknown), or OK.
	Status   Status `json:"status"`
	Timeouts int    `json:"timeouts"` // instances on which it reached the time limit
	// Median is the median of its times over the instances, a timeout
	// counting as slower than any time; HasMedian is false when the
	// median falls on a timeout (or the cell is not OK).
	Median    float64 `json:"median"`
	HasMedian bool    `json:"has_median"`
	Message   string  `json:"message,omitempty"`
}

// HalfPoint is where the fraction of soluble instances of one n crosses
// 1/2.
type HalfPoint struct {
	N int `json:"n"`
	// Found reports a crossing within the δ measured; otherwise Side says
	// whether it lies "below" the smallest δ²/n measured (every fraction
	// is at least 1/2) or "above" the largest (every fraction is below).
	Found bool    `json:"found"`
	Side  string  `json:"side,omitempty"`
	X     float64 `json:"x"`     // δ²/n at the crossing, when Found
	Delta float64 `json:"delta"` // √(X·n)
	// Pooled reports that the fractions were not monotone in δ and were
	// made so (PoolAdjacent) before interpolating.
	Pooled bool `json:"pooled,omitempty"`
	// Low and High are where the upper and the lower ends of the Wilson
	// intervals cross 1/2: a rough 95 % range for X (from pointwise
	// intervals; the correlation between neighbouring δ is ignored). When
	// an end does not cross within the δ measured, LowSide is "below" (Low
	// is then the smallest δ²/n measured, an upper bound) or HighSide
	// "above" (High is the largest, a lower bound).
	Low      float64 `json:"low"`
	High     float64 `json:"high"`
	LowSide  string  `json:"low_side,omitempty"`
	HighSide string  `json:"high_side,omitempty"`
}

// newSolubility summarises the rows of a decide table.
func newSolubility(t *Table) *Solubility {
	s := &Solubility{Backends: slices.Clone(t.Backends)}
	groups, _ := groupDecided(t, func(r Row) int { return r.Problem.Free() })
	for _, g := range groups {
		row := SolubilityRow{N: g.n, Free: g.key, X: float64(g.key) * float64(g.key) / float64(g.n),
			Instances: g.instances, Placed: float64(g.placed) / float64(g.instances), Short: g.short,
			Soluble: g.yes, Insoluble: g.no, Undecided: g.undecided, Cells: make([]SolubilityCell, len(t.Backends))}
		row.Fraction, row.Low, row.High = g.fraction()
		for j, c := range g.cells {
			row.Cells[j] = SolubilityCell{Backend: t.Backends[j], Instances: c.instances, Status: c.status, Timeouts: c.timeouts, Message: c.message}
			row.Cells[j].Median, row.Cells[j].HasMedian = c.median(c.secs)
		}
		s.Rows = append(s.Rows, row)
	}
	for lo := 0; lo < len(s.Rows); {
		hi := lo
		for hi < len(s.Rows) && s.Rows[hi].N == s.Rows[lo].N {
			hi++
		}
		if h, ok := halfPoint(s.Rows[lo:hi]); ok {
			s.Half = append(s.Half, h)
		}
		lo = hi
	}
	return s
}

// halfPoint is where the fraction soluble of the rows of one n (sorted by
// free rows) crosses 1/2, with the range where the ends of the intervals
// cross it; false when no row is decided.
func halfPoint(rows []SolubilityRow) (HalfPoint, bool) {
	var xs, fs, lows, highs []float64
	var ws []int
	for _, r := range rows {
		if r.Decided() > 0 {
			xs, fs, ws = append(xs, r.X), append(fs, r.Fraction), append(ws, r.Decided())
			lows, highs = append(lows, r.Low), append(highs, r.High)
		}
	}
	if len(xs) == 0 {
		return HalfPoint{}, false
	}
	h := halfRange(xs, fs, lows, highs, ws)
	h.N = rows[0].N
	if h.Found {
		h.Delta = math.Sqrt(h.X * float64(h.N))
	}
	return h, true
}

// halfRange is where rising fractions fs, with the ends lows and highs of
// their intervals, measured at increasing xs with weights ws, cross 1/2:
// HalfCrossing, with the rough 95 % range where the ends cross it (the
// upper ends reach 1/2 first). N and Delta are left for the caller.
func halfRange(xs, fs, lows, highs []float64, ws []int) HalfPoint {
	h := HalfCrossing(xs, fs, ws)
	h.Low, h.LowSide = bound(HalfCrossing(xs, highs, ws), xs)
	h.High, h.HighSide = bound(HalfCrossing(xs, lows, ws), xs)
	return h
}

// bound turns a crossing into an end of a range: its x, or the end of xs
// beyond which it lies.
func bound(h HalfPoint, xs []float64) (float64, string) {
	switch {
	case h.Found:
		return h.X, ""
	case h.Side == "below":
		return xs[0], h.Side
	}
	return xs[len(xs)-1], h.Side
}

// medianInf is the median of xs, some of which may be +Inf.
func medianInf(xs []float64) float64 {
	x := slices.Clone(xs)
	slices.Sort(x)
	n := len(x)
	if n%2 == 1 {
		return x[n/2]
	}
	return (x[n/2-1] + x[n/2]) / 2
}

// Wilson returns the 95 % score interval of a proportion: k successes in
// n trials (n > 0). Unlike the normal approximation it stays within [0, 1]
// and is not degenerate at 0 or n successes. See Wilson, "Probable
// inference, the law of succession, and statistical inference", JASA 22
// (1927), doi:10.1080/01621459.1927.10502953.
func Wilson(k, n int) (low, high float64) {
	const z = 1.959963984540054 // the 97.5 % quantile of the standard normal
	if n <= 0 {
		return 0, 1
	}
	p, m := float64(k)/float64(n), float64(n)
	d := 1 + z*z/m
	centre := (p + z*z/(2*m)) / d
	half := z * math.Sqrt(p*(1-p)/m+z*z/(4*m*m)) / d
	return math.Max(0, centre-half), math.Min(1, centre+half)
}

// PoolAdjacent returns the non-decreasing sequence closest to ys in
// weighted least squares (weights ws > 0): the isotonic regression,
// computed by pooling adjacent violators, O(len(ys)). See Ayer, Brunk,
// Ewing, Reid and Silverman, Ann. Math. Statist. 26 (1955),
// doi:10.1214/aoms/1177728423.
func PoolAdjacent(ys []float64, ws []int) []float64 {
	type block struct {
		sum, w float64
		n      int
	}
	var bs []block
	for i, y := range ys {
		w := float64(ws[i])
		bs = append(bs, block{y * w, w, 1})
		for len(bs) > 1 {
			a, b := bs[len(bs)-2], bs[len(bs)-1]
			if a.sum/a.w <= b.sum/b.w {
				break
			}
			bs = append(bs[:len(bs)-2], block{a.sum + b.sum, a.w + b.w, a.n + b.n})
		}
	}
	out := make([]float64, 0, len(ys))
	for _, b := range bs {
		for range b.n {
			out = append(out, b.sum/b.w)
		}
	}
	return out
}

// HalfCrossing returns where fractions fs, measured at increasing xs with
// weights ws (instances decided), cross 1/2: the x interpolated linearly
// between the last point below 1/2 and the first at or above it. When
// noise makes the fractions decrease somewhere, they are first made
// non-decreasing by PoolAdjacent (HalfPoint.Pooled), so that the crossing
// is unique. N and Delta are left for the caller.
func HalfCrossing(xs, fs []float64, ws []int) HalfPoint {
	var h HalfPoint
	if len(xs) == 0 {
		return h
	}
	f := fs
	if !sort.Float64sAreSorted(fs) {
		f = PoolAdjacent(fs, ws)
		h.Pooled = true
	}
	i := sort.Search(len(f), func(i int) bool { return f[i] >= 0.5 })
	switch {
	case i == len(f):
		h.Side = "above"
	case f[i] == 0.5:
		h.Found, h.X = true, xs[i]
	case i == 0:
		h.Side = "below"
	default:
		h.Found = true
		h.X = xs[i-1] + (0.5-f[i-1])*(xs[i]-xs[i-1])/(f[i]-f[i-1])
	}
	return h
}
