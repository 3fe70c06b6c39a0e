package experiments_test

import (
	"context"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
)

func constructBackend(t testing.TB) backend.Backend {
	t.Helper()
	be, err := backend.Lookup("construct")
	if err != nil {
		t.Fatal(err)
	}
	return be
}

func TestConstructBackendCaps(t *testing.T) {
	c := constructBackend(t).Caps()
	if !c.Find || !c.Exact || c.Complete || c.Count || c.All || c.Unique || c.Shards {
		t.Errorf("unexpected caps for construct: %+v", c)
	}
}

func TestConstructBackendFind(t *testing.T) {
	be := constructBackend(t)
	for _, n := range append(mcRange(1, 200), 1_000_000) {
		got, out := mcFind(t, be, context.Background(), encode.Empty(n), backend.Request{Limit: 1})
		want := 1
		if n == 2 || n == 3 {
			want = 0
		}
		if len(got) != want || out.Status != backend.OK {
			t.Errorf("n = %d: %d solutions, status %v; want %d, ok", n, len(got), out.Status, want)
		}
	}
}

func mcRange(lo, hi int) []int {
	var ns []int
	for n := lo; n <= hi; n++ {
		ns = append(ns, n)
	}
	return ns
}

func TestConstructBackendRefuses(t *testing.T) {
	be := constructBackend(t)
	ctx := context.Background()
	_, err := backend.SolveBoard(ctx, be, encode.Board{N: 8, Queens: []int{-1, 3}}, backend.Request{Mode: backend.Find, Limit: 1})
	if err == nil || !strings.Contains(err.Error(), "cannot complete") {
		t.Errorf("board with a given queen: got %v, want a refusal", err)
	}
	for _, b := range []encode.Board{{N: 0}, {N: 3, Queens: []int{-1, -1, -1, -1}}, {N: 5, Queens: []int{-2}}} {
		if _, err := backend.SolveBoard(ctx, be, b, backend.Request{Mode: backend.Find, Limit: 1}); err == nil {
			t.Errorf("invalid board %+v: no error", b)
		}
	}
	for _, req := range []backend.Request{
		{Mode: backend.Count},
		{Mode: backend.Find, Unique: true},
	} {
		if _, err := solveBoard(ctx, be, encode.Empty(8), req); err == nil {
			t.Errorf("request %+v: no error", req)
		}
	}
}
