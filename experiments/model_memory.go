package experiments

import (
	"fmt"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/memlimit"
)

// peakFactor is the ratio of the peak heap of a model run to the live
// bytes of ModelSize's closed forms, as measured on kings, knights and
// superqueens at n = 256 on backtrack and dlx (1.4–2.1: the garbage and
// growth copies of the build).
const peakFactor = 2

// checkModelMemory refuses, before the model of p is built, a problem
// whose model and what backend b makes of it (the line search's state,
// the exact-cover matrix, the CNF) would not fit in the process's memory,
// from the closed-form bounds encode.Problem.ModelSize and
// encode.Problem.CNFSizeBound.
func checkModelMemory(b ModelBackend, p encode.Problem, req Request) error {
	s := p.ModelSize()
	need := s.Bytes()
	switch be := b.(type) {
	case backtrackBackend:
		need += s.SearchBytes()
	case dlxBackend:
		need += s.CoverBytes()
	case satBackend:
		amo, err := be.encoding(req)
		if err != nil {
			return err
		}
		vars, clauses := p.CNFSizeBound(amo)
		need += SATMemoryEstimate(int(min(vars, 1<<62)), int(min(clauses, 1<<62)))
	}
	what := fmt.Sprintf("the %v problem on n = %d for backend %s (a model of up to %d squares, %d line entries and %d lines)", p.Variant, p.Board.N, b.Name(), s.Cells, s.Entries, s.Lines)
	if need > (1<<63)/peakFactor {
		need = (1 << 63) / peakFactor
	}
	return memlimit.Check(what, peakFactor*need)
}
