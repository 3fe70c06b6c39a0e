package experiments_test

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/internal/oracle"

	"github.com/qtool-project/qtool/encode"
)

func bitmaskBackend(t *testing.T) backend.Backend {
	t.Helper()
	be, err := backend.Lookup("bitmask")
	if err != nil {
		t.Fatal(err)
	}
	c := be.Caps()
	if !c.Count || !c.Find || !c.All || !c.Complete || !c.Exact || c.MaxN != 64 || !c.Unique || !c.Shards {
		t.Fatalf("bitmask caps: %+v", c)
	}
	return be
}

// TestBitmaskBackendCounts: all and fundamental solutions for n = 1..14
// against the OEIS, with each setting of the symmetry option.
func TestBitmaskBackendCounts(t *testing.T) {
	be := bitmaskBackend(t)
	ref := oracle.Counts(t)
	ctx := context.Background()
	for n := 1; n <= 14; n++ {
		out, err := backend.SolveBoard(ctx, be, encode.Empty(n), backend.Request{Mode: backend.Count, Unique: true})
		if err != nil {
			t.Fatal(err)
		}
		if out.Status != backend.OK || out.Solutions != ref[n][0] || out.Unique != ref[n][1] {
			t.Errorf("n=%d: %v, %d solutions, %d unique; want ok, %d, %d", n, out.Status, out.Solutions, out.Unique, ref[n][0], ref[n][1])
		}
		if n > 12 {
			continue
		}
		for _, sym := range []string{"full", "mirror", "none"} {
			out, err := backend.SolveBoard(ctx, be, encode.Empty(n), backend.Request{Mode: backend.Count, Workers: 2, Options: map[string]string{"symmetry": sym}})
			if err != nil {
				t.Fatal(err)
			}
			if out.Solutions != ref[n][0] || out.Unique != 0 {
				t.Errorf("unexpected count for n=%d symmetry=%s: got %d (%d unique) want %d", n, sym, out.Solutions, out.Unique, ref[n][0])
			}
		}
	}
	out, err := backend.SolveBoard(ctx, be, encode.Empty(8), backend.Request{Mode: backend.Count, Options: map[string]string{"symmetry": "none"}})
	if err != nil || out.Nodes != 2056 {
		t.Errorf("n=8 without symmetry: %d nodes (want 2,056, every legal partial placement), %v", out.Nodes, err)
	}
}

// TestBitmaskBackendFind streams solutions: each passes Verify, Limit and
// Visit stop the search, and Unique visits one least solution per class.
func TestBitmaskBackendFind(t *testing.T) {
	be := bitmaskBackend(t)
	ctx := context.Background()
	b := encode.Empty(8)
	var sols []encode.Placement
	out, err := backend.SolveBoard(ctx, be, b, backend.Request{Mode: backend.Find, Visit: func(p encode.Placement) bool {
		sols = append(sols, slices.Clone(p))
		return true
	}})
	if err != nil || out.Solutions != 92 || len(sols) != 92 {
		t.Fatalf("find all n=8: %d solutions, %d visits, %v", out.Solutions, len(sols), err)
	}
	seen := map[string]bool{}
	for _, p := range sols {
		if err := encode.Verify(b.Problem(), p); err != nil {
			t.Fatal(err)
		}
		seen[p.String()] = true
	}
	if len(seen) != 92 {
		t.Errorf("%d distinct solutions", len(seen))
	}
	k := 0
	out, err = backend.SolveBoard(ctx, be, b, backend.Request{Mode: backend.Find, Limit: 10, Visit: func(encode.Placement) bool { k++; return true }})
	if err != nil || out.Solutions != 10 || k != 10 {
		t.Errorf("limit 10: %d solutions, %d visits, %v", out.Solutions, k, err)
	}
	total := 0
	out, err = backend.SolveBoard(ctx, be, b, backend.Request{Mode: backend.Find, Unique: true, Visit: func(p encode.Placement) bool {
		c, size := encode.Canonical(p)
		if !slices.Equal(c, p) {
			t.Errorf("%v is not the canonical form of its class (%v)", p, c)
		}
		total += size
		return true
	}})
	if err != nil || out.Solutions != 12 || out.Unique != 12 || total != 92 {
		t.Errorf("unique n=8: %d representatives, %d unique, classes of %d in all, %v", out.Solutions, out.Unique, total, err)
	}
	given := encode.Board{N: 8, Queens: []int{2, -1, -1, -1, -1, -1, -1, 5}}
	var comp int
	out, err = backend.SolveBoard(ctx, be, given, backend.Request{Mode: backend.Find, Visit: func(p encode.Placement) bool {
		if err := encode.Verify(given.Problem(), p); err != nil {
			t.Error(err)
		}
		comp++
		return true
	}})
	if err != nil || comp != 5 || out.Solutions != 5 {
		t.Errorf("completions of a2…h6: %d, %v", comp, err)
	}
}

// TestBitmaskBackendShards: for n = 10..13 the 7 shards add up to the
// total and to the fundamental count.
func TestBitmaskBackendShards(t *testing.T) {
	be := bitmaskBackend(t)
	ref := oracle.Counts(t)
	for n := 10; n <= 13; n++ {
		var sum, uniq uint64
		for i := range 7 {
			out, err := backend.SolveBoard(context.Background(), be, encode.Empty(n), backend.Request{Mode: backend.Count, Unique: true, Shard: &backend.Shard{Index: i, Count: 7}})
			if err != nil || out.Status != backend.OK {
				t.Fatalf("n=%d shard %d/7: %v %v", n, i, out.Status, err)
			}
			sum += out.Solutions
			uniq += out.Unique
		}
		if sum != ref[n][0] || uniq != ref[n][1] {
			t.Errorf("n=%d: shards add up to %d, %d unique; want %d, %d", n, sum, uniq, ref[n][0], ref[n][1])
		}
	}
}

// TestBitmaskBackendProgress: the progress reports reach the number of
// subproblems.
func TestBitmaskBackendProgress(t *testing.T) {
	be := bitmaskBackend(t)
	var mu sync.Mutex
	var last, total uint64
	out, err := backend.SolveBoard(context.Background(), be, encode.Empty(11), backend.Request{Mode: backend.Count, Progress: func(d, tot uint64) {
		mu.Lock()
		defer mu.Unlock()
		last, total = max(last, d), tot
	}})
	if err != nil {
		t.Fatal(err)
	}
	if last != total || total != out.Stats["subproblems"] || total == 0 {
		t.Errorf("progress reached %d of %d; %d subproblems", last, total, out.Stats["subproblems"])
	}
}

// TestBitmaskBackendEarlyEnd: a deadline gives Status Timeout and a
// cancellation Interrupted, both without an error.
func TestBitmaskBackendEarlyEnd(t *testing.T) {
	be := bitmaskBackend(t)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	out, err := backend.SolveBoard(ctx, be, encode.Empty(backend.CountMaxN+1), backend.Request{Mode: backend.Count, Unique: true})
	if err != nil || out.Status != backend.Timeout {
		t.Errorf("deadline: %v, %v", out.Status, err)
	}
	ctx2, cancel2 := context.WithCancel(context.Background())
	time.AfterFunc(30*time.Millisecond, cancel2)
	out, err = backend.SolveBoard(ctx2, be, encode.Empty(30), backend.Request{Mode: backend.Find, Visit: func(encode.Placement) bool { return true }})
	if err != nil || out.Status != backend.Interrupted {
		t.Errorf("cancel: %v, %v", out.Status, err)
	}
}

// TestBitmaskBackendRefuses: requests it cannot honour are errors.
func TestBitmaskBackendRefuses(t *testing.T) {
	be := bitmaskBackend(t)
	ctx := context.Background()
	for _, c := range []struct {
		name string
		b    encode.Board
		req  backend.Request
		want string
	}{
		{"n=65", encode.Empty(65), backend.Request{Mode: backend.Count}, "n ≤ 64"},
		{"unique with queens", encode.Board{N: 8, Queens: []int{0}}, backend.Request{Mode: backend.Count, Unique: true}, "empty board"},
		{"unknown option", encode.Empty(8), backend.Request{Mode: backend.Count, Options: map[string]string{"amo": "x"}}, "no option"},
		{"unknown symmetry", encode.Empty(8), backend.Request{Mode: backend.Count, Options: map[string]string{"symmetry": "half"}}, "unknown symmetry"},
		{"shard of a find", encode.Empty(8), backend.Request{Mode: backend.Find, Shard: &backend.Shard{Index: 0, Count: 2}}, "shards"},
		{"bad shard", encode.Empty(8), backend.Request{Mode: backend.Count, Shard: &backend.Shard{Index: 2, Count: 2}}, "shard"},
		{"bad mode", encode.Empty(8), backend.Request{Mode: backend.Mode(9)}, "mode"},
	} {
		_, err := backend.SolveBoard(ctx, be, c.b, c.req)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error about %q", c.name, err, c.want)
		}
	}
}
