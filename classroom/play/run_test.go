package play_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/qtool-project/qtool/classroom"
)

// TestRunPause: running sends steps one after another; after pause, one
// step command sends exactly one frame, the next in order.
func TestRunPause(t *testing.T) {
	_, url := serve(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := openStream(t, ctx, url+"api/stream?n=6")
	_, data := s.next()
	var hello struct{ Session string }
	json.Unmarshal(data, &hello)
	ctl := func(body map[string]any) {
		t.Helper()
		body["session"] = hello.Session
		if code, out := post(t, url+"api/control", body); code != http.StatusNoContent {
			t.Fatalf("%v: %d %v", body, code, out)
		}
	}
	ctl(map[string]any{"action": "run", "delay": 50})
	var last classroom.Frame
	for last.Step < 3 {
		name, data := s.next()
		if name != "frame" {
			t.Fatalf("%s %s", name, data)
		}
		json.Unmarshal(data, &last)
	}
	ctl(map[string]any{"action": "pause"})
	// At most one frame was on its way when the pause came.
	ctl(map[string]any{"action": "step"})
	var f classroom.Frame
	_, data = s.next()
	json.Unmarshal(data, &f)
	if f.Step != last.Step+1 && f.Step != last.Step+2 {
		t.Fatalf("after step %d and a pause, a step shows step %d", last.Step, f.Step)
	}
	ctl(map[string]any{"action": "step"})
	var g classroom.Frame
	_, data = s.next()
	json.Unmarshal(data, &g)
	if g.Step != f.Step+1 {
		t.Errorf("paused: step %d then step %d", f.Step, g.Step)
	}
}
