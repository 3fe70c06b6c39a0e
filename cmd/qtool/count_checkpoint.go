package main

import (
	"flag"
	"strings"
	"time"

	"qtool/experiments"
	"qtool/search"
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
	fs.DurationVar(&f.every, "checkpoint-every", experiments.DefaultCheckpointEvery, "interval `D` between checkpoint writes")
}

// apply puts the checkpoint request into req after checking that the
// backend can honour it.
func (f *checkpointFlags) apply(be experiments.Backend, req *experiments.Request) error {
	if f.path == "" {
		if f.resume {
			return usageErrorf("--resume needs --checkpoint FILE")
		}
		return nil
	}
	if !be.Caps().Parts {
		return usageErrorf("backend %s cannot checkpoint a count; use --backend %s", be.Name(), strings.Join(backendsWith(func(c experiments.Caps) bool { return c.Parts }), " or "))
	}
	if f.every <= 0 {
		return usageErrorf("--checkpoint-every must be positive, got %v", f.every)
	}
	req.Checkpoint = &experiments.Checkpoint{Path: f.path, Resume: f.resume, Every: f.every}
	return nil
}

// constellationMaxN is the largest empty board the default counter, the
// constellation backend, takes; bitmask counts beyond.
const constellationMaxN = search.ConstellationMaxN
