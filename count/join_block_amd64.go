//go:build !purego

package count

import "golang.org/x/sys/cpu"

// joinBlockOK reports whether this processor runs the join's AVX2
// kernels for the scalar path (join_block_amd64.s): AVX2 for the ANDs and
// the nibble-table popcounts, BMI2 (SHRX) for the query-major kernel's
// entry offsets.
var joinBlockOK = cpu.X86.HasAVX2 && cpu.X86.HasBMI2

// joinBlockAVX2 selects the AVX2 kernels where they run (for
// blockQueries and queryMajor; disjoint prefers the wide kernel where
// joinWide); tests and benchmarks turn it off to check the pure-Go loops
// against them.
var joinBlockAVX2 = joinBlockOK

// joinBlock3, 4 and 5 are the block kernel for 3, 4 and 5 chunks: the sum
// over the queries of idx (nch entry indices each) of the patterns of the
// block t disjoint from the query, as blockQueries.
//
//go:noescape
func joinBlock3(t *joinBlock, idx []uint16) uint64

//go:noescape
func joinBlock4(t *joinBlock, idx []uint16) uint64

//go:noescape
func joinBlock5(t *joinBlock, idx []uint16) uint64

// joinMajor3, 4 and 5 are the query-major kernel for 3, 4 and 5 chunks:
// queryMajor's sum for the queries ys on the table tab, adding the blocks
// read to a.words.
//
//go:noescape
func joinMajor3(tab *joinBlock, ys []uint64, a *joinWideArgs) uint64

//go:noescape
func joinMajor4(tab *joinBlock, ys []uint64, a *joinWideArgs) uint64

//go:noescape
func joinMajor5(tab *joinBlock, ys []uint64, a *joinWideArgs) uint64

// queryMajorAVX2 is queryMajor (3 to 5 chunks) by the query-major kernel,
// with queryMajor's node accounting.
func (c *joinCounter) queryMajorAVX2(tab []joinBlock, ys []uint64, start *[1<<joinKeyBits + 1]int, E, nch int, ks uint, keyMask uint64, base [joinMaxChunks + 1]int, shift [joinMaxChunks]uint, mask [joinMaxChunks]uint64) uint64 {
	a := joinWideArgs{start: &start[0], ks: uint64(ks), keyMask: keyMask, blockBytes: uint64(E * 16)}
	for k := range nch {
		a.base[k] = uint64(base[k] * 16)
		a.shift[k] = uint64(shift[k])
		a.mask[k] = mask[k]
	}
	var total uint64
	switch nch {
	case 3:
		total = joinMajor3(&tab[0], ys, &a)
	case 4:
		total = joinMajor4(&tab[0], ys, &a)
	case 5:
		total = joinMajor5(&tab[0], ys, &a)
	default:
		panic("count: the query-major kernel takes 3 to 5 chunks")
	}
	c.work += 2 * a.words * uint64(nch)
	return total
}
