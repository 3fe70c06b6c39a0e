//go:build !amd64 || purego

package count

// joinWideOK is false: the join's wide kernel is written for amd64 only,
// and the scalar path counts everywhere else.
const joinWideOK = false

// joinWide is false here (see join_amd64.go).
var joinWide = false

// joinWideEntryCost and joinWidePanelBytes are unused here (see
// join_wide.go).
const joinWideEntryCost = 0

var joinWidePanelBytes = 0

// disjointWide is never called where joinWide is false.
func (c *joinCounter) disjointWide(xs, ys []uint64, start *[1<<joinKeyBits + 1]int, nch int, width [joinMaxChunks]uint, ks uint, keyMask uint64) uint64 {
	panic("count: the wide join kernel is not built for this platform")
}

// joinBlockOK is false: the join's AVX2 kernels are written for amd64
// only (see join_block_amd64.go).
const joinBlockOK = false

// joinBlockAVX2 is false here.
var joinBlockAVX2 = false

// joinBlock3, 4 and 5 are never called where joinBlockAVX2 is false.
func joinBlock3(t *joinBlock, idx []uint16) uint64 { panic(errNoBlockKernel) }
func joinBlock4(t *joinBlock, idx []uint16) uint64 { panic(errNoBlockKernel) }
func joinBlock5(t *joinBlock, idx []uint16) uint64 { panic(errNoBlockKernel) }

// errNoBlockKernel is the panic of the stubs above and below.
const errNoBlockKernel = "count: the join's AVX2 kernels are not built for this platform"

// queryMajorAVX2 is never called where joinBlockAVX2 is false.
func (c *joinCounter) queryMajorAVX2(tab []joinBlock, ys []uint64, start *[1<<joinKeyBits + 1]int, E, nch int, ks uint, keyMask uint64, base [joinMaxChunks + 1]int, shift [joinMaxChunks]uint, mask [joinMaxChunks]uint64) uint64 {
	panic(errNoBlockKernel)
}
