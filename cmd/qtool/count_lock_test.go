package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/checkpoint"
	"github.com/qtool-project/qtool/internal/textin"
)

// TestCountCheckpointInUse: a count whose checkpoint another run holds is
// refused at once (exit 2, one line naming the file), the file untouched;
// once the holder lets go, the same command counts and resumes from it.
func TestCountCheckpointInUse(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.ckpt")
	out, errOut, code := qtool(t, "", "count", "-n", "10", "--checkpoint", path)
	if code != 0 || !strings.Contains(out, "724") {
		t.Fatalf("first count: exit %d, %s %s", code, out, errOut)
	}
	unlock, err := checkpoint.Lock(path)
	if err != nil {
		t.Fatal(err)
	}
	out, errOut, code = qtool(t, "", "count", "-n", "10", "--checkpoint", path, "--resume")
	if code != exitUsage || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, path+" is being counted into by another run") || out != "" {
		t.Errorf("count of a held checkpoint: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	unlock()
	out, errOut, code = qtool(t, "", "count", "-n", "10", "--checkpoint", path, "--resume", "--json")
	if code != 0 || !strings.Contains(out, `"solutions":724`) || !strings.Contains(out, `"resumed":`) {
		t.Errorf("resume after the holder let go: exit %d, %s %s", code, out, errOut)
	}
}

// TestCountStoppedHint: a count stopped by its time limit without a
// checkpoint says how to make it resumable; with one it does not.
func TestCountStoppedHint(t *testing.T) {
	_, errOut, code := qtool(t, "", "count", "-n", "19", "--timeout", "20ms")
	if code != exitTimeout || !strings.Contains(errOut, "run it with --checkpoint FILE") {
		t.Errorf("count stopped without a checkpoint: exit %d, stderr %q", code, errOut)
	}
	path := filepath.Join(t.TempDir(), "c.ckpt")
	_, errOut, code = qtool(t, "", "count", "-n", "19", "--timeout", "20ms", "--checkpoint", path)
	if code != exitTimeout || strings.Contains(errOut, "--checkpoint FILE") {
		t.Errorf("count stopped with a checkpoint: exit %d, stderr %q", code, errOut)
	}
	_, errOut, code = qtool(t, "", "count", "-n", "8")
	if code != 0 || errOut != "" {
		t.Errorf("a finished count: exit %d, stderr %q", code, errOut)
	}
}

// TestBoardErrorAdvice: a board file's line too long (a huge list, as
// qtool place writes) is pointed to qtool verify; other errors are not.
func TestBoardErrorAdvice(t *testing.T) {
	long := &textin.Error{File: "q.txt", Line: 1, Col: 67108865, Msg: "line longer than 67108864 bytes, the longest this input allows", Err: textin.ErrLineTooLong}
	var b strings.Builder
	if code := exitCode(&b, boardError(long, "q.txt")); code != exitUsage || !strings.Contains(b.String(), "(a solution in list form of any size: qtool verify q.txt)") {
		t.Errorf("exit %d, %q", code, b.String())
	}
	// Read from standard input: verify reads it as "-".
	b.Reset()
	long.File = "<stdin>"
	if code := exitCode(&b, boardError(long, "<stdin>")); code != exitUsage || !strings.Contains(b.String(), "(a solution in list form of any size: qtool verify -)") {
		t.Errorf("stdin: exit %d, %q", code, b.String())
	}
	b.Reset()
	other := &textin.Error{File: "q.txt", Line: 2, Col: 1, Msg: "unexpected '1' after the list"}
	if code := exitCode(&b, boardError(other, "q.txt")); code != exitUsage || strings.Contains(b.String(), "verify") {
		t.Errorf("exit %d, %q", code, b.String())
	}
}

// TestProblemDidYouMean: a misspelt --problem gets the nearest name; a
// name near none gets the list alone.
func TestProblemDidYouMean(t *testing.T) {
	_, errOut, code := qtool(t, "", "count", "-n", "8", "--problem", "torodial")
	if code != exitUsage || !strings.HasSuffix(strings.TrimSpace(errOut), "(did you mean toroidal?)") || !strings.Contains(errOut, "want one of queens, toroidal") {
		t.Errorf("exit %d, %q", code, errOut)
	}
	_, errOut, _ = qtool(t, "", "count", "-n", "8", "--problem", "xyzzy")
	if strings.Contains(errOut, "did you mean") {
		t.Errorf("%q", errOut)
	}
}
