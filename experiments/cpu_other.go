//go:build !unix

package experiments

import "time"

// processorTime is 0 where getrusage is missing: the records then carry
// no processor time.
func processorTime() time.Duration { return 0 }
