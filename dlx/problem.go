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
// indices into one slice, not pointers.
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

// Problem is a generalized exact-cover problem: named items, the first
// Primary() of them primary and the rest secondary, and options, each a set
// of items. Items are numbered 0..Items()-1, primary first; options are
// numbered 0..Options()-1 in the order they were added. A Problem is ready
// to solve at any time; Solve, Count and Run work on a private copy of the
// links, so that several searches may run on one Problem concurrently as
// long as no option is being added. The representation is that of Knuth's
// dlx1 (TAOCP 7.2.2.1): item headers, then the options separated by spacer
// nodes, in one slice with 32-bit links.
type Problem struct {
	names    []string
	index    map[string]int32 // name → item number (1-based, as in the nodes)
	primary  int
	nodes    []node
	items    []item
	spacer   uint32   // the last spacer node
	first    []uint32 // first node of each option
	warnings []Warning
	mark     []uint32 // mark[i] == gen: item i seen in the option being added
	gen      uint32
}

// ErrNoPrimary is returned (wrapped) by AddOption for an option that holds
// no primary item: Algorithm X could never choose it.
var ErrNoPrimary = errors.New("option has no primary item")

// NewProblem returns a problem with the given primary and secondary items
// and no options yet. Names must be non-empty, distinct, free of white space
// and of the characters '|' and ':' (which dlx1's format reserves for the
// item separator and for colours), so that every problem can be written in
// that format and read back.
func NewProblem(primary, secondary []string) (*Problem, error) {
	n := len(primary) + len(secondary)
	if n > maxNodes/2 {
		return nil, fmt.Errorf("dlx: too many items (%d)", n)
	}
	p := &Problem{
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
func (p *Problem) init() {
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
			return fmt.Errorf("item name %q contains reserved character ':' (colours are not supported)", name)
		case c == '|':
			return fmt.Errorf("item name %q contains reserved character '|'", name)
		}
	}
	return nil
}

// isSpace reports whether c is white space in dlx1's sense (C's isspace).
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// AddOption adds an option made of the named items, in that order. It
// returns an error for an unknown item, an item named twice, or an option
// without a primary item (wrapping ErrNoPrimary); the problem is then
// unchanged. The complexity is O(len(items)).
func (p *Problem) AddOption(items ...string) error {
	idx := make([]int, len(items))
	for j, name := range items {
		i, ok := p.index[name]
		if !ok {
			return fmt.Errorf("dlx: unknown item %q", name)
		}
		idx[j] = int(i - 1)
	}
	return p.AddOptionIndex(idx...)
}

// AddOptionIndex adds an option made of the items with the given numbers
// (0..Items()-1, primary items first), in that order. Errors are as for
// AddOption. The complexity is O(len(items)).
func (p *Problem) AddOptionIndex(items ...int) error {
	n := len(p.names)
	if len(p.mark) < n+1 {
		p.mark = make([]uint32, n+1)
	}
	if p.gen++; p.gen == 0 {
		clear(p.mark)
		p.gen = 1
	}
	hasPrimary := false
	for _, i := range items {
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
	}
	if !hasPrimary {
		return fmt.Errorf("dlx: %w", ErrNoPrimary)
	}
	if len(p.nodes)+len(items)+1 > maxNodes {
		return fmt.Errorf("dlx: problem too large (more than %d nodes)", maxNodes)
	}
	p.addOption(items)
	return nil
}

// addOption appends the nodes of a checked option and the spacer after it.
func (p *Problem) addOption(items []int) {
	firstNode := uint32(len(p.nodes))
	for _, i := range items {
		x := uint32(i + 1)
		q := uint32(len(p.nodes))
		last := p.nodes[x].up
		p.nodes = append(p.nodes, node{up: last, down: x, itm: int32(x)})
		p.nodes[last].down = q
		p.nodes[x].up = q
		p.nodes[x].itm++
	}
	lastNode := uint32(len(p.nodes)) - 1
	p.nodes[p.spacer].down = lastNode
	p.first = append(p.first, firstNode)
	p.spacer = uint32(len(p.nodes))
	p.nodes = append(p.nodes, node{up: firstNode, itm: -int32(len(p.first))})
}

// Items returns the number of items.
func (p *Problem) Items() int { return len(p.names) }

// Primary returns the number of primary items; items 0..Primary()-1 are
// primary and the rest secondary.
func (p *Problem) Primary() int { return p.primary }

// Item returns the name of item i.
func (p *Problem) Item(i int) string { return p.names[i] }

// Options returns the number of options.
func (p *Problem) Options() int { return len(p.first) }

// Option returns the items of option o, in the order they were given.
func (p *Problem) Option(o int) []int {
	var items []int
	for q := p.first[o]; p.nodes[q].itm > 0; q++ {
		items = append(items, int(p.nodes[q].itm-1))
	}
	return items
}

// OptionString returns option o as a line of dlx1's format: the names of its
// items separated by blanks.
func (p *Problem) OptionString(o int) string {
	var b strings.Builder
	for q := p.first[o]; p.nodes[q].itm > 0; q++ {
		if q != p.first[o] {
			b.WriteByte(' ')
		}
		b.WriteString(p.names[p.nodes[q].itm-1])
	}
	return b.String()
}

// Len returns the number of options that contain item i.
func (p *Problem) Len(i int) int { return int(p.nodes[i+1].itm) }

// Warnings returns the warnings recorded while the problem was parsed: the
// options that were ignored because they hold no primary item, as dlx1
// ignores them.
func (p *Problem) Warnings() []Warning { return p.warnings }
