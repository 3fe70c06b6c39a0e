package results

import (
	"math"
	"slices"
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
	groups, counts := groupDecided(t, func(r Row) int { return r.Diagonals })
	for _, g := range groups {
		row := ExcludedRow{N: g.n, D: g.key, Instances: g.instances,
			Satisfiable: g.yes, Unsatisfiable: g.no, Undecided: g.undecided, Cells: make([]ExcludedCell, len(t.Backends))}
		row.Fraction, row.Low, row.High = g.fraction()
		for j, c := range g.cells {
			cell := ExcludedCell{Backend: t.Backends[j], Instances: c.instances, Status: c.status, Timeouts: c.timeouts, Message: c.message}
			cell.Seconds, cell.HasSeconds = c.median(c.secs)
			if counts[j] {
				cell.Nodes, cell.HasNodes = c.median(c.nodes)
			}
			row.Cells[j] = cell
		}
		e.Rows = append(e.Rows, row)
	}
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
		o.Half = halfRange(ds, us, lows, highs, ws)
		o.Half.N = o.N
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
