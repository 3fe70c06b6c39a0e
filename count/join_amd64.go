//go:build !purego

package count

import "golang.org/x/sys/cpu"

// joinWideOK reports whether this processor runs the join's wide kernel:
// AVX-512 with VPOPCNTQ, AVX2 and BMI2.
var joinWideOK = cpu.X86.HasAVX512F && cpu.X86.HasAVX512VPOPCNTDQ && cpu.X86.HasAVX2 && cpu.X86.HasBMI2

// joinQueries3, 4 and 5 are the wide kernel for 3, 4 and 5 chunks
// (join_amd64.s): the number of pairs of a query of ys and a pattern of
// the table tab that are disjoint, adding the blocks read to a.words.
//
//go:noescape
func joinQueries3(tab *uint64, ys []uint64, a *joinWideArgs) uint64

//go:noescape
func joinQueries4(tab *uint64, ys []uint64, a *joinWideArgs) uint64

//go:noescape
func joinQueries5(tab *uint64, ys []uint64, a *joinWideArgs) uint64

// joinWide selects the wide kernel where it runs; tests turn it off to
// check the scalar code against it.
var joinWide = joinWideOK
