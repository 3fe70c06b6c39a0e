package main

import (
	"flag"
	"strings"
	"time"

	"github.com/qtool-project/qtool/backend"
)

// checkpointFlags are count's --checkpoint, --resume and --checkpoint-every.
// With the shard flag they are the contract a cluster job array relies on:
//
//	qtool count -n N --shard i/m --checkpoint FILE --resume --json
//
// runs (or continues) slice i of m of the deterministic split, writes its
// progress to FILE (format: package checkpoint) at intervals and when it
// stops, and prints one JSON record whose "split" names the split and the
// shard and whose "parts" are the per-subproblem counts.
type checkpointFlags struct {
	path   string
	resume bool
	every  time.Duration
}

func (f *checkpointFlags) add(fs *flag.FlagSet) {
	fs.StringVar(&f.path, "checkpoint", "", "record progress in `FILE` (written atomically at intervals and when the count stops)")
	fs.BoolVar(&f.resume, "resume", false, "continue from the --checkpoint file if it exists (same n and shard)")
	fs.DurationVar(&f.every, "checkpoint-every", backend.DefaultCheckpointEvery, "interval `D` between checkpoint writes")
}

// apply puts the checkpoint request into req (whether the backend can
// honour it is backend.Admit's question).
func (f *checkpointFlags) apply(req *backend.Request) error {
	if f.path == "" {
		if f.resume {
			return usageErrorf("--resume needs --checkpoint FILE")
		}
		return nil
	}
	if f.every <= 0 {
		return usageErrorf("--checkpoint-every must be positive, got %v", f.every)
	}
	req.Checkpoint = &backend.Checkpoint{Path: f.path, Resume: f.resume, Every: f.every}
	return nil
}

// plainError drops the package names ("backend: ", "experiments: ", "checkpoint: ",
// "search: ", "count: ") from the front of a library error, so that the command line
// speaks to users; errors.Is still sees the original.
func plainError(err error) error {
	msg := err.Error()
	for {
		cut := false
		for _, p := range []string{"backend: ", "experiments: ", "checkpoint: ", "search: ", "count: "} {
			if rest, ok := strings.CutPrefix(msg, p); ok {
				msg, cut = rest, true
			}
		}
		if !cut {
			break
		}
	}
	if msg == err.Error() {
		return err
	}
	return &plainErr{msg: msg, err: err}
}

type plainErr struct {
	msg string
	err error
}

func (e *plainErr) Error() string { return e.msg }
func (e *plainErr) Unwrap() error { return e.err }
