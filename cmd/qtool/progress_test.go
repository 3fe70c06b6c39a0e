package main

import (
	"bytes"
	"strings"
	"testing"
)

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
