package experiments_test

import (
	"context"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/experiments"
)

// plainCtx is a cancellable context of a type the context package does not
// know: each child context that is not cancelled keeps a goroutine waiting
// on it, which makes a leaked child visible.
type plainCtx struct {
	done chan struct{}
	once sync.Once
}

func (c *plainCtx) Deadline() (time.Time, bool) { return time.Time{}, false }
func (c *plainCtx) Done() <-chan struct{}       { return c.done }
func (c *plainCtx) Err() error {
	select {
	case <-c.done:
		return context.Canceled
	default:
		return nil
	}
}
func (c *plainCtx) Value(any) any { return nil }
func (c *plainCtx) cancel()       { c.once.Do(func() { close(c.done) }) }

// TestRunnerReleasesContexts: the runner cancels every context it makes for
// a run. A dropped one lived as long as the caller's context, and with the
// garbage collection before each repeat made bench --boards quadratic in
// the number of boards (issue #11 item 12).
func TestRunnerReleasesContexts(t *testing.T) {
	counter := rnHonest("counter", nil)
	probs := make([]experiments.Case, 40)
	for i := range probs {
		probs[i] = experiments.Case{Name: "b" + string(rune('a'+i%26)) + string(rune('a'+i/26)), Board: encode.Board{N: 5, Queens: []int{i % 5, -1, -1, -1, -1}}}
	}
	for _, timeout := range []time.Duration{0, time.Minute} {
		ctx := &plainCtx{done: make(chan struct{})}
		before := runtime.NumGoroutine()
		r := &experiments.Runner{Spec: experiments.Spec{Repeats: 2, Timeout: timeout, Grids: []experiments.Grid{{
			Task: experiments.TaskComplete, Backends: []backend.Backend{counter}, Problems: probs,
		}}}}
		recs, err := r.Run(ctx)
		if err != nil || len(recs) != 80 {
			t.Fatalf("timeout %v: %d records, %v", timeout, len(recs), err)
		}
		// Goroutines of finished runs end at once; give the scheduler a
		// moment, then count.
		var after int
		for range 100 {
			if after = runtime.NumGoroutine(); after <= before+2 {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		if after > before+2 {
			t.Errorf("timeout %v: %d goroutines before 80 runs, %d after: contexts left uncancelled", timeout, before, after)
		}
		ctx.cancel()
	}
}
