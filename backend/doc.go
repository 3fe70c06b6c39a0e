// Package backend is the one door to qtool's solvers: the contract a
// solver fulfils (Backend: Name, Caps, and one entry, Run, for every
// problem), the registry of solvers by name (Register,
// Lookup, Names), the one capability check (Admit), the one way a solver
// is run (Solve) and the one rule for the solver of a request that names
// none (Default).
//
// It is built in the manner of database/sql: the adapters live in their
// own packages under backend/ (bitmask, backtrack, dlx, sat, join,
// minconflicts, construct) and register themselves from an init function,
// so that a program picks its solvers by blank import —
// backend/all imports every one:
//
//	import _ "github.com/qtool-project/qtool/backend/all"
//
// A backend declares what it can do once, in Caps. Admit compares a
// request with it and answers with a *Refusal that says what is lacking
// (Need, Reason) and which registered backends would take the request
// (Able); the command line builds its advice from it, the experiment
// runner skips the cell. Solve admits the request, times the run, and
// turns a context that ended into the Status (Timeout, Interrupted) with
// the partial Outcome: a backend's Run does only its search, and keeps its
// own fast paths (the bitmask counter's symmetry, the join of quadrant
// tables, dlx's organ-pipe matrix) inside.
//
// Every problem goes to Run: a plain n-queens board to the backend's own
// path; any other problem (blocked squares, excluded diagonals, the other
// variants of encode.Problem) to its model path, the model (encode.Model:
// cells and lines with capacities) derived by Model; the size search of
// the maximum and minimum variants and the pawn sets of queens+pawns are
// Solve's. See the package example for a backend in a few lines.
package backend
