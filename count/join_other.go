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
