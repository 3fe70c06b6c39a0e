package search_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/search"
)

// BitmaskSink keeps the results of the benchmarks alive.
var BitmaskSink uint64

func bitmaskBench(b *testing.B, n int, opt search.BitmaskOptions) {
	b.Helper()
	for b.Loop() {
		st, err := search.BitmaskCount(context.Background(), encode.Empty(n), opt)
		if err != nil {
			b.Fatal(err)
		}
		BitmaskSink += st.Solutions + st.Unique
	}
}

// BenchmarkBitmaskCount counts n = 12 and 14 on one worker with each use of
// the symmetry: BenchmarkBitmaskCount/n=12/sym=full/workers=1. It runs in
// seconds; the large boards are in BenchmarkBitmaskLarge.
func BenchmarkBitmaskCount(b *testing.B) {
	for _, n := range []int{12, 14} {
		for _, sym := range []search.BitmaskSymmetry{search.BitmaskFull, search.BitmaskMirror, search.BitmaskNone} {
			b.Run(fmt.Sprintf("n=%d/sym=%v/workers=1", n, sym), func(b *testing.B) {
				bitmaskBench(b, n, search.BitmaskOptions{Symmetry: sym, Workers: 1})
			})
		}
	}
}

// BenchmarkBitmaskLarge is the headline count, all and fundamental
// solutions with full symmetry, for n = 15, 16, 17 on one and on two
// workers (BenchmarkBitmaskLarge/n=16/workers=2), and the mirror-only
// count of n = 16 for the comparison with a plain C program. One
// iteration of n = 17 takes seconds: select these with
// -bench BitmaskLarge -benchtime 1x.
func BenchmarkBitmaskLarge(b *testing.B) {
	for _, n := range []int{15, 16, 17} {
		for _, k := range []int{1, 2} {
			b.Run(fmt.Sprintf("n=%d/workers=%d", n, k), func(b *testing.B) {
				bitmaskBench(b, n, search.BitmaskOptions{Unique: true, Workers: k})
			})
		}
	}
	b.Run("n=16/sym=mirror/workers=1", func(b *testing.B) {
		bitmaskBench(b, 16, search.BitmaskOptions{Symmetry: search.BitmaskMirror, Workers: 1})
	})
}
