package results

import (
	"math"
	"slices"
)

// decidedGroup is one group of a decide table's instances — one n and one
// key (free rows δ for completion, excluded diagonals d for Excluded
// Diagonals) — as both summaries of a decide table, Solubility and
// Excluded, see it: the instances, how many were decided either way, and
// each backend's cell. The summaries differ only in their key, their
// names and what they derive per n.
type decidedGroup struct {
	n, key int
	// instances, yes (completable, satisfiable), no and undecided count
	// the instances by the answer the backends agree on (see NewReport).
	instances, yes, no, undecided int
	placed                        int // queens placed, over the instances
	short                         int // generated instances with fewer queens than asked for
	cells                         []decidedCell
}

// decidedCell is one backend over the instances of a group.
type decidedCell struct {
	instances, timeouts int
	// status is the worst status other than a timeout, or OK; message
	// says where it was seen.
	status  Status
	message string
	// secs and nodes are the times and nodes of its instances, +Inf for a
	// timeout.
	secs, nodes []float64
}

// groupDecided tallies the rows of a decide table by (n, key(row)), in
// increasing n and key, and reports which backends count nodes.
func groupDecided(t *Table, key func(Row) int) (groups []decidedGroup, countsNodes []bool) {
	type id struct{ n, key int }
	idx := map[id]int{}
	countsNodes = make([]bool, len(t.Backends))
	for _, r := range t.Rows {
		k := id{r.N, key(r)}
		i, ok := idx[k]
		if !ok {
			i = len(groups)
			idx[k] = i
			groups = append(groups, decidedGroup{n: k.n, key: k.key, cells: make([]decidedCell, len(t.Backends))})
		}
		g := &groups[i]
		g.instances++
		g.placed += r.Given
		if r.K > 0 && r.Given < r.K {
			g.short++
		}
		switch {
		case !r.HasAnswer:
			g.undecided++
		case r.Answer > 0:
			g.yes++
		default:
			g.no++
		}
		for j, c := range r.Cells {
			if c.Repeats == 0 {
				continue
			}
			dc := &g.cells[j]
			dc.instances++
			switch c.Status {
			case OK:
				dc.secs = append(dc.secs, c.Seconds.Median)
				dc.nodes = append(dc.nodes, float64(c.Nodes))
				countsNodes[j] = countsNodes[j] || c.Nodes > 0
			case Timeout:
				dc.timeouts++
				dc.secs = append(dc.secs, math.Inf(1))
				dc.nodes = append(dc.nodes, math.Inf(1))
			default:
				if c.Status.severity() > dc.status.severity() {
					dc.status, dc.message = c.Status, r.Problem.String()+": "+c.Message
				}
			}
		}
	}
	slices.SortFunc(groups, func(a, b decidedGroup) int {
		if a.n != b.n {
			return a.n - b.n
		}
		return a.key - b.key
	})
	return groups, countsNodes
}

// decided is the number of instances with an answer.
func (g *decidedGroup) decided() int { return g.yes + g.no }

// fraction is yes/decided with Wilson's 95 % interval; all 0 when no
// instance is decided.
func (g *decidedGroup) fraction() (f, low, high float64) {
	if d := g.decided(); d > 0 {
		f = float64(g.yes) / float64(d)
		low, high = Wilson(g.yes, d)
	}
	return f, low, high
}

// median is the median of xs, some of which may be +Inf (timeouts), and
// whether it is a time (false when it falls on a timeout, when the cell is
// not OK or has no instances).
func (c *decidedCell) median(xs []float64) (float64, bool) {
	if c.status != OK || len(xs) == 0 {
		return 0, false
	}
	m := medianInf(xs)
	if math.IsInf(m, 1) {
		return 0, false
	}
	return m, true
}
