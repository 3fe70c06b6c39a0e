package experiments_test

import (
	"context"
	"errors"
	"math"
	"testing"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/experiments"
	"github.com/qtool-project/qtool/internal/memlimit"
)

// TestInstanceSetRefused: a generated instance set that cannot fit in
// memory is refused with the estimate before any instance is made, by
// every preset that makes one (completion, diagonals, the hard instances
// of sat and peers), also when --instances is so large that the estimate
// would wrap around 2⁶⁴: bench --preset completion --n 20 --deltas 4
// --instances 115292150460684698 passed the check and grew until it died,
// --preset diagonals --instances 10¹² died at once ("fatal error: out of
// memory"), --preset sat and peers --instances 10¹² grew, deaf to SIGTERM.
func TestInstanceSetRefused(t *testing.T) {
	dlx, err := backend.Lookup("dlx")
	if err != nil {
		t.Fatal(err)
	}
	// Old code: a wrapped estimate, then instances made for ever: the
	// deadline ends it with its error instead of ErrTooBig.
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	wrap := int(math.MaxUint64/160 + 1) // × 160 bytes (20 rows of 8) ≡ a few bytes mod 2⁶⁴
	for _, instances := range []int{wrap, math.MaxInt, 1 << 40} {
		c := experiments.Completion{Ns: []int{20}, Deltas: []int{4}, Instances: instances, Seed: 1, Backends: []backend.Backend{dlx}}
		if _, err := c.GridsContext(ctx); !errors.Is(err, memlimit.ErrTooBig) {
			t.Errorf("completion, %d instances: %v; want the set refused (memlimit.ErrTooBig)", instances, err)
		}
		x := experiments.Diagonals{Ns: []int{10}, Instances: instances, Seed: 1, MinFree: 4, Backends: []backend.Backend{dlx}}
		if _, err := x.Grids(); !errors.Is(err, memlimit.ErrTooBig) {
			t.Errorf("diagonals, %d instances: %v; want the set refused", instances, err)
		}
		if _, err := experiments.HardInstances(ctx, []int{30, 50, 70}, instances, 1); !errors.Is(err, memlimit.ErrTooBig) {
			t.Errorf("hard instances, %d: %v; want the set refused", instances, err)
		}
	}
	// A set that fits is made, and stops with the context.
	ps, err := experiments.HardInstances(context.Background(), []int{30, 50}, 3, 1)
	if err != nil || len(ps) != 6 || ps[0].Board.N != 30 || ps[5].Board.N != 50 || ps[5].K != 50-16 {
		t.Fatalf("hard instances: %d, %v", len(ps), err)
	}
	done, stop := context.WithCancel(context.Background())
	stop()
	if _, err := experiments.HardInstances(done, []int{30}, 3, 1); !errors.Is(err, context.Canceled) {
		t.Errorf("hard instances, cancelled: %v; want context.Canceled", err)
	}
}
