package main

import (
	"github.com/qtool-project/qtool/sat"
)

// satBatch is the number of literals that the reading hands to gini at a
// time.
const satBatch = 1 << 16

// satLoader is the Adder that ReadDIMACSContext fills for qtool sat: it
// hands the literals, in batches, to a goroutine that adds them to gini,
// so that the parsing of the text and gini's own work on each clause run
// side by side. The solver is sized from the header (sat.NewSize, whose
// hints are capped), the hints bounded by the clause count so that a
// header that declares 2²⁸ variables and no clause costs nothing.
type satLoader struct {
	vars, clauses int
	batch         []int
	work          chan []int
	free          chan []int
	done          chan *sat.Solver
}

func newSATLoader() *satLoader {
	l := &satLoader{work: make(chan []int, 4), free: make(chan []int, 6), done: make(chan *sat.Solver, 1)}
	for range 5 {
		l.free <- make([]int, 0, satBatch)
	}
	l.batch = <-l.free
	go func() {
		var s *sat.Solver
		for b := range l.work {
			if s == nil {
				s = sat.NewSize(min(l.vars, 2*l.clauses+1), l.clauses)
			}
			for _, lit := range b {
				s.Add(lit)
			}
			l.free <- b[:0]
		}
		if s == nil {
			s = sat.New()
		}
		l.done <- s
	}()
	return l
}

// header is ReadOptions.Header: it is called before the first literal.
func (l *satLoader) header(vars, clauses int) { l.vars, l.clauses = vars, clauses }

// Add takes a literal, or 0 to end a clause.
func (l *satLoader) Add(lit int) {
	l.batch = append(l.batch, lit)
	if len(l.batch) == satBatch {
		l.work <- l.batch
		l.batch = <-l.free
	}
}

// solver hands over the last batch, waits for gini to take everything and
// returns the solver.
func (l *satLoader) solver() *sat.Solver {
	if len(l.batch) > 0 {
		l.work <- l.batch
	}
	close(l.work)
	return <-l.done
}
