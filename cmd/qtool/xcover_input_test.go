package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestXcoverIdleStdin checks that xcover - stops at its --timeout while
// the pipe it reads is open and idle (issue 24: every reader of standard
// input ignored the limit then), reporting what it read as incomplete.
func TestXcoverIdleStdin(t *testing.T) {
	r, w := io.Pipe()
	defer w.Close()
	go w.Write([]byte("A B\nA\n")) // a first line, then nothing
	var out, errOut bytes.Buffer
	c := &cli{stdin: r, stdout: &out, stderr: &errOut}
	start := time.Now()
	code := exitCode(&errOut, runContext(context.Background(), c, []string{"xcover", "-", "--count", "--timeout", "200ms"}))
	if el := time.Since(start); code != exitTimeout || el > 5*time.Second {
		t.Fatalf("exit %d after %v, want %d within 0.5 s of the limit; stderr %q", code, el, exitTimeout, errOut.String())
	}
	if !strings.Contains(errOut.String(), "reading <stdin> stopped") {
		t.Errorf("stderr %q does not say the reading stopped", errOut.String())
	}
	// The same input closed is read and solved.
	outText, _, code := xrun(t, context.Background(), "A B\nA\nB\n", "xcover", "-", "--count")
	if code != 0 || !strings.Contains(outText, "solutions   1") {
		t.Errorf("closed pipe: exit %d:\n%s", code, outText)
	}
}

// TestXcoverWorkersCap checks that more workers than processors are not
// started (each would repeat the walk above the split) and that the count
// is that of one worker.
func TestXcoverWorkersCap(t *testing.T) {
	out, _, code := xrun(t, context.Background(), langfordText(7), "xcover", "-", "--json", "--workers", "1024")
	var rec map[string]any
	if err := json.Unmarshal([]byte(out), &rec); err != nil || code != 0 {
		t.Fatalf("exit %d, %v: %s", code, err, out)
	}
	if w := rec["workers"].(float64); w < 1 || int(w) > runtime.GOMAXPROCS(0) {
		t.Errorf("--workers 1024 ran %v workers on %d processors", w, runtime.GOMAXPROCS(0))
	}
	if rec["solutions"] != 52.0 {
		t.Errorf("Langford 7: %v solutions, want 52", rec["solutions"])
	}
}
