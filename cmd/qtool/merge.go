package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"sort"
	"strconv"
	"strings"

	"github.com/qtool-project/qtool/cluster"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/textin"
)

func init() {
	register(command{name: "merge", summary: "add up the shards of a count split with count --shard", run: runMerge})
}

const mergeUsage = `
Usage: qtool merge [--json] FILE...
       qtool merge --compare [--json] A B   (see qtool merge --compare --help)

Adds up the JSON records that qtool count --shard i/m --json prints, one per
shard, and prints the total, with the fundamental solutions when every shard
counted them (--unique). Every shard 0..m-1 of the same count must be there
exactly once and complete: a missing, doubled or incomplete shard, or
records of different n, m, backend or board, are an error (exit 2). A file
may hold several records one after the other; - reads standard input.

Examples:
  for i in $(seq 0 15); do qtool count -n 18 --shard $i/16 --json > s$i.json; done
  qtool merge s*.json
  cat s*.json | qtool merge --json -
`

// mergeMaxFile bounds the size of a file of shard records.
const mergeMaxFile = 64 << 20

// mergeIn is a shard record as qtool count --shard i/m --json prints it.
// The fields merge needs are n, shard, shards, solutions and status (or
// complete); unique, backend, board and seconds are used when present.
type mergeIn struct {
	N         *int     `json:"n"`
	Backend   string   `json:"backend"`
	Board     string   `json:"board"`
	Shard     *int     `json:"shard"`
	Shards    *int     `json:"shards"`
	Solutions *uint64  `json:"solutions"`
	Unique    *uint64  `json:"unique"`
	Seconds   *float64 `json:"seconds"`
	Status    *string  `json:"status"`
	Complete  *bool    `json:"complete"`
}

// mergeShard is a record that passed the checks, with where it came from.
type mergeShard struct {
	mergeIn
	where string // file:line
}

// mergeRecord is the merged count; its fields are those of a count record.
type mergeRecord struct {
	N         int     `json:"n"`
	Backend   string  `json:"backend,omitempty"`
	Board     string  `json:"board,omitempty"`
	Shards    int     `json:"shards"`
	Solutions uint64  `json:"solutions"`
	Unique    *uint64 `json:"unique,omitempty"`
	Seconds   float64 `json:"seconds"`
	Status    string  `json:"status"`
	Complete  bool    `json:"complete"`
}

func runMerge(ctx context.Context, c *cli, args []string) error {
	if wantsCompare(args) {
		return runCompare(ctx, c, args) // merge_compare.go
	}
	fs := flagSet("merge", mergeUsage)
	asJSON := fs.Bool("json", false, "print one JSON object")
	operands, err := parseFlags(c, fs, args)
	if err != nil {
		return err
	}
	if len(operands) == 0 {
		return usageErrorf("merge: want at least one FILE of shard records (see qtool merge --help)")
	}
	var recs []mergeShard
	for _, path := range operands {
		rs, err := mergeRead(c, path)
		if err != nil {
			return err
		}
		recs = append(recs, rs...)
	}
	rec, missingUnique, err := mergeCheck(recs)
	if err != nil {
		return err
	}
	if missingUnique != "" {
		fmt.Fprintf(c.stderr, "qtool: merge: no fundamental count: %s\n", missingUnique)
	}
	if *asJSON {
		return writeJSON(c.stdout, rec)
	}
	var rows [][2]string
	add := func(k, v string) { rows = append(rows, [2]string{k, v}) }
	add("n", strconv.Itoa(rec.N))
	if rec.Board != "" {
		add("board", rec.Board)
	}
	if rec.Backend != "" {
		add("backend", rec.Backend)
	}
	add("shards", fmt.Sprintf("%d (all present, each once)", rec.Shards))
	add("solutions", strconv.FormatUint(rec.Solutions, 10))
	if rec.Unique != nil {
		add("unique", strconv.FormatUint(*rec.Unique, 10))
	}
	add("seconds", strconv.FormatFloat(rec.Seconds, 'f', 4, 64)+" (sum over the shards)")
	add("status", rec.Status)
	width := 0
	for _, r := range rows {
		width = max(width, len(r[0]))
	}
	for _, r := range rows {
		fmt.Fprintf(c.stdout, "%-*s  %s\n", width, r[0], r[1])
	}
	return nil
}

// mergeRead reads the shard records of one file, one JSON object after the
// other, and checks each on its own.
func mergeRead(c *cli, path string) ([]mergeShard, error) {
	data, name, err := readWhole(c, path, mergeMaxFile, "merge: ", "not a file of shard records")
	if err != nil {
		return nil, err
	}
	data = bytes.TrimPrefix(data, []byte(textin.BOM))
	dec := json.NewDecoder(bytes.NewReader(data))
	var recs []mergeShard
	// Lines are counted from the previous record on, not from the start of
	// the file, so that reading stays linear in the size of the file.
	lineOff, lineNo := 0, 1
	lineOf := func(off int) int {
		lineNo += bytes.Count(data[lineOff:off], []byte("\n"))
		lineOff = off
		return lineNo
	}
	for {
		start := int(dec.InputOffset())
		for start < len(data) && strings.IndexByte(" \t\r\n", data[start]) >= 0 {
			start++
		}
		var in mergeIn
		err := dec.Decode(&in)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			off := len(data)
			var se *json.SyntaxError
			var te *json.UnmarshalTypeError
			switch {
			case errors.As(err, &se):
				off = int(se.Offset)
			case errors.As(err, &te):
				off = mergeValueStart(data, int(te.Offset))
				err = fmt.Errorf("%s: want a JSON object per shard as qtool count --shard i/m --json prints it", mergeTypeError(te))
			}
			line, col := mergeLineCol(data, off)
			return nil, usageErrorf("merge: %s:%d:%d: %v", name, line, col, err)
		}
		where := fmt.Sprintf("%s:%d", name, lineOf(min(start, len(data))))
		if err := mergeCheckOne(in, where); err != nil {
			return nil, err
		}
		recs = append(recs, mergeShard{in, where})
	}
	if len(recs) == 0 {
		return nil, usageErrorf("merge: %s: no shard records (want the output of qtool count --shard i/m --json)", name)
	}
	return recs, nil
}

func mergeTypeError(te *json.UnmarshalTypeError) string {
	if te.Field == "" {
		return fmt.Sprintf("a JSON %s where a record should be", te.Value)
	}
	return fmt.Sprintf("field %q: want %s, got a JSON %s", te.Field, te.Type, te.Value)
}

// mergeValueStart finds the start of the JSON scalar that ends at off (the
// offset a type error gives), so that the column points at the value.
func mergeValueStart(data []byte, off int) int {
	off = min(max(off, 0), len(data))
	if off > 0 && data[off-1] == '"' {
		i := off - 2
		for i >= 0 && (data[i] != '"' || (i > 0 && data[i-1] == '\\')) {
			i--
		}
		return max(i, 0)
	}
	for off > 0 && strings.IndexByte(":,[{ \t\r\n", data[off-1]) < 0 {
		off--
	}
	return off
}

// mergeLineCol turns a byte offset into a 1-based line and column.
func mergeLineCol(data []byte, off int) (int, int) {
	off = min(max(off, 0), len(data))
	line := 1 + bytes.Count(data[:off], []byte("\n"))
	col := off - bytes.LastIndexByte(data[:off], '\n')
	return line, col
}

// mergeCheckOne checks the fields of one record.
func mergeCheckOne(in mergeIn, where string) error {
	switch {
	case in.N == nil:
		return usageErrorf("merge: %s: record without \"n\": not a record of qtool count --json", where)
	case *in.N < 1 || *in.N > encode.MaxN:
		return usageErrorf("merge: %s: n=%d: want 1 ≤ n ≤ %d", where, *in.N, encode.MaxN)
	case in.Solutions == nil:
		return usageErrorf("merge: %s: record without \"solutions\": not a record of qtool count --json", where)
	case in.Shard == nil || in.Shards == nil:
		return usageErrorf("merge: %s: count of n=%d is not a shard (no \"shard\" and \"shards\"): make shards with qtool count --shard i/m --json", where, *in.N)
	case *in.Shards < 1 || *in.Shard < 0 || *in.Shard >= *in.Shards:
		return usageErrorf("merge: %s: shard %d of %d: want 0 ≤ shard < shards", where, *in.Shard, *in.Shards)
	}
	status := "ok"
	if in.Status != nil {
		status = *in.Status
	} else if in.Complete == nil {
		return usageErrorf("merge: %s: shard %d/%d has no \"status\": cannot tell whether it is complete", where, *in.Shard, *in.Shards)
	}
	if status != "ok" || (in.Complete != nil && !*in.Complete) {
		return usageErrorf("merge: %s: shard %d/%d is incomplete (status %q): count it again", where, *in.Shard, *in.Shards, status)
	}
	return nil
}

// mergeCheck checks that the records are the shards 0..m-1 of one count,
// each once, and adds them up. missingUnique says why the fundamental
// solutions are left out, when some shards did not count them.
func mergeCheck(recs []mergeShard) (rec mergeRecord, missingUnique string, err error) {
	first := recs[0]
	m := *first.Shards
	rec = mergeRecord{N: *first.N, Backend: first.Backend, Board: first.Board, Shards: m, Status: "ok", Complete: true}
	// Both the records and the split may be large: nothing here is sized by
	// m, only by the records read.
	seen := make(map[int]string, min(m, len(recs)))
	var unique uint64
	var noUnique []int
	for _, r := range recs {
		i := *r.Shard
		switch {
		case *r.N != rec.N:
			return rec, "", usageErrorf("merge: %s: shard %d/%d is of n=%d, but shard %d/%d in %s is of n=%d", r.where, i, *r.Shards, *r.N, *first.Shard, m, first.where, rec.N)
		case *r.Shards != m:
			return rec, "", usageErrorf("merge: %s: shard %d/%d is of a split into %d, but shard %d/%d in %s is of a split into %d", r.where, i, *r.Shards, *r.Shards, *first.Shard, m, first.where, m)
		case r.Backend != rec.Backend:
			return rec, "", usageErrorf("merge: %s: shard %d/%d was counted by backend %q, shard %d/%d in %s by %q", r.where, i, m, r.Backend, *first.Shard, m, first.where, rec.Backend)
		case r.Board != rec.Board:
			return rec, "", usageErrorf("merge: %s: shard %d/%d completes board %q, shard %d/%d in %s board %q", r.where, i, m, r.Board, *first.Shard, m, first.where, rec.Board)
		}
		if prev, dup := seen[i]; dup {
			return rec, "", usageErrorf("merge: shard %d/%d (n=%d) appears twice: %s and %s", i, m, rec.N, prev, r.where)
		}
		seen[i] = r.where
		var carry uint64
		rec.Solutions, carry = bits.Add64(rec.Solutions, *r.Solutions, 0)
		if carry != 0 {
			return rec, "", usageErrorf("merge: %s: the total overflows 64 bits", r.where)
		}
		if r.Unique != nil {
			unique, carry = bits.Add64(unique, *r.Unique, 0)
			if carry != 0 {
				return rec, "", usageErrorf("merge: %s: the total of the fundamental solutions overflows 64 bits", r.where)
			}
		} else {
			noUnique = append(noUnique, i)
		}
		if r.Seconds != nil {
			rec.Seconds += *r.Seconds
		}
	}
	if len(seen) != m {
		present := make([]int, 0, len(seen))
		for i := range seen {
			present = append(present, i)
		}
		sort.Ints(present)
		gaps := mergeGaps(present, m)
		word := "shards"
		if m-len(seen) == 1 {
			word = "shard"
		}
		return rec, "", usageErrorf("merge: missing %s %s of %d (n=%d): %d of %d present", word, mergeRangeList(gaps, m-len(seen)), m, rec.N, len(seen), m)
	}
	if len(noUnique) == 0 {
		// Every class of solutions has 1 to 8 members (the symmetries of
		// the square): totals that break this are not of one count.
		if unique > rec.Solutions || (unique < math.MaxUint64/8 && rec.Solutions > 8*unique) {
			return rec, "", usageErrorf("merge: the shards add up to %d solutions in %d classes: each class has 1 to 8 solutions, so these records are not of one count", rec.Solutions, unique)
		}
		rec.Unique = &unique
	} else if len(noUnique) < m {
		missingUnique = fmt.Sprintf("shards %s were counted without --unique", cluster.Ranges(noUnique))
	}
	return rec, missingUnique, nil
}

// mergeGaps returns the ranges [lo, hi] of 0..m-1 that present (sorted)
// lacks, at most 21 of them: the list is cut after 20.
func mergeGaps(present []int, m int) [][2]int {
	var gaps [][2]int
	next := 0
	for _, p := range append(present, m) {
		if p > next {
			gaps = append(gaps, [2]int{next, p - 1})
			if len(gaps) > 20 {
				break
			}
		}
		next = p + 1
	}
	return gaps
}

// mergeRangeList writes ranges as "0, 3-5, 9", cut after 20 ranges with the
// number of elements in all.
func mergeRangeList(rs [][2]int, total int) string {
	var parts []string
	for i, r := range rs {
		if i == 20 {
			parts = append(parts, fmt.Sprintf("… (%d in all)", total))
			break
		}
		if r[1] > r[0] {
			parts = append(parts, fmt.Sprintf("%d-%d", r[0], r[1]))
		} else {
			parts = append(parts, strconv.Itoa(r[0]))
		}
	}
	return strings.Join(parts, ", ")
}

// readWhole reads all of the input path (a file, or - for standard input)
// when it holds at most max bytes, for the readers of records that must see
// a whole file; a larger one is refused, its reason in the message, as bad
// input. prefix starts every message.
func readWhole(c *cli, path string, max int, prefix, what string) (data []byte, name string, err error) {
	f, name, err := openInput(c, path)
	if err != nil {
		return nil, "", err
	}
	defer f.Close()
	data, err = io.ReadAll(io.LimitReader(f, int64(max)+1))
	if err != nil {
		return nil, name, usageErrorf("%s%s: %v", prefix, name, err)
	}
	if len(data) > max {
		msg := fmt.Sprintf("%s%s: larger than %d MiB", prefix, name, max>>20)
		if what != "" {
			msg += ": " + what
		}
		return nil, name, usageErrorf("%s", msg)
	}
	return data, name, nil
}
