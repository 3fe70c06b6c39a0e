package backend_test

import (
	"context"
	"errors"
	"testing"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
)

// traced is a fake backend whose Caps say whether it shows its search
// step by step; its Run hands one event to Request.Trace.
type traced struct{ trace bool }

func (traced) Name() string { return "test-traced" }

func (t traced) Caps() backend.Caps {
	return backend.Caps{Count: true, Find: true, All: true, Complete: true, Problems: encode.AllVariants(), Forbidden: true, Trace: t.trace}
}

func (traced) Run(_ context.Context, _ encode.Problem, req backend.Request) (backend.Outcome, error) {
	if req.Trace != nil && !req.Trace("event") {
		return backend.Outcome{}, nil
	}
	return backend.Outcome{Solutions: 1}, nil
}

// TestAdmitTrace: Admit lets Request.Trace through only to a backend with
// Caps.Trace, in Find mode, on a plain n-queens board (queens given or
// not), and Solve then hands the backend's events over.
func TestAdmitTrace(t *testing.T) {
	plain := encode.Board{N: 6, Queens: []int{1, -1, -1, -1, -1, -1}}.Problem()
	kings := encode.Problem{Variant: encode.Kings, Instance: encode.Instance{Board: encode.Empty(4)}}
	blocked := encode.Problem{Instance: encode.Instance{Board: encode.Empty(4), Blocked: []encode.Cell{{R: 0, C: 0}}}}
	hook := func(any) bool { return true }
	for _, c := range []struct {
		name string
		be   traced
		p    encode.Problem
		req  backend.Request
		ok   bool
	}{
		{"traced", traced{true}, plain, backend.Request{Mode: backend.Find, Trace: hook}, true},
		{"no trace asked", traced{false}, plain, backend.Request{Mode: backend.Find}, true},
		{"cannot trace", traced{false}, plain, backend.Request{Mode: backend.Find, Trace: hook}, false},
		{"count", traced{true}, plain, backend.Request{Mode: backend.Count, Trace: hook}, false},
		{"variant", traced{true}, kings, backend.Request{Mode: backend.Find, Trace: hook}, false},
		{"blocked", traced{true}, blocked, backend.Request{Mode: backend.Find, Trace: hook}, false},
	} {
		err := backend.Admit(c.be, c.p, c.req)
		var r *backend.Refusal
		switch {
		case c.ok && err != nil:
			t.Errorf("%s: refused: %v", c.name, err)
		case !c.ok && (!errors.As(err, &r) || r.Need != backend.NeedTrace):
			t.Errorf("%s: got %v, want a refusal for NeedTrace", c.name, err)
		}
	}
	var events []any
	out, err := backend.Solve(context.Background(), traced{true}, plain, backend.Request{Mode: backend.Find, Trace: func(e any) bool {
		events = append(events, e)
		return false
	}})
	if err != nil || out.Solutions != 0 || len(events) != 1 || events[0] != "event" {
		t.Errorf("Solve with a trace that stops: %+v, %v, events %v", out, err, events)
	}
}
