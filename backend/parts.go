package backend

import "time"

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
