// Package progress draws a progress bar on a terminal: a run reports
// (done, total) in its own units, and the bar shows the fraction, the rate
// and the time left (github.com/schollz/progressbar).
package progress

import (
	"io"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
)

// A Bar is a progress bar drawn on a writer, at most every 100 ms. It is
// safe for concurrent use; the zero Bar is not usable (see New).
type Bar struct {
	mu    sync.Mutex
	w     io.Writer
	desc  string
	bar   *progressbar.ProgressBar
	total uint64
	ended bool // Done was called: later updates (a run's straggling workers) draw nothing
}

// New returns a bar that draws on w, described by desc; nothing is drawn
// before the first Update.
func New(w io.Writer, desc string) *Bar { return &Bar{w: w, desc: desc} }

// Update shows done of total; a new total starts the bar afresh.
func (p *Bar) Update(done, total uint64) {
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

// Done erases the bar, however the run ended: finished, timed out,
// interrupted or failed (the bar's own clear-on-finish acts only on a
// bar that reached its total). Later updates draw nothing.
func (p *Bar) Done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.ended = true
	if p.bar != nil {
		p.bar.Clear()
		p.bar.Exit()
		p.bar = nil
	}
}
