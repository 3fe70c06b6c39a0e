package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// TestProgressCleared: a bar stopped halfway (a count that timed out) is
// erased, and an update after done draws nothing.
func TestProgressCleared(t *testing.T) {
	var buf bytes.Buffer
	p := newProgress(&buf, "counting")
	p.update(1, 10)
	time.Sleep(150 * time.Millisecond) // past the bar's throttle
	p.update(5, 10)
	if !strings.Contains(buf.String(), "counting") {
		t.Fatalf("no bar drawn: %q", buf.String())
	}
	p.done()
	out := buf.String()
	last := out[strings.LastIndex(out, "\r")+1:]
	if !strings.HasSuffix(out, "\r") || strings.TrimSpace(last) != "" {
		t.Errorf("the bar is left on the line: %q", out)
	}
	n := buf.Len()
	p.update(7, 10)
	if buf.Len() != n {
		t.Errorf("an update after done drew: %q", buf.String()[n:])
	}
}

// TestCountTimeoutClearsBar counts on a terminal until the time limit: the
// bar is erased before the partial result is printed.
func TestCountTimeoutClearsBar(t *testing.T) {
	var out, errOut bytes.Buffer
	c := &cli{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut, terminal: true}
	err := runContext(t.Context(), c, []string{"count", "-n", "17", "--backend", "bitmask", "--workers", "1", "--timeout", "700ms"})
	if code := exitCode(&errOut, err); code != exitTimeout {
		t.Fatalf("exit %d, want 3: %s", code, errOut.String())
	}
	e := errOut.String()
	if i := strings.LastIndex(e, "counting"); i >= 0 && !strings.Contains(e[i:], "\r") {
		t.Errorf("the bar is not erased: %q", e)
	}
}
