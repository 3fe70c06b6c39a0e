package play_test

import (
	"context"
	"encoding/xml"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"github.com/qtool-project/qtool/classroom"
	"github.com/qtool-project/qtool/classroom/play"
	"github.com/qtool-project/qtool/encode"
)

var shots = flag.String("shots", "", "write the screenshots of the browser test into `DIR` (e.g. ../../docs)")

// chromium finds the headless browser, or skips the test.
func chromium(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("chromium not installed (Debian package chromium; .ci/setup.d/30-chromium.sh installs it): the page is not tested in a browser")
	return ""
}

// serve starts a classroom server on a free port of 127.0.0.1, as qtool
// play does, until the test ends.
func serve(t *testing.T) (*play.Server, string) {
	srv, addr := serveTimeouts(t, play.DefaultTimeouts)
	return srv, "http://" + addr + "/"
}

// boardJS reads the board as the page draws it: one string a row of the
// marks of its cells (Q ! ? x .).
const boardJS = `Array.from(document.querySelectorAll('#board .brow')).map(r => Array.from(r.children).map(c => c.dataset.mark).join(''))`

// waitFor polls a JavaScript condition until it holds.
func waitFor(cond string) chromedp.Action[chromedp.Void] {
	poll := chromedp.Poll[bool](cond, chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(60*time.Second))
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		_, err := poll(ctx, t)
		return chromedp.Void{}, err
	}
}

// page runs the steps on a tab and stops the test at the first failure.
type page struct {
	t   *testing.T
	ctx context.Context
}

func (p page) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, steps...); err != nil {
		p.t.Fatalf("%s: %v", what, err)
	}
}

func (p page) board() []string {
	p.t.Helper()
	b, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]string](boardJS))
	if err != nil {
		p.t.Fatal(err)
	}
	return b
}

func (p page) text(id string) string {
	p.t.Helper()
	s, err := chromedp.Run(p.ctx, chromedp.Evaluate[string]("document.getElementById('"+id+"').textContent"))
	if err != nil {
		p.t.Fatal(err)
	}
	return s
}

func (p page) eval(js string, v any) {
	p.t.Helper()
	switch v := v.(type) {
	case *[]string:
		r, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]string](js))
		if err != nil {
			p.t.Fatal(err)
		}
		*v = r
	case *float64:
		r, err := chromedp.Run(p.ctx, chromedp.Evaluate[float64](js))
		if err != nil {
			p.t.Fatal(err)
		}
		*v = r
	case *string:
		r, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](js))
		if err != nil {
			p.t.Fatal(err)
		}
		*v = r
	}
}

// shot saves a screenshot of the whole page under -shots.
func (p page) shot(name string) {
	p.t.Helper()
	if *shots == "" {
		return
	}
	buf, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*shots, name), buf, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// newBrowser starts headless Chromium for the test (or skips it): a tab
// of 1280×900, for at most five minutes (the machine may be loaded).
func newBrowser(t *testing.T) page {
	exe := chromium(t)
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox, // the tests run as root
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-default-apps", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 900),
	}
	tctx, cancelT := context.WithTimeout(context.Background(), 5*time.Minute)
	actx, cancelA := chromedp.NewExecAllocator(tctx, opts...)
	bctx, cancelB := chromedp.NewContext(actx)
	t.Cleanup(func() { cancelB(); cancelA(); cancelT() })
	return page{t, bctx}
}

// TestPageInBrowser drives the page in headless Chromium as a person would:
// n = 4, step through the search (the tenth step's board is the trace's),
// continue to both solutions, finish (2 solutions), place two attacking
// queens by clicking and see "illegal" with the pair highlighted, complete
// a board with a backend, download its SVG; a second tab runs a search of
// its own, and closing it stops that search.
func TestPageInBrowser(t *testing.T) {
	srv, url := serve(t)
	p := newBrowser(t)
	bctx := p.ctx

	// The trace of the same search, from the same package that qtool trace
	// prints with.
	var steps []classroom.Frame
	if _, err := classroom.Run(context.Background(), "backtrack", encode.Empty(4), classroom.Options{}, func(e classroom.Event) bool {
		if e.Major {
			steps = append(steps, e.Frame())
		}
		return true
	}); err != nil {
		t.Fatal(err)
	}

	p.do("load the page", chromedp.Navigate(url), waitFor(`document.body.dataset.ready === "1"`),
		chromedp.SetValue(chromedp.ID("n"), "4"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('n').dispatchEvent(new Event('change'))`))
	for k := 1; k <= 10; k++ {
		p.do(fmt.Sprintf("step %d", k), chromedp.Click(chromedp.ID("step")),
			waitFor(fmt.Sprintf(`document.getElementById('step-no').textContent === "%d"`, k)))
		board, text := p.board(), p.text("status")
		want := steps[k-1]
		if strings.Join(board, "/") != strings.Join(want.Board, "/") || text != want.Text {
			t.Errorf("step %d: page shows %v %q, the trace %v %q", k, board, text, want.Board, want.Text)
		}
	}
	if got := strings.Join(p.board(), "\n"); got != "xQxx\nxxxQ\nQxxx\nxxQx" {
		t.Errorf("the tenth step is not the first solution b1 d2 a3 c4:\n%s", got)
	}
	var labels []string
	p.eval(`[document.querySelector('[data-sq="0,1"]').getAttribute('aria-label'), document.querySelector('[data-sq="0,0"]').getAttribute('aria-label'), document.getElementById('board').getAttribute('role'), document.getElementById('step').getAttribute('aria-label')]`, &labels)
	if strings.Join(labels, "|") != "queen on b1|a1, attacked by b1|grid|step (key s)" {
		t.Errorf("accessible names: %q", labels)
	}
	p.shot("classroom-step10.png")

	// Continue to the second solution, with the key n.
	p.do("next solution", chromedp.KeyEvent("n"),
		waitFor(`(document.getElementById('counter-solutions') || {}).textContent === "2"`))
	board, status := p.board(), p.text("status")
	if q := queensOf(board); encode.Verify(encode.Empty(4).Problem(), q) != nil || !strings.Contains(status, "solution 2") {
		t.Errorf("second solution: board %v (%v), status %q", board, encode.Verify(encode.Empty(4).Problem(), q), status)
	}
	p.do("finish", chromedp.Click(chromedp.ID("finish")), waitFor(`document.body.dataset.done === "2"`))
	if result := p.text("result"); !strings.Contains(result, "2 solutions in all") {
		t.Errorf("finish says %q", result)
	}
	p.shot("classroom-finish.png")

	// Your turn: two attacking queens, a1 and b2.
	p.do("place a1 and b2, check", chromedp.Click(chromedp.ID("tab-turn")),
		waitFor(`document.body.dataset.tab === "turn"`),
		chromedp.Click(chromedp.CSS(`[data-sq="0,0"]`)),
		chromedp.Click(chromedp.CSS(`[data-sq="1,1"]`)),
		chromedp.Click(chromedp.ID("check")),
		waitFor(`document.getElementById('verdict').textContent.startsWith("illegal")`))
	verdict := p.text("verdict")
	var pair []string
	p.eval(`Array.from(document.querySelectorAll('#board .pair')).map(c => c.dataset.sq)`, &pair)
	if !strings.Contains(verdict, "a1") || !strings.Contains(verdict, "b2") || strings.Join(pair, " ") != "0,0 1,1" {
		t.Errorf("illegal pair: verdict %q, highlighted %v; want a1 and b2", verdict, pair)
	}
	p.shot("classroom-illegal.png")

	// Complete b1 (row 0's queen in column 1) with dlx, and download the
	// picture.
	dir := t.TempDir()
	p.do("complete b1", chromedp.Click(chromedp.ID("clear")),
		chromedp.Click(chromedp.CSS(`[data-sq="0,1"]`)),
		chromedp.SetValue(chromedp.ID("backend"), "dlx"),
		chromedp.Click(chromedp.ID("complete")),
		waitFor(`document.getElementById('verdict').textContent.startsWith("completed")`))
	q := queensOf(p.board())
	if err := encode.Verify(encode.Board{N: 4, Queens: []int{1, -1, -1, -1}}.Problem(), q); err != nil {
		t.Errorf("completion of b1: %v (board %v)", err, q)
	}
	p.shot("classroom-complete.png")
	if _, err := chromedp.CallBrowser(bctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir}); err != nil {
		t.Fatal(err)
	}
	p.do("download the SVG", chromedp.Click(chromedp.ID("dl-svg")))
	svg := waitFile(t, filepath.Join(dir, "queens-4.svg"))
	if got := svgQueens(t, svg); got != fmt.Sprint(q) {
		t.Errorf("downloaded SVG has queens %s, the page %v", got, q)
	}

	// A phone-sized screen: the board fits the width.
	p.do("phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile),
		chromedp.Click(chromedp.ID("tab-watch")),
		chromedp.Click(chromedp.ID("step")),
		waitFor(`document.getElementById('step-no').textContent === "1"`),
		chromedp.Click(chromedp.ID("step")),
		waitFor(`document.getElementById('step-no').textContent === "2"`))
	var right float64
	p.eval(`document.getElementById('board').getBoundingClientRect().right`, &right)
	if right > 390 {
		t.Errorf("on a 390 px wide screen the board reaches %v px", right)
	}
	p.shot("classroom-phone.png")
	p.do("desktop again", chromedp.EmulateViewport(1280, 900))

	// Algorithm X: the levels panel lists the item chosen at each level and
	// the primary items still active.
	p.do("dlx", chromedp.SetValue(chromedp.ID("method"), "dlx"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('method').dispatchEvent(new Event('change'))`),
		chromedp.Click(chromedp.ID("step")), waitFor(`document.getElementById('step-no').textContent === "1"`),
		chromedp.Click(chromedp.ID("step")), waitFor(`document.getElementById('step-no').textContent === "2"`))
	var levels []string
	p.eval(`Array.from(document.querySelectorAll('#levels li')).map(l => l.textContent)`, &levels)
	if len(levels) != 2 || !strings.HasPrefix(levels[0], "r2 → r2 c0 a2 b5 · active: r2 c2 r1 c1 r3 c3 r0 c0") {
		t.Errorf("Algorithm X levels on the page: %q", levels)
	}

	// Run at full speed to the end; then run slowly, pause, and one step
	// more is exactly one step.
	p.do("run to the end", chromedp.SetValue(chromedp.ID("method"), "backtrack"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('method').dispatchEvent(new Event('change'))`),
		slider(100),
		chromedp.Evaluate[chromedp.Void](`delete document.body.dataset.done`),
		chromedp.KeyEvent("r"), waitFor(`document.body.dataset.done === "2"`))
	if got := p.text("step-no"); got != "21" {
		t.Errorf("a run to the end stops at step %s, want 21", got)
	}
	p.do("run slowly, pause", slider(20), chromedp.Click(chromedp.ID("start")),
		waitFor(`document.body.dataset.session !== undefined`),
		chromedp.KeyEvent("r"), waitFor(`Number(document.getElementById('step-no').textContent) >= 2`),
		chromedp.KeyEvent("p"), waitFor(`document.body.dataset.control === "pause"`))
	var k1 float64
	p.eval(`Number(document.getElementById('step-no').textContent)`, &k1)
	p.do("step after the pause", chromedp.KeyEvent("s"), waitFor(fmt.Sprintf(`Number(document.getElementById('step-no').textContent) >= %v`, k1+1)))
	var k2 float64
	p.eval(`Number(document.getElementById('step-no').textContent)`, &k2)
	if k2 != k1+1 {
		t.Errorf("paused at step %v, one step more shows step %v", k1, k2)
	}

	// Every event: the square being tested is marked.
	p.do("every event", chromedp.SetValue(chromedp.ID("n"), "6"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('n').dispatchEvent(new Event('change'))`),
		chromedp.SetValue(chromedp.ID("events"), "all"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('events').dispatchEvent(new Event('change'))`),
		chromedp.Click(chromedp.ID("start")), waitFor(`document.body.dataset.session !== undefined`))
	for k := 0; k < 4; k++ {
		p.do("step", chromedp.KeyEvent("s"), waitFor(fmt.Sprintf(`document.body.dataset.frames >= %d`, k+1)))
	}
	var tested []string
	p.eval(`Array.from(document.querySelectorAll('#board .tested')).map(c => c.dataset.sq + c.dataset.mark)`, &tested)
	if status := p.text("status"); len(tested) != 1 || tested[0] != "1,1?" || status != "test b2: attacked by the queen on a1" {
		t.Errorf("fourth event: tested %v, status %q; want b2 marked ? and attacked by a1", tested, status)
	}
	p.shot("classroom-tested.png")

	// A second tab runs a search of its own; closing it stops the search.
	tabCtx, closeTab := chromedp.NewContext(bctx)
	p2 := page{t, tabCtx}
	p2.do("second tab", chromedp.Navigate(url), waitFor(`document.body.dataset.ready === "1"`),
		chromedp.SetValue(chromedp.ID("n"), "12"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('n').dispatchEvent(new Event('change'))`),
		chromedp.Click(chromedp.ID("step")),
		waitFor(`document.getElementById('step-no').textContent === "1"`))
	if got := srv.Sessions(); got != 2 {
		t.Errorf("two tabs with a search each, the server runs %d searches", got)
	}
	closeTab()
	for deadline := time.Now().Add(20 * time.Second); srv.Sessions() != 1 && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}
	if got := srv.Sessions(); got != 1 {
		t.Errorf("after closing the second tab the server runs %d searches, want 1", got)
	}
}

// slider moves the speed slider to v (0 slowest, 100 fastest).
func slider(v int) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const s = document.getElementById('speed'); s.value = %d; s.dispatchEvent(new Event('input')); })()`, v))
}

// queensOf reads the queens of a drawn board (Q or !) as a placement, -1
// for a row without one.
func queensOf(board []string) encode.Placement {
	p := make(encode.Placement, len(board))
	for r, row := range board {
		p[r] = strings.IndexAny(row, "Q!")
	}
	return p
}

func waitFile(t *testing.T, path string) []byte {
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if data, err := os.ReadFile(path); err == nil && strings.Contains(string(data), "</svg>") {
			return data
		}
	}
	t.Fatalf("no download at %s", path)
	return nil
}

// svgQueens reads the queens of a board picture, as a placement.
func svgQueens(t *testing.T, data []byte) string {
	var doc struct {
		G []struct {
			Class  string `xml:"class,attr"`
			Square string `xml:"data-square,attr"`
		} `xml:"g"`
	}
	if err := xml.Unmarshal(data, &doc); err != nil {
		t.Fatalf("downloaded SVG: %v", err)
	}
	p := encode.Placement{-1, -1, -1, -1}
	for _, g := range doc.G {
		var r, c int
		if _, err := fmt.Sscanf(g.Square, "%d,%d", &r, &c); err != nil || g.Class != "queen" || r < 0 || r >= 4 {
			t.Fatalf("SVG group %+v", g)
		}
		p[r] = c
	}
	return fmt.Sprint(p)
}
