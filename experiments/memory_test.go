package experiments_test

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/memlimit"
)

// TestMemoryRefusal checks that construct and minconflicts refuse, with
// both figures and before allocating, a board whose memory estimate
// exceeds the memory limit, and run it once the limit allows.
func TestMemoryRefusal(t *testing.T) {
	old := memlimit.Limit
	defer func() { memlimit.Limit = old }()
	memlimit.Limit = func() uint64 { return 1 << 30 }
	if got := backend.MemoryLimit(); got != 1<<30 {
		t.Fatalf("MemoryLimit = %d with a probe of 1 GiB", got)
	}
	for _, name := range []string{"construct", "minconflicts"} {
		be, err := backend.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err = backend.SolveBoard(context.Background(), be, encode.Empty(1<<28), backend.Request{Mode: backend.Find, Limit: 1})
		runtime.ReadMemStats(&after)
		if !errors.Is(err, backend.ErrTooBig) || !strings.Contains(err.Error(), "GB of memory; this process may use 1.1 GB") {
			t.Errorf("%s, n = 2^28 with 1 GiB: got %v, want a refusal with the estimate", name, err)
		}
		if grew := after.TotalAlloc - before.TotalAlloc; grew > 1<<20 {
			t.Errorf("%s: allocated %d bytes before refusing", name, grew)
		}
		// 10⁶ queens need about 13 (construct) or 19 (minconflicts) MB.
		got, out := mcFind(t, be, context.Background(), encode.Empty(1_000_000), backend.Request{Limit: 1})
		if len(got) != 1 || out.Status != backend.OK {
			t.Errorf("%s, n = 10⁶ within 1 GiB: %d solutions, %v", name, len(got), out.Status)
		}
	}
}

// TestConstructBackendDeadline checks that construct stops when its
// context has ended: a large board under a context that is over gives
// Timeout and no solution, rather than a placement after the deadline.
func TestConstructBackendDeadline(t *testing.T) {
	be := constructBackend(t)
	ctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	visited := 0
	out, err := backend.SolveBoard(ctx, be, encode.Empty(10_000_000), backend.Request{Mode: backend.Find, Limit: 1, Visit: func(encode.Placement) bool { visited++; return true }})
	if err != nil || out.Status != backend.Timeout || out.Solutions != 0 || visited != 0 {
		t.Errorf("ended context: %+v, %v, %d visited; want Timeout and nothing", out, err, visited)
	}
}
