package dlx

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"math/rand"
	"strconv"
	"unsafe"

	"github.com/qtool-project/qtool/internal/memlimit"
)

// ZDD is a zero-suppressed decision diagram of the solutions of a problem,
// as Knuth's DLX6 builds it after Nishino, Yasuda, Minato and Nagata
// ("Dancing with decision diagrams", AAAI 2017, their DXZ). Node 0 is the
// empty family (⊥), node 1 the family of the empty set (⊤); a node n ≥ 2
// stands for Lo(n) ∪ {{Option(n)} ∪ s : s ∈ Hi(n)}. Root is the family of
// all solutions (each a set of option numbers).
type ZDD struct {
	nodes []zddNode // nodes[0], nodes[1]: the terminals
	Root  int32
	// Memos is the number of partial states cached, Nodes the number of
	// nodes of the search tree, Hits the cache hits (solutions included,
	// as DLX6 counts them).
	Memos, Nodes, Hits uint64
	// Updates and Cleansings are those of the search, as for Run.
	Updates, Cleansings uint64
	count               []*big.Int
}

type zddNode struct{ opt, lo, hi int32 }

// Size returns the number of nodes of the ZDD, terminals excluded (DLX6's
// "ZDD nodes" less its two terminals and its dummy root).
func (z *ZDD) Size() int { return len(z.nodes) - 2 }

// Node returns node n ≥ 2: its option, its lo and hi children.
func (z *ZDD) Node(n int32) (opt int, lo, hi int32) {
	d := z.nodes[n]
	return int(d.opt), d.lo, d.hi
}

// zddNodeBytes is the memory a ZDD node takes with its share of the
// counts; a memo takes its key (4 bytes an item) and about zddMemoBytes
// more in the map.
const (
	zddNodeBytes = 12 + 8
	zddMemoBytes = 64
)

// zddLimit is the memory a ZDD may take (a test may lower it).
var zddLimit = memlimit.Limit

// errZDDBounds is the refusal of a problem with bounds.
var errZDDBounds = errors.New("dlx: the ZDD of a problem with bounds (multiplicities) is not supported: the cache key would need each item's count")

// BuildZDD searches the problem as Algorithm C does (dlx2's moves, the
// item of fewest options), caching each partial state — which items are
// covered, and the colour of each purified secondary item, all that
// decides the rest of the search — with the ZDD of its completions, so
// that a state met again is not searched again (DLX6, after Nishino et
// al.). The ZDD's size is checked against the memory this process may use
// (internal/memlimit) before each node and memo is added: a problem whose
// ZDD cannot fit is refused with an error that says so. It refuses bounds.
func (p *Matrix) BuildZDD(ctx context.Context) (*ZDD, error) {
	if p.HasBounds() {
		return nil, errZDDBounds
	}
	z := &ZDD{nodes: make([]zddNode, 2, 1024)}
	if p.primary == 0 {
		z.Root = 1
		return z, nil
	}
	b := &zbuild{p: p, z: z, l: p.newLinks(nil), ctx: ctx, memo: map[string]int32{},
		state: make([]int32, len(p.names)+1), limit: zddLimit()}
	b.keyBytes = uint64(4 * len(b.state))
	b.prim = p.primaryNodes()
	root, err := b.solve()
	z.Memos, z.Updates, z.Cleansings = uint64(len(b.memo)), b.l.updates, b.l.cleansings
	if err != nil {
		return nil, err
	}
	z.Root = root
	return z, nil
}

// zbuild is the state of BuildZDD.
type zbuild struct {
	p        *Matrix
	z        *ZDD
	l        *links
	ctx      context.Context
	memo     map[string]int32
	state    []int32 // per item (from 1): 0 free; -1 covered; c > 0 purified with colour c
	buf      []int32
	prim     []uint32 // primaryNodes
	bytes    uint64
	keyBytes uint64
	limit    uint64
}

// key is the cache key of the current state, DLX6's signature: each
// item's state, except that a secondary item that no remaining option
// holds counts as covered, free or purified (the same future: no option
// left can take it). A free item's list holds just the remaining options;
// a purified item's list keeps the options of its colour even when a
// later choice hides them (their node there is not unlinked), so each is
// looked at: an option remains when its first primary item is active and
// its node there is linked.
func (b *zbuild) key() string {
	b.buf = append(b.buf[:0], b.state...)
	nd, cl := b.l.nd, b.l.cl
	for i := b.p.primary + 1; i < len(b.buf); i++ {
		switch s := b.buf[i]; {
		case s == 0 && nd[i].itm == 0:
			b.buf[i] = -1
		case s > 0:
			left := false
			for q := nd[i].down; q != uint32(i); q = nd[q].down {
				pn := b.prim[q]
				y := uint32(nd[pn].itm)
				if cl[cl[y].prev].next == y && nd[nd[pn].up].down == pn {
					left = true
					break
				}
			}
			if !left {
				b.buf[i] = -1
			}
		}
	}
	return string(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(b.buf))), 4*len(b.buf)))
}

// primaryNodes returns, for each node of an option, the option's first
// node in a primary item (every option has one).
func (p *Matrix) primaryNodes() []uint32 {
	prim := make([]uint32, len(p.nodes))
	for _, f := range p.first {
		q := f
		for p.nodes[q].itm > int32(p.primary) {
			q++
		}
		for r := f; p.nodes[r].itm > 0; r++ {
			prim[r] = q
		}
	}
	return prim
}

// grow accounts for more bytes, refusing what would not fit.
func (b *zbuild) grow(more uint64) error {
	if b.bytes+more > b.limit {
		return fmt.Errorf("dlx: the ZDD is too large for the memory: %d nodes and %d cached states take about %s; this process may use %s",
			len(b.z.nodes), len(b.memo), memlimit.Bytes(b.bytes+more), memlimit.Bytes(b.limit))
	}
	b.bytes += more
	return nil
}

// solve returns the ZDD of the completions of the current state.
func (b *zbuild) solve() (int32, error) {
	l, nd, cl := b.l, b.l.nd, b.l.cl
	if cl[0].next == 0 {
		b.z.Nodes++
		b.z.Hits++
		return 1, nil
	}
	k := b.key()
	if id, ok := b.memo[k]; ok {
		b.z.Hits++
		return id, nil
	}
	b.z.Nodes++
	if b.z.Nodes&1023 == 0 {
		if err := b.ctx.Err(); err != nil {
			return 0, err
		}
	}
	best, t := uint32(0), int32(1<<31-1)
	for c := cl[0].next; c != 0; c = cl[c].next {
		if nd[c].itm < t {
			best, t = c, nd[c].itm
			if t == 0 {
				break
			}
		}
	}
	chain := int32(0)
	if t > 0 {
		l.cover(best)
		for r := nd[best].down; r != best; r = nd[r].down {
			// Commit the option's other items, noting the state.
			saved := b.commit(r)
			h, err := b.solve()
			b.uncommit(r, saved)
			if err != nil {
				return 0, err
			}
			if h != 0 {
				if err := b.grow(zddNodeBytes); err != nil {
					return 0, err
				}
				b.z.nodes = append(b.z.nodes, zddNode{opt: int32(optionOfC(nd, r)), lo: chain, hi: h})
				chain = int32(len(b.z.nodes) - 1)
			}
		}
		l.uncover(best)
	}
	if err := b.grow(b.keyBytes + zddMemoBytes); err != nil {
		return 0, err
	}
	b.memo[k] = chain
	return chain, nil
}

// commit commits the items of option node r other than its item (already
// covered) and marks every item of the option in the state; it returns
// what it changed, for uncommit.
func (b *zbuild) commit(r uint32) []int32 {
	l, nd := b.l, b.l.nd
	var saved []int32
	mark := func(q uint32, x int32) {
		c := nd[q].color
		if c < 0 {
			return // an item purified earlier with this colour: it stays so
		}
		v := int32(-1)
		if c > 0 {
			v = c
		}
		saved = append(saved, x, b.state[x])
		b.state[x] = v
	}
	mark(r, nd[r].itm)
	for pp := r + 1; pp != r; {
		x := nd[pp].itm
		if x <= 0 {
			pp = nd[pp].up
			continue
		}
		mark(pp, x)
		l.commit(pp, x)
		pp++
	}
	return saved
}

// uncommit undoes commit(r).
func (b *zbuild) uncommit(r uint32, saved []int32) {
	l, nd := b.l, b.l.nd
	for pp := r - 1; pp != r; {
		x := nd[pp].itm
		if x <= 0 {
			pp = nd[pp].down
			continue
		}
		l.uncommit(pp, x)
		pp--
	}
	for i := len(saved) - 2; i >= 0; i -= 2 {
		b.state[saved[i]] = saved[i+1]
	}
}

// Count returns the number of solutions the ZDD holds (an exact big
// integer), counting each node once, bottom up.
func (z *ZDD) Count() *big.Int {
	z.counts()
	return new(big.Int).Set(z.count[z.Root])
}

func (z *ZDD) counts() {
	if z.count != nil {
		return
	}
	z.count = make([]*big.Int, len(z.nodes))
	z.count[0], z.count[1] = big.NewInt(0), big.NewInt(1)
	// Children are created before their parents: one pass in order.
	for n := 2; n < len(z.nodes); n++ {
		d := z.nodes[n]
		z.count[n] = new(big.Int).Add(z.count[d.lo], z.count[d.hi])
	}
}

// Sample returns k solutions drawn uniformly and independently from the
// ZDD's family (with repetition), by a generator seeded with seed: for
// each, a number below the count, then down from the root, lo when the
// number is below lo's count, else hi (taking the node's option) with the
// number less lo's count. None when the family is empty.
func (z *ZDD) Sample(k int, seed int64) [][]int {
	z.counts()
	total := z.count[z.Root]
	if total.Sign() == 0 {
		return nil
	}
	rng := rand.New(rand.NewSource(seed))
	out := make([][]int, 0, k)
	r := new(big.Int)
	for range k {
		r.Rand(rng, total)
		var sol []int
		for n := z.Root; n > 1; {
			d := z.nodes[n]
			if r.Cmp(z.count[d.lo]) < 0 {
				n = d.lo
				continue
			}
			r.Sub(r, z.count[d.lo])
			sol = append(sol, int(d.opt))
			n = d.hi
		}
		out = append(out, sol)
	}
	return out
}

// WriteDLX6 writes the ZDD in the text form DLX6 prints (that of Knuth's
// ZDDREAD programs): one line "ID: (~OPT?LO:HI)" per node in hexadecimal,
// children first, with OPT the option's number from 1 and 0 and 1 the
// terminals, then a dummy root "ID: (~0?0:ROOT)".
func (z *ZDD) WriteDLX6(w io.Writer) error {
	bw := bufio.NewWriter(w)
	for n := 2; n < len(z.nodes); n++ {
		d := z.nodes[n]
		fmt.Fprintf(bw, "%x: (~%d?%x:%x)\n", n, d.opt+1, d.lo, d.hi)
	}
	fmt.Fprintf(bw, "%x: (~0?0:%x)\n", len(z.nodes), z.Root)
	return bw.Flush()
}

// zddJSON is the JSON form of a ZDD: "root", and "nodes", each
// [id, option, lo, hi] with options numbered from 0 in the order of the
// problem file and 0, 1 the terminals ⊥, ⊤.
type zddJSON struct {
	Format string     `json:"format"`
	Root   int32      `json:"root"`
	Count  string     `json:"count"`
	Nodes  [][4]int64 `json:"nodes"`
}

// WriteJSON writes the ZDD as one JSON object: {"format": "qtool-zdd-1",
// "root": R, "count": "N", "nodes": [[id, option, lo, hi], …]}, children
// before parents, options numbered from 0, 0 and 1 the terminals.
func (z *ZDD) WriteJSON(w io.Writer) error {
	j := zddJSON{Format: "qtool-zdd-1", Root: z.Root, Count: z.Count().String(), Nodes: make([][4]int64, 0, z.Size())}
	for n := 2; n < len(z.nodes); n++ {
		d := z.nodes[n]
		j.Nodes = append(j.Nodes, [4]int64{int64(n), int64(d.opt), int64(d.lo), int64(d.hi)})
	}
	enc := json.NewEncoder(w)
	return enc.Encode(j)
}

// countString formats a count for a record.
func countString(c *big.Int) string {
	if c.IsUint64() {
		return strconv.FormatUint(c.Uint64(), 10)
	}
	return c.String()
}

// CountString returns the ZDD's count in decimal.
func (z *ZDD) CountString() string { return countString(z.Count()) }
