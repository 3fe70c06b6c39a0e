//go:build amd64 && !purego

package count

import "unsafe"

// joinWideArgs are the arguments of the wide kernel and of the AVX2
// query-major kernel (join_block_amd64.s); the assembly reads them
// by offset, so the fields are all 8 bytes, in this order.
type joinWideArgs struct {
	start      *int
	ks         uint64
	keyMask    uint64
	blockBytes uint64
	words      uint64
	base       [5]uint64
	shift      [5]uint64
	mask       [5]uint64
	lo, hi     uint64 // the panel: blocks lo..hi−1
}

// joinWideBlock is the number of patterns of a block of the wide layout:
// an entry is eight words, one AVX-512 register.
const joinWideBlock = 512

// joinWideEntryCost is the cost of building one entry of the wide
// layout's table (eight words, by scalar code) in the unit of one chunk of
// a query on a block (one AVX-512 AND), for joinChunkingCost; 8 measured
// best of 4, 8 and 16 at n = 16.
const joinWideEntryCost = 8

// joinWidePanelBytes is the most of a wide table the queries go over at a
// time (a variable for the tests).
var joinWidePanelBytes = 512 << 10

// wideTable is a wide table's storage, 64-byte aligned.
func (c *joinCounter) wideTable(words int) []uint64 {
	if cap(c.wide) < words+8 {
		c.wide = make([]uint64, words+8)
	}
	off := int(uintptr(unsafe.Pointer(&c.wide[0]))%64) / 8
	if off != 0 {
		off = 8 - off
	}
	return c.wide[off : off+words]
}

// disjointWide is disjoint's table and queries on the wide layout, run by
// the AVX-512 kernel: xs sorted by key (start: the first pattern of each
// key), nch chunks of the widths given. Like disjoint, a hot loop kept in
// one piece on purpose.
func (c *joinCounter) disjointWide(xs, ys []uint64, start *[1<<joinKeyBits + 1]int, nch int, width [joinMaxChunks]uint, ks uint, keyMask uint64) uint64 {
	const bw = joinWideBlock / 64
	W := (len(xs) + joinWideBlock - 1) / joinWideBlock
	var base [joinMaxChunks + 1]int
	var shift [joinMaxChunks]uint
	for k := range nch {
		base[k+1] = base[k] + 1<<width[k]
		if k > 0 {
			shift[k] = shift[k-1] + width[k-1]
		}
	}
	E := base[nch]
	tab := c.wideTable(W * E * bw)
	// Entry 0 and the single-bit entries: all patterns, then each pattern
	// is cleared from the entries of its bits.
	for w := range W {
		t := tab[w*E*bw : (w+1)*E*bw]
		var m [bw]uint64
		r := len(xs) - joinWideBlock*w // patterns in this block
		for j := range m {
			m[j] = lowBits(min(max(r-64*j, 0), 64))
		}
		for k := range nch {
			*(*[bw]uint64)(t[base[k]*bw:]) = m
			for j := range width[k] {
				*(*[bw]uint64)(t[(base[k]+1<<j)*bw:]) = m
			}
		}
	}
	var pos [64]int // first word of the entry of each pattern bit
	for k := range nch {
		for j := range width[k] {
			pos[shift[k]+j] = (base[k] + 1<<j) * bw
		}
	}
	nb := int(shift[nch-1] + width[nch-1]) // the pattern bits
	var rows [64]uint64
	for h := 0; 64*h < len(xs); h++ {
		patternRows(&rows, xs, h)
		t := tab[h/bw*E*bw:][:E*bw]
		for b := range nb {
			t[pos[b]+h%bw] &^= rows[b]
		}
	}
	for w := range W {
		t := tab[w*E*bw : (w+1)*E*bw]
		for k := range nch {
			// Entries 2^j+1 .. 2^(j+1)−1 are entries 1 .. 2^j−1 AND
			// entry 2^j.
			tk := t[base[k]*bw : base[k+1]*bw]
			for hi := 2; hi < 1<<width[k]; hi *= 2 {
				b := *(*[bw]uint64)(tk[hi*bw:])
				for i := 1; i < hi; i++ {
					s := (*[bw]uint64)(tk[i*bw:])
					d := (*[bw]uint64)(tk[(hi+i)*bw:])
					for j := range bw {
						d[j] = s[j] & b[j]
					}
				}
			}
		}
	}
	a := joinWideArgs{start: &start[0], ks: uint64(ks), keyMask: keyMask, blockBytes: uint64(E * bw * 8)}
	for k := range nch {
		a.base[k] = uint64(base[k] * bw * 8)
		a.shift[k] = uint64(shift[k])
		a.mask[k] = uint64(1)<<width[k] - 1
	}
	// The queries go over the table a panel of blocks at a time, one
	// that stays in the L2 cache.
	panel := max(1, joinWidePanelBytes/int(a.blockBytes))
	var total uint64
	for lo := 0; lo < W; lo += panel {
		a.lo, a.hi = uint64(lo), uint64(min(lo+panel, W))
		t := &tab[lo*E*bw]
		switch nch {
		case 3:
			total += joinQueries3(t, ys, &a)
		case 4:
			total += joinQueries4(t, ys, &a)
		case 5:
			total += joinQueries5(t, ys, &a)
		default:
			panic("count: the wide join kernel takes 3 to 5 chunks")
		}
	}
	// In the unit of disjoint: words of blocks of 128 patterns.
	c.work += 2 * a.words * uint64(nch) * (joinWideBlock / 128)
	return total
}
