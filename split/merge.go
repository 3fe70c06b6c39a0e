package split

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strconv"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/ranges"
)

// Total is the sum of the shards of one count, as qtool merge prints it.
type Total struct {
	N         int     `json:"n"`
	Backend   string  `json:"backend,omitempty"`
	Board     string  `json:"board,omitempty"`
	BoardHash string  `json:"board_hash,omitempty"`
	Split     string  `json:"split,omitempty"` // the identity, when the shards carry one
	Shards    int     `json:"shards"`
	Solutions uint64  `json:"solutions"`
	Unique    *uint64 `json:"unique,omitempty"`
	Seconds   float64 `json:"seconds"`
	Status    string  `json:"status"`
	Complete  bool    `json:"complete"`
	// Warnings are what the merge accepted but the user should know: the
	// fundamental count left out because some shards lacked it, records
	// without a board hash.
	Warnings []string `json:"-"`
}

// Check checks one record on its own: the fields a shard must have, that
// it is complete, that its fundamental solutions are not more than its
// solutions, and that its split and parts are consistent (the identity
// reads, names its n and its shard; every part is of the split, once,
// with unique ≤ solutions; the parts add up to the record's totals; a
// complete shard has all its parts).
func Check(e *Entry) error {
	n := e.N
	switch {
	case !e.Has("n"):
		return fmt.Errorf("split: %s: record without \"n\": not a record of qtool count --json", e.Where)
	case n < 1 || n > encode.MaxN:
		return fmt.Errorf("split: %s: n=%d: want 1 ≤ n ≤ %d", e.Where, n, encode.MaxN)
	case !e.Has("solutions"):
		return fmt.Errorf("split: %s: record without \"solutions\": not a record of qtool count --json", e.Where)
	case e.Shard == nil || e.Shards == nil:
		return fmt.Errorf("split: %s: count of n=%d is not a shard (no \"shard\" and \"shards\"): make shards with qtool count --shard i/m --json", e.Where, n)
	case *e.Shards < 1 || *e.Shard < 0 || *e.Shard >= *e.Shards:
		return fmt.Errorf("split: %s: shard %d of %d: want 0 ≤ shard < shards", e.Where, *e.Shard, *e.Shards)
	}
	i, m := *e.Shard, *e.Shards
	status := "ok"
	if e.Has("status") {
		status = e.Status
	} else if !e.Has("complete") {
		return fmt.Errorf("split: %s: shard %d/%d has no \"status\": cannot tell whether it is complete", e.Where, i, m)
	}
	if status != "ok" || (e.Has("complete") && !e.Complete) {
		return fmt.Errorf("split: %s: shard %d/%d is incomplete (status %q): count it again", e.Where, i, m, status)
	}
	if e.Unique != nil && *e.Unique > e.Solutions {
		return fmt.Errorf("split: %s: shard %d/%d has %d fundamental solutions of %d: more than all of them", e.Where, i, m, *e.Unique, e.Solutions)
	}
	return checkParts(e, true)
}

// checkParts checks a record's split and parts; whole says the record
// must hold all of its shard's parts.
func checkParts(e *Entry, whole bool) error {
	if e.Split == nil {
		if len(e.Parts) > 0 {
			return fmt.Errorf("split: %s: parts without a split: not a record of qtool count --json", e.Where)
		}
		return nil
	}
	s := e.Split
	id, err := Parse(s.Identity)
	if err != nil {
		return fmt.Errorf("%w (%s)", err, e.Where)
	}
	switch {
	case id.N != e.N || s.N != e.N:
		return fmt.Errorf("split: %s: the split %q is of n=%d, the record of n=%d: the record was edited", e.Where, s.Identity, id.N, e.N)
	case id.Method != s.Method || id.Version != s.Version || id.Depth != s.Depth || id.Subproblems != s.Total:
		return fmt.Errorf("split: %s: the split's fields (%s/%d depth=%d subproblems=%d) are not its identity %q: the record was edited", e.Where, s.Method, s.Version, s.Depth, s.Total, s.Identity)
	case e.Shard != nil && (s.Shard != *e.Shard || s.Shards != *e.Shards):
		return fmt.Errorf("split: %s: shard %d/%d holds the split's shard %d/%d: the record was edited", e.Where, *e.Shard, *e.Shards, s.Shard, s.Shards)
	case s.Shards < 1 || s.Shard < 0 || s.Shard >= s.Shards || s.Todo < 0 || s.Todo > s.Total || s.Resumed < 0 || s.Resumed > s.Todo:
		return fmt.Errorf("split: %s: split shard %d/%d, %d of %d subproblems: impossible", e.Where, s.Shard, s.Shards, s.Todo, s.Total)
	}
	if !e.Has("parts") {
		return nil // counted with --parts=false: nothing to add up
	}
	if whole && len(e.Parts) != s.Todo {
		return fmt.Errorf("split: %s: %d parts, but the shard has %d subproblems: the record is cut or edited", e.Where, len(e.Parts), s.Todo)
	}
	var sum, uniq uint64
	increasing := true // the parts in increasing id, as qtool writes them: no id twice
	for k, p := range e.Parts {
		if p.ID < 0 || p.ID >= s.Total {
			return fmt.Errorf("split: %s: subproblem %d is not in a split of %d", e.Where, p.ID, s.Total)
		}
		if p.Unique > p.Solutions {
			return fmt.Errorf("split: %s: subproblem %d has %d fundamental solutions of %d: more than all of them", e.Where, p.ID, p.Unique, p.Solutions)
		}
		var c1, c2 uint64
		sum, c1 = bits.Add64(sum, p.Solutions, 0)
		uniq, c2 = bits.Add64(uniq, p.Unique, 0)
		if c1|c2 != 0 {
			return fmt.Errorf("split: %s: the parts' total overflows 64 bits", e.Where)
		}
		increasing = increasing && (k == 0 || p.ID > e.Parts[k-1].ID)
	}
	if !increasing {
		ids := make([]int, 0, len(e.Parts))
		for _, p := range e.Parts {
			ids = append(ids, p.ID)
		}
		slices.Sort(ids)
		for k := 1; k < len(ids); k++ {
			if ids[k] == ids[k-1] {
				return fmt.Errorf("split: %s: subproblem %d counted twice", e.Where, ids[k])
			}
		}
	}
	if sum != e.Solutions {
		return fmt.Errorf("split: %s: the parts add up to %d solutions, the record says %d: the record is damaged or edited", e.Where, sum, e.Solutions)
	}
	if e.Unique != nil && uniq != *e.Unique {
		return fmt.Errorf("split: %s: the parts add up to %d fundamental solutions, the record says %d: the record is damaged or edited", e.Where, uniq, *e.Unique)
	}
	return nil
}

// noHashWarning is the warning for records written before board hashes.
const noHashWarning = "some records have no board hash (written by an older qtool): their boards are told apart by file name only"

// Merge checks that the records (each passed by Check) are the shards
// 0..m-1 of one count, each once — the same n, division, backend, board
// (by content hash, or by name for records without one) and split
// identity, no subproblem in two shards — and adds them up, with overflow
// checks. The fundamental solutions are in the total when every shard has
// them, and must then be between an eighth of the solutions and all of
// them (each class has 1 to 8 members, the symmetries of the square).
func Merge(recs []*Entry) (*Total, error) {
	if len(recs) == 0 {
		return nil, fmt.Errorf("split: no shard records")
	}
	for _, r := range recs {
		if err := Check(r); err != nil {
			return nil, err
		}
	}
	t, allHashed := newTotal(recs)
	m := t.Shards
	// Nothing here is sized by m, only by the records read.
	seen := make(map[int]string, min(m, len(recs)))
	var unique uint64
	var noUnique, ids []int
	for _, r := range recs {
		if err := sameCount(r, recs[0], allHashed); err != nil {
			return nil, err
		}
		i := *r.Shard
		if prev, dup := seen[i]; dup {
			return nil, fmt.Errorf("split: shard %d/%d (n=%d) appears twice: %s and %s", i, m, t.N, prev, r.Where)
		}
		seen[i] = r.Where
		if err := t.add(r, &unique); err != nil {
			return nil, err
		}
		if r.Unique == nil {
			noUnique = append(noUnique, i)
		}
		for _, p := range r.Parts {
			ids = append(ids, p.ID)
		}
	}
	if err := t.complete(seen, ids); err != nil {
		return nil, err
	}
	if len(noUnique) == 0 {
		if unique > t.Solutions || (unique < math.MaxUint64/8 && t.Solutions > 8*unique) {
			return nil, fmt.Errorf("split: the shards add up to %d solutions in %d classes: each class has 1 to 8 solutions, so these records are not of one count", t.Solutions, unique)
		}
		t.Unique = &unique
	} else if len(noUnique) < m {
		slices.Sort(noUnique)
		t.Warnings = append(t.Warnings, fmt.Sprintf("no fundamental count: shards %s were counted without --unique", Ranges(noUnique)))
	}
	return t, nil
}

// newTotal is the empty total of the count of the first record, and
// whether every record has a board hash (when not, with the warning).
func newTotal(recs []*Entry) (t *Total, allHashed bool) {
	first := recs[0]
	t = &Total{N: first.N, Backend: first.Backend, Board: first.Board, BoardHash: first.BoardHash, Shards: *first.Shards, Status: "ok", Complete: true}
	if first.Split != nil {
		t.Split = first.Split.Identity
	}
	allHashed = true
	for _, r := range recs {
		allHashed = allHashed && r.BoardHash != ""
	}
	if !allHashed {
		t.Warnings = append(t.Warnings, noHashWarning)
		t.BoardHash = ""
	}
	return t, allHashed
}

// sameCount checks that r is a shard of the count of first: the same n,
// division, backend, board, method and split.
func sameCount(r, first *Entry, allHashed bool) error {
	i, m := *r.Shard, *first.Shards
	fs, fm := *first.Shard, m
	switch {
	case r.N != first.N:
		return fmt.Errorf("split: %s: shard %d/%d is of n=%d, but shard %d/%d in %s is of n=%d", r.Where, i, *r.Shards, r.N, fs, fm, first.Where, first.N)
	case *r.Shards != m:
		return fmt.Errorf("split: %s: shard %d/%d is of a split into %d, but shard %d/%d in %s is of a split into %d", r.Where, i, *r.Shards, *r.Shards, fs, fm, first.Where, m)
	case r.Backend != first.Backend:
		return fmt.Errorf("split: %s: shard %d/%d was counted by backend %q, shard %d/%d in %s by %q", r.Where, i, m, r.Backend, fs, fm, first.Where, first.Backend)
	case allHashed && r.BoardHash != first.BoardHash:
		return fmt.Errorf("split: %s: shard %d/%d counts another board (%s %s) than shard %d/%d in %s (%s %s): a file name does not make the same board", r.Where, i, m, nameOr(r.Board), r.BoardHash, fs, fm, first.Where, nameOr(first.Board), first.BoardHash)
	case !allHashed && r.Board != first.Board:
		return fmt.Errorf("split: %s: shard %d/%d completes board %q, shard %d/%d in %s board %q", r.Where, i, m, r.Board, fs, fm, first.Where, first.Board)
	case r.Method != first.Method:
		return fmt.Errorf("split: %s: shard %d/%d was counted by method %q, shard %d/%d in %s by %q: count the odd ones again with one qtool", r.Where, i, m, r.Method, fs, fm, first.Where, first.Method)
	case (r.Split == nil) != (first.Split == nil):
		return fmt.Errorf("split: %s: shard %d/%d %s a split identity, shard %d/%d in %s %s: not one count", r.Where, i, m, hasOr(r.Split != nil), fs, fm, first.Where, hasOr(first.Split != nil))
	case r.Split != nil && r.Split.Identity != first.Split.Identity:
		return fmt.Errorf("split: %s: shard %d/%d is of split %q, shard %d/%d in %s of %q: count the odd ones again with one qtool", r.Where, i, m, r.Split.Identity, fs, fm, first.Where, first.Split.Identity)
	}
	return nil
}

// add adds shard r to the total (its fundamental solutions to unique),
// refusing an overflow.
func (t *Total) add(r *Entry, unique *uint64) error {
	var carry uint64
	t.Solutions, carry = bits.Add64(t.Solutions, r.Solutions, 0)
	if carry != 0 {
		return fmt.Errorf("split: %s: the total overflows 64 bits", r.Where)
	}
	if r.Unique != nil {
		*unique, carry = bits.Add64(*unique, *r.Unique, 0)
		if carry != 0 {
			return fmt.Errorf("split: %s: the total of the fundamental solutions overflows 64 bits", r.Where)
		}
	}
	t.Seconds += r.Seconds
	return nil
}

// complete checks that every shard 0..m-1 was seen and that no
// subproblem (ids) is in two shards.
func (t *Total) complete(seen map[int]string, ids []int) error {
	m := t.Shards
	if len(seen) != m {
		present := make([]int, 0, len(seen))
		for i := range seen {
			present = append(present, i)
		}
		slices.Sort(present)
		word := "shards"
		if m-len(seen) == 1 {
			word = "shard"
		}
		return fmt.Errorf("split: missing %s %s of %d (n=%d): %d of %d present", word, rangeList(gaps(present, m), m-len(seen)), m, t.N, len(seen), m)
	}
	slices.Sort(ids)
	for k := 1; k < len(ids); k++ {
		if ids[k] == ids[k-1] {
			return fmt.Errorf("split: subproblem %d of split %q is in two shards: not one count", ids[k], t.Split)
		}
	}
	return nil
}

func nameOr(board string) string {
	if board == "" {
		return "the empty board"
	}
	return strconv.Quote(board)
}

func hasOr(has bool) string {
	if has {
		return "has"
	}
	return "has no"
}

// gaps returns the ranges [lo, hi] of 0..m-1 that present (sorted) lacks,
// at most 21 of them: the list is cut after 20.
func gaps(present []int, m int) [][2]int {
	var gs [][2]int
	next := 0
	for _, p := range append(present, m) {
		if p > next {
			gs = append(gs, [2]int{next, p - 1})
			if len(gs) > 20 {
				break
			}
		}
		next = p + 1
	}
	return gs
}

// rangeList writes ranges as "0, 3-5, 9", cut after 20 ranges with the
// number of elements in all.
func rangeList(rs [][2]int, total int) string {
	return ranges.Join(rs, ", ", 20, total)
}

// Ranges writes numbers as "0-3, 7, 9-10", in increasing order, cut after
// 20 ranges (see internal/ranges, the rule that cluster.Ranges shares).
func Ranges(xs []int) string {
	return ranges.Format(xs)
}
