//go:build unix

package checkpoint

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/internal/safeout"
)

// TestLock: a checkpoint locked by one holder is refused to a second,
// through a symbolic link too, with the holder's process id in the
// message; after unlock it can be taken again, and a checkpoint written
// meanwhile is untouched by the lock file (CleanStale leaves it, Read
// reads the checkpoint).
func TestLock(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "c.ckpt")
	s := &State{Split: "x/1 n=4", Shard: 0, Shards: 1, Todo: 1, Parts: []Part{{ID: 0, Solutions: 2, Nodes: 3}}}
	if err := Write(path, s); err != nil {
		t.Fatal(err)
	}
	unlock, err := Lock(path)
	if err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.ckpt")
	if err := os.Symlink("c.ckpt", link); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{path, link} {
		_, err := Lock(p)
		if !errors.Is(err, ErrInUse) || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), "process "+strconv.Itoa(os.Getpid())) {
			t.Errorf("second Lock(%s): %v, want ErrInUse naming the file and the holder", p, err)
		}
	}
	if err := Write(path, s); err != nil {
		t.Errorf("Write while locked: %v", err)
	}
	if removed := safeout.CleanStale(path); len(removed) != 0 {
		t.Errorf("CleanStale removed %v", removed)
	}
	unlock()
	again, err := Lock(link)
	if err != nil {
		t.Fatalf("Lock after unlock: %v", err)
	}
	again()
	if got, err := Read(path); err != nil || len(got.Parts) != 1 || got.Parts[0].Solutions != 2 {
		t.Errorf("Read after locks: %+v, %v", got, err)
	}
}

// TestLockHeldByAnotherProcess: the lock holds against another process
// (flock(1) from util-linux holds it while the test tries), and is gone
// when that process ends.
func TestLockHeldByAnotherProcess(t *testing.T) {
	if _, err := exec.LookPath("flock"); err != nil {
		t.Skip("no flock(1) on PATH")
	}
	path := filepath.Join(t.TempDir(), "c.ckpt")
	lp, err := LockPath(path)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("flock", "--exclusive", lp, "sh", "-c", "echo held; read x")
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 5)
	if _, err := out.Read(buf); err != nil || string(buf) != "held\n" {
		t.Fatalf("flock(1) did not start: %q %v", buf, err)
	}
	if _, err := Lock(path); !errors.Is(err, ErrInUse) {
		t.Errorf("Lock while another process holds it: %v, want ErrInUse", err)
	}
	in.Close()
	cmd.Wait()
	unlock, err := Lock(path)
	if err != nil {
		t.Fatalf("Lock after the other process ended: %v", err)
	}
	unlock()
}
