package dlx

import (
	"errors"
	"fmt"
	"math"
	"strings"
)

// node is one entry of the dancing-links matrix, as in dlx1. Nodes 1..N are
// the item headers (itm holds the number of options still in the item's
// list, Knuth's LEN); then come the options, each preceded and followed by a
// spacer node. A spacer has itm ≤ 0 (minus the number of the option that it
// follows), up pointing to the first node of the option before it and down
// to the last node of the option after it, so that hide and unhide can walk
// an option circularly without a separate row structure. Links are 32-bit
// indices into one slice, not pointers. Colours live in a slice of their
// own (Matrix.colors), so that a problem without colours pays nothing for
// them.
type node struct {
	up, down uint32 // ULINK, DLINK
	itm      int32  // TOP: the item of an option node; LEN in a header; ≤ 0 in a spacer
}

// item is one entry of the horizontal lists of active items: entry 0 heads
// the list of the primary items still to cover, entry N+1 that of the
// secondary items.
type item struct {
	prev, next uint32 // LLINK, RLINK
}

// maxNodes bounds the size of a problem so that every link fits in 32 bits.
const maxNodes = math.MaxInt32 - 1

// MaxBound is the largest upper bound of a primary item (Knuth's dlx3 reads
// bounds into a C int; this one leaves room for the arithmetic of
// Algorithm M).
const MaxBound = 1 << 30

// NodeBytes is the memory one node of the matrix takes (three 32-bit
// fields; a colour adds four bytes in problems that have colours).
const NodeBytes = 12

// Matrix is a generalized exact-cover problem: named items, the first
// Primary() of them primary and the rest secondary, and options, each a set
// of items in which a secondary item may carry a colour. Items are numbered
// 0..Items()-1, primary first; options are numbered 0..Options()-1 in the
// order they were added. A primary item i must be covered by at least lo
// and at most hi of the chosen options (SetBounds; 1 and 1 unless set), a
// secondary item at most once — or by any number of options that agree on
// its colour (TAOCP 7.2.2.1, Algorithm C; Knuth's dlx2 and dlx3).
//
// A Matrix is ready to solve at any time; Solve, Count and Run work on a
// private copy of the links, so that several searches may run on one
// Matrix concurrently as long as it is not being changed. The
// representation is that of Knuth's dlx1: item headers, then the options
// separated by spacer nodes, in one slice with 32-bit links.
type Matrix struct {
	names    []string
	index    map[string]int32 // name → item number (1-based, as in the nodes)
	primary  int
	nodes    []node
	items    []item
	spacer   uint32   // the last spacer node
	first    []uint32 // first node of each option
	warnings []Warning
	ignored  int      // options ignored while parsing, because they hold no primary item
	mark     []uint32 // mark[i] == gen: item i seen in the option being added
	gen      uint32

	// colors[q] is the colour of node q (0: none), parallel to nodes; nil
	// while no option has a colour.
	colors     []int32
	colorNames []string         // colour c ≥ 1 is colorNames[c-1]
	colorIndex map[string]int32 // name → colour
	// lo[i], hi[i] bound how many chosen options may hold primary item i;
	// nil while every bound is 1..1. nbounds counts the items whose bounds
	// are not 1..1.
	lo, hi  []int32
	nbounds int
	// boundsWritten records that the file read wrote bounds on some
	// primary item, "1|x" or "1:1|x" included: it is a problem for dlx3,
	// and Auto picks M for it even when every bound is 1..1, so that its
	// nodes, updates and cleansings are dlx3's.
	boundsWritten bool
	// costs[o] is the cost of option o (DLX5's "|n"); nil while all are 0.
	costs []uint64
}

// ErrNoPrimary is returned (wrapped) by AddOption for an option that holds
// no primary item: Algorithm X could never choose it.
var ErrNoPrimary = errors.New("option has no primary item")

// NewMatrix returns a problem with the given primary and secondary items
// and no options yet. Names must be non-empty, distinct, free of white space
// and of the characters '|' and ':' (which Knuth's format reserves for the
// item separator, bounds and colours), so that every problem can be written
// in that format and read back.
func NewMatrix(primary, secondary []string) (*Matrix, error) {
	n := len(primary) + len(secondary)
	if n > maxNodes/2 {
		return nil, fmt.Errorf("dlx: too many items (%d)", n)
	}
	p := &Matrix{
		names:   make([]string, 0, n),
		index:   make(map[string]int32, n),
		primary: len(primary),
		nodes:   make([]node, n+2),
		items:   make([]item, n+2),
	}
	for _, list := range [2][]string{primary, secondary} {
		for _, name := range list {
			if err := checkName(name); err != nil {
				return nil, fmt.Errorf("dlx: %s", err)
			}
			if _, dup := p.index[name]; dup {
				return nil, fmt.Errorf("dlx: item %q declared twice", name)
			}
			p.names = append(p.names, name)
			p.index[name] = int32(len(p.names))
		}
	}
	p.init()
	return p, nil
}

// init links the headers and the first spacer of a problem whose names are
// set.
func (p *Matrix) init() {
	n := uint32(len(p.names))
	np := uint32(p.primary)
	// The primary items form a circular list headed by 0, the secondary
	// items one headed by n+1.
	link := func(head, lo, hi uint32) {
		prev := head
		for i := lo; i <= hi; i++ {
			p.items[prev].next = i
			p.items[i].prev = prev
			prev = i
		}
		p.items[prev].next = head
		p.items[head].prev = prev
	}
	link(0, 1, np)
	link(n+1, np+1, n)
	for i := uint32(1); i <= n; i++ {
		p.nodes[i] = node{up: i, down: i}
	}
	p.spacer = n + 1
	p.nodes[n+1] = node{}
}

// Grow makes room for about options more options holding nodes more item
// entries in all, so that a problem of known size is built without
// reallocating (and without the transient doubling of append).
func (p *Matrix) Grow(options, nodes int) {
	if options < 0 || nodes < 0 {
		return
	}
	p.nodes = growTo(p.nodes, len(p.nodes)+nodes+options)
	p.first = growTo(p.first, len(p.first)+options)
	if p.colors != nil {
		p.colors = growTo(p.colors, len(p.colors)+nodes+options)
	}
}

func growTo[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s
	}
	t := make([]T, len(s), n)
	copy(t, s)
	return t
}

// checkName says what is wrong with an item name, if anything.
func checkName(name string) error {
	if name == "" {
		return errors.New("empty item name")
	}
	for i := 0; i < len(name); i++ {
		switch c := name[i]; {
		case isSpace(c):
			return fmt.Errorf("item name %q contains white space", name)
		case c == ':':
			return fmt.Errorf("item name %q contains reserved character ':'", name)
		case c == '|':
			return fmt.Errorf("item name %q contains reserved character '|'", name)
		}
	}
	return nil
}

// checkColor says what is wrong with a colour name, if anything. A colour
// of one character may be any character but white space, ':' and '|'
// included, as dlx2 reads it ("x::" and "x:|" give item x the colour ':'
// or '|'); a longer name, qtool's extension, may not hold ':' or '|'.
func checkColor(name string) error {
	if name == "" {
		return errors.New("empty colour")
	}
	for i := 0; i < len(name); i++ {
		switch c := name[i]; {
		case isSpace(c):
			return fmt.Errorf("colour %q contains white space", name)
		case (c == ':' || c == '|') && len(name) > 1:
			return fmt.Errorf("colour %q contains reserved character '%c'", name, c)
		}
	}
	return nil
}

// isSpace reports whether c is white space in dlx1's sense (C's isspace).
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// SetBounds requires primary item i to be covered by at least lo and at
// most hi of the chosen options (Knuth's dlx3, Algorithm M of TAOCP
// 7.2.2.1: the item line's "lo:hi|name"). It needs 0 ≤ lo ≤ hi, 1 ≤ hi ≤
// MaxBound, and i primary. Bounds 1..1 are the default.
func (p *Matrix) SetBounds(i, lo, hi int) error {
	switch {
	case i < 0 || i >= len(p.names):
		return fmt.Errorf("dlx: item number %d out of range 0..%d", i, len(p.names)-1)
	case i >= p.primary:
		return fmt.Errorf("dlx: item %q is secondary: only primary items have bounds", p.names[i])
	case hi < 1:
		return fmt.Errorf("dlx: item %q: upper bound %d is not positive", p.names[i], hi)
	case hi > MaxBound:
		return fmt.Errorf("dlx: item %q: upper bound %d is larger than %d", p.names[i], hi, MaxBound)
	case lo < 0:
		return fmt.Errorf("dlx: item %q: lower bound %d is negative", p.names[i], lo)
	case lo > hi:
		return fmt.Errorf("dlx: item %q: lower bound %d exceeds upper bound %d", p.names[i], lo, hi)
	}
	if p.lo == nil {
		if lo == 1 && hi == 1 {
			return nil
		}
		p.lo = make([]int32, p.primary)
		p.hi = make([]int32, p.primary)
		for k := range p.lo {
			p.lo[k], p.hi[k] = 1, 1
		}
	}
	was := p.lo[i] != 1 || p.hi[i] != 1
	p.lo[i], p.hi[i] = int32(lo), int32(hi)
	now := lo != 1 || hi != 1
	switch {
	case now && !was:
		p.nbounds++
	case was && !now:
		p.nbounds--
	}
	return nil
}

// Bounds returns the bounds of item i: how many chosen options must hold it
// at least and at most (0 and 1 for a secondary item without colours).
func (p *Matrix) Bounds(i int) (lo, hi int) {
	if i >= p.primary {
		return 0, 1
	}
	if p.lo == nil {
		return 1, 1
	}
	return int(p.lo[i]), int(p.hi[i])
}

// HasBounds reports whether some primary item has bounds other than 1..1,
// so that the problem needs Algorithm M.
func (p *Matrix) HasBounds() bool { return p.nbounds > 0 }

// HasColors reports whether some option gives a colour to a secondary item,
// so that the problem needs Algorithm C (or M).
func (p *Matrix) HasColors() bool { return p.colors != nil }

// Color returns the number (≥ 1) of the colour with the given name, adding
// it if it is new. Colour names are non-empty and free of white space;
// Knuth's dlx2 uses single characters (any but white space), longer names
// are accepted too, without ':' and '|'.
func (p *Matrix) Color(name string) (int, error) {
	if c, ok := p.colorIndex[name]; ok {
		return int(c), nil
	}
	if err := checkColor(name); err != nil {
		return 0, fmt.Errorf("dlx: %s", err)
	}
	if p.colorIndex == nil {
		p.colorIndex = make(map[string]int32)
	}
	p.colorNames = append(p.colorNames, name)
	c := int32(len(p.colorNames))
	p.colorIndex[name] = c
	return int(c), nil
}

// ColorName returns the name of colour c ≥ 1.
func (p *Matrix) ColorName(c int) string { return p.colorNames[c-1] }

// Colors returns the number of distinct colours.
func (p *Matrix) Colors() int { return len(p.colorNames) }

// AddOption adds an option made of the named items, in that order; a
// secondary item may carry a colour as "name:colour", as in Knuth's
// format. It returns an error for an unknown item, an item named twice, a
// colour on a primary item, or an option without a primary item (wrapping
// ErrNoPrimary); the problem is then unchanged. The complexity is
// O(len(items)).
func (p *Matrix) AddOption(items ...string) error {
	idx := make([]int, len(items))
	var colors []int
	for j, name := range items {
		if k := strings.IndexByte(name, ':'); k >= 0 {
			c, err := p.Color(name[k+1:])
			if err != nil {
				return err
			}
			if colors == nil {
				colors = make([]int, len(items))
			}
			colors[j] = c
			name = name[:k]
		}
		i, ok := p.index[name]
		if !ok {
			return fmt.Errorf("dlx: unknown item %q", name)
		}
		idx[j] = int(i - 1)
	}
	return p.AddColoredOption(idx, colors)
}

// AddOptionIndex adds an option made of the items with the given numbers
// (0..Items()-1, primary items first), in that order. Errors are as for
// AddOption. The complexity is O(len(items)).
func (p *Matrix) AddOptionIndex(items ...int) error {
	return p.AddColoredOption(items, nil)
}

// AddColoredOption adds an option made of the items with the given numbers,
// item items[j] with colour colors[j] (0: no colour; a number from Color,
// allowed on secondary items only). colors may be nil: no colours. Errors
// are as for AddOption. The complexity is O(len(items)).
func (p *Matrix) AddColoredOption(items []int, colors []int) error {
	n := len(p.names)
	if colors != nil && len(colors) != len(items) {
		return fmt.Errorf("dlx: %d colours for %d items", len(colors), len(items))
	}
	if len(p.mark) < n+1 {
		p.mark = make([]uint32, n+1)
	}
	if p.gen++; p.gen == 0 {
		clear(p.mark)
		p.gen = 1
	}
	hasPrimary, colored := false, false
	for j, i := range items {
		if i < 0 || i >= n {
			return fmt.Errorf("dlx: item number %d out of range 0..%d", i, n-1)
		}
		if i < p.primary {
			hasPrimary = true
		}
		if p.mark[i] == p.gen {
			return fmt.Errorf("dlx: item %q twice in one option", p.names[i])
		}
		p.mark[i] = p.gen
		if colors != nil && colors[j] != 0 {
			switch c := colors[j]; {
			case i < p.primary:
				return fmt.Errorf("dlx: primary item %q cannot have a colour", p.names[i])
			case c < 0 || c > len(p.colorNames):
				return fmt.Errorf("dlx: colour number %d out of range 1..%d", c, len(p.colorNames))
			}
			colored = true
		}
	}
	if !hasPrimary {
		return fmt.Errorf("dlx: %w", ErrNoPrimary)
	}
	if len(p.nodes)+len(items)+1 > maxNodes {
		return fmt.Errorf("dlx: problem too large (more than %d nodes)", maxNodes)
	}
	if colored && p.colors == nil {
		p.colors = make([]int32, len(p.nodes), cap(p.nodes))
	}
	p.addOption(items, colors)
	if p.costs != nil {
		p.costs = append(p.costs, 0)
	}
	return nil
}

// addOption appends the nodes of a checked option and the spacer after it.
func (p *Matrix) addOption(items []int, colors []int) {
	firstNode := uint32(len(p.nodes))
	for j, i := range items {
		x := uint32(i + 1)
		q := uint32(len(p.nodes))
		last := p.nodes[x].up
		p.nodes = append(p.nodes, node{up: last, down: x, itm: int32(x)})
		p.nodes[last].down = q
		p.nodes[x].up = q
		p.nodes[x].itm++
		if p.colors != nil {
			c := int32(0)
			if colors != nil {
				c = int32(colors[j])
			}
			p.colors = append(p.colors, c)
		}
	}
	lastNode := uint32(len(p.nodes)) - 1
	p.nodes[p.spacer].down = lastNode
	p.first = append(p.first, firstNode)
	p.spacer = uint32(len(p.nodes))
	p.nodes = append(p.nodes, node{up: firstNode, itm: -int32(len(p.first))})
	if p.colors != nil {
		p.colors = append(p.colors, 0)
	}
}

// Items returns the number of items.
func (p *Matrix) Items() int { return len(p.names) }

// Primary returns the number of primary items; items 0..Primary()-1 are
// primary and the rest secondary.
func (p *Matrix) Primary() int { return p.primary }

// Item returns the name of item i.
func (p *Matrix) Item(i int) string { return p.names[i] }

// Options returns the number of options.
func (p *Matrix) Options() int { return len(p.first) }

// Nodes returns the number of nodes of the matrix: the headers, one node
// per item of each option, and the spacers.
func (p *Matrix) Nodes() int { return len(p.nodes) }

// Option returns the items of option o, in the order they were given.
func (p *Matrix) Option(o int) []int {
	var items []int
	for q := p.first[o]; p.nodes[q].itm > 0; q++ {
		items = append(items, int(p.nodes[q].itm-1))
	}
	return items
}

// OptionColors returns the colours of the items of option o (0: none), in
// the order of Option(o).
func (p *Matrix) OptionColors(o int) []int {
	var colors []int
	for q := p.first[o]; p.nodes[q].itm > 0; q++ {
		c := 0
		if p.colors != nil {
			c = int(p.colors[q])
		}
		colors = append(colors, c)
	}
	return colors
}

// OptionString returns option o as a line of Knuth's format: the names of
// its items separated by blanks, "name:colour" for a coloured item.
func (p *Matrix) OptionString(o int) string {
	var b strings.Builder
	for q := p.first[o]; p.nodes[q].itm > 0; q++ {
		if q != p.first[o] {
			b.WriteByte(' ')
		}
		b.WriteString(p.names[p.nodes[q].itm-1])
		if p.colors != nil && p.colors[q] != 0 {
			b.WriteByte(':')
			b.WriteString(p.colorNames[p.colors[q]-1])
		}
	}
	return b.String()
}

// Len returns the number of options that contain item i.
func (p *Matrix) Len(i int) int { return int(p.nodes[i+1].itm) }

// Warnings returns the warnings recorded while the problem was parsed: the
// options that were ignored because they hold no primary item, as dlx1
// ignores them (the first 100 of them; Ignored counts them all).
func (p *Matrix) Warnings() []Warning { return p.warnings }

// Ignored returns the number of options that Parse ignored because they
// hold no primary item.
func (p *Matrix) Ignored() int { return p.ignored }

// MemoryEstimate returns the bytes that a problem with the given numbers of
// items, options and option entries (the sum of the options' lengths) takes
// once built, and the bytes each search of it takes on top (its private
// copy of the links): 12 bytes a node (16 with colours) for the headers,
// the entries and the spacers, 4 bytes an option, and the items' names and
// lists. Run with Workers = K takes K search copies.
func MemoryEstimate(items, options, entries int, colors bool) (problem, perSearch uint64) {
	nb := uint64(NodeBytes)
	if colors {
		nb += 4
	}
	nodes := uint64(items) + 2 + uint64(entries) + uint64(options)
	perSearch = nodes*nb + 8*(uint64(items)+2)
	problem = perSearch + 4*uint64(options) + 64*uint64(items)
	return problem, perSearch
}
