package classroom

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/qtool-project/qtool/classroom/i18n"
	"github.com/qtool-project/qtool/encode"
)

// TreeNode is one node of a search tree: a partial placement. For
// backtracking the nodes are the k-promising vectors, the placements of
// queens in the first k free rows that no two attack (Wirth's and
// Knuth's view of backtracking as a walk of that tree, TAOCP 7.2.2); the
// root is the board as given, and a child adds one queen. For Algorithm X
// a node is a call of the search: the root covers nothing, a child adds
// the option (a queen) tried for the item chosen at its parent.
type TreeNode struct {
	// Parent is the index of the parent node, -1 for the root.
	Parent int `json:"parent"`
	Depth  int `json:"depth"`
	// Square is the queen the node adds (the root: none, {-1,-1}).
	Square Square `json:"square"`
	// Item is, for Algorithm X, the item chosen at the node ("" when
	// none was: a solution).
	Item string `json:"item,omitempty"`
	// Kind: "node" (searched on), "pruned" (backtracking: a square tested
	// and found attacked, a child the search never makes; not counted in
	// the search's nodes), "dead-end" (a node whose row or item has no
	// free square left), "solution".
	Kind string `json:"kind"`
	// At is the event (Frame.At) that made the node.
	At uint64 `json:"at"`
}

// Tree is the search tree of a run up to one of its events.
type Tree struct {
	Method string     `json:"method"`
	N      int        `json:"n"`
	Base   []int      `json:"base"` // the queens given
	Nodes  []TreeNode `json:"nodes"`
	// Current is the node the search stands at.
	Current int `json:"current"`
	// Searched is the number of nodes that are not pruned: the search's
	// "nodes" counter at that event (one more for bitmask, whose counter
	// leaves out the root, the board before its first queen).
	Searched uint64 `json:"searched"`
	// Complete is true when the run ended before the event asked for.
	Complete bool `json:"complete"`
	// Lang is the language of the tree's words (nil: English).
	Lang *i18n.Catalogue `json:"-"`
}

func (t Tree) cat() *i18n.Catalogue {
	if t.Lang == nil {
		return i18n.English()
	}
	return t.Lang
}

// MaxTreeEvents bounds the events BuildTree replays: a tree of more
// events than this is too large to draw or to hold for a page.
const MaxTreeEvents = 4_000_000

// treeRec records the tree while a run goes.
type treeRec struct {
	tree Tree
	cur  int
	path []int // Algorithm X: the node at each depth on the current path
}

func (tr *treeRec) add(parent int, sq Square, kind string, at uint64) int {
	d := 0
	if parent >= 0 {
		d = tr.tree.Nodes[parent].Depth + 1
	}
	tr.tree.Nodes = append(tr.tree.Nodes, TreeNode{Parent: parent, Depth: d, Square: sq, Kind: kind, At: at})
	if kind != "pruned" {
		tr.tree.Searched++
	}
	return len(tr.tree.Nodes) - 1
}

// record is called by fire for every event of the run.
func (tr *treeRec) record(t *tracer, kind string) {
	nodes := tr.tree.Nodes
	switch tr.tree.Method {
	case "backtrack", "bitmask": // bitmask has no test events
		switch kind {
		case "test":
			if !t.free {
				tr.add(tr.cur, Square{t.r, t.c}, "pruned", t.all)
			}
		case "place":
			tr.cur = tr.add(tr.cur, Square{t.r, t.c}, "node", t.all)
		case "remove":
			tr.cur = nodes[tr.cur].Parent
		case "dead-end":
			nodes[tr.cur].Kind = "dead-end"
		case "solution":
			nodes[tr.cur].Kind = "solution"
		}
	case "dlx":
		switch kind {
		case "choose":
			nodes[tr.cur].Item = t.item
			if t.len == 0 {
				nodes[tr.cur].Kind = "dead-end"
			}
		case "try":
			level := int(t.counters[3].Value) - 1
			tr.path = tr.path[:level+1]
			tr.cur = tr.add(tr.path[level], Square{t.r, t.c}, "node", t.all)
			tr.path = append(tr.path, tr.cur)
		case "backtrack":
			tr.path = tr.path[:t.len+1]
			tr.cur = tr.path[t.len]
		case "solution":
			nodes[tr.cur].Kind = "solution"
		}
	}
}

// BuildTree runs method (backtrack, bitmask or dlx) on board b up to its event
// number at (Frame.At; 0: to the end) and returns the search tree so far,
// every node the run made in the order it made them. The runs are the
// same as Run's, so the tree's nodes are the search's: Searched is its
// "nodes" counter.
func BuildTree(ctx context.Context, method string, b encode.Board, opts Options, at uint64) (Tree, error) {
	if err := Check(method, b); err != nil {
		return Tree{}, err
	}
	if method != "backtrack" && method != "bitmask" && method != "dlx" {
		return Tree{}, fmt.Errorf("classroom: %s is a local search: it has no search tree", method)
	}
	if at > MaxTreeEvents {
		return Tree{}, fmt.Errorf("classroom: the tree up to event %d is too large to draw (at most %d events)", at, MaxTreeEvents)
	}
	base := make([]int, b.N)
	for r := range base {
		base[r] = b.Queen(r)
	}
	tr := &treeRec{tree: Tree{Method: method, N: b.N, Base: base, Lang: opts.Lang}}
	tr.add(-1, Square{-1, -1}, "node", 0)
	tr.path = []int{0}
	var events uint64
	sum, err := run(ctx, method, b, opts, tr, func(e Event) bool {
		events++
		if at == 0 && events > MaxTreeEvents {
			return false
		}
		return at == 0 || e.t.all < at
	})
	if err != nil {
		return Tree{}, err
	}
	if at == 0 && !sum.Complete {
		return Tree{}, errors.New("classroom: the whole search has more events than a tree can show (" + fmt.Sprint(MaxTreeEvents) + ")")
	}
	tr.tree.Current = tr.cur
	tr.tree.Complete = sum.Complete
	return tr.tree, nil
}

// Queens returns the board of node i: the queens given and those of the
// nodes from the root to i.
func (t Tree) Queens(i int) []int {
	q := append([]int(nil), t.Base...)
	for ; i >= 0; i = t.Nodes[i].Parent {
		if s := t.Nodes[i].Square; s[0] >= 0 {
			q[s[0]] = s[1]
		}
	}
	return q
}

// Path returns the nodes from the root to i.
func (t Tree) Path(i int) []int {
	var p []int
	for ; i >= 0; i = t.Nodes[i].Parent {
		p = append(p, i)
	}
	for a, b := 0, len(p)-1; a < b; a, b = a+1, b-1 {
		p[a], p[b] = p[b], p[a]
	}
	return p
}

// label names node i: the square of its queen (the root: "start").
func (t Tree) label(i int) string {
	s := t.Nodes[i].Square
	if s[0] < 0 {
		return t.cat().T("tree.start")
	}
	return Name(t.N, s[0], s[1])
}

// Describe says in words what node i is, for a screen reader: its
// queens and what became of it.
func (t Tree) Describe(i int) string {
	var sqs []string
	q := t.Queens(i)
	for r, c := range q {
		if c >= 0 {
			sqs = append(sqs, Name(t.N, r, c))
		}
	}
	c := t.cat()
	what := c.T("tree.empty")
	if len(sqs) > 0 {
		what = c.T("tree.queens", strings.Join(sqs, c.T("sep.list")))
	}
	nd := t.Nodes[i]
	switch nd.Kind {
	case "pruned":
		return c.T("tree.pruned", t.label(i))
	case "dead-end":
		return c.T("tree.deadEnd", what)
	case "solution":
		return c.T("tree.solution", what)
	}
	if nd.Parent < 0 {
		return c.T("tree.root", what)
	}
	return c.T("tree.node", what)
}
