package experiments_test

import (
	"context"
	"strconv"
	"testing"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
)

// CountSink keeps benchmark results alive.
var CountSink uint64

// BenchmarkCount counts the n-queens solutions with every counting backend,
// named BenchmarkCount/n=12/backend=dlx so that benchstat lines them up.
// Backends whose run takes minutes at an n are skipped there (sat counts by
// enumerating models).
func BenchmarkCount(b *testing.B) {
	benchCountLarge(b) // n = 16..18: backend_split_bench_test.go
	for _, n := range []int{8, 12, 14} {
		for _, name := range backend.Names() {
			be, _ := backend.Lookup(name)
			caps := be.Caps()
			if !caps.Count || caps.External || (caps.MaxN > 0 && n > caps.MaxN) {
				continue
			}
			b.Run("n="+strconv.Itoa(n)+"/backend="+name, func(b *testing.B) {
				if len(name) >= 3 && name[:3] == "sat" && n > 10 {
					b.Skip("counting by enumeration of models is too slow here")
				}
				for b.Loop() {
					out, err := backend.SolveBoard(context.Background(), be, encode.Empty(n), backend.Request{Mode: backend.Count})
					if err != nil {
						b.Fatal(err)
					}
					CountSink += out.Solutions
				}
			})
		}
	}
}
