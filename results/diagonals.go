package results

import (
	"math"
	"slices"
	"sort"
)

// Excluded summarises a decide table of Excluded Diagonals instances (n
// queens on the empty board, d diagonals excluded; Gent, Jefferson and
// Nightingale, "Complexity of n-Queens Completion", JAIR 59 (2017),
// doi:10.1613/jair.5512, and CSPLib prob079): the instances grouped by n
// and d, with the fraction satisfiable and each backend's median time and
// nodes, and per n the d at which the fraction crosses 1/2 and the d at
// which each backend's median cost peaks. NewReport makes it, instead of
// a Solubility, for a decide table whose boards exclude diagonals and
// place no queen.
type Excluded struct {
	Backends []string      `json:"backends"`
	Rows     []ExcludedRow `json:"rows"`   // by n, then d
	Orders   []ExcludedN   `json:"orders"` // one per n, in increasing n
}

// ExcludedRow is one group of instances: one n and one number d of
// excluded diagonals.
type ExcludedRow struct {
	N         int `json:"n"`
	D         int `json:"d"`
	Instances int `json:"instances"`
	// Satisfiable and Unsatisfiable count the instances whose answer the
	// backends agree on (by majority, cross-checked; see NewReport),
	// Undecided the others.
	Satisfiable   int `json:"satisfiable"`
	Unsatisfiable int `json:"unsatisfiable"`
	Undecided     int `json:"undecided"`
	// Fraction is Satisfiable/(Satisfiable+Unsatisfiable), with Wilson's
	// 95 % interval [Low, High]; all 0 when no instance is decided.
	Fraction float64        `json:"fraction"`
	Low      float64        `json:"low"`
	High     float64        `json:"high"`
	Cells    []ExcludedCell `json:"cells"` // parallel to Excluded.Backends
}

// Decided is the number of instances with an answer.
func (r ExcludedRow) Decided() int { return r.Satisfiable + r.Unsatisfiable }

// ExcludedCell is one backend over the instances of a group.
type ExcludedCell struct {
	Backend   string `json:"backend"`
	Instances int    `json:"instances"` // instances it ran on; 0 means not run
	// Status is the worst status of its instances other than a timeout,
	// or OK; Timeouts counts the instances that reached the time limit.
	Status   Status `json:"status"`
	Timeouts int    `json:"timeouts"`
	// Seconds and Nodes are medians over the instances, a timeout
	// counting as slower (and larger) than any run; HasSeconds and
	// HasNodes are false when the median falls on a timeout, and HasNodes
	// also when the backend counts no nodes.
	Seconds    float64 `json:"seconds"`
	HasSeconds bool    `json:"has_seconds"`
	Nodes      float64 `json:"nodes"`
	HasNodes   bool    `json:"has_nodes"`
	Message    string  `json:"message,omitempty"`
}

// ExcludedN is the summary of one n.
type ExcludedN struct {
	N int `json:"n"`
	// Half is where the fraction satisfiable falls through 1/2, its X
	// being the number of diagonals d (interpolated), with the rough 95 %
	// range where the ends of the Wilson intervals cross 1/2 (see
	// HalfPoint; Delta is unused).
	Half HalfPoint `json:"half"`
	// Peaks has one entry per backend: the d of its largest median cost.
	Peaks []ExcludedPeak `json:"peaks"`
}

// ExcludedPeak is where one backend's median cost over the instances of
// one n is largest: in nodes when the backend counts them, else in
// seconds.
type ExcludedPeak struct {
	Backend string  `json:"backend"`
	Found   bool    `json:"found"` // false when no d has a median
	D       int     `json:"d"`
	Cost    float64 `json:"cost"`              // 0 when Timeout
	Timeout bool    `json:"timeout,omitempty"` // the median at D is a timeout
	Nodes   bool    `json:"nodes"`             // Cost counts nodes, not seconds
}

// isExcluded reports whether a decide table holds Excluded Diagonals
// instances: some board excludes diagonals, and none places a queen or
// blocks a square.
func (t *Table) isExcluded() bool {
	some := false
	for _, r := range t.Rows {
		if r.Given > 0 || r.Blocked > 0 || r.Variant != "" {
			return false
		}
		some = some || r.Diagonals > 0
	}
	return some
}

// newExcluded summarises the rows of a decide table of Excluded Diagonals
// instances.
func newExcluded(t *Table) *Excluded {
	e := &Excluded{Backends: slices.Clone(t.Backends)}
	type group struct{ n, d int }
	idx := map[group]int{}
	var secs, nodes [][][]float64 // per row, per backend
	counts := make([]bool, len(t.Backends))
	for _, r := range t.Rows {
		g := group{r.N, r.Diagonals}
		i, ok := idx[g]
		if !ok {
			i = len(e.Rows)
			idx[g] = i
			row := ExcludedRow{N: g.n, D: g.d, Cells: make([]ExcludedCell, len(t.Backends))}
			for j, b := range t.Backends {
				row.Cells[j].Backend = b
			}
			e.Rows = append(e.Rows, row)
			secs = append(secs, make([][]float64, len(t.Backends)))
			nodes = append(nodes, make([][]float64, len(t.Backends)))
		}
		row := &e.Rows[i]
		row.Instances++
		switch {
		case !r.HasAnswer:
			row.Undecided++
		case r.Answer > 0:
			row.Satisfiable++
		default:
			row.Unsatisfiable++
		}
		for j, c := range r.Cells {
			if c.Repeats == 0 {
				continue
			}
			sc := &row.Cells[j]
			sc.Instances++
			switch c.Status {
			case OK:
				secs[i][j] = append(secs[i][j], c.Seconds.Median)
				nodes[i][j] = append(nodes[i][j], float64(c.Nodes))
				counts[j] = counts[j] || c.Nodes > 0
			case Timeout:
				sc.Timeouts++
				secs[i][j] = append(secs[i][j], math.Inf(1))
				nodes[i][j] = append(nodes[i][j], math.Inf(1))
			default:
				if c.Status.severity() > sc.Status.severity() {
					sc.Status, sc.Message = c.Status, r.Problem.String()+": "+c.Message
				}
			}
		}
	}
	for i := range e.Rows {
		row := &e.Rows[i]
		if d := row.Decided(); d > 0 {
			row.Fraction = float64(row.Satisfiable) / float64(d)
			row.Low, row.High = Wilson(row.Satisfiable, d)
		}
		for j := range row.Cells {
			c := &row.Cells[j]
			if c.Status != OK || len(secs[i][j]) == 0 {
				continue
			}
			c.Seconds = medianInf(secs[i][j])
			if c.HasSeconds = !math.IsInf(c.Seconds, 1); !c.HasSeconds {
				c.Seconds = 0
			}
			if counts[j] {
				c.Nodes = medianInf(nodes[i][j])
				if c.HasNodes = !math.IsInf(c.Nodes, 1); !c.HasNodes {
					c.Nodes = 0
				}
			}
		}
	}
	sort.Slice(e.Rows, func(a, b int) bool {
		if e.Rows[a].N != e.Rows[b].N {
			return e.Rows[a].N < e.Rows[b].N
		}
		return e.Rows[a].D < e.Rows[b].D
	})
	for lo := 0; lo < len(e.Rows); {
		hi := lo
		for hi < len(e.Rows) && e.Rows[hi].N == e.Rows[lo].N {
			hi++
		}
		e.Orders = append(e.Orders, e.order(e.Rows[lo:hi], counts))
		lo = hi
	}
	return e
}

// order summarises the rows of one n (sorted by d): the 50 % point and
// each backend's peak.
func (e *Excluded) order(rows []ExcludedRow, counts []bool) ExcludedN {
	o := ExcludedN{N: rows[0].N}
	// The fraction satisfiable falls with d: the crossing is that of the
	// fraction unsatisfiable, which rises, through 1/2.
	var ds, us, lows, highs []float64
	var ws []int
	for _, r := range rows {
		if r.Decided() > 0 {
			ds, us, ws = append(ds, float64(r.D)), append(us, 1-r.Fraction), append(ws, r.Decided())
			lows, highs = append(lows, 1-r.High), append(highs, 1-r.Low)
		}
	}
	if len(ds) > 0 {
		o.Half = HalfCrossing(ds, us, ws)
		o.Half.N = o.N
		o.Half.Low, o.Half.LowSide = bound(HalfCrossing(ds, highs, ws), ds)
		o.Half.High, o.Half.HighSide = bound(HalfCrossing(ds, lows, ws), ds)
	}
	for j, b := range e.Backends {
		p := ExcludedPeak{Backend: b, Nodes: counts[j]}
		best := math.Inf(-1)
		for _, r := range rows {
			c := r.Cells[j]
			if c.Instances == 0 || c.Status != OK {
				continue
			}
			cost := c.Seconds
			has := c.HasSeconds
			if p.Nodes {
				cost, has = c.Nodes, c.HasNodes
			}
			if !has {
				if c.Timeouts == 0 {
					continue
				}
				cost = math.Inf(1) // the median is a timeout
			}
			if cost > best {
				best, p.Found, p.D = cost, true, r.D
			}
		}
		if p.Timeout = math.IsInf(best, 1); p.Found && !p.Timeout {
			p.Cost = best
		}
		o.Peaks = append(o.Peaks, p)
	}
	return o
}
