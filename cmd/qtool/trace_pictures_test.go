package main

import (
	"encoding/xml"
	"fmt"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTracePictures: --gif writes one frame per board the trace shows,
// --frames one SVG and one PNG per board, numbered, and --tree a tree
// whose nodes are the trace's nodes counter at the point it stopped.
func TestTracePictures(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args  []string
		nodes string
	}{
		{[]string{"-n", "4"}, "9"},
		{[]string{"-n", "4", "--until", "end"}, "17"},
		{[]string{"-n", "5", "--events", "all", "--steps", "3"}, ""},
		{[]string{"-n", "6", "--backend", "dlx", "--until", "end"}, "93"},
	} {
		gifPath, treePath, frames := filepath.Join(dir, "a.gif"), filepath.Join(dir, "t.svg"), filepath.Join(dir, "f")
		os.RemoveAll(frames)
		args := append([]string{"trace", "--gif", gifPath, "--tree", treePath, "--frames", frames}, c.args...)
		out, errOut, code := qtool(t, "", args...)
		if code != 0 || errOut != "" {
			t.Fatalf("%v: exit %d %q", args, code, errOut)
		}
		boards := strings.Count(out, "\nstep ") + strings.Count(out, "\n  · ")
		if strings.HasPrefix(out, "step ") {
			boards++
		}
		f, err := os.Open(gifPath)
		if err != nil {
			t.Fatal(err)
		}
		g, err := gif.DecodeAll(f)
		f.Close()
		if err != nil || len(g.Image) != boards {
			t.Errorf("%v: the GIF has %d frames (%v), the trace shows %d boards", c.args, len(g.Image), err, boards)
		}
		ents, _ := os.ReadDir(frames)
		if len(ents) != 2*boards || ents[0].Name() != "step-0001.png" || ents[1].Name() != "step-0001.svg" {
			t.Errorf("%v: %d files in --frames for %d boards", c.args, len(ents), boards)
		}
		for _, e := range ents {
			data, _ := os.ReadFile(filepath.Join(frames, e.Name()))
			if strings.HasSuffix(e.Name(), ".png") {
				if _, err := png.Decode(strings.NewReader(string(data))); err != nil {
					t.Fatalf("%s: %v", e.Name(), err)
				}
			} else if err := xml.Unmarshal(data, new(struct{})); err != nil {
				t.Fatalf("%s: %v", e.Name(), err)
			}
		}
		tree, _ := os.ReadFile(treePath)
		var doc struct {
			Searched string `xml:"data-searched,attr"`
		}
		if err := xml.Unmarshal(tree, &doc); err != nil {
			t.Fatal(err)
		}
		// the trace's last counters line: "nodes K · …"
		lines := strings.Split(strings.TrimSpace(out), "\n")
		var last string
		for _, l := range lines {
			if strings.HasPrefix(strings.TrimSpace(l), "nodes ") {
				last = strings.Fields(l)[1]
			}
		}
		if c.nodes != "" && (doc.Searched != c.nodes || last != c.nodes) {
			t.Errorf("%v: the tree has %s nodes, the trace's counter %s, want %s", c.args, doc.Searched, last, c.nodes)
		}
	}
	if _, errOut, code := qtool(t, "", "trace", "--backend", "minconflicts", "--tree", filepath.Join(dir, "x.svg")); code != 2 || !strings.Contains(errOut, "local search") {
		t.Errorf("minconflicts --tree: %d %q", code, errOut)
	}
	if _, errOut, code := qtool(t, "", "trace", "-n", "8", "--until", "end", "--gif", filepath.Join(dir, "big.gif")); code != 2 || !strings.Contains(errOut, "more than 1000") {
		t.Errorf("a GIF of too many frames: %d %q", code, errOut)
	}
}

// TestTraceLang: the trace in each language has the same steps and
// counters as in English, in its own words; an unknown language is
// refused.
func TestTraceLang(t *testing.T) {
	en, _, _ := qtool(t, "", "trace", "-n", "5", "--until", "end")
	words := map[string]string{"de": "Schritt 1:", "ca": "pas 1:", "zh-Hans": "第 1 步："}
	for lang, word := range words {
		out, errOut, code := qtool(t, "", "trace", "-n", "5", "--until", "end", "--lang", lang)
		if code != 0 || errOut != "" || !strings.Contains(out, word) {
			t.Fatalf("%s: exit %d %q, no %q in\n%.300s", lang, code, errOut, word, out)
		}
		if strings.Count(out, "\n    a b c d e\n") != strings.Count(en, "\n    a b c d e\n") || fmt.Sprint(counterNumbers(out)) != fmt.Sprint(counterNumbers(en)) {
			t.Errorf("%s: %d boards, English %d; counters %v, English %v", lang, strings.Count(out, "\n    a b c d e\n"), strings.Count(en, "\n    a b c d e\n"), counterNumbers(out), counterNumbers(en))
		}
	}
	if _, errOut, code := qtool(t, "", "trace", "--lang", "fr"); code != 2 || !strings.Contains(errOut, "fr") {
		t.Errorf("--lang fr: %d %q", code, errOut)
	}
}

// counterNumbers reads the numbers of the counter lines ("  nodes 3 ·
// tests 8 · …"), the thousands separators dropped.
func counterNumbers(out string) []string {
	var nums []string
	for _, l := range strings.Split(out, "\n") {
		if !strings.HasPrefix(l, "  ") || !strings.Contains(l, " · ") {
			continue
		}
		for _, f := range strings.Split(l, " · ") {
			fs := strings.Fields(f)
			nums = append(nums, strings.NewReplacer(",", "", ".", "").Replace(fs[len(fs)-1]))
		}
	}
	return nums
}
