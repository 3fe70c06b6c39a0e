package main

import (
	"qtool/experiments"
	"qtool/internal/memlimit"
)

// joinDefaultMaxN is the largest order for which count picks the join
// counter by itself: its quadrant tables take about 0.5 GB at n = 20 and
// 1.2 GB at n = 21, so that n = 21 takes --backend join.
const joinDefaultMaxN = 20

// joinDefaultBytes is the memory the join's tables may need at
// joinDefaultMaxN, with room to spare: below it, count falls back to the
// domain counter.
const joinDefaultBytes = 1 << 30

// defaultEmptyCounter is the counter of an empty board of order n (n ≤ 27)
// without --backend: the join, the fastest, where it applies and its
// tables fit; the domain split beyond (and for --unique, see
// uniqueDefault).
func defaultEmptyCounter(n int) string {
	if n <= joinDefaultMaxN && memlimit.Limit() >= joinDefaultBytes {
		if _, err := experiments.Lookup("join"); err == nil {
			return "join"
		}
	}
	return "domains"
}

// uniqueDefault swaps a default counter that cannot count fundamental
// solutions (the join) for one that can, when --unique asks for them and
// no --backend was named.
func uniqueDefault(p *problemFlags, be experiments.Backend) experiments.Backend {
	if p.backend != "" || be.Caps().Unique {
		return be
	}
	if d, err := experiments.Lookup("domains"); err == nil {
		return d
	}
	return be
}
