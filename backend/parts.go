package backend

import "time"

// Split is the identity of a deterministic split of a count into
// subproblems: two records with the same Split.Identity number the same
// subproblems the same way.
type Split struct {
	Method  string `json:"method"`  // e.g. "constellations"
	Version int    `json:"version"` // of the method's split
	N       int    `json:"n"`
	Depth   int    `json:"depth"`       // rows fixed beyond the method's own
	Total   int    `json:"subproblems"` // in the whole split
	// Identity is the one-line name of the split, with a hash of its list.
	Identity string `json:"identity"`
	// Shard and Shards name the slice counted, Todo its subproblems.
	Shard  int `json:"shard"`
	Shards int `json:"shards"`
	Todo   int `json:"todo"`
	// Resumed is the number of subproblems read from a checkpoint rather
	// than counted in this run.
	Resumed int `json:"resumed"`
}

// Part is the count of one subproblem of a split.
type Part struct {
	ID        int    `json:"id"`
	Solutions uint64 `json:"solutions"`
	Unique    uint64 `json:"unique"`
	Nodes     uint64 `json:"nodes"`
}

// Checkpoint asks a splitting backend to record its progress in the file
// Path (format: package checkpoint) every Every (0 = 30 s) and when it
// ends; with Resume, the subproblems already in Path are not counted
// again (a missing file starts afresh). Without Resume an existing file is
// refused rather than overwritten.
type Checkpoint struct {
	Path   string
	Resume bool
	Every  time.Duration
}

// DefaultCheckpointEvery is how often a checkpoint is written when
// Checkpoint.Every is 0.
const DefaultCheckpointEvery = 30 * time.Second
