package sat_test

import (
	"context"
	"runtime"
	"testing"

	"github.com/qtool-project/qtool/sat"
)

// TestMemoryLimit stops gini on a pigeonhole formula (far beyond a few
// milliseconds of search) by a memory limit below the process's resident
// memory, then lifts the limit and checks that the solver still answers,
// and that a limit above the memory in use does not stop a solve.
func TestMemoryLimit(t *testing.T) {
	rss, ok := sat.ResidentMemory()
	if runtime.GOOS != "linux" {
		if ok {
			t.Fatalf("ResidentMemory read %d bytes outside Linux", rss)
		}
		t.Skip("the resident memory is read on Linux only")
	}
	if !ok || rss < 1<<20 {
		t.Fatalf("ResidentMemory = %d, %v: want the process's memory, some MB", rss, ok)
	}
	s := pigeonhole(12, 11).load()
	s.SetMemoryLimit(1)
	if st := s.Solve(context.Background()); st != sat.Unknown || !s.OverMemory() {
		t.Fatalf("php 12 11 under a limit of 1 byte: got %v, over memory %v; want UNKNOWN, true", st, s.OverMemory())
	}
	s.SetMemoryLimit(0)
	for j := 1; j <= 11; j++ { // pigeon 0 nowhere: unsatisfiable by propagation
		s.AddClause(-j)
	}
	if st := s.Solve(context.Background()); st != sat.Unsat || s.OverMemory() {
		t.Fatalf("no limit: got %v, over memory %v; want UNSATISFIABLE, false", st, s.OverMemory())
	}
	e := sat.New()
	e.AddClause(1, 2)
	e.AddClause(-1)
	e.SetMemoryLimit(1 << 50)
	if st := e.Solve(context.Background()); st != sat.Sat || e.OverMemory() || !e.Value(2) {
		t.Fatalf("a limit of 2^50 bytes: got %v, over memory %v, x2 %v", st, e.OverMemory(), e.Value(2))
	}
}
