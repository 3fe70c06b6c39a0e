package dlx_test

import (
	"context"
	"os"
	"testing"

	"github.com/qtool-project/qtool/dlx"
)

// BenchmarkFile counts the solutions of the problem in the file named by
// DLX_BENCH (skipped when unset) with the algorithm named by DLX_ALG
// (default auto) and DLX_WORKERS workers: a handle for profiling one
// algorithm on one input (go test -bench File -cpuprofile).
func BenchmarkFile(b *testing.B) {
	name := os.Getenv("DLX_BENCH")
	if name == "" {
		b.Skip("DLX_BENCH names no file")
	}
	f, err := os.Open(name)
	if err != nil {
		b.Fatal(err)
	}
	p, err := dlx.Parse(f, name)
	f.Close()
	if err != nil {
		b.Fatal(err)
	}
	alg, err := dlx.ParseAlgorithm(os.Getenv("DLX_ALG"))
	if err != nil {
		b.Fatal(err)
	}
	cfg := dlx.Config{Algorithm: alg}
	if w := os.Getenv("DLX_WORKERS"); w != "" {
		for _, c := range w {
			cfg.Workers = cfg.Workers*10 + int(c-'0')
		}
	}
	var st dlx.Stats
	for b.Loop() {
		st, err = p.Run(context.Background(), cfg)
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(st.Solutions), "solutions/op")
	b.ReportMetric(float64(st.Nodes), "nodes/op")
	b.ReportMetric(float64(st.Updates), "updates/op")
}
