package backend_test

import (
	"strings"
	"testing"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
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

// lister records what a request hands it.
type lister struct{ got []string }

func (l *lister) Visit(encode.Placement) bool     { l.got = append(l.got, "placement"); return true }
func (l *lister) VisitCells([]encode.Cell) bool   { l.got = append(l.got, "cells"); return true }
func (l *lister) VisitPieces([]encode.Piece) bool { l.got = append(l.got, "pieces"); return true }
func (l *lister) OnInstance(encode.Instance)      { l.got = append(l.got, "instance") }

func TestListTo(t *testing.T) {
	var l lister
	var req backend.Request
	req.ListTo(&l, encode.Empty(4).Problem())
	if req.Visit == nil || req.VisitCells != nil || req.OnInstance != nil {
		t.Fatal("plain n-queens: want Visit only")
	}
	req.Visit(nil)
	kings := encode.Problem{Variant: encode.Kings, Instance: encode.Instance{Board: encode.Empty(4)}}
	req = backend.Request{}
	req.ListTo(&l, kings)
	if req.Visit != nil || req.VisitCells == nil || req.VisitPieces == nil || req.OnInstance == nil {
		t.Fatal("kings: want the cells, the pieces and the instance")
	}
	req.OnInstance(encode.Instance{})
	req.VisitCells(nil)
	req.VisitPieces(nil)
	if strings.Join(l.got, " ") != "placement instance cells pieces" {
		t.Errorf("handed %v", l.got)
	}
}
