package main

import (
	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/internal/memlimit"
	"github.com/qtool-project/qtool/search"
)

// joinDefaultMaxN is the largest order for which count picks the join
// counter by itself: all it takes (search.JoinMaxN).
const joinDefaultMaxN = search.JoinMaxN

// joinDefaultBytes is the memory the join needs at joinDefaultMaxN, with
// room to spare (its quadrant tables take 0.96 GB at n = 21): below it,
// count falls back to the domain counter.
const joinDefaultBytes = 2 << 30

// defaultEmptyCounter is the counter of an empty board of order n (n ≤ 27)
// without --backend: the join, the fastest, where it applies and its
// tables fit; the domain split beyond (and for --unique, see
// uniqueDefault).
func defaultEmptyCounter(n int) string {
	if n <= joinDefaultMaxN && memlimit.Limit() >= joinDefaultBytes {
		if _, err := backend.Lookup("join"); err == nil {
			return "join"
		}
	}
	return "domains"
}

// uniqueDefault swaps a default counter that cannot count fundamental
// solutions (the join) for one that can, when --unique asks for them and
// no --backend was named.
func uniqueDefault(p *problemFlags, be backend.Backend) backend.Backend {
	if p.backend != "" || be.Caps().Unique {
		return be
	}
	if d, err := backend.Lookup("domains"); err == nil {
		return d
	}
	return be
}
