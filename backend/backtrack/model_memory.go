package backtrack

import (
	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
)

// ModelBytes is the line search's state on a model of size s
// (encode.ModelSize.SearchBytes), for backend.ModelContext's check.
func (backtrackBackend) ModelBytes(_ encode.Problem, s encode.ModelSize, _ backend.Request) (uint64, error) {
	return s.SearchBytes(), nil
}
