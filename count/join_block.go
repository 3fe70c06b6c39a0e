package count

import "math/bits"

// blockQueries is the sum, over the queries of idx (nch entry indices of
// the block's table t each), of the patterns of the block of 128 disjoint
// from the query: the bits of the AND of its entries. disjoint's loop over
// the blocks calls it once a block; it runs the AVX2 kernel where
// joinBlockAVX2 (3 to 5 chunks), this loop elsewhere.
func blockQueries(t []joinBlock, idx []uint16, nch int) uint64 {
	if joinBlockAVX2 && len(idx) > 0 {
		switch nch {
		case 3:
			return joinBlock3(&t[0], idx)
		case 4:
			return joinBlock4(&t[0], idx)
		case 5:
			return joinBlock5(&t[0], idx)
		}
	}
	var total uint64
	switch nch {
	case 3:
		for i := 0; i+3 <= len(idx); i += 3 {
			q := idx[i:][:3]
			a, b, c := &t[q[0]], &t[q[1]], &t[q[2]]
			total += uint64(bits.OnesCount64(a[0]&b[0]&c[0]) + bits.OnesCount64(a[1]&b[1]&c[1]))
		}
	case 4:
		for i := 0; i+4 <= len(idx); i += 4 {
			q := idx[i:][:4]
			a, b, c, d := &t[q[0]], &t[q[1]], &t[q[2]], &t[q[3]]
			total += uint64(bits.OnesCount64(a[0]&b[0]&c[0]&d[0]) + bits.OnesCount64(a[1]&b[1]&c[1]&d[1]))
		}
	case 5:
		for i := 0; i+5 <= len(idx); i += 5 {
			q := idx[i:][:5]
			a, b, c, d, e := &t[q[0]], &t[q[1]], &t[q[2]], &t[q[3]], &t[q[4]]
			total += uint64(bits.OnesCount64(a[0]&b[0]&c[0]&d[0]&e[0]) + bits.OnesCount64(a[1]&b[1]&c[1]&d[1]&e[1]))
		}
	default:
		for i := 0; i+nch <= len(idx); i += nch {
			q := idx[i:][:nch]
			acc := t[q[0]]
			for _, e := range q[1:] {
				acc[0] &= t[e][0]
				acc[1] &= t[e][1]
			}
			total += uint64(bits.OnesCount64(acc[0]) + bits.OnesCount64(acc[1]))
		}
	}
	return total
}
