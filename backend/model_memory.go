package backend

import (
	"fmt"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/memlimit"
)

// ModelSizer is implemented by a backend that can say, before a model is
// built, how much memory it adds to a model of size s for request req
// (its search state, its exact-cover matrix, its CNF): ModelContext
// checks the model's bytes and these against the process's limit.
type ModelSizer interface {
	ModelBytes(p encode.Problem, s encode.ModelSize, req Request) (uint64, error)
}

// PeakFactor is the ratio of the peak heap of a model run to the live
// bytes of encode.ModelSize's closed forms, as measured on kings, knights
// and superqueens at n = 256 on backtrack and dlx (1.4–2.1: the garbage
// and growth copies of the build).
const PeakFactor = 2

// checkModelMemory refuses, before the model of p is built, a problem
// whose model and what backend b makes of it would not fit in the
// process's memory, from the closed-form bound encode.Problem.ModelSize.
func checkModelMemory(b Backend, p encode.Problem, req Request) error {
	s := p.ModelSize()
	need := s.Bytes()
	if ms, ok := b.(ModelSizer); ok {
		more, err := ms.ModelBytes(p, s, req)
		if err != nil {
			return err
		}
		need += more
	}
	need = min(need, (1<<63)/PeakFactor)
	what := fmt.Sprintf("the %v problem on n = %d for backend %s (a model of up to %d squares, %d line entries and %d lines)", p.Variant, p.Board.N, b.Name(), s.Cells, s.Entries, s.Lines)
	return memlimit.Check(what, PeakFactor*need)
}
