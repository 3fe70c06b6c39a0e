package target

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/dlx"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/varianttest"
	"github.com/qtool-project/qtool/sat"
)

func board(n int) encode.Problem {
	return encode.Problem{Instance: encode.Instance{Board: encode.Empty(n)}}
}

// countDLX counts the solutions of what WriteDLX writes, read back by
// dlx.Parse and solved by Algorithm X/M.
func countDLX(t *testing.T, j Job) uint64 {
	t.Helper()
	var b strings.Builder
	if err := WriteDLX(&b, j); err != nil {
		t.Fatal(err)
	}
	p, err := dlx.Parse(strings.NewReader(b.String()), "job.dlx")
	if err != nil {
		t.Fatalf("%v:\n%s", err, b.String())
	}
	k, _, err := p.Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// countDIMACS counts the models of what WriteDIMACS writes over its first
// squares variables (the free squares, in row-major order), read back by sat.ReadDIMACS, one
// blocking clause per model found.
func countDIMACS(t *testing.T, j Job, squares int) uint64 {
	t.Helper()
	var b strings.Builder
	if err := WriteDIMACS(&b, j); err != nil {
		t.Fatal(err)
	}
	s := sat.New()
	if _, err := sat.ReadDIMACS(strings.NewReader(b.String()), "job.cnf", s); err != nil {
		t.Fatal(err)
	}
	var k uint64
	for s.Solve(context.Background()) == sat.Sat {
		k++
		block := make([]int, 0, squares)
		for v := 1; v <= squares; v++ {
			if s.Value(v) {
				block = append(block, -v)
			} else {
				block = append(block, v)
			}
		}
		s.AddClause(block...)
	}
	return k
}

// TestCounts: the written problems have the known numbers of solutions
// (A000170: 4 for n = 6, 40 for n = 7; the 3×3 board holds its 4 kings
// one way), in both formats, for a plain board and for models.
func TestCounts(t *testing.T) {
	kings := encode.Problem{Variant: encode.Kings, Instance: encode.Instance{Board: encode.Empty(3)}}
	kings.Pieces = 4
	blocked := board(6)
	blocked.Blocked = []encode.Cell{{R: 0, C: 1}}
	for _, tc := range []struct {
		name string
		job  Job
		want uint64
	}{
		{"queens 6", Job{Prob: board(6)}, 4},
		{"queens 7", Job{Prob: board(7), AMO: encode.DefaultAMO}, 40},
		{"queens 6 as a model", Job{Prob: board(6), Model: true, How: "n"}, 4},
		{"kings 3, 4 pieces", Job{Prob: kings, Model: true, How: "the maximum"}, 1},
		// The 6-queens solutions with no queen on (0, 1): 4 minus the
		// one whose first queen stands there.
		{"queens 6, (0,1) blocked", Job{Prob: blocked, Model: true, How: "n"}, 3},
	} {
		if got := countDLX(t, tc.job); got != tc.want {
			t.Errorf("%s: the dlx matrix has %d solutions, want %d", tc.name, got, tc.want)
		}
		if got := countDIMACS(t, tc.job, tc.job.Prob.Board.N*tc.job.Prob.Board.N-len(tc.job.Prob.Blocked)); got != tc.want {
			t.Errorf("%s: the CNF has %d models, want %d", tc.name, got, tc.want)
		}
	}
}

// TestSizes: the estimates are at least what is written, within a small
// factor, and name what it is.
func TestSizes(t *testing.T) {
	for _, j := range []Job{{Prob: board(12)}, {Prob: board(12), Model: true, How: "n"}} {
		var b strings.Builder
		if err := WriteDLX(&b, j); err != nil {
			t.Fatal(err)
		}
		out, mem, what := SizeDLX(j)
		if got := uint64(b.Len()); out < got || out > 8*got || mem == 0 || !strings.Contains(what, "n = 12") {
			t.Errorf("dlx, model %v: estimate %d bytes (%q), wrote %d", j.Model, out, what, got)
		}
		b.Reset()
		if err := WriteDIMACS(&b, j); err != nil {
			t.Fatal(err)
		}
		out, mem, what, err := SizeDIMACS(j)
		if got := uint64(b.Len()); err != nil || out < got/2 || out > 8*got || mem == 0 || !strings.Contains(what, "n = 12") {
			t.Errorf("dimacs, model %v: estimate %d bytes (%q, %v), wrote %d", j.Model, out, what, err, got)
		}
	}
}

// TestRegistry: every format of qtool encode --to is registered, each
// writes the 4-queens board, and a name registered twice panics.
func TestRegistry(t *testing.T) {
	want := []string{"asp", "dimacs", "dlx", "lp", "minizinc", "mps", "opb"}
	if got := Names(); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("Names() = %v, want %v", got, want)
	}
	heads := map[string]string{"dimacs": "p cnf 16 ", "dlx": "| ", "minizinc": "% qtool:", "lp": "\\ qtool:", "mps": "* qtool:", "asp": "% qtool:", "opb": "* #variable="}
	for _, name := range want {
		e, ok := Lookup(name)
		if !ok || e.Name != name || !e.Model || e.Estimate == nil {
			t.Fatalf("Lookup(%q) = %+v, %v", name, e, ok)
		}
		var b strings.Builder
		if err := e.Write(context.Background(), &b, Job{Prob: board(4), AMO: encode.Pairwise}); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !strings.Contains(b.String(), heads[name]) {
			t.Errorf("%s: %q… lacks %q", name, b.String()[:min(b.Len(), 60)], heads[name])
		}
		if out, _, what, err := e.Estimate(Job{Prob: board(4), AMO: encode.Pairwise}); err != nil || out < uint64(b.Len())/4 || what == "" {
			t.Errorf("%s: estimate %d bytes (%q, %v) for %d written", name, out, what, err, b.Len())
		}
	}
	if _, ok := Lookup("cplex"); ok {
		t.Error("Lookup(cplex) found an encoder")
	}
	defer func() {
		if recover() == nil {
			t.Error("Register of dlx twice did not panic")
		}
	}()
	Register(Encoder{Name: "dlx"})
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// TestWriteStops: a failed write is a *WriteError with the output's
// error, an ended context ErrStopped.
func TestWriteStops(t *testing.T) {
	e, _ := Lookup("dlx")
	var we *WriteError
	if err := e.Write(context.Background(), failWriter{}, Job{Prob: board(40)}); !errors.As(err, &we) || we.Err.Error() != "disk full" {
		t.Errorf("Write to a failing writer: %v, want a WriteError of disk full", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var b strings.Builder
	if err := e.Write(ctx, &b, Job{Prob: board(40)}); !errors.Is(err, ErrStopped) || errors.As(err, &we) {
		t.Errorf("Write with an ended context: %v, want ErrStopped", err)
	}
}

// TestExportModel: a Maximum problem of 0 pieces is the empty model.
func TestExportModel(t *testing.T) {
	prob := board(3)
	prob.Variant = encode.Kings
	m, err := ExportModel(prob)
	if err != nil || m.N != 3 || len(m.Lines) != 0 {
		t.Fatalf("ExportModel(kings, 0 pieces) = %+v, %v; want the empty model of n = 3", m, err)
	}
	prob.Pieces = 2
	if m, err = ExportModel(prob); err != nil || len(m.Lines) == 0 {
		t.Fatalf("ExportModel(kings, 2 pieces) = %+v, %v", m, err)
	}
}

// TestPiecesHow: the comment on the number of pieces of each kind of
// problem.
func TestPiecesHow(t *testing.T) {
	pawns := board(5)
	pawns.Variant, pawns.Pawns = encode.QueensPawns, []encode.Cell{{R: 1, C: 1}, {R: 2, C: 3}}
	// A registered variant that reads pawns places its Bound: n + k rooks
	// for rooks+pawns, n for one whose Bound is n; the pieces problem
	// places the pieces of --pieces.
	rooksPawns := pawns
	rooksPawns.Variant = varianttest.RooksPawns
	pawnsN := pawns
	pawnsN.Variant = varianttest.NRooksPawns
	army := board(5)
	army.Variant, army.Counts = encode.MixedPieces, encode.Army{encode.QueenKind: 2, encode.KnightKind: 1}
	dom := board(5)
	dom.Variant = encode.Domination
	kings := board(5)
	kings.Variant = encode.Kings
	for _, c := range []struct {
		prob  encode.Problem
		given bool
		want  string
	}{
		{board(5), false, "n of them, as the problem asks"},
		{board(5), true, "n of them, as the problem asks"},
		{pawns, false, "n + 2, one more for each pawn"},
		{rooksPawns, false, "n + 2, one more for each pawn"},
		{pawnsN, false, "n of them, as the problem asks"},
		{army, false, "3 of them, as the problem asks"},
		{dom, true, "given by --pieces"},
		{dom, false, "the minimum, found by search"},
		{kings, false, "the maximum, found by search"},
	} {
		if got := PiecesHow(c.prob, c.given); got != c.want {
			t.Errorf("PiecesHow(%v, %v) = %q, want %q", c.prob.Variant, c.given, got, c.want)
		}
	}
}
