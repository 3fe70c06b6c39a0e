package partition

import (
	"context"
	"fmt"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
)

// Run is a whole run of qtool partition on prob's board: above MaxListed
// the construction (Construct), otherwise the list of solutions
// (Solutions) and the search of o (Search). It returns the record, with
// its time, status and completeness filled in, and the status. Its errors
// are prefixed "partition: ".
func Run(ctx context.Context, o Options, prob encode.Problem) (*Record, backend.Status, error) {
	start := time.Now()
	rec := &Record{N: prob.Board.N, Problem: prob.Variant.String(), Method: o.Method, Nodes: map[string]uint64{}}
	if o.Symmetric {
		rec.Symmetry = o.Symmetry.String()
	}
	status, err := run(ctx, o, prob, rec)
	if err != nil {
		return nil, status, err
	}
	rec.Seconds = time.Since(start).Seconds()
	rec.Status, rec.Complete = status.String(), status == backend.OK
	return rec, status, nil
}

// run finds what Run records.
func run(ctx context.Context, o Options, prob encode.Problem, rec *Record) (backend.Status, error) {
	if prob.Board.N > MaxListed {
		return Construct(prob, rec)
	}
	sols, status, err := Solutions(ctx, prob, rec)
	if err != nil {
		return status, fmt.Errorf("partition: %w", err)
	}
	if status != backend.OK {
		return status, nil
	}
	return Search(ctx, o, prob, sols, rec)
}
