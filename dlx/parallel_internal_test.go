package dlx

import (
	"context"
	"os"
	"testing"
)

// TestBalance reports how the subproblems of a parallel search spread over
// two workers, in updates (a measure of work that the machine's load does
// not change): the speed-up two free cores can give is the total over the
// walk above the split plus the busier worker's share. Run it with
// DLX_BALANCE=file.dlx to measure a problem of your own.
func TestBalance(t *testing.T) {
	name := os.Getenv("DLX_BALANCE")
	if name == "" {
		t.Skip("set DLX_BALANCE to a problem file")
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p, err := Parse(f, name)
	if err != nil {
		t.Fatal(err)
	}
	alg, _ := p.AlgorithmFor(Auto)
	total, splits, err := p.runWorkers(context.Background(), Config{Workers: 2}, alg)
	if err != nil || splits == nil {
		t.Fatalf("%v, %d splits", err, len(splits))
	}
	upper := total.Updates
	most := uint64(0)
	for _, sp := range splits {
		upper -= sp.lower.Updates
		most = max(most, sp.lower.Updates)
	}
	t.Logf("%s: depth %d, %d tasks; %+v; above the split %d updates; workers %d and %d updates; work ratio %.3f",
		name, splits[0].depth, splits[0].seen, total, upper, splits[0].lower.Updates, splits[1].lower.Updates,
		float64(total.Updates)/float64(upper+most))
}
