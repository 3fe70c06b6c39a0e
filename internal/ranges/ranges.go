// Package ranges writes lists of numbers as runs of consecutive ones,
// "0-3, 7, 9-10": the one rule behind the shard lists of split (missing
// shards, shards without a fundamental count) and the task lists of
// cluster (qtool cluster status and resubmit, and Slurm's --array
// specification, sbatch(1)).
package ranges

import (
	"slices"
	"strconv"
	"strings"
)

// Runs returns the runs [lo, hi] of consecutive numbers of xs, in the
// order of xs: sort xs first to get the fewest.
func Runs(xs []int) [][2]int {
	var rs [][2]int
	for _, x := range xs {
		if len(rs) > 0 && rs[len(rs)-1][1]+1 == x {
			rs[len(rs)-1][1] = x
			continue
		}
		rs = append(rs, [2]int{x, x})
	}
	return rs
}

// Join writes runs as "lo-hi" (or "x" for a run of one) separated by sep;
// after most runs (0: no limit) it writes "… (total in all)" instead of
// the rest.
func Join(rs [][2]int, sep string, most, total int) string {
	var b strings.Builder
	for i, r := range rs {
		if i > 0 {
			b.WriteString(sep)
		}
		if most > 0 && i == most {
			b.WriteString("… (" + strconv.Itoa(total) + " in all)")
			break
		}
		b.WriteString(strconv.Itoa(r[0]))
		if r[1] > r[0] {
			b.WriteString("-" + strconv.Itoa(r[1]))
		}
	}
	return b.String()
}

// Format writes numbers, in increasing order (xs is not changed), as
// "0-3, 7, 9-10", cut after 20 runs with the count of numbers in all.
func Format(xs []int) string {
	xs = slices.Clone(xs)
	slices.Sort(xs)
	return Join(Runs(xs), ", ", 20, len(xs))
}
