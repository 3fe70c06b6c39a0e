package play_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/qtool-project/qtool/classroom"
	"github.com/qtool-project/qtool/encode"
)

// endAt runs method on the empty n×n board to its end and returns its
// last event number and nodes counter.
func endAt(t *testing.T, method string, n int) (uint64, uint64) {
	var at uint64
	sum, err := classroom.Run(context.Background(), method, encode.Empty(n), classroom.Options{}, func(e classroom.Event) bool {
		if e.Kind == "end" {
			at = e.Frame().At
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	return at, sum.Counters[0].Value
}

// setMethod chooses n and the method on the page and starts a new search.
func setMethod(n int, method string) []chromedp.Action[chromedp.Void] {
	return []chromedp.Action[chromedp.Void]{
		chromedp.SetValue(chromedp.ID("n"), fmt.Sprint(n)),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('n').dispatchEvent(new Event('change'))`),
		chromedp.SetValue(chromedp.ID("method"), method),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('method').dispatchEvent(new Event('change'))`),
		chromedp.Evaluate[chromedp.Void](`delete document.body.dataset.done`),
		chromedp.Click(chromedp.ID("start")),
		waitFor(`document.body.dataset.session !== undefined`),
	}
}

// TestTreeInBrowser: the page's tree of the whole 4-queens search has the
// nodes the trace counts, the same nodes as classroom.BuildTree (the tree
// qtool trace --tree draws), for backtracking and for Algorithm X;
// clicking a node shows its board; after a few steps the current path is
// highlighted, root to the search's node.
func TestTreeInBrowser(t *testing.T) {
	_, url := serve(t)
	p := newBrowser(t)
	p.do("load", chromedp.Navigate(url), waitFor(`document.body.dataset.ready === "1"`))
	for _, method := range []string{"backtrack", "dlx"} {
		at, nodes := endAt(t, method, 4)
		tree, err := classroom.BuildTree(context.Background(), method, encode.Empty(4), classroom.Options{}, 0)
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		for i, nd := range tree.Nodes {
			if nd.Kind != "pruned" {
				want = append(want, fmt.Sprint(i, tree.Queens(i)))
			}
		}
		p.do(method+": finish", append(setMethod(4, method), chromedp.Click(chromedp.ID("finish")),
			waitFor(`document.body.dataset.done === "2"`),
			waitFor(fmt.Sprintf(`document.body.dataset.treeAt === "%d"`, at)))...)
		var got []string
		p.eval(`Array.from(document.querySelectorAll('#tree .tnode:not(.k-pruned)')).map(g => g.dataset.node + " [" + g.dataset.queens.split(",").join(" ") + "]")`, &got)
		if uint64(len(got)) != nodes || strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("%s: the page's tree has %d nodes %v; the trace counts %d, BuildTree %v", method, len(got), got, nodes, want)
		}
		var pruned float64
		p.eval(`document.querySelectorAll('#tree .tnode.k-pruned').length`, &pruned)
		if int(pruned) != len(tree.Nodes)-len(want) {
			t.Errorf("%s: %v pruned squares drawn, the tree has %d", method, pruned, len(tree.Nodes)-len(want))
		}
		// Click the first solution node: the board is its board.
		var sol int
		for i, nd := range tree.Nodes {
			if nd.Kind == "solution" {
				sol = i
				break
			}
		}
		p.do(method+": click a solution", chromedp.Click(chromedp.CSS(fmt.Sprintf(`#tree [data-node="%d"]`, sol))),
			waitFor(fmt.Sprintf(`document.body.dataset.node === "%d"`, sol)))
		if got, want := strings.Join(p.board(), "/"), strings.Join(classroom.Draw(4, tree.Queens(sol), nil), "/"); got != want {
			t.Errorf("%s: node %d shows %s, its board is %s", method, sol, got, want)
		}
		if method == "backtrack" {
			p.shot("classroom-tree.png")
		}
	}
	// A few steps in: the path from the root to the node the search is at.
	p.do("three steps", append(setMethod(6, "backtrack"),
		chromedp.Click(chromedp.ID("step")), waitFor(`document.getElementById('step-no').textContent === "1"`),
		chromedp.Click(chromedp.ID("step")), waitFor(`document.getElementById('step-no').textContent === "2"`),
		chromedp.Click(chromedp.ID("step")), waitFor(`document.getElementById('step-no').textContent === "3"`),
		waitFor(`document.querySelector('#tree .tnode.current') !== null && document.querySelectorAll('#tree .tnode.onpath').length === 4`))...)
	var kind string
	p.eval(`document.getElementById('dl-step-png').getAttribute('href')`, &kind)
	if !strings.HasPrefix(kind, "/api/step.png?n=6&queens=") {
		t.Errorf("the step's PNG link is %q", kind)
	}
	p.do("fetch the step's pictures", chromedp.Evaluate[chromedp.Void](`Promise.all(["dl-step-svg", "dl-step-png"].map(id => fetch(document.getElementById(id).href).then(r => r.headers.get("content-type")))).then(t => { document.body.dataset.stepTypes = t.join(" "); })`),
		waitFor(`document.body.dataset.stepTypes === "image/svg+xml image/png"`))
	var cur string
	p.eval(`document.querySelector('#tree .tnode.current').dataset.board`, &cur)
	if cur != strings.Join(p.board(), "/") {
		t.Errorf("the current node's board %s is not the board shown %v", cur, p.board())
	}
	// Above n = 8 a window with collapsed groups.
	p.do("n = 10", append(setMethod(10, "backtrack"), chromedp.Click(chromedp.ID("next")),
		waitFor(`(document.getElementById('counter-solutions') || {}).textContent === "1"`),
		waitFor(`document.querySelector('#tree svg') !== null && document.querySelector('#tree svg').dataset.whole === "false"`))...)
	var drawn, searched, counted float64
	p.eval(`document.querySelectorAll('#tree .tnode').length`, &drawn)
	p.eval(`Number(document.querySelector('#tree svg').dataset.searched)`, &searched)
	p.eval(`Number(document.getElementById('counter-nodes').textContent.replace(/\D/g, ""))`, &counted)
	if drawn >= searched || searched != counted {
		t.Errorf("the window of the 10-queens tree draws %v nodes of %v; the counter says %v", drawn, searched, counted)
	}
	p.shot("classroom-tree-window.png")
}
