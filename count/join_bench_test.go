package count

import (
	"context"
	"fmt"
	"syscall"
	"testing"
)

// BenchmarkJoin counts the join of n = 16 and 17 on one worker with each
// kernel this processor runs: the scalar path's pure-Go block loop (go),
// the scalar path with the AVX2 block kernel (avx2) and the AVX-512 wide
// kernel (wide). Besides ns/op it reports the process's processor time an
// operation (cpu-ns/op), the figure to read on a loaded machine.
func BenchmarkJoin(b *testing.B) {
	defer func(w, a bool) { joinWide, joinBlockAVX2 = w, a }(joinWide, joinBlockAVX2)
	for _, n := range []int{16, 17} {
		p, err := NewJoinPlan(n, 0)
		if err != nil {
			b.Fatal(err)
		}
		ids, _ := p.Shard(0, 1)
		for _, k := range []struct {
			name       string
			wide, avx2 bool
		}{{"go", false, false}, {"avx2", false, true}, {"wide", true, false}} {
			if k.wide && !joinWideOK || k.avx2 && !joinBlockOK {
				continue
			}
			b.Run(fmt.Sprintf("n=%d/kernel=%s", n, k.name), func(b *testing.B) {
				joinWide, joinBlockAVX2 = k.wide, k.avx2
				c0 := processorNs()
				for b.Loop() {
					if _, err := CountPlan(context.Background(), p, ids, PlanOptions{Workers: 1}); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(processorNs()-c0)/float64(b.N), "cpu-ns/op")
			})
		}
	}
}

// processorNs is the process's user and system time so far.
func processorNs() int64 {
	var r syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &r); err != nil {
		panic(err)
	}
	return r.Utime.Nano() + r.Stime.Nano()
}
