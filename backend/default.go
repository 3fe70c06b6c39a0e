package backend

import "github.com/qtool-project/qtool/encode"

// joinBytes is the memory the join counter needs at order n, with room
// to spare (its quadrant tables take 0.96 GB at n = 21, 4.3 GB at n = 22,
// 8.6 GB at n = 23 and 10.2 GB at n = 24): with less, Default counts with
// the domain split instead.
func joinBytes(n int) uint64 {
	switch {
	case n <= 21:
		return 2 << 30
	case n == 22:
		return 6 << 30
	case n == 23:
		return 11 << 30
	}
	return 13 << 30
}

// Default names the backend that runs problem p for request req when the
// caller names none: the one rule, for the command line and everyone else.
//
//   - A problem other than plain n-queens: backtrack (search.Lines, on the
//     most constrained line), which solves every variant.
//   - A count of the empty board up to the constellation counter's largest
//     order (27): the join, the fastest, where it applies (n ≤ 24) and its
//     tables fit in MemoryLimit; else the domain split. Either gives way to
//     one that counts fundamental solutions when req.Unique asks for them.
//   - Anything else up to n = 64: bitmask. Above: dlx, or minconflicts for
//     one solution of an empty board.
//
// A backend that is not registered falls back to backtrack.
func Default(p encode.Problem, req Request) string {
	if !p.PlainQueens() {
		return "backtrack"
	}
	b := p.Board
	name := "bitmask"
	if req.Mode == Count && b.Given() == 0 && b.N <= maxN("constellation") {
		name = "domains"
		if b.N <= maxN("join") && MemoryLimit() >= joinBytes(b.N) {
			name = "join"
		}
	}
	if b.N > maxN("bitmask") {
		name = "dlx"
		if req.Mode == Find && req.Limit == 1 && b.Given() == 0 {
			name = "minconflicts"
		}
	}
	if req.Unique {
		if be, ok := registry[name]; ok && !be.Caps().Unique {
			name = "domains"
		}
	}
	if _, ok := registry[name]; !ok {
		return "backtrack"
	}
	return name
}

// maxN is the largest order that the registered backend name takes, 0
// when it is not registered; one without a limit takes encode.MaxN.
func maxN(name string) int {
	b, ok := registry[name]
	if !ok {
		return 0
	}
	if m := b.Caps().MaxN; m > 0 {
		return m
	}
	return encode.MaxN
}
