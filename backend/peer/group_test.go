//go:build unix

package peer

import (
	"context"
	"io"
	"testing"
	"time"
)

// TestGroupKilled: a program that hangs, with a helper process it
// started, is killed with the helper at the deadline: nothing of its
// process group is left when the run returns.
func TestGroupKilled(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	pl := pipeline{Stages: [][]string{{"../../examples/external/hang.sh"}}, Out: func(r io.Reader) error {
		_, err := io.Copy(io.Discard, r)
		return err
	}}
	start := time.Now()
	if _, _, err := pl.Run(ctx); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("the run took %v", d)
	}
	// A killed helper is reaped by init a moment later (until then it is
	// a zombie that kill(2) still finds).
	for end := time.Now().Add(5 * time.Second); groupAlive(pl.Pgid) && time.Now().Before(end); {
		time.Sleep(10 * time.Millisecond)
	}
	if pl.Pgid == 0 || groupAlive(pl.Pgid) {
		t.Errorf("process group %d is still alive", pl.Pgid)
	}
}
