package classroom_test

import (
	"context"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/classroom"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/oracle"
	"github.com/qtool-project/qtool/search"
)

// TestBitmaskRun: the bitmask run of n = 4..8 ends with the nodes and
// solutions of the untraced BitmaskCount (no symmetry) and the OEIS count;
// each place step names the row's free mask with the queen's column set,
// every solution frame's board is verified, and the solution steps are as
// many as the solutions.
func TestBitmaskRun(t *testing.T) {
	ref := oracle.Counts(t)
	for n := 4; n <= 8; n++ {
		b := encode.Empty(n)
		want, err := search.BitmaskCount(context.Background(), b, search.BitmaskOptions{Symmetry: search.BitmaskNone, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		var sols uint64
		sum, err := classroom.Run(context.Background(), "bitmask", b, classroom.Options{}, func(e classroom.Event) bool {
			switch e.Kind {
			case "solution":
				sols++
				if err := encode.Verify(b.Problem(), encode.Placement(e.Frame().Queens)); err != nil {
					t.Errorf("n=%d: solution %v: %v", n, e.Frame().Queens, err)
				}
			case "place":
				f := e.Frame()
				if f.Major && !strings.Contains(f.Text, "free squares ") {
					t.Errorf("n=%d: place step says %q", n, f.Text)
				}
			}
			return true
		})
		if err != nil || !sum.Complete {
			t.Fatalf("n=%d: %+v, %v", n, sum, err)
		}
		if sum.Counters[0].Value != want.Nodes || sum.Solutions != want.Solutions || sum.Solutions != ref[n][0] || sols != sum.Solutions {
			t.Errorf("n=%d: run %v, %d solutions (%d steps); BitmaskCount %d nodes %d solutions; OEIS %d", n, sum.Counters, sum.Solutions, sols, want.Nodes, want.Solutions, ref[n][0])
		}
	}
	var first classroom.Frame
	classroom.Run(context.Background(), "bitmask", encode.Empty(4), classroom.Options{}, func(e classroom.Event) bool { //nolint:errcheck // stopped at once
		first = e.Frame()
		return false
	})
	if first.Text != "rank 1: free squares 1111 (a1, b1, c1, d1); place a queen on the lowest free bit, a1" {
		t.Errorf("first step of n=4: %q", first.Text)
	}
}
