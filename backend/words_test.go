package backend_test

import (
	"testing"

	"github.com/qtool-project/qtool/backend"
)

func TestStatusWords(t *testing.T) {
	for _, c := range []struct {
		s         backend.Status
		why, word string
	}{
		{backend.OK, "ok", "ok"},
		{backend.Timeout, "time limit reached", "timeout (incomplete: time limit reached)"},
		{backend.Interrupted, "interrupted", "interrupted (incomplete)"},
		{backend.Unknown, "the method gave up", "unknown (not found within the budget; no proof that none exists)"},
		{backend.Status(9), "status(9)", "status(9)"},
	} {
		if got := c.s.Why(); got != c.why {
			t.Errorf("%v.Why() = %q, want %q", c.s, got, c.why)
		}
		if got := c.s.Word(); got != c.word {
			t.Errorf("%v.Word() = %q, want %q", c.s, got, c.word)
		}
	}
}

func TestSetOption(t *testing.T) {
	var req backend.Request
	req.SetOption("amo", "")
	if req.Options != nil {
		t.Errorf("an empty value made %v", req.Options)
	}
	req.SetOption("amo", "pairwise")
	req.SetOption("order", "mrv")
	req.SetOption("order", "")
	if len(req.Options) != 2 || req.Options["amo"] != "pairwise" || req.Options["order"] != "mrv" {
		t.Errorf("options %v", req.Options)
	}
}
