package backend

import (
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/split"
)

// CountRecord is the count record (package split's, the one qtool count
// --json prints and qtool merge reads back) of the outcome out of backend
// be's count of prob under req: the totals, the shard and split, the
// problem's own fields (the optimum of a minimum or maximum problem, the
// pawns, the army), and the parts when the backend reported them. The
// board's file name is the caller's to fill.
func CountRecord(be Backend, prob encode.Problem, req Request, out Outcome) split.Record {
	rec := split.Record{
		N: prob.Board.N, Backend: be.Name(), Given: prob.GivenCount(),
		Solutions: out.Solutions, Seconds: out.Elapsed.Seconds(),
		Status: out.Status.String(), Complete: out.Status == OK, Stats: out.Stats,
		Method: be.Caps().CountMethod,
	}
	if out.Nodes > 0 {
		rec.Nodes = &out.Nodes
	}
	if req.Unique {
		rec.Unique = &out.Unique
	}
	if req.Shard != nil {
		rec.Shard, rec.Shards = &req.Shard.Index, &req.Shard.Count
	}
	problemFields(&rec, prob, out)
	if req.Shard != nil || out.Split != nil {
		rec.BoardHash = split.BoardHash(prob)
	}
	if out.Split != nil {
		rec.Method = out.Split.Method
		rec.Split = out.Split
		rec.Parts = out.Parts
	}
	return rec
}

// problemFields fills the fields of a problem other than plain n-queens.
func problemFields(rec *split.Record, prob encode.Problem, out Outcome) {
	if !prob.PlainQueens() {
		rec.Problem = prob.Variant.String()
		rec.Blocked, rec.Excluded = len(prob.Blocked), len(prob.Excluded)
	}
	if prob.Variant.ReadsPawns() {
		k := max(len(prob.Pawns), prob.PawnCount)
		rec.Pawns, rec.PawnsSearched = &k, prob.PawnsSearched()
	}
	if prob.Variant.Mixed() && out.Status == OK {
		q := prob
		q.Pieces = out.Pieces
		rec.Army = q.Army().String()
	}
	if out.Pieces > 0 || out.Solutions > 0 { // 0 pieces: the empty placement of a fully blocked board
		switch prob.Variant.Goal() {
		case encode.Minimum:
			rec.Queens = &out.Pieces
		case encode.Maximum:
			rec.Pieces = &out.Pieces
		}
	}
}
