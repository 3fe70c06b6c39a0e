package main

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/qtool-project/qtool/split"
)

// TestCheckpointSignals runs qtool count in a child process, stops it with
// SIGTERM and then SIGINT at random moments, resumes it from its
// checkpoint each time, and checks that the last run ends with the exact
// total (OEIS A000170 and A002562 for n = 16) and that every interrupted
// run exited with its signal's status and printed a record marked
// incomplete.
func TestCheckpointSignals(t *testing.T) {
	dir := t.TempDir()
	ck := filepath.Join(dir, "n16.ckpt")
	args := []string{"count", "-n", "16", "--backend", "domains", "--workers", "1", "--unique",
		"--checkpoint", ck, "--resume", "--checkpoint-every", "20ms", "--json"}
	unique := uint64(1846955)
	checkpointSignals(t, dir, ck, args, 14772512, &unique)
}

// TestCheckpointSignalsJoin is TestCheckpointSignals for the join counter
// (the default), on n = 18 (a few seconds on one worker, so that both
// signals come while it counts): it does not count fundamental solutions.
func TestCheckpointSignalsJoin(t *testing.T) {
	dir := t.TempDir()
	ck := filepath.Join(dir, "n18.ckpt")
	args := []string{"count", "-n", "18", "--backend", "join", "--workers", "1",
		"--checkpoint", ck, "--resume", "--checkpoint-every", "20ms", "--json"}
	checkpointSignals(t, dir, ck, args, 666090624, nil)
}

// modTime is the modification time of path, zero if it does not exist.
func modTime(path string) time.Time {
	if fi, err := os.Stat(path); err == nil {
		return fi.ModTime()
	}
	return time.Time{}
}

// awaitWrite waits until the checkpoint ck is written after prev (its
// modification time then): a count writes it at once when its split is
// built, so that a signal sent after this comes while it counts, on a
// loaded machine too.
func awaitWrite(t *testing.T, ck string, prev time.Time) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); modTime(ck).Equal(prev); time.Sleep(2 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s not written within a minute", ck)
		}
	}
}

// checkpointSignals interrupts, kills and resumes the count of args
// (--workers at args[6]) until it ends with want solutions (and
// wantUnique fundamental ones unless nil).
func checkpointSignals(t *testing.T, dir, ck string, args []string, want uint64, wantUnique *uint64) {
	t.Helper()
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 7))
	resumed := 0
	for _, tc := range []struct {
		sig  syscall.Signal
		code int
	}{{syscall.SIGTERM, 143}, {syscall.SIGINT, 130}} {
		prev := modTime(ck)
		cmd, out, errOut := child(t, dir, args...)
		awaitWrite(t, ck, prev)
		delay := time.Duration(100+rng.IntN(400)) * time.Millisecond
		time.Sleep(delay)
		if err := cmd.Process.Signal(tc.sig); err != nil {
			t.Fatal(err)
		}
		code := exitOf(t, cmd)
		var rec split.Record
		if err := json.Unmarshal(out.Bytes(), &rec); err != nil {
			t.Fatalf("%v after %v: no record (%q, stderr %s): %v", tc.sig, delay, out, errOut, err)
		}
		if code == 0 && rec.Complete {
			t.Logf("%v after %v came after the count had ended", tc.sig, delay)
			break
		}
		if code != tc.code || rec.Complete || rec.Status != "interrupted" || rec.Split == nil {
			t.Fatalf("%v after %v: exit %d, record %+v; want exit %d, interrupted, incomplete", tc.sig, delay, code, rec, tc.code)
		}
		if rec.Split.Resumed != resumed || len(rec.Parts) < resumed {
			t.Fatalf("%v: resumed %d parts, %d in the record; the run before left %d", tc.sig, rec.Split.Resumed, len(rec.Parts), resumed)
		}
		resumed = len(rec.Parts)
		var sum uint64
		for _, p := range rec.Parts {
			sum += p.Solutions
		}
		if sum != rec.Solutions || rec.Solutions >= want {
			t.Fatalf("%v: parts add up to %d, record says %d", tc.sig, sum, rec.Solutions)
		}
		t.Logf("%v after %v: exit %d, %d of %d subproblems done", tc.sig, delay, code, len(rec.Parts), rec.Split.Todo)
	}
	// A crash: SIGKILL leaves the last checkpoint written at an interval.
	prev := modTime(ck)
	cmd, _, _ := child(t, dir, args...)
	awaitWrite(t, ck, prev)
	time.Sleep(time.Duration(100+rng.IntN(300)) * time.Millisecond)
	cmd.Process.Kill()
	cmd.Wait()
	st, err := os.ReadFile(ck)
	if err != nil {
		t.Fatal(err)
	}
	resumed = strings.Count(string(st), "\npart ")
	t.Logf("SIGKILL: the checkpoint holds %d subproblems", resumed)
	// The last run may use more workers: the split does not depend on them.
	args[6] = "2"
	cmd, out, errOut := child(t, dir, args...)
	if code := exitOf(t, cmd); code != 0 {
		t.Fatalf("resumed run: exit %d, stderr %s", code, errOut)
	}
	var rec split.Record
	if err := json.Unmarshal(out.Bytes(), &rec); err != nil {
		t.Fatal(err)
	}
	uniqueOK := rec.Unique == nil
	if wantUnique != nil {
		uniqueOK = rec.Unique != nil && *rec.Unique == *wantUnique
	}
	if !rec.Complete || rec.Solutions != want || !uniqueOK || rec.Split.Resumed != resumed || len(rec.Parts) != rec.Split.Todo {
		t.Fatalf("resumed run: %+v; want %d solutions (unique %v), %d parts resumed", rec, want, wantUnique, resumed)
	}
}

// TestCheckpointTimeout: a count that reaches --timeout exits 3, prints a
// record marked incomplete and leaves a checkpoint of what it finished.
func TestCheckpointTimeout(t *testing.T) {
	ck := filepath.Join(t.TempDir(), "n17.ckpt")
	out, errOut, code := qtool(t, "", "count", "-n", "17", "--workers", "1", "--timeout", "600ms", "--checkpoint", ck, "--json")
	var rec split.Record
	if code != 3 || json.Unmarshal([]byte(out), &rec) != nil || rec.Complete || rec.Status != "timeout" {
		t.Fatalf("exit %d, %s %s; want 3 and a record marked timeout", code, out, errOut)
	}
	if rec.Split == nil && len(rec.Parts) == 0 && rec.Solutions == 0 {
		// The time ran out while the split was built (a loaded
		// machine): nothing was counted, and no checkpoint is written.
		if _, err := os.Stat(ck); err == nil {
			t.Fatalf("a checkpoint was written before the split was built")
		}
		t.Log("the time ran out while the split was built")
		return
	}
	data, err := os.ReadFile(ck)
	if err != nil || strings.Count(string(data), "\npart ") != len(rec.Parts) {
		t.Fatalf("checkpoint after the timeout: %v; %d parts in the record", err, len(rec.Parts))
	}
}

// TestCheckpointRefusals: a truncated checkpoint, one of another n or
// shard, an existing file without --resume, --resume alone and a backend
// that cannot checkpoint are refused with exit 2 and a clear message.
func TestCheckpointRefusals(t *testing.T) {
	dir := t.TempDir()
	ck := filepath.Join(dir, "n10.ckpt")
	if _, errOut, code := qtool(t, "", "count", "-n", "10", "--checkpoint", ck); code != 0 {
		t.Fatalf("first run: exit %d %s", code, errOut)
	}
	data, err := os.ReadFile(ck)
	if err != nil {
		t.Fatal(err)
	}
	trunc := filepath.Join(dir, "trunc.ckpt")
	if err := os.WriteFile(trunc, data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-n", "10", "--checkpoint", trunc, "--resume"}, "truncated"},
		{[]string{"-n", "11", "--checkpoint", ck, "--resume"}, "another split"},
		{[]string{"-n", "10", "--shard", "1/2", "--checkpoint", ck, "--resume"}, "shard 0/1, not 1/2"},
		{[]string{"-n", "10", "--backend", "constellation", "--checkpoint", ck, "--resume"}, "another split"},
		{[]string{"-n", "10", "--checkpoint", ck}, "already exists"},
		{[]string{"-n", "10", "--resume"}, "--resume needs --checkpoint"},
		{[]string{"-n", "10", "--backend", "bitmask", "--checkpoint", filepath.Join(dir, "x")}, "cannot checkpoint"},
		{[]string{"-n", "10", "--checkpoint", filepath.Join(dir, "y"), "--checkpoint-every", "0s"}, "must be positive"},
		{[]string{"-n", "28", "--backend", "domains"}, "handles n ≤ 27"},
		{[]string{"-n", "25", "--backend", "join"}, "handles n ≤ 24"},
		{[]string{"-n", "10", "--backend", "domains", "--checkpoint", ck, "--resume"}, "another split"},
		{[]string{"-n", "10", "--checkpoint", filepath.Join(dir, "no", "such", "dir.ckpt")}, "cannot write"},
	} {
		_, errOut, code := qtool(t, "", append([]string{"count"}, tc.args...)...)
		if code != 2 || !strings.Contains(errOut, tc.want) || strings.Count(strings.TrimSpace(errOut), "\n") > 0 || strings.Contains(errOut, "experiments:") || strings.Contains(errOut, "checkpoint: ") {
			t.Errorf("count %v: exit %d, stderr %q; want exit 2 and one line with %q", tc.args, code, errOut, tc.want)
		}
	}
	// The refused runs left the checkpoint as it was.
	if again, _ := os.ReadFile(ck); string(again) != string(data) {
		t.Error("a refused run changed the checkpoint")
	}
	out, errOut, code := qtool(t, "", "count", "-n", "10", "--checkpoint", ck, "--resume", "--json")
	var rec split.Record
	if code != 0 || json.Unmarshal([]byte(out), &rec) != nil || rec.Solutions != 724 || rec.Split.Resumed != rec.Split.Todo {
		t.Fatalf("resume of a finished count: exit %d %s %s", code, out, errOut)
	}
}

// TestCheckpointExistsRefusedAtOnce: a count started afresh over an
// existing checkpoint (--resume forgotten) is refused before its plan,
// which takes minutes at n ≥ 22: count -n 20 --checkpoint F with F there
// ran the join counter's plan first (6 s here; with --timeout it ended
// "timeout", exit 3, as if it had counted) and only then said "already
// exists".
func TestCheckpointExistsRefusedAtOnce(t *testing.T) {
	ck := filepath.Join(t.TempDir(), "old.ckpt")
	if err := os.WriteFile(ck, []byte("anything\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, be := range []string{"join", "constellation", "domains"} {
		// A time limit far shorter than any plan: only a check made
		// before the plan can answer within it.
		_, errOut, code := qtool(t, "", "count", "-n", "20", "--backend", be, "--workers", "1", "--timeout", "1ms", "--checkpoint", ck)
		if code != 2 || !strings.Contains(errOut, "already exists") {
			t.Errorf("%s: exit %d, stderr %q; want exit 2 and 'already exists'", be, code, errOut)
		}
	}
	if data, _ := os.ReadFile(ck); string(data) != "anything\n" {
		t.Errorf("the refused runs changed the checkpoint: %q", data)
	}
}
