package main

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/cluster"
)

// refusingQueue is a scheduler whose sbatch refuses every submission.
type refusingQueue struct{ emptyQueue }

func (refusingQueue) Submit(context.Context, *cluster.Run, string, map[string]string) (string, error) {
	return "", errors.New("cluster: sbatch: error: Batch job submission failed: Invalid partition name specified")
}

// TestClusterSubmitRefusals: bad times are refused before anything is
// made; a submission sbatch refuses leaves no half-made run directory and
// advises the command that works (the same one, mended), not a resubmit
// that fails the same way (issue 24 item 6).
func TestClusterSubmitRefusals(t *testing.T) {
	withScheduler(t, refusingQueue{})
	base := t.TempDir()
	for _, tm := range []string{"-5", "abc", "1:2:3:4"} {
		dir := filepath.Join(base, "t"+tm)
		_, errOut, code := qtool(t, "", "cluster", "submit", "count", "-n", "8", "--shards", "2", "--dir", dir, "--time", tm)
		if code != 2 || !strings.Contains(errOut, "--time") {
			t.Errorf("--time %s: exit %d %q", tm, code, errOut)
		}
		if _, err := os.Stat(dir); err == nil {
			t.Errorf("--time %s: the run directory was made", tm)
		}
	}
	dir := filepath.Join(base, "with space")
	_, errOut, code := qtool(t, "", "cluster", "submit", "count", "-n", "8", "--shards", "2", "--dir", dir)
	if code == 0 || !strings.Contains(errOut, "Invalid partition") || !strings.Contains(errOut, "left as it was") || strings.Contains(errOut, "resubmit") {
		t.Errorf("refused by sbatch: exit %d %q", code, errOut)
	}
	if _, err := os.Stat(dir); err == nil {
		t.Error("a refused submission left its run directory")
	}
	// An empty directory given stays, empty.
	os.Mkdir(dir, 0o755)
	qtool(t, "", "cluster", "submit", "count", "-n", "8", "--shards", "2", "--dir", dir)
	if ents, err := os.ReadDir(dir); err != nil || len(ents) != 0 {
		t.Errorf("the empty directory holds %v %v", ents, err)
	}
}

// TestSlurmImpossible: with Slurm here, what no node can run is refused
// before anything is made: more cores than any node has (with --wait it
// waited forever), more array tasks than MaxArraySize, an unknown
// partition.
func TestSlurmImpossible(t *testing.T) {
	if _, err := exec.LookPath("sbatch"); err != nil {
		t.Skip("Slurm not installed")
	}
	if err := (cluster.Slurm{}).Ping(context.Background()); err != nil {
		t.Skip("no Slurm controller:", err)
	}
	base := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--cpus", "100000", "--wait"}, "the tasks would wait forever"},
		{[]string{"--shards", "100000"}, "MaxArraySize"},
		{[]string{"--partition", "nosuch-partition"}, "no partition"},
	} {
		dir := filepath.Join(base, "run")
		args := append([]string{"cluster", "submit", "count", "-n", "8", "--shards", "2", "--dir", dir}, c.args...)
		_, errOut, code := qtool(t, "", args...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d %q, want 2 and %q", c.args, code, errOut, c.want)
		}
		if _, err := os.Stat(dir); err == nil {
			t.Errorf("%v: the run directory was made", c.args)
		}
	}
}
