package main

import (
	"io"

	pbar "github.com/qtool-project/qtool/internal/progress"
)

// progress is a progress bar on stderr, shown only when stderr is a
// terminal (package internal/progress). Backends report (done, total) in
// their own units. Safe for concurrent use.
type progress struct{ bar *pbar.Bar }

func newProgress(w io.Writer, desc string) *progress { return &progress{pbar.New(w, desc)} }

func (p *progress) update(done, total uint64) { p.bar.Update(done, total) }

// done erases the bar, however the run ended.
func (p *progress) done() { p.bar.Done() }
