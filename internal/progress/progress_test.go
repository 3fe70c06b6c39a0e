package progress

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// TestCleared (moved from cmd/qtool, TestProgressCleared): a bar stopped halfway (a count that timed out) is erased,
// and an update after Done draws nothing.
func TestCleared(t *testing.T) {
	var buf bytes.Buffer
	p := New(&buf, "counting")
	p.Update(1, 10)
	time.Sleep(150 * time.Millisecond) // past the bar's throttle
	p.Update(5, 10)
	if !strings.Contains(buf.String(), "counting") {
		t.Fatalf("no bar drawn: %q", buf.String())
	}
	p.Done()
	out := buf.String()
	last := out[strings.LastIndex(out, "\r")+1:]
	if !strings.HasSuffix(out, "\r") || strings.TrimSpace(last) != "" {
		t.Errorf("the bar is left on the line: %q", out)
	}
	n := buf.Len()
	p.Update(7, 10)
	if buf.Len() != n {
		t.Errorf("an update after Done drew: %q", buf.String()[n:])
	}
}
