package dlx

import (
	"fmt"
	"math/rand/v2"
)

// ValueOrder is the order in which Algorithm X tries the options of the
// item it branches on (Config.Value). The default, ValueList, is the
// order of the item's list, Knuth's, whose node counts are dlx1's; the
// others only reorder the options tried, so every solution is still found
// once and the counts stay exact.
type ValueOrder int

const (
	// ValueList tries the options in the order of the item's list.
	ValueList ValueOrder = iota
	// ValueMiddle tries them from the middle of the item's list outwards:
	// on the queens matrix (a row's options in column order) the middle
	// squares first, as Kalé's heuristic for n queens does (IPL 34,
	// 1990).
	ValueMiddle
	// ValueRandom tries them in a random order (Config.Seed), a new one
	// at every node.
	ValueRandom
)

var valueNames = [...]string{"list", "middle", "random"}

func (o ValueOrder) String() string {
	if o < 0 || int(o) >= len(valueNames) {
		return fmt.Sprintf("value(%d)", int(o))
	}
	return valueNames[o]
}

// ParseValueOrder reads a value order by name: list, middle or random.
func ParseValueOrder(s string) (ValueOrder, error) {
	for i, n := range valueNames {
		if s == n {
			return ValueOrder(i), nil
		}
	}
	return 0, fmt.Errorf("dlx: unknown value order %q (want list, middle or random)", s)
}

// valueOrder holds, per level, the options of the item branched on in the
// order they are tried, and how far the level has got.
type valueOrder struct {
	order ValueOrder
	rng   *rand.Rand
	lists [][]uint32
	pos   []int
	mid   []uint32 // MiddleOut's scratch, reused
}

func newValueOrder(o ValueOrder, seed int64, levels int) *valueOrder {
	if o == ValueList {
		return nil
	}
	return &valueOrder{order: o, rng: rand.New(rand.NewPCG(uint64(seed), 0x2545f4914f6cdd1d)),
		lists: make([][]uint32, levels), pos: make([]int, levels)}
}

// first returns the first option node of item best to try at level, in
// the order; best itself when it has none.
func (v *valueOrder) first(nd []node, level int, best uint32) uint32 {
	l := v.lists[level][:0]
	for q := nd[best].down; q != best; q = nd[q].down {
		l = append(l, q)
	}
	if v.order == ValueMiddle {
		v.mid = MiddleOut(l, v.mid)
	} else {
		v.rng.Shuffle(len(l), func(i, j int) { l[i], l[j] = l[j], l[i] })
	}
	v.lists[level], v.pos[level] = l, 0
	if len(l) == 0 {
		return best
	}
	return l[0]
}

// next returns the option after the one tried at level, or best when the
// item's options are done.
func (v *valueOrder) next(level int, best uint32) uint32 {
	v.pos[level]++
	if l := v.lists[level]; v.pos[level] < len(l) {
		return l[v.pos[level]]
	}
	return best
}

// MiddleOut reorders l in place into the order of ValueMiddle: the middle
// position first, then alternately the next ones after and before it
// (for an even length, the left middle, the right one, …). scratch is a
// buffer it may grow; it returns it, so that a search reuses one buffer
// a level and allocates nothing a node.
func MiddleOut[T any](l, scratch []T) []T {
	k := len(l)
	scratch = scratch[:0]
	for i := range k {
		j := (k-1)/2 + (i+1)/2*(1-2*(i%2))*-1
		if k%2 == 0 {
			j = k/2 - 1 - i/2 + (i%2)*(2*(i/2)+1)
		}
		scratch = append(scratch, l[j])
	}
	copy(l, scratch)
	return scratch
}
