package dlx_test

import (
	"context"
	"testing"

	"github.com/qtool-project/qtool/dlx"
	"github.com/qtool-project/qtool/encode"
)

// TestValueOrder: the middle-out and random value orders count what the
// list order counts (the queens matrices of n = 1..9, A000170), the list
// order with the same nodes as without the option, and every solution
// they list is an exact cover.
func TestValueOrder(t *testing.T) {
	want := []uint64{1, 0, 0, 2, 10, 4, 40, 92, 352}
	for n := 1; n <= 9; n++ {
		m, err := encode.ExactCover(encode.Empty(n))
		if err != nil {
			t.Fatal(err)
		}
		p, err := dlx.NewMatrix(m.Primary, m.Secondary)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range m.Options {
			if err := p.AddOptionIndex(o...); err != nil {
				t.Fatal(err)
			}
		}
		base, err := p.Run(context.Background(), dlx.Config{})
		if err != nil || base.Solutions != want[n-1] {
			t.Fatalf("n=%d: %+v, %v", n, base, err)
		}
		for _, v := range []dlx.ValueOrder{dlx.ValueList, dlx.ValueMiddle, dlx.ValueRandom} {
			seen := map[string]bool{}
			st, err := p.Run(context.Background(), dlx.Config{Value: v, Seed: 3, Visit: func(opts []int) bool {
				key := make([]bool, len(m.Options))
				for _, o := range opts {
					key[o] = true
				}
				seen[string(boolBytes(key))] = true
				return true
			}})
			if err != nil || st.Solutions != want[n-1] || uint64(len(seen)) != want[n-1] {
				t.Errorf("%v n=%d: %d solutions (%d distinct), %v", v, n, st.Solutions, len(seen), err)
			}
			if v == dlx.ValueList && st.Nodes != base.Nodes {
				t.Errorf("list order n=%d: %d nodes, %d without the option", n, st.Nodes, base.Nodes)
			}
		}
	}
}

func boolBytes(b []bool) []byte {
	out := make([]byte, len(b))
	for i, x := range b {
		if x {
			out[i] = 1
		}
	}
	return out
}
