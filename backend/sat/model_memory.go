package sat

import (
	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
)

// ModelBytes is the solver's share of the CNF of p's model with the
// request's at-most-one encoding, from the closed-form bound
// encode.Problem.CNFSizeBound, for backend.ModelContext's check (the
// formula of the built model is checked again, exactly, by runModel).
func (sb satBackend) ModelBytes(p encode.Problem, _ encode.ModelSize, req backend.Request) (uint64, error) {
	amo, err := sb.encoding(req)
	if err != nil {
		return 0, err
	}
	vars, clauses := p.CNFSizeBound(amo)
	return SATMemoryEstimate(int(min(vars, 1<<40)), int(min(clauses, 1<<40))), nil
}
