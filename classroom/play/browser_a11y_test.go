package play_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/qtool-project/qtool/classroom"
	"github.com/qtool-project/qtool/classroom/i18n"
	"github.com/qtool-project/qtool/encode"
)

// axNodes reads Chromium's accessibility tree of the page: role and name
// of every node not ignored.
func axNodes(t *testing.T, ctx context.Context) [][2]string {
	if _, err := chromedp.Call(ctx, accessibility.Enable, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	res, err := chromedp.Call(ctx, accessibility.GetFullAXTree, accessibility.GetFullAXTreeParams{})
	if err != nil {
		t.Fatal(err)
	}
	str := func(v *accessibility.Value) string {
		if v == nil || len(v.Value) == 0 {
			return ""
		}
		var s string
		if json.Unmarshal(v.Value, &s) != nil {
			return string(v.Value)
		}
		return s
	}
	var out [][2]string
	for _, n := range res.Nodes {
		if !n.Ignored {
			out = append(out, [2]string{str(n.Role), str(n.Name)})
		}
	}
	return out
}

// controlRoles are the roles of what a person operates.
var controlRoles = map[string]bool{"button": true, "tab": true, "gridcell": true, "checkbox": true, "combobox": true,
	"spinbutton": true, "slider": true, "link": true, "textbox": true, "menulistpopup": false}

// TestAccessibleInBrowser reads Chromium's accessibility tree in each view:
// every control, square and tree node has a name, the squares are named
// "queen on b1", "a1, attacked by b1"; and keyboard alone reaches every
// visible control (Tab) and every view (arrow keys on the tabs).
func TestAccessibleInBrowser(t *testing.T) {
	_, url := serve(t)
	p := newBrowser(t)
	p.do("load, four steps", chromedp.Navigate(url), waitFor(`document.body.dataset.ready === "1"`),
		chromedp.Click(chromedp.ID("step")), waitFor(`document.getElementById('step-no').textContent === "1"`),
		chromedp.Click(chromedp.ID("step")), waitFor(`document.getElementById('step-no').textContent === "2"`),
		// The tree of the second step, not the first's still on the page
		// (it is fetched after each step).
		waitFor(`Array.from(document.querySelectorAll('#tree .tnode')).some(e => e.getAttribute('aria-label') === "node, queens on a1, c2 (the search is here)")`))
	check := func(view string) map[string]bool {
		names := map[string]bool{}
		squares := 0
		for _, n := range axNodes(t, p.ctx) {
			role, name := n[0], n[1]
			if controlRoles[role] && strings.TrimSpace(name) == "" {
				t.Errorf("%s: a %s without a name", view, role)
			}
			if role == "gridcell" {
				squares++
			}
			names[name] = true
		}
		if view == "watch" && squares != 16 {
			t.Errorf("watch: %d named squares, want 16", squares)
		}
		return names
	}
	names := check("watch")
	for _, want := range []string{"queen on a1", "queen on c2", "b3, attacked by c2", "b4, free", "step (key s)", "node, queens on a1, c2 (the search is here)"} {
		if !names[want] {
			t.Errorf("no accessible name %q in the watch view", want)
		}
	}
	// Keyboard alone: Tab through the page, collecting what gets focus.
	focusable := `Array.from(document.querySelectorAll('button, input, select, a[href], [tabindex="0"]')).filter(e => e.getClientRects().length > 0 && !e.disabled && e.tabIndex >= 0).map(e => e.id || e.dataset.sq || e.dataset.node || e.value || e.textContent.trim())`
	for _, view := range []string{"watch", "turn", "compare", "growth"} {
		if view != "watch" {
			p.do("arrow to "+view, chromedp.Focus(chromedp.ID("tab-"+map[string]string{"turn": "watch", "compare": "turn", "growth": "compare"}[view])),
				chromedp.KeyEvent(kb.ArrowRight),
				waitFor(fmt.Sprintf(`document.body.dataset.tab === %q && document.activeElement.id === "tab-%s"`, view, view)))
			check(view)
		}
		var want []string
		p.eval(focusable, &want)
		seen := map[string]bool{}
		p.do("focus the top", chromedp.Evaluate[chromedp.Void](`document.activeElement.blur(); window.focus()`))
		for k := 0; k < 3*len(want)+10; k++ {
			p.do("tab", chromedp.KeyEvent("\t"))
			var id string
			p.eval(`(() => { const e = document.activeElement; return e ? (e.id || (e.dataset && (e.dataset.sq || e.dataset.node)) || e.value || e.textContent.trim()) : ""; })()`, &id)
			seen[id] = true
		}
		for _, id := range want {
			if !seen[id] {
				t.Errorf("%s view: the keyboard never reaches %q", view, id)
			}
		}
	}
}

// TestLanguagesInBrowser renders the page in each language (chosen by the
// browser's Accept-Language, or by the switch on the page): no message key
// is shown untranslated, the words differ from English, the steps are the
// trace's in that language (qtool trace --lang), and the numbers are
// grouped as the language writes them.
func TestLanguagesInBrowser(t *testing.T) {
	_, url := serve(t)
	p := newBrowser(t)
	en := i18n.English()
	for i, lang := range i18n.Languages {
		cat, _ := i18n.Lookup(lang)
		if i%2 == 0 {
			if _, err := chromedp.Call(p.ctx, network.SetExtraHTTPHeaders, network.SetExtraHTTPHeadersParams{Headers: network.Headers{"Accept-Language": lang + ";q=0.9, en;q=0.1"}}); err != nil {
				t.Fatal(err)
			}
			p.do(lang+": Accept-Language", chromedp.Navigate(url), waitFor(fmt.Sprintf(`document.body.dataset.lang === %q`, lang)))
		} else {
			p.do(lang+": the switch", chromedp.Navigate(url), waitFor(`document.body.dataset.ready === "1"`),
				chromedp.SetValue(chromedp.ID("lang"), lang),
				chromedp.Evaluate[chromedp.Void](`document.getElementById('lang').dispatchEvent(new Event('change'))`),
				waitFor(fmt.Sprintf(`document.body.dataset.lang === %q`, lang)))
		}
		var shown []string
		p.eval(`Array.from(document.querySelectorAll('[data-i18n]')).map(e => e.dataset.i18n + "=" + e.textContent)`, &shown)
		for _, kv := range shown {
			k, v, _ := strings.Cut(kv, "=")
			if v == k || v == "" || (lang != "en" && v == en.T(k) && v != cat.T(k)) || v != cat.T(k) {
				t.Errorf("%s: %s shows %q, the catalogue %q", lang, k, v, cat.T(k))
			}
		}
		t.Logf("%s: loaded", lang)
		steps := stepsLang(t, cat)
		p.do(lang+": two steps", chromedp.Click(chromedp.ID("step")), waitFor(`document.getElementById('step-no').textContent === "1"`),
			chromedp.Click(chromedp.ID("step")), waitFor(`document.getElementById('step-no').textContent === "2"`))
		if got := p.text("status"); got != steps[1].Text {
			t.Errorf("%s: step 2 says %q, the trace %q", lang, got, steps[1].Text)
		}
		var label string
		p.eval(`document.querySelector('[data-sq="0,0"]').getAttribute('aria-label')`, &label)
		if label != cat.T("page.sq.queen", "a1") {
			t.Errorf("%s: a1 is named %q", lang, label)
		}
		if lang == "de" {
			p.shot("classroom-de-tree.png")
			p.do("de: growth", chromedp.Click(chromedp.ID("tab-growth")), chromedp.SetValue(chromedp.ID("growth-max"), "12"),
				chromedp.Click(chromedp.ID("growth-run")), waitFor(`document.body.dataset.growthDone === "1"`))
			var bt string
			p.eval(`document.querySelector('#growth-table tr[data-n="12"] td[data-method="backtrack"]').textContent`, &bt)
			if bt != "856.189" {
				t.Errorf("de: 856189 written %q", bt)
			}
			p.shot("classroom-de-growth.png")
			p.do("de: side by side", chromedp.Click(chromedp.ID("tab-compare")), chromedp.Click(chromedp.ID("cmp-start")),
				waitFor(`document.body.dataset.cmpSessions === "2"`),
				chromedp.Click(chromedp.ID("cmp-step")), waitFor(`Array.from(document.querySelectorAll('.cmp')).every(c => c.dataset.step === "1")`),
				chromedp.Click(chromedp.ID("cmp-step")), waitFor(`Array.from(document.querySelectorAll('.cmp')).every(c => c.dataset.step === "2")`))
			p.shot("classroom-de-compare.png")
		}
	}
}

// stepsLang returns the first steps of backtracking on 4×4 in a language.
func stepsLang(t *testing.T, cat *i18n.Catalogue) []classroom.Frame {
	var steps []classroom.Frame
	classroom.Run(context.Background(), "backtrack", encode.Empty(4), classroom.Options{Lang: cat}, func(e classroom.Event) bool {
		if e.Major {
			steps = append(steps, e.Frame())
		}
		return len(steps) < 3
	})
	return steps
}
