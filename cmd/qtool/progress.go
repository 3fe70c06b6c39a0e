package main

import (
	"io"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
)

// progress is a progress bar on stderr, shown only when stderr is a
// terminal. Backends report (done, total) in their own units; the bar
// shows the fraction, the rate and the time left. Safe for concurrent use.
type progress struct {
	mu    sync.Mutex
	w     io.Writer
	desc  string
	bar   *progressbar.ProgressBar
	total uint64
	ended bool // done was called: later updates (a backend's straggling workers) draw nothing
}

func newProgress(w io.Writer, desc string) *progress { return &progress{w: w, desc: desc} }

func (p *progress) update(done, total uint64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ended {
		return
	}
	if p.bar == nil || total != p.total {
		if p.bar != nil {
			p.bar.Exit()
		}
		p.total = total
		p.bar = progressbar.NewOptions64(int64(total),
			progressbar.OptionSetWriter(p.w),
			progressbar.OptionSetDescription(p.desc),
			progressbar.OptionShowCount(),
			progressbar.OptionShowIts(),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
		)
	}
	p.bar.Set64(int64(done))
}

// done erases the bar, however the run ended: finished, timed out,
// interrupted or failed (the bar's own clear-on-finish acts only on a
// bar that reached its total).
func (p *progress) done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.ended = true
	if p.bar != nil {
		p.bar.Clear()
		p.bar.Exit()
		p.bar = nil
	}
}
