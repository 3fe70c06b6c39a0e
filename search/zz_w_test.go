package search

import (
	"context"
	"fmt"
	"testing"
	"time"
)

func TestZZWorkers(t *testing.T) {
	p, _ := NewJoinPlan(16, 0)
	ids, _ := p.Shard(0, 1)
	for r := 0; r < 4; r++ {
		for _, w := range []int{1, 2} {
			t0 := time.Now()
			CountPlan(context.Background(), p, ids, PlanOptions{Workers: w})
			fmt.Printf("w=%d %v  ", w, time.Since(t0))
		}
		fmt.Println()
	}
}
