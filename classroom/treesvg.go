package classroom

import (
	"fmt"
	"html"
	"io"
	"strconv"
	"strings"
)

// Colours of the pictures, from the Okabe–Ito palette (Okabe and Ito,
// "Color Universal Design", 2008), which stays distinguishable under the
// common colour-vision deficiencies; the kinds of node also differ in
// shape, so that no meaning rests on colour alone.
const (
	colNode     = "#0072B2" // blue: a node searched on
	colPath     = "#E69F00" // orange: the current path
	colSolution = "#009E73" // bluish green: a solution (a diamond)
	colDeadEnd  = "#D55E00" // vermillion: a dead end (a square)
	colPruned   = "#999999" // grey: a pruned square (a small cross)
)

// WholeTreeMax is the largest order whose tree TreeSVG draws whole; above,
// or when the tree has more than wholeTreeNodes nodes, it draws a window
// around the current path.
const WholeTreeMax = 8

const (
	wholeTreeNodes = 5000 // nodes drawn at most in a whole tree
	prunedDrawn    = 600  // pruned squares drawn one by one at most
	windowSide     = 2    // siblings each side of the path in a window
)

// visNode is a node as drawn: a tree node, or a group of collapsed ones.
type visNode struct {
	node     int // index in the tree, -1 for a group
	depth    int
	count    uint64 // a group: searched nodes it hides; a node: searched nodes below it, when its children are hidden
	children []int  // indices into the drawn nodes
	x        float64
}

// TreeSVG draws the tree level by level: the root on top, a row per depth
// (for backtracking the rank filled, for Algorithm X the item chosen on the
// current path), nodes as circles, solutions as diamonds, dead ends as
// squares and pruned squares as small crosses, the current path in orange
// and thicker. For n ≤ WholeTreeMax (and trees of up to 5,000 nodes) the
// whole tree so far is drawn; above, a window: the current path, a few
// siblings each side of it at every depth, and the rest collapsed into
// groups labelled with the number of nodes they hide. Every node is a
// focusable element with an accessible name (Describe) and carries its
// board (data-board, rows as Draw draws them, joined by /), so that a page
// can show a node's board when it is chosen.
func TreeSVG(w io.Writer, t Tree) error {
	if len(t.Nodes) == 0 {
		return fmt.Errorf("classroom: an empty tree")
	}
	d := newTreeDrawing(t)
	d.build(0)
	d.place(0)
	var b strings.Builder
	d.writeHead(&b)
	d.writeEdges(&b)
	for v := range d.vis {
		d.writeNode(&b, v)
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// A treeDrawing is the tree as TreeSVG draws it: the nodes drawn (vis),
// with their places.
type treeDrawing struct {
	t          Tree
	kids       [][]int  // the children of each node that may be drawn
	pruned     []int    // pruned squares of each node
	below      []uint64 // searched nodes in the subtree
	drawPruned bool     // pruned squares drawn one by one
	whole      bool     // the whole tree, not a window
	path       []int    // the current path
	onPath     map[int]bool
	vis        []visNode
	depth      int     // the deepest level drawn
	slot       float64 // leaves placed so far
	dx         float64 // the distance between two leaves
}

// The margins and the distance between levels of a drawn tree.
const treeLeft, treeTop, treeDY = 70.0, 24.0, 56.0

func newTreeDrawing(t Tree) *treeDrawing {
	d := &treeDrawing{t: t, kids: make([][]int, len(t.Nodes)), pruned: make([]int, len(t.Nodes)), below: make([]uint64, len(t.Nodes)), onPath: map[int]bool{}}
	nPruned := 0
	for i := len(t.Nodes) - 1; i >= 0; i-- {
		nd := t.Nodes[i]
		if nd.Kind != "pruned" {
			d.below[i]++
		} else {
			nPruned++
		}
		if nd.Parent >= 0 {
			d.below[nd.Parent] += d.below[i]
			if nd.Kind == "pruned" {
				d.pruned[nd.Parent]++
			}
		}
	}
	d.drawPruned = nPruned <= prunedDrawn
	for i, nd := range t.Nodes {
		if nd.Parent >= 0 && (nd.Kind != "pruned" || d.drawPruned) {
			d.kids[nd.Parent] = append(d.kids[nd.Parent], i)
		}
	}
	d.path = t.Path(t.Current)
	for _, i := range d.path {
		d.onPath[i] = true
	}
	d.whole = t.N <= WholeTreeMax && len(t.Nodes)-nPruned <= wholeTreeNodes
	d.dx = 22.0
	if !d.whole {
		d.dx = 64
	}
	return d
}

// build adds node i to the drawing and returns its index there: with all
// its children in a whole tree, a window of them around the path, or
// none (their count) off the path.
func (d *treeDrawing) build(i int) int {
	t := d.t
	v := len(d.vis)
	d.vis = append(d.vis, visNode{node: i, depth: t.Nodes[i].Depth})
	ks := d.kids[i]
	if d.whole || d.onPath[i] {
		lo, hi := 0, len(ks)
		if !d.whole {
			at := len(ks) - 1 // the current node: its last children
			for j, k := range ks {
				if d.onPath[k] {
					at = j
				}
			}
			lo, hi = max(0, at-windowSide), min(len(ks), at+windowSide+1)
		}
		group := func(from, to int) {
			var c uint64
			for _, k := range ks[from:to] {
				c += d.below[k]
			}
			if to > from {
				d.vis = append(d.vis, visNode{node: -1, depth: t.Nodes[i].Depth + 1, count: c})
				d.vis[v].children = append(d.vis[v].children, len(d.vis)-1)
			}
		}
		group(0, lo)
		for _, k := range ks[lo:hi] {
			c := d.build(k)
			d.vis[v].children = append(d.vis[v].children, c)
		}
		group(hi, len(ks))
	} else if len(ks) > 0 {
		d.vis[v].count = d.below[i] - 1
	}
	return v
}

// place lays out the drawn subtree of v: leaves left to right, a parent
// centred over its children.
func (d *treeDrawing) place(v int) {
	vis := d.vis
	d.depth = max(d.depth, vis[v].depth)
	if len(vis[v].children) == 0 {
		vis[v].x = d.slot
		d.slot++
		return
	}
	for _, c := range vis[v].children {
		d.place(c)
	}
	cs := vis[v].children
	vis[v].x = (vis[vis[v].children[0]].x + vis[cs[len(cs)-1]].x) / 2
}

// x and y are the centre of drawn node v.
func (d *treeDrawing) x(v int) float64 { return treeLeft + d.vis[v].x*d.dx + d.dx/2 }
func (d *treeDrawing) y(v int) float64 { return treeTop + float64(d.vis[v].depth)*treeDY }

// writeHead writes the svg element, its title and the labels of the
// levels.
func (d *treeDrawing) writeHead(b *strings.Builder) {
	t := d.t
	width := treeLeft + d.slot*d.dx + 20
	height := treeTop + float64(d.depth)*treeDY + 40
	cat := t.cat()
	kind := cat.T("tree.whole")
	if !d.whole {
		kind = cat.T("tree.window")
	}
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" class="tree" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" role="group" aria-label="%s" data-searched="%d" data-whole="%v">`+"\n",
		width, height, width, height, html.EscapeString(cat.T("tree.label", t.Method, t.N, kind, t.Searched)), t.Searched, d.whole)
	fmt.Fprintf(b, "<title>%s</title>\n", html.EscapeString(cat.T("tree.title", t.Searched)))
	for lv := 0; lv <= d.depth; lv++ {
		label := cat.T("tree.start")
		if lv > 0 {
			label = levelLabel(t, d.path, lv)
		}
		fmt.Fprintf(b, `<text x="4" y="%.0f" font-family="sans-serif" font-size="11" fill="#444" aria-hidden="true">%s</text>`+"\n", treeTop+float64(lv)*treeDY+4, html.EscapeString(label))
	}
}

// writeEdges writes the edges, first, under the nodes.
func (d *treeDrawing) writeEdges(b *strings.Builder) {
	for v := range d.vis {
		for _, c := range d.vis[v].children {
			stroke, sw := "#888", 1.0
			if d.vis[c].node >= 0 && d.onPath[d.vis[c].node] {
				stroke, sw = colPath, 3.5
			}
			fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="%.1f" aria-hidden="true"/>`+"\n", d.x(v), d.y(v), d.x(c), d.y(c), stroke, sw)
		}
	}
}

// writeNode writes drawn node v: a group of hidden nodes, or a node with
// its board, its accessible name and its shape.
func (d *treeDrawing) writeNode(b *strings.Builder, v int) {
	t, vn, cat := d.t, d.vis[v], d.t.cat()
	x, y := d.x(v), d.y(v)
	if vn.node < 0 {
		fmt.Fprintf(b, `<g class="tgroup" role="img" aria-label="%s"><rect x="%.1f" y="%.1f" width="%.0f" height="18" rx="9" fill="#eeeeee" stroke="#888"/><text x="%.1f" y="%.1f" font-family="sans-serif" font-size="11" text-anchor="middle">+%d</text></g>`+"\n",
			html.EscapeString(cat.T("tree.hidden", vn.count)), x-d.dx/2+4, y-9, d.dx-8, x, y+4, vn.count)
		return
	}
	i := vn.node
	nd := t.Nodes[i]
	q := t.Queens(i)
	var tested *Square
	if nd.Kind == "pruned" {
		sq := nd.Square
		tested = &sq
		q[sq[0]] = -1
	}
	board := strings.Join(Draw(t.N, q, tested), "/")
	cls := "tnode k-" + nd.Kind
	if d.onPath[i] {
		cls += " onpath"
	}
	if i == t.Current {
		cls += " current"
	}
	fmt.Fprintf(b, `<g class="%s" data-node="%d" data-depth="%d" data-board="%s" data-queens="%s" tabindex="-1" role="button" aria-label="%s">`,
		cls, i, nd.Depth, board, joinInts(q), html.EscapeString(d.nodeLabel(i, vn)))
	d.writeShape(b, i, x, y)
	if !d.whole || t.N <= 5 {
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" font-family="sans-serif" font-size="10" text-anchor="middle" aria-hidden="true">%s</text>`, x, y+20, t.label(i))
	}
	if vn.count > 0 {
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" font-family="sans-serif" font-size="10" text-anchor="middle" aria-hidden="true">+%d</text>`, x, y+31, vn.count)
	}
	b.WriteString("</g>\n")
}

// nodeLabel is the accessible name of node i (drawn as vn).
func (d *treeDrawing) nodeLabel(i int, vn visNode) string {
	t, cat := d.t, d.t.cat()
	label := t.Describe(i)
	if vn.count > 0 {
		label += cat.T("tree.below", vn.count)
	} else if d.pruned[i] > 0 && !d.drawPruned {
		label += cat.T("tree.prunedCount", d.pruned[i])
	}
	if i == t.Current {
		label += cat.T("tree.here")
	}
	return label
}

// writeShape writes the shape of node i at (x, y): a cross, a diamond, a
// square or a circle, ringed when it is the current node.
func (d *treeDrawing) writeShape(b *strings.Builder, i int, x, y float64) {
	fill, stroke := colNode, "#ffffff"
	if d.onPath[i] {
		stroke = colPath
	}
	switch d.t.Nodes[i].Kind {
	case "pruned":
		fmt.Fprintf(b, `<path d="M%.1f %.1f l8 8 m0 -8 l-8 8" stroke="%s" stroke-width="2.5"/><rect x="%.1f" y="%.1f" width="14" height="14" fill="transparent"/>`, x-4, y-4, colPruned, x-7, y-7)
	case "solution":
		fmt.Fprintf(b, `<path d="M%.1f %.1f l8 8 l-8 8 l-8 -8 z" fill="%s" stroke="%s" stroke-width="2"/>`, x, y-8, colSolution, stroke)
	case "dead-end":
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="12" height="12" fill="%s" stroke="%s" stroke-width="2"/>`, x-6, y-6, colDeadEnd, stroke)
	default:
		fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="6.5" fill="%s" stroke="%s" stroke-width="2"/>`, x, y, fill, stroke)
	}
	if i == d.t.Current {
		fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="11" fill="none" stroke="%s" stroke-width="2.5" stroke-dasharray="3 2"/>`, x, y, colPath)
	}
}

// levelLabel names depth d of the tree: the rank filled there
// (backtracking), or the item chosen on the current path (Algorithm X).
func levelLabel(t Tree, path []int, d int) string {
	if t.Method == "dlx" {
		if d-1 < len(path) && t.Nodes[path[d-1]].Item != "" {
			return t.cat().T("tree.item", t.Nodes[path[d-1]].Item)
		}
		return t.cat().T("tree.level", d)
	}
	// the d-th free row
	k := 0
	for r, c := range t.Base {
		if c < 0 {
			if k++; k == d {
				return rowName(t.cat(), t.N, r)
			}
		}
	}
	return t.cat().T("tree.level", d)
}

func joinInts(q []int) string {
	s := make([]string, len(q))
	for i, x := range q {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}
