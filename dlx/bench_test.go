package dlx_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/qtool-project/qtool/dlx"
)

// Sink keeps the compiler from discarding the benchmarks' work.
var Sink uint64

// BenchmarkDLX counts the solutions of the queens problem in Knuth's
// queens-dlx form and of the 6×10 pentomino problem.
func BenchmarkDLX(b *testing.B) {
	ctx := context.Background()
	run := func(b *testing.B, p *dlx.Matrix, want uint64) {
		b.ReportAllocs()
		var st dlx.Stats
		for b.Loop() {
			n, s, err := p.Count(ctx)
			if err != nil {
				b.Fatal(err)
			}
			if n != want {
				b.Fatalf("got %d solutions, want %d", n, want)
			}
			st = s
			Sink += n
		}
		b.ReportMetric(float64(st.Nodes), "nodes/op")
		b.ReportMetric(float64(st.Updates), "updates/op")
	}
	for _, c := range []struct {
		n    int
		want uint64
	}{{12, 14200}, {13, 73712}, {14, 365596}} {
		b.Run(fmt.Sprintf("problem=queens/n=%d", c.n), func(b *testing.B) {
			run(b, queens(b, c.n), c.want)
		})
	}
	b.Run("problem=pentomino", func(b *testing.B) {
		run(b, pentomino(b, 6, 10), 9356)
	})
}

// BenchmarkTrace measures the trace hook on queens n = 11: none (the plain
// search, which has no hook in it), Algorithm C without a hook, and C with
// a hook that counts the events.
func BenchmarkTrace(b *testing.B) {
	ctx := context.Background()
	p := queens(b, 11)
	var events uint64
	for _, c := range []struct {
		name string
		cfg  dlx.Config
	}{
		{"hook=none/algorithm=X", dlx.Config{}},
		{"hook=none/algorithm=C", dlx.Config{Algorithm: dlx.C}},
		{"hook=count/algorithm=C", dlx.Config{Trace: func(dlx.Event) { events++ }}},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				st, err := p.Run(ctx, c.cfg)
				if err != nil || st.Solutions != 2680 {
					b.Fatalf("got %+v, %v", st, err)
				}
			}
		})
	}
	Sink += events
}
