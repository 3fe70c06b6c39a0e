package partition

import (
	"context"
	"testing"

	"github.com/qtool-project/qtool/backend"
	_ "github.com/qtool-project/qtool/backend/backtrack"
	"github.com/qtool-project/qtool/encode"
)

func board(v encode.Variant, n int) encode.Problem {
	return encode.Problem{Variant: v, Instance: encode.Instance{Board: encode.Empty(n)}}
}

// Run counts the partitions of the 5×5 torus by both methods, builds
// the 17×17 one, decides nothing for n = 16, and says when it was cut.
func TestRun(t *testing.T) {
	rec, status, err := Run(context.Background(), Options{Method: "both", Count: true}, board(encode.Toroidal, 5))
	if err != nil || status != backend.OK || !rec.Complete || rec.Status != "ok" || rec.Solutions != 10 ||
		rec.Counts["cover"] != 2 || rec.Counts["direct"] != 2 || rec.Problem != "toroidal" || rec.Method != "both" || rec.Nodes["solutions"] == 0 {
		t.Errorf("n = 5 torus: %+v %v %v", rec, status, err)
	}
	rec, status, err = Run(context.Background(), Options{Method: "cover", Limit: 1}, board(encode.Toroidal, 17))
	if err != nil || status != backend.OK || rec.Exists == nil || !*rec.Exists || len(rec.Squares) != 1 || rec.Method != "construction (Pólya)" {
		t.Errorf("n = 17 torus: %+v %v %v", rec, status, err)
	}
	rec, status, err = Run(context.Background(), Options{Method: "cover", Limit: 1}, board(encode.Toroidal, 16))
	if err != nil || status != backend.Unknown || rec.Complete || rec.Exists != nil {
		t.Errorf("n = 16 torus: %+v %v %v", rec, status, err)
	}
	rec, status, err = Run(context.Background(), Options{Method: "cover", Symmetric: true, Symmetry: Transpose, Limit: 1}, board(encode.Queens, 4))
	if err != nil || status != backend.OK || rec.Symmetry != "transpose" || rec.Solutions != 2 {
		t.Errorf("n = 4 by transpose: %+v %v %v", rec, status, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if rec, status, err = Run(ctx, Options{Method: "cover", Count: true}, board(encode.Queens, 10)); err != nil || status == backend.OK || rec.Complete {
		t.Errorf("cancelled: %+v %v %v", rec, status, err)
	}
}
