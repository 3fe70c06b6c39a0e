package classroom_test

// The lessons run the registered backends (backtrack, bitmask,
// minconflicts) through backend.Solve.
import _ "github.com/qtool-project/qtool/backend/all"
