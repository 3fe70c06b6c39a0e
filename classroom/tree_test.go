package classroom_test

import (
	"context"
	"encoding/xml"
	"fmt"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/classroom"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/oracle"
)

// TestTreeCounts: the tree of a whole search has as many searched nodes
// as the search's nodes counter, one solution node per solution, every
// solution node a verified solution, and every node a legal partial
// board one queen larger than its parent.
func TestTreeCounts(t *testing.T) {
	for _, method := range []string{"backtrack", "bitmask", "dlx"} {
		for _, b := range []encode.Board{encode.Empty(1), encode.Empty(4), encode.Empty(6), encode.Empty(8), {N: 7, Queens: []int{-1, 2}}} {
			sum, err := classroom.Run(context.Background(), method, b, classroom.Options{}, func(classroom.Event) bool { return true })
			if err != nil {
				t.Fatal(err)
			}
			tree, err := classroom.BuildTree(context.Background(), method, b, classroom.Options{}, 0)
			if err != nil {
				t.Fatal(err)
			}
			var sols uint64
			for i, nd := range tree.Nodes {
				q := tree.Queens(i)
				given := 0
				for _, c := range q {
					if c >= 0 {
						given++
					}
				}
				if nd.Kind != "pruned" && given != b.Given()+nd.Depth {
					t.Fatalf("%s %v node %d: %d queens at depth %d", method, b, i, given, nd.Depth)
				}
				if nd.Kind == "solution" {
					sols++
					if err := encode.Verify(b.Problem(), encode.Placement(q)); err != nil {
						t.Fatalf("%s %v: solution node %d: %v", method, b, i, err)
					}
				}
			}
			root := uint64(0) // bitmask's counter leaves out the root
			if method == "bitmask" {
				root = 1
			}
			if tree.Searched != sum.Counters[0].Value+root || sols != sum.Solutions || !tree.Complete {
				t.Errorf("%s %v: tree of %d nodes (%d solutions), the search counts %d nodes and %d solutions", method, b, tree.Searched, sols, sum.Counters[0].Value, sum.Solutions)
			}
			t.Logf("%s n=%d: %d nodes, %d drawn", method, b.N, tree.Searched, len(tree.Nodes))
		}
	}
}

// TestTreeSVG: the picture is well-formed XML; a whole tree draws every
// node (searched ones as data-node groups, the current path marked); a
// window above n = 8 draws the path and groups for the rest, whose counts
// add up to the tree's nodes.
func TestTreeSVG(t *testing.T) {
	for _, c := range []struct {
		method string
		n      int
		at     uint64
	}{{"backtrack", 4, 0}, {"backtrack", 4, 30}, {"dlx", 6, 0}, {"backtrack", 12, 20000}, {"dlx", 12, 5000}} {
		tree, err := classroom.BuildTree(context.Background(), c.method, encode.Empty(c.n), classroom.Options{}, c.at)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		if err := classroom.TreeSVG(&b, tree); err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Whole string `xml:"data-whole,attr"`
			G     []struct {
				Class string   `xml:"class,attr"`
				Node  string   `xml:"data-node,attr"`
				Label string   `xml:"aria-label,attr"`
				Text  []string `xml:"text"`
			} `xml:"g"`
		}
		if err := xml.Unmarshal([]byte(b.String()), &doc); err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		var searched, hidden, current uint64
		for _, g := range doc.G {
			if g.Label == "" {
				t.Fatalf("%+v: a node without a name: %+v", c, g)
			}
			switch {
			case strings.Contains(g.Class, "tgroup"):
				var k uint64
				fmt.Sscanf(g.Text[0], "+%d", &k)
				hidden += k
			case !strings.Contains(g.Class, "k-pruned"):
				searched++
				if len(g.Text) > 1 {
					var k uint64
					fmt.Sscanf(g.Text[1], "+%d", &k)
					hidden += k
				}
			}
			if strings.Contains(g.Class, "current") {
				current++
			}
		}
		whole := c.n <= classroom.WholeTreeMax
		if doc.Whole != fmt.Sprint(whole) || current != 1 || (whole && (searched != tree.Searched || hidden != 0)) || searched+hidden != tree.Searched {
			t.Errorf("%+v: whole=%s, %d nodes drawn and %d hidden of %d, %d current", c, doc.Whole, searched, hidden, tree.Searched, current)
		}
	}
}

// TestBuggy: the right counts of the bug lesson are the reference counts;
// the missing offset loses solutions from n = 4 on, the missing mask
// finds boards that are none (n = 2 and 3 have none; it finds some).
func TestBuggy(t *testing.T) {
	ref := oracle.Counts(t)
	for n := 1; n <= 8; n++ {
		for _, bug := range classroom.Bugs {
			r, err := classroom.Buggy(context.Background(), bug, n)
			if err != nil {
				t.Fatal(err)
			}
			if r.Right != ref[n][0] {
				t.Errorf("%s n=%d: right count %d, reference %d", bug, n, r.Right, ref[n][0])
			}
			wrong := r.Buggy != r.Right || !r.Complete
			if (n >= 4 || bug == "no-mask") && !wrong {
				t.Errorf("%s n=%d: the buggy count %d is right", bug, n, r.Buggy)
			}
		}
	}
	if _, err := classroom.Buggy(context.Background(), "typo", 4); err == nil {
		t.Error("an unknown bug ran")
	}
}
