package experiments

import (
	"fmt"
	"time"

	"github.com/qtool-project/qtool/results"
)

// AutoRepeats asks the runner to repeat each cell until its time is known
// well enough (qtool bench --repeats auto): after Spec.Repeats repeats, a
// cell is repeated again while the half-width of the 95 % confidence
// interval of its mean (Student's t over its repeats, results.Sample.Spread)
// is above Target times its median, until it has Max repeats or its
// repeats have taken Budget. A cell that timed out is not repeated.
type AutoRepeats struct {
	Target float64       // e.g. 0.05: ±5 % of the median
	Max    int           // repeats at most
	Budget time.Duration // a cell's repeats stop once they took this long
}

// The defaults of --repeats auto.
const (
	DefaultAutoTarget = 0.05
	DefaultAutoMax    = 30
	DefaultAutoBudget = 2 * time.Second
)

// Setting is how the header states the method.
func (a AutoRepeats) Setting(min int) string {
	return fmt.Sprintf("auto: %d to %d a cell, until the 95%% interval is within ±%g%% of the median or the cell's runs took %v", min, a.Max, 100*a.Target, a.Budget)
}

// precise reports whether the cell's repeats so far pin its time down to
// within the target.
func (a AutoRepeats) precise(times []float64) bool {
	if len(times) < 2 {
		return false
	}
	return results.Summarize(times).Spread() <= a.Target
}

// wantsMore reports whether some cell of a problem is to be repeated
// again as repeat rep.
func (gr *gridRun) wantsMore(cells map[string]*cellState, rep int) bool {
	a := gr.spec.Auto
	if a == nil || rep >= a.Max {
		return false
	}
	for _, st := range cells {
		if gr.repeatAgain(st) {
			return true
		}
	}
	return false
}

// repeatAgain reports whether a cell beyond its fixed repeats is to be
// measured once more.
func (gr *gridRun) repeatAgain(st *cellState) bool {
	a := gr.spec.Auto
	return a != nil && !st.stopped && !st.timedOut && !st.failed && st.spent < a.Budget && !a.precise(st.times)
}
