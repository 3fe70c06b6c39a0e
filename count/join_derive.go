package count

import (
	"fmt"
	"slices"
)

// joinDeriveMinN is the least even order from which a JoinPlan keeps only
// the top-left quadrant's table and makes the other three quadrants'
// buckets from it as they are read (a variable for the tests): at n = 24
// the four tables would take 41 GB, the one 10.2 GB (633 million
// placements of a 12×12 quadrant). For even n the top-right quadrant is
// the top-left one's mirror image (r, c) → (r, n−1−c), the bottom-left
// its vertical flip (r, c) → (n−1−r, c) and the bottom-right both, and an
// image's words are the source's with their bits permuted (joinBitPerm):
// its diagonal word because the mirror and the flip map the diagonals that
// matter in a half onto those of its image's half (joinDiagMap), its
// pattern because they map the projection row's ╲ and ╱ columns onto
// each other. The images come in the order of their sources, so a derived
// bucket is the very list the stored table would hold (the tests compare
// them), and the counts and the work are the same; making a bucket costs
// a few table look-ups a placement, against the pairs the join makes of
// it.
var joinDeriveMinN = 24

// joinBitPerm permutes the bits of a word, a byte at a time: entry [k][v]
// is the image of the byte value v at byte k.
type joinBitPerm [8][256]uint64

// newJoinBitPerm is the permutation sending bit b to bit to[b] (b < nb).
func newJoinBitPerm(to []int) *joinBitPerm {
	var t joinBitPerm
	for k := range 8 {
		for v := 1; v < 256; v++ {
			lo := v & -v
			if lo != v {
				t[k][v] = t[k][v^lo] | t[k][lo]
				continue
			}
			b := 8*k + trailingZeros8(v)
			if b < len(to) {
				t[k][v] = 1 << to[b]
			}
		}
	}
	return &t
}

func trailingZeros8(v int) int {
	n := 0
	for v&1 == 0 {
		v >>= 1
		n++
	}
	return n
}

func (t *joinBitPerm) apply(x uint64) uint64 {
	var y uint64
	for k := 0; x != 0; k++ {
		y |= t[k][x&0xff]
		x >>= 8
	}
	return y
}

// srcKey is the key of the bucket of q.from whose images are q's bucket k.
func (q *joinQuad) srcKey(k uint32) uint32 {
	rows, cols := k>>q.cols, k&(1<<q.cols-1)
	if q.revCols {
		cols = reverseBits(cols, q.cols)
	}
	if q.flipRow {
		rows = reverseBits(rows, q.rows)
	}
	return rows<<q.cols | cols
}

// size is the number of placements in q's bucket k.
func (q *joinQuad) size(k uint32) uint32 {
	if q.from != nil {
		k = q.srcKey(k)
		q = q.from
	}
	return q.off[k+1] - q.off[k]
}

// bucket returns q's bucket k: a slice of its table, or for a derived
// quadrant the images of its source's bucket, made in buf.
func (q *joinQuad) bucket(k uint32, buf *[]joinDiag) []joinDiag {
	if q.from == nil {
		return q.d[q.off[k]:q.off[k+1]]
	}
	f := q.from
	sk := q.srcKey(k)
	src := f.d[f.off[sk]:f.off[sk+1]]
	b := slices.Grow((*buf)[:0], len(src))[:len(src)]
	for i, x := range src {
		b[i] = joinDiag{d: q.dperm.apply(x.d), p: q.pperm.apply(x.p)}
	}
	*buf = b
	return b
}

// packedImage is, for the quadrant i = 1 (mirror), 2 (flip) or 3 (both)
// of even n, where bit b of a packed pattern of the top-left quadrant goes
// in its image's (see pack: bit b < n−1 is the ╲ column b+1 of the
// projection row, the others the ╱ column b−(n−1)). The mirror maps the ╲
// column j to the ╱ column n−1−j and the ╱ column j to the ╲ column
// n−1−j; the flip maps the ╲ column j to the ╱ column j−1 and the ╱
// column j to the ╲ column j+1 (the projection row h is the bottom half's
// first row).
func (p *JoinPlan) packedImage(i, b int) int {
	n := p.n
	back, col := b < n-1, b+1 // ╲ column, or ╱
	if !back {
		col = b - (n - 1)
	}
	if i&1 != 0 { // mirror
		back, col = !back, n-1-col
	}
	if i&2 != 0 { // flip
		if back {
			col--
		} else {
			col++
		}
		back = !back
	}
	if back {
		return col - 1
	}
	return n - 1 + col
}

// deriveFreq fills the bit frequencies of the derived quadrants' patterns
// (see permute) from the top-left one's: an image has the permuted bits.
func (p *JoinPlan) deriveFreq(freq *[4][64]float64) {
	nb := joinBits(p.n)
	for i := 1; i < 4; i++ {
		for b := range nb {
			freq[i][p.packedImage(i, b)] = freq[0][b]
		}
	}
}

// derivePerms sets the derived quadrants' permutations of the diagonal
// word and of the pattern, whose bits permute moves by to.
func (p *JoinPlan) derivePerms(to *[64]uint) {
	n := p.n
	nb := joinBits(n)
	var inv [64]int // the packed bit at each permuted position
	for b := range nb {
		inv[to[b]] = b
	}
	for i := 1; i < 4; i++ {
		q := &p.quads[i]
		pp := make([]int, nb)
		for pos := range nb {
			pp[pos] = int(to[p.packedImage(i, inv[pos])])
		}
		q.pperm = newJoinBitPerm(pp)
		// The diagonals: the mirror maps ╲ u = c−r+n−1 to ╱ 2n−2−u
		// and ╱ v = r+c to ╲ 2n−2−v; the flip ╲ u to ╱ u and ╱ v to
		// ╲ v (and the top half to the bottom one).
		src, dst := &p.dmap[0], &p.dmap[0]
		if q.flipRow {
			dst = &p.dmap[1]
		}
		var dp []int
		for idx, b := range src {
			if b < 0 {
				continue
			}
			back, u := idx < 64, idx%64
			if q.revCols {
				back, u = !back, 2*n-2-u
			}
			if q.flipRow {
				back = !back
			}
			t := 64 + u
			if back {
				t = u
			}
			if dst[t] < 0 {
				panic(fmt.Sprintf("count: the join's quadrant %d of n = %d: diagonal %d has no image", i, n, idx))
			}
			for len(dp) <= int(b) {
				dp = append(dp, 0)
			}
			dp[b] = int(dst[t])
		}
		q.dperm = newJoinBitPerm(dp)
	}
}
