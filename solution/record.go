package solution

import (
	"errors"
	"fmt"
	"time"

	"github.com/qtool-project/qtool/encode"
)

// Record is qtool solve's JSON record, for plain n-queens (placements) and
// for the other problems (problem, pieces, and the solutions as cells).
type Record struct {
	N          int                `json:"n"`
	Problem    string             `json:"problem,omitempty"`
	Backend    string             `json:"backend"`
	Board      string             `json:"board,omitempty"`
	Given      int                `json:"given,omitempty"`
	Pieces     *int               `json:"pieces,omitempty"`
	Pawns      *int               `json:"pawns,omitempty"`
	Searched   bool               `json:"pawns_searched,omitempty"`
	PawnCells  [][][2]int         `json:"solutions_pawns,omitempty"`
	Queens     *int               `json:"queens,omitempty"`
	Solutions  uint64             `json:"solutions"`
	Placements []encode.Placement `json:"placements,omitempty"`
	ClassSizes []int              `json:"class_sizes,omitempty"`
	Cells      [][][2]int         `json:"solutions_cells,omitempty"`
	// Army is the pieces of a problem of several kinds ("Q=5,N=5"), and
	// PieceCells its solutions, each piece "r,c,K" as the list form.
	Army       string            `json:"army,omitempty"`
	PieceCells [][]string        `json:"solutions_pieces,omitempty"`
	Out        string            `json:"out,omitempty"`
	Nodes      *uint64           `json:"nodes,omitempty"`
	Seconds    float64           `json:"seconds"`
	Status     string            `json:"status"`
	Complete   bool              `json:"complete"`
	Stats      map[string]uint64 `json:"stats,omitempty"`
}

// NewRecord starts the record of a search of prob by the backend named
// backendName: board is the name of the board's file ("" for none), out
// that of the file the solutions go to ("" for standard output). A plain
// n-queens record counts the queens given; another problem's names it.
func NewRecord(prob encode.Problem, backendName, board, out string) Record {
	rec := Record{N: prob.Board.N, Backend: backendName, Board: board, Given: prob.GivenCount(), Out: out}
	if !prob.PlainQueens() {
		rec.Problem, rec.Given = prob.Variant.String(), 0
	}
	return rec
}

// End is how the search of a listing ended, as backend.Outcome says it:
// OK for a final answer, Status the status's name and Why, for a search
// that stopped short, the reason in a few words (backend.Status.Why).
type End struct {
	OK          bool
	Status, Why string
	Pieces      int // the number of pieces of the solutions (Outcome.Pieces)
	Elapsed     time.Duration
	Nodes       uint64
	Stats       map[string]uint64
}

// Finish fills rec from the listing and from how its search ended, and
// writes the listing's last line: "# incomplete: …" for a search that
// stopped short (unless the solutions are kept for a JSON record, which
// says it itself), "# no solution: …" for a listing in a file (ToFile)
// that has none. A search that stopped because it printed what was asked
// for is complete, status "ok"; one that ran out of time before is not.
func (l *Listing) Finish(rec *Record, e End) {
	rec.Placements, rec.ClassSizes, rec.Cells, rec.PawnCells, rec.PieceCells = l.Placements, l.ClassSizes, l.Cells, l.PawnCells, l.PieceCells
	rec.Solutions = uint64(l.Printed)
	if prob := l.Prob; !prob.PlainQueens() {
		if prob.Variant.ReadsPawns() {
			k := max(len(prob.Pawns), prob.PawnCount)
			rec.Pawns, rec.Searched = &k, prob.PawnsSearched()
		}
		pieces := e.Pieces
		rec.Pieces = &pieces
		if prob.Variant.Mixed() && e.OK {
			q := prob
			q.Pieces = pieces
			rec.Army = q.Army().String()
		}
		if prob.Variant.Goal() == encode.Minimum && e.Pieces > 0 {
			rec.Queens = &pieces
		}
	}
	rec.Seconds = e.Elapsed.Seconds()
	rec.Status = e.Status
	rec.Stats = e.Stats
	if e.Nodes > 0 {
		nodes := e.Nodes
		rec.Nodes = &nodes
	}
	rec.Complete = e.OK || (l.Limit > 0 && l.Printed >= l.Limit && !l.Unique)
	if rec.Complete {
		rec.Status = "ok"
	}
	if !rec.Complete && !l.Keep {
		fmt.Fprintf(l.W, "# incomplete: %s after %d solution(s); the listing stops here\n", e.Why, l.Printed)
	} else if l.Printed == 0 && l.ToFile {
		fmt.Fprintf(l.W, "# %s\n", NoSolution(l.Prob))
	}
}

// NoSolution says that prob has no solution, as qtool solve says it: "no
// solution: the 3-queens problem has none", or of the board with queens
// given, or of another problem.
func NoSolution(prob encode.Problem) string {
	b := prob.Board
	if !prob.PlainQueens() {
		return fmt.Sprintf("no solution: this %v problem on the %d×%d board has none", prob.Variant, b.N, b.N)
	}
	if b.Given() > 0 {
		return fmt.Sprintf("no solution: this %d×%d board with %d queens given has no completion", b.N, b.N, b.Given())
	}
	return fmt.Sprintf("no solution: the %d-queens problem has none", b.N)
}

// MaxGrid is the largest order whose solutions are written as grids.
const MaxGrid = 5000

// ChooseForm returns the form of a listing of prob's solutions: form, or
// for "" grid up to n = 64 and list above (grid for a variant that reads
// pawns); unique asks for one solution a symmetry class. It refuses what
// does not suit the problem: classes of another problem than plain
// n-queens or of a board with queens given, a grid of more than MaxGrid
// rows, algebraic notation past n = 26, the list and algebraic forms of a
// variant that reads pawns (they write no pawns). Its errors name qtool
// solve's options.
func ChooseForm(form string, prob encode.Problem, unique bool) (string, error) {
	b := prob.Board
	if unique && !prob.PlainQueens() {
		return form, errors.New("solution: --unique lists fundamental solutions of plain n-queens only")
	}
	pawns := prob.Variant.ReadsPawns()
	if form == "" {
		form = "grid"
		if b.N > 64 && !pawns {
			form = "list"
		}
	}
	switch {
	case pawns && (form == "list" || form == "algebraic"):
		return form, fmt.Errorf("solution: --format %s writes no pawns, which are part of a %v answer: use --format grid or --json", form, prob.Variant)
	case pawns && form == "grid" && b.N > MaxGrid:
		return form, fmt.Errorf("solution: --format grid prints n² characters: refused for n = %d > %d; use --json", b.N, MaxGrid)
	case form == "grid" && b.N > MaxGrid:
		return form, fmt.Errorf("solution: --format grid prints n² characters: refused for n = %d > %d; use --format list", b.N, MaxGrid)
	case form == "algebraic" && b.N > 26:
		return form, fmt.Errorf("solution: --format algebraic needs n ≤ 26, got %d", b.N)
	case unique && b.Given() > 0:
		return form, errors.New("solution: --unique needs an empty board: queens already placed break the symmetry")
	}
	return form, nil
}
