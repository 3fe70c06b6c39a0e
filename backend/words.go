package backend

import "github.com/qtool-project/qtool/encode"

// Why says in a few words why a run with status s stopped short, as the
// last line of an incomplete listing gives it: "time limit reached",
// "interrupted", "the method gave up"; the name of any other status.
func (s Status) Why() string {
	switch s {
	case Timeout:
		return "time limit reached"
	case Interrupted:
		return "interrupted"
	case Unknown:
		return "the method gave up"
	}
	return s.String()
}

// Word is the status as a run's summary line gives it: the name, with
// what it means for the answer of a run that stopped short ("timeout
// (incomplete: time limit reached)").
func (s Status) Word() string {
	switch s {
	case Timeout:
		return "timeout (incomplete: time limit reached)"
	case Interrupted:
		return "interrupted (incomplete)"
	case Unknown:
		return "unknown (not found within the budget; no proof that none exists)"
	}
	return s.String()
}

// SetOption sets the option key of the request to value; an empty value
// sets nothing, so that a request with no option set has Options nil.
func (r *Request) SetOption(key, value string) {
	if value == "" {
		return
	}
	if r.Options == nil {
		r.Options = map[string]string{}
	}
	r.Options[key] = value
}

// A Lister takes the solutions of a find request, as solution.Listing
// does: the placements of plain n-queens, the cells or pieces of the other
// problems, and the board of the solutions that follow.
type Lister interface {
	Visit(encode.Placement) bool
	VisitCells([]encode.Cell) bool
	VisitPieces([]encode.Piece) bool
	OnInstance(encode.Instance)
}

// ListTo hands the solutions of the request on prob to l: to Visit for
// plain n-queens, else to VisitCells and VisitPieces, each problem's
// board first to OnInstance.
func (r *Request) ListTo(l Lister, prob encode.Problem) {
	if prob.PlainQueens() {
		r.Visit = l.Visit
		return
	}
	r.OnInstance, r.VisitPieces, r.VisitCells = l.OnInstance, l.VisitPieces, l.VisitCells
}
