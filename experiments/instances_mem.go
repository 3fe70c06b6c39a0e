package experiments

import (
	"math"
	"math/bits"
	"unsafe"

	"github.com/qtool-project/qtool/internal/memlimit"
)

// The memory of a generated instance set (--preset completion, diagonals,
// sat and peers, --instances M), estimated before any instance is made so
// that a set that cannot fit is refused with the estimate instead of
// growing until the process dies. The products saturate: an --instances
// near 2⁶³ must not wrap an estimate around to a few bytes that pass.

// caseBytes estimates one Case of order n: the struct, its name and the
// board's queens (8 bytes a row).
func caseBytes(n int) uint64 {
	return uint64(unsafe.Sizeof(Case{})) + 64 + 8*uint64(max(n, 0))
}

// mulBytes is a·b, or math.MaxUint64 when it does not fit.
func mulBytes(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	if hi != 0 {
		return math.MaxUint64
	}
	return lo
}

// addBytes is a+b, or math.MaxUint64 when it does not fit.
func addBytes(a, b uint64) uint64 {
	s, carry := bits.Add64(a, b, 0)
	if carry != 0 {
		return math.MaxUint64
	}
	return s
}

// casesBytes estimates count cases of order n each, count a number of
// instances (negative counts as 0) times the number of cases per instance.
func casesBytes(count int, per uint64, n int) uint64 {
	return mulBytes(mulBytes(uint64(max(count, 0)), per), caseBytes(n))
}

// checkInstanceSet refuses a set of instances whose estimate, need bytes,
// is more than the memory this process may use.
func checkInstanceSet(what string, need uint64) error {
	return memlimit.Check("experiments: "+what+": the instance set", need)
}
