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

// stepsOf returns the steps of method on the empty n×n board, the first
// k of them.
func stepsOf(t *testing.T, method string, n, k int) []classroom.Frame {
	var steps []classroom.Frame
	classroom.Run(context.Background(), method, encode.Empty(n), classroom.Options{Seed: 1}, func(e classroom.Event) bool {
		if e.Major {
			steps = append(steps, e.Frame())
		}
		return len(steps) < k
	})
	return steps
}

// TestCompareInBrowser: backtracking, the bitmask search and Algorithm X
// side by side on the 6×6 board step together: after three "step
// together" each shows its own third step and counters (those of
// classroom.Run); the race to a solution ends with all three placed.
func TestCompareInBrowser(t *testing.T) {
	srv, url := serve(t)
	p := newBrowser(t)
	p.do("compare", chromedp.Navigate(url), waitFor(`document.body.dataset.ready === "1"`),
		chromedp.SetValue(chromedp.ID("n"), "6"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('n').dispatchEvent(new Event('change'))`),
		chromedp.Click(chromedp.ID("tab-compare")), chromedp.Evaluate[chromedp.Void](`document.querySelector('#compare-methods input[value="bitmask"]').click()`),
		chromedp.Click(chromedp.ID("cmp-start")),
		waitFor(`document.body.dataset.cmpSessions === "3"`))
	if srv.Sessions() != 3 {
		t.Errorf("three methods side by side run %d searches", srv.Sessions())
	}
	for k := 1; k <= 3; k++ {
		p.do(fmt.Sprint("step together ", k), chromedp.Click(chromedp.ID("cmp-step")),
			waitFor(fmt.Sprintf(`Array.from(document.querySelectorAll('.cmp')).every(c => c.dataset.step === "%d")`, k)))
	}
	for _, m := range []string{"backtrack", "bitmask", "dlx"} {
		want := stepsOf(t, m, 6, 3)[2]
		var counters []string
		p.eval(fmt.Sprintf(`Array.from(document.querySelectorAll('.cmp[data-method="%s"] dd')).map(d => d.dataset.counter + " " + d.textContent)`, m), &counters)
		var wc []string
		for _, c := range want.Counters {
			wc = append(wc, fmt.Sprintf("%s %d", c.Name, c.Value))
		}
		var status string
		p.eval(fmt.Sprintf(`document.querySelector('.cmp[data-method="%s"] .cmp-status').textContent`, m), &status)
		if strings.Join(counters, "|") != strings.Join(wc, "|") || status != "step 3: "+want.Text {
			t.Errorf("%s side by side after 3 steps: %v %q; classroom.Run: %v %q", m, counters, status, wc, want.Text)
		}
	}
	p.shot("classroom-compare.png")
	p.do("race", chromedp.Click(chromedp.ID("cmp-race")),
		waitFor(`Array.from(document.querySelectorAll('.cmp')).every(c => c.dataset.place)`))
	var places []string
	p.eval(`Array.from(document.querySelectorAll('.cmp')).map(c => c.dataset.place).sort()`, &places)
	if strings.Join(places, ",") != "1,2,3" {
		t.Errorf("race places %v", places)
	}
}

// TestGrowthInBrowser: the lesson on growth counts n = 4 to 12 by every
// method; the row of n = 12 shows 856,189 nodes for backtracking (the
// seed's figure, from a real run) and the solutions 14,200; the buggy
// search without the anti-diagonal offset shows counts that differ from
// the right ones, the right ones matching the reference.
func TestGrowthInBrowser(t *testing.T) {
	_, url := serve(t)
	p := newBrowser(t)
	p.do("growth", chromedp.Navigate(url), waitFor(`document.body.dataset.ready === "1"`),
		chromedp.Click(chromedp.ID("tab-growth")),
		chromedp.SetValue(chromedp.ID("growth-max"), "12"),
		chromedp.SetValue(chromedp.ID("growth-limit"), "60"),
		chromedp.Click(chromedp.ID("growth-run")),
		waitFor(`document.body.dataset.growthDone === "1"`))
	var row []string
	p.eval(`Array.from(document.querySelector('#growth-table tr[data-n="12"]').children).map(c => c.textContent)`, &row)
	var bt string
	p.eval(`document.querySelector('#growth-table tr[data-n="12"] td[data-method="backtrack"]').textContent`, &bt)
	if bt != "856,189" || len(row) < 3 || row[2] != "14,200" || row[1] != "479,001,600" {
		t.Errorf("growth at n = 12: backtrack nodes %q, row %q", bt, row)
	}
	var status string
	p.eval(`document.getElementById('growth-status').textContent`, &status)
	if status != "counted n = 4 to 12" {
		t.Errorf("growth status %q", status)
	}
	p.shot("classroom-growth.png")

	p.do("bug", chromedp.SetValue(chromedp.ID("bug"), "anti-offset"), chromedp.SetValue(chromedp.ID("growth-max"), "8"),
		chromedp.Click(chromedp.ID("bug-run")), waitFor(`document.body.dataset.bugDone === "anti-offset"`))
	var rows []string
	p.eval(`Array.from(document.querySelectorAll('#bug-table tbody tr')).map(r => Array.from(r.children).map(c => c.textContent).join("|"))`, &rows)
	want := []string{"1|1|1|✓ right", "2|0|0|✓ right", "3|0|0|✓ right", "4|2|0|✗ wrong", "5|10|2|✗ wrong", "6|4|0|✗ wrong", "7|40|8|✗ wrong", "8|92|6|✗ wrong"}
	if strings.Join(rows, "\n") != strings.Join(want, "\n") {
		t.Errorf("the bug's table:\n%s\nwant\n%s", strings.Join(rows, "\n"), strings.Join(want, "\n"))
	}
	p.shot("classroom-bug.png")
}
