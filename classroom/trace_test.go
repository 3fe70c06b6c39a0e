package classroom_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"image/gif"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/classroom"
	"github.com/qtool-project/qtool/encode"
)

// TestTraceText: the text trace of the 4-queens backtrack starts with its
// head and legend, stops at the first solution and says so, and a trace
// cut by --steps says after how many.
func TestTraceText(t *testing.T) {
	var out strings.Builder
	end, err := classroom.Trace{Method: "backtrack", Board: encode.Empty(4)}.Run(context.Background(), &out)
	if err != nil || !end.AtSolution || end.Summary.Complete {
		t.Fatalf("end %+v, err %v; want a stop at the first solution", end, err)
	}
	text := out.String()
	if !strings.HasPrefix(text, "qtool trace: ") || !strings.Contains(text, "on the empty 4×4 board") {
		t.Errorf("head: %q", text[:min(len(text), 80)])
	}
	if want := "stopped at the first solution after 10 steps (--until end goes on to the end)\n"; !strings.HasSuffix(text, want) {
		t.Errorf("end line: got %q, want %q", text[max(0, len(text)-100):], want)
	}
	out.Reset()
	end, err = classroom.Trace{Method: "dlx", Board: encode.Empty(6), Steps: 3}.Run(context.Background(), &out)
	if err != nil || end.Summary.Steps != 3 || !strings.HasSuffix(out.String(), "stopped after 3 steps (--steps 3); the search was not finished\n") {
		t.Errorf("--steps 3: %+v %v, %q", end.Summary, err, out.String())
	}
}

// TestTraceJSONToEnd: the JSON trace to the end has one frame a line, as
// many solution frames as the 6-queens problem has solutions (4), and no
// head or end line.
func TestTraceJSONToEnd(t *testing.T) {
	var out strings.Builder
	end, err := classroom.Trace{Method: "bitmask", Board: encode.Empty(6), ToEnd: true, JSON: true}.Run(context.Background(), &out)
	if err != nil || !end.Summary.Complete || end.Summary.Solutions != 4 {
		t.Fatalf("end %+v, err %v", end, err)
	}
	sols, lines := 0, 0
	sc := bufio.NewScanner(strings.NewReader(out.String()))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var f classroom.Frame
		if err := json.Unmarshal(sc.Bytes(), &f); err != nil {
			t.Fatalf("line %d: %v", lines+1, err)
		}
		lines++
		if f.Kind == "solution" {
			sols++
		}
	}
	if sols != 4 || lines != end.Summary.Steps {
		t.Errorf("%d solution frames in %d lines, %d steps", sols, lines, end.Summary.Steps)
	}
}

// TestTracePicturesAndErrors: the GIF has a frame a board shown; a trace
// longer than MaxGIFFrames boards is refused with ErrTooManyFrames; a
// refused board is a TraceError of Kind ""; a context already done ends
// the text trace with the interruption line.
func TestTracePicturesAndErrors(t *testing.T) {
	dir := t.TempDir()
	gifPath := filepath.Join(dir, "a.gif")
	end, err := classroom.Trace{Method: "backtrack", Board: encode.Empty(5), GIF: gifPath, Tree: filepath.Join(dir, "t.svg")}.Run(context.Background(), new(strings.Builder))
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(gifPath)
	if err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(f)
	f.Close()
	if err != nil || len(g.Image) != end.Summary.Steps {
		t.Errorf("GIF of %d frames (%v) for %d steps", len(g.Image), err, end.Summary.Steps)
	}
	if _, err := os.Stat(filepath.Join(dir, "t.svg")); err != nil {
		t.Error(err)
	}
	_, err = classroom.Trace{Method: "backtrack", Board: encode.Empty(8), ToEnd: true, AllEvents: true, GIF: gifPath}.Run(context.Background(), new(strings.Builder))
	var te *classroom.TraceError
	if !errors.As(err, &te) || te.Kind != "gif" || !errors.Is(err, classroom.ErrTooManyFrames) {
		t.Errorf("a long trace with a GIF: %v", err)
	}
	_, err = classroom.Trace{Method: "backtrack", Board: encode.Empty(40)}.Run(context.Background(), new(strings.Builder))
	if !errors.As(err, &te) || te.Kind != "" || !strings.Contains(err.Error(), "too big to show") {
		t.Errorf("n = 40: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out strings.Builder
	_, err = classroom.Trace{Method: "backtrack", Board: encode.Empty(8)}.Run(ctx, &out)
	if !errors.Is(err, context.Canceled) || !strings.Contains(out.String(), "interrupted after") {
		t.Errorf("cancelled: %v, %q", err, out.String())
	}
}

// TestTraceChoose: the words of the options set the trace, another word
// or a negative number of steps is refused.
func TestTraceChoose(t *testing.T) {
	var tr classroom.Trace
	if err := tr.Choose("end", "all", "json"); err != nil || !tr.ToEnd || !tr.AllEvents || !tr.JSON {
		t.Errorf("end all json: %+v %v", tr, err)
	}
	if err := tr.Choose("solution", "steps", "text"); err != nil || tr.ToEnd || tr.AllEvents || tr.JSON {
		t.Errorf("solution steps text: %+v %v", tr, err)
	}
	for _, c := range [][4]string{
		{"later", "steps", "text", `classroom: --until must be solution or end, got "later"`},
		{"end", "some", "text", `classroom: --events must be steps or all, got "some"`},
		{"end", "all", "gif", `classroom: --format must be text or json, got "gif"`},
	} {
		if err := tr.Choose(c[0], c[1], c[2]); err == nil || err.Error() != c[3] {
			t.Errorf("%v: %v", c[:3], err)
		}
	}
	tr.Steps = -1
	if err := tr.Choose("end", "all", "json"); err == nil || err.Error() != "classroom: --steps must be 0 (no limit) or more, got -1" {
		t.Errorf("steps -1: %v", err)
	}
}
