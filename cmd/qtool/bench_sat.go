package main

import (
	"fmt"

	"qtool/experiments"
)

// noteUnavailable says on stderr which backends of spec cannot run on this
// machine (an external solver that is not installed): their cells are
// skipped, and the run goes on without them.
func noteUnavailable(c *cli, spec experiments.Spec) {
	seen := map[string]bool{}
	for _, g := range spec.Grids {
		for _, b := range g.Backends {
			if seen[b.Name()] {
				continue
			}
			seen[b.Name()] = true
			if err := experiments.Unavailable(b); err != nil {
				fmt.Fprintf(c.stderr, "bench: note: backend %s is unavailable, its cells are skipped: %s\n", b.Name(), experiments.UnavailableReason(err))
			}
		}
	}
}
