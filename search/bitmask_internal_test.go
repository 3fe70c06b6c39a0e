package search

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/encode"
)

// TestBitmaskSplitDepths counts with every depth of split that the large
// boards use (3 and 4 rows for the symmetric search, 2 and 3 levels for the
// general one) and others, on boards small enough to check: the totals
// must not depend on where the search is cut.
func TestBitmaskSplitDepths(t *testing.T) {
	// The OEIS counts, all and fundamental (A000170, A002562).
	data, err := os.ReadFile("../testdata/nqueens-counts.tsv")
	if err != nil {
		t.Fatal(err)
	}
	want := map[int][2]uint64{}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) != 3 {
			continue
		}
		n, err1 := strconv.Atoi(f[0])
		all, err2 := strconv.ParseUint(f[1], 10, 64)
		uniq, err3 := strconv.ParseUint(f[2], 10, 64)
		if err1 == nil && err2 == nil && err3 == nil {
			want[n] = [2]uint64{all, uniq}
		}
	}
	if len(want) < 12 {
		t.Fatalf("reference: %d rows", len(want))
	}
	w := newBitmaskWorker(nil)
	for n := 4; n <= 12; n++ {
		for depth := 2; depth <= min(bitmaskMaxSplit, n-1); depth++ {
			p := &bitmaskSymProb{n: n, depth: depth}
			subs, _ := p.split()
			var total, unique uint64
			for i := range subs {
				r := p.count(w, &subs[i])
				total += r.total
				unique += r.unique
			}
			if total != want[n][0] || unique != want[n][1] {
				t.Errorf("n=%d symmetric split at depth %d: %d, %d unique; want %d, %d", n, depth, total, unique, want[n][0], want[n][1])
			}
		}
		for _, mirror := range []bool{false, true} {
			g := newBitmaskGeneral(encode.Empty(n), mirror)
			for depth := 1; depth <= min(bitmaskMaxSplit, n-1); depth++ {
				g.depth = depth
				subs, _ := g.split()
				var total uint64
				for i := range subs {
					total += g.count(w, &subs[i]).total
				}
				if total != want[n][0] {
					t.Errorf("n=%d mirror=%v split at depth %d: %d; want %d", n, mirror, depth, total, want[n][0])
				}
			}
		}
	}
}
