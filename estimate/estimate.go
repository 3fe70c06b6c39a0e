// Package estimate estimates the size of n-queens backtrack trees without
// searching them: Knuth's random probes (D. E. Knuth, "Estimating the
// efficiency of backtrack programs", Math. Comp. 29 (1975) 121–136,
// doi:10.1090/S0025-5718-1975-0373371-6). Each probe walks from the root
// to a leaf, choosing uniformly among the children at each level; the
// products of the numbers of children along the walk, summed, are an
// unbiased estimate of the number of nodes. PlanCount uses it to size the
// subproblems of a sharded count before running any, and to turn the
// sizes into core-hours by the rate of shards measured (qtool cluster
// plan).
package estimate

import (
	"context"
	"errors"
	"math/bits"
	"sync"
)

// MaxN is the largest order Knuth estimates: the board's lines are
// 64-bit masks, the diagonals 2n − 1 bits.
const MaxN = 32

// Knuth is the mean over probes random walks of Knuth's estimate of the
// nodes of the row-by-row backtrack tree that completes the queens placed
// (each a [row, column] pair; n ≤ MaxN): at each free row, from the top,
// the walk multiplies its weight by the number of squares left in the row
// and adds it, then puts a queen on one of them at random; a dead end ends
// the walk. The root (the placed queens) is not counted. The walks are
// drawn by xorshift64* (Marsaglia 2003; Vigna 2016) from seed: the same
// seed gives the same estimate.
func Knuth(n int, placed [][2]int, probes int, seed uint64) float64 {
	if n < 1 || n > MaxN || probes < 1 {
		return 0
	}
	full := uint64(1)<<n - 1
	var cols, d1, d2, rowsTaken uint64 // d1 bit r+c, d2 bit c−r+n−1
	for _, q := range placed {
		r, c := q[0], q[1]
		cols |= 1 << c
		d1 |= 1 << (r + c)
		d2 |= 1 << (c - r + n - 1)
		rowsTaken |= 1 << r
	}
	rng := seed | 1
	var total float64
	for range probes {
		C, D1, D2 := cols, d1, d2
		weight, sum := 1.0, 0.0
		for r := 0; r < n; r++ {
			if rowsTaken>>r&1 != 0 {
				continue
			}
			avail := full &^ C &^ (D1 >> r) &^ (D2 >> (n - 1 - r))
			k := bits.OnesCount64(avail)
			if k == 0 {
				break
			}
			weight *= float64(k)
			sum += weight
			rng ^= rng >> 12
			rng ^= rng << 25
			rng ^= rng >> 27
			j, _ := bits.Mul64(rng*0x2545f4914f6cdd1d, uint64(k))
			for ; j > 0; j-- {
				avail &= avail - 1
			}
			c := bits.TrailingZeros64(avail)
			C |= 1 << c
			D1 |= 1 << (r + c)
			D2 |= 1 << (c - r + n - 1)
		}
		total += sum
	}
	return total / float64(probes)
}

// Subproblems estimates, on workers goroutines, the trees below the
// subproblems ids of an order-n split, queens(id) giving the queens that
// subproblem id places. The probes of subproblem id are seeded by seed
// and id alone, so that its estimate does not depend on the workers or on
// which other subproblems are estimated. It stops with ctx's error when
// ctx is done (looked at every 4096 subproblems). It starts at most one
// goroutine per 4096 subproblems, whatever workers says.
func Subproblems(ctx context.Context, n int, queens func(id int) [][2]int, ids []int, probes int, seed uint64, workers int) ([]float64, error) {
	if n < 1 || n > MaxN {
		return nil, errors.New("estimate: the order must be between 1 and 32")
	}
	est := make([]float64, len(ids))
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	const chunk = 4096
	next := 0
	// No more goroutines than chunks: a worker without a chunk has
	// nothing to do (cluster plan --workers 10¹² started goroutines for
	// hours, deaf to SIGTERM).
	for range min(max(1, workers), max(1, (len(ids)+chunk-1)/chunk)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				lo := next
				next += chunk
				mu.Unlock()
				if lo >= len(ids) {
					return
				}
				if err := ctx.Err(); err != nil {
					mu.Lock()
					firstErr = err
					mu.Unlock()
					return
				}
				for k := lo; k < min(lo+chunk, len(ids)); k++ {
					est[k] = Knuth(n, queens(ids[k]), probes, seed^uint64(ids[k])*0x9e3779b97f4a7c15)
				}
			}
		}()
	}
	wg.Wait()
	return est, firstErr
}
