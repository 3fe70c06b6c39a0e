package dlx

import (
	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
)

// ModelBytes is the exact-cover form of a model of size s and its
// dancing-links matrix (encode.ModelSize.CoverBytes), for
// backend.ModelContext's check.
func (dlxBackend) ModelBytes(_ encode.Problem, s encode.ModelSize, _ backend.Request) (uint64, error) {
	return s.CoverBytes(), nil
}
