package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/qtool-project/qtool/checkpoint"
	"github.com/qtool-project/qtool/experiments"
	"github.com/qtool-project/qtool/search"
)

// compareUsage is merge --compare's part of merge's help.
const compareUsage = `
Usage: qtool merge --compare [--json] A B

Compares two counts piece by piece: A and B are files of qtool count --json
records with per-subproblem counts (backends domains and constellation;
several shards may be concatenated in one file) or checkpoint files. Both
must be of the same split (method, version, n). Prints the first subproblem
whose count differs, or is in one and not the other, and how many differ;
exit 1 when they differ, 0 when every subproblem agrees.

Examples:
  qtool count -n 9 --json > a.json
  qtool count -n 9 --shard 0/2 --json > b.json
  qtool count -n 9 --shard 1/2 --json >> b.json
  qtool merge --compare a.json b.json
`

// compareMaxFile bounds a file read by merge --compare: a whole count of
// n = 27 is 1.6·10⁶ parts, about 110 MB of JSON.
const compareMaxFile = 512 << 20

// compareSide is what one operand of merge --compare holds.
type compareSide struct {
	name   string
	split  string // identity
	method string
	n      int
	parts  map[int]experiments.Part
	// unique: the counter counts fundamental solutions per subproblem
	// (some subproblem with solutions has unique ones; the join's are all
	// 0: it does not count them).
	unique bool
}

// wantsCompare reports whether merge's arguments ask for --compare.
func wantsCompare(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		if a == "--compare" || a == "-compare" {
			return true
		}
	}
	return false
}

func runCompare(ctx context.Context, c *cli, args []string) error {
	fs := flagSet("merge", compareUsage)
	fs.Bool("compare", true, "compare two counts piece by piece")
	asJSON := fs.Bool("json", false, "print one JSON object")
	operands, err := parseFlags(c, fs, args)
	if err != nil {
		return err
	}
	if len(operands) != 2 {
		return usageErrorf("merge --compare: want two files A B, got %d (see qtool merge --help)", len(operands))
	}
	var sides [2]*compareSide
	for i, path := range operands {
		s, err := readCompareSide(c, path)
		if err != nil {
			return err
		}
		sides[i] = s
	}
	a, b := sides[0], sides[1]
	if a.split != b.split {
		return usageErrorf("merge --compare: %s and %s are of different splits (%q and %q): they cannot be compared piece by piece", a.name, b.name, a.split, b.split)
	}
	ids := map[int]bool{}
	for id := range a.parts {
		ids[id] = true
	}
	for id := range b.parts {
		ids[id] = true
	}
	order := make([]int, 0, len(ids))
	for id := range ids {
		order = append(order, id)
	}
	sort.Ints(order)
	res := compareResult{Split: a.split, Subproblems: len(order)}
	for _, id := range order {
		pa, ina := a.parts[id]
		pb, inb := b.parts[id]
		if ina && inb && pa.Solutions == pb.Solutions && pa.Unique == pb.Unique {
			res.Solutions += pa.Solutions
			res.Unique += pa.Unique
			continue
		}
		res.Differ++
		if res.First == nil {
			f := &compareDiff{ID: id, Describe: describePart(a, id)}
			if ina {
				f.A = &pa
			}
			if inb {
				f.B = &pb
			}
			res.First = f
		}
	}
	res.Same = res.Differ == 0
	if a.unique && b.unique {
		res.UniqueCounted = true
	} else {
		res.Unique = 0
	}
	if *asJSON {
		if err := writeJSON(c.stdout, res); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(c.stdout, "split        %s\n", res.Split)
		fmt.Fprintf(c.stdout, "subproblems  %d (in A or B)\n", res.Subproblems)
		if res.Same {
			fmt.Fprintf(c.stdout, "same         every subproblem agrees: %d solutions, %s\n", res.Solutions, uniqueText(res.UniqueCounted, res.Unique))
		} else {
			f := res.First
			fmt.Fprintf(c.stdout, "differ       %d subproblems\n", res.Differ)
			fmt.Fprintf(c.stdout, "first        subproblem %d (%s): %s %s, %s %s\n", f.ID, f.Describe, a.name, partText(f.A), b.name, partText(f.B))
		}
	}
	if !res.Same {
		return withCode(exitNo, nil)
	}
	return nil
}

// compareResult is merge --compare's JSON record.
type compareResult struct {
	Split       string       `json:"split"`
	Subproblems int          `json:"subproblems"`
	Same        bool         `json:"same"`
	Differ      int          `json:"differ"`
	First       *compareDiff `json:"first,omitempty"`
	// Solutions and Unique add up the subproblems that agree; Unique
	// only when both counts counted fundamental solutions (UniqueCounted).
	Solutions     uint64 `json:"solutions"`
	Unique        uint64 `json:"unique"`
	UniqueCounted bool   `json:"unique_counted"`
}

// uniqueText is "1787 unique", or "unique: not counted".
func uniqueText(counted bool, unique uint64) string {
	if !counted {
		return "unique: not counted"
	}
	return fmt.Sprintf("%d unique", unique)
}

type compareDiff struct {
	ID       int               `json:"id"`
	Describe string            `json:"describe"`
	A        *experiments.Part `json:"a"` // nil: not in A
	B        *experiments.Part `json:"b"`
}

func partText(p *experiments.Part) string {
	if p == nil {
		return "has no count"
	}
	return fmt.Sprintf("%d solutions %d unique", p.Solutions, p.Unique)
}

// describePart names subproblem id of the side's split for people, when
// the split is one this qtool builds.
func describePart(s *compareSide, id int) string {
	var p search.Plan
	var err error
	switch s.method {
	case search.ConstellationMethod:
		if s.n >= 1 && s.n <= search.ConstellationMaxN && s.n <= 20 {
			p, err = search.NewConstellationPlan(s.n, 0)
		}
	case search.DomainMethod:
		if s.n >= 1 && s.n <= search.DomainMaxN {
			p, err = search.NewDomainPlan(s.n)
		}
	case search.JoinMethod:
		if s.n >= 1 && s.n <= joinDefaultMaxN {
			p, err = search.NewJoinPlan(s.n, 0)
		}
	}
	if p == nil || err != nil || p.Identity() != s.split || id >= p.Subproblems() {
		return "not described: a split of another qtool"
	}
	return p.Describe(id)
}

// parseSplitIdentity reads the method and n from a split identity such as
// "domains/1 n=16 depth=4 subproblems=6778 hash=…".
func parseSplitIdentity(id string) (method string, n int) {
	f := strings.Fields(id)
	if len(f) > 0 {
		method, _, _ = strings.Cut(f[0], "/")
	}
	for _, x := range f {
		if v, ok := strings.CutPrefix(x, "n="); ok {
			n, _ = strconv.Atoi(v)
		}
	}
	return method, n
}

// readCompareSide reads a file of count records or a checkpoint.
func readCompareSide(c *cli, path string) (*compareSide, error) {
	data, name, err := readWhole(c, path, compareMaxFile, "", "")
	if err != nil {
		return nil, err
	}
	s := &compareSide{name: name, parts: map[int]experiments.Part{}}
	if bytes.HasPrefix(data, []byte(checkpoint.Magic+"\n")) {
		st, err := checkpoint.Decode(bytes.NewReader(data), name)
		if err != nil {
			return nil, usageErrorf("%v", err)
		}
		s.split = st.Split
		for _, p := range st.Parts {
			s.parts[p.ID] = experiments.Part{ID: p.ID, Solutions: p.Solutions, Unique: p.Unique, Nodes: p.Nodes}
			s.unique = s.unique || p.Unique > 0
		}
		s.method, s.n = parseSplitIdentity(s.split)
		return s, nil
	}
	dec := json.NewDecoder(bufio.NewReader(bytes.NewReader(data)))
	for k := 1; ; k++ {
		var rec struct {
			Split *experiments.Split `json:"split"`
			Parts []experiments.Part `json:"parts"`
		}
		err := dec.Decode(&rec)
		if errors.Is(err, io.EOF) {
			if k == 1 {
				return nil, usageErrorf("%s: no count record", name)
			}
			break
		}
		if err != nil {
			return nil, usageErrorf("%s: record %d: %v", name, k, err)
		}
		if rec.Split == nil {
			return nil, usageErrorf("%s: record %d has no per-subproblem counts (count with --backend domains or constellation and --json)", name, k)
		}
		if rec.Split.Identity == "" || rec.Split.Total < 1 {
			return nil, usageErrorf("%s: record %d: its split has no identity or no subproblems", name, k)
		}
		if s.split == "" {
			s.split = rec.Split.Identity
		} else if s.split != rec.Split.Identity {
			return nil, usageErrorf("%s: record %d is of split %q, the first of %q", name, k, rec.Split.Identity, s.split)
		}
		for _, p := range rec.Parts {
			if q, dup := s.parts[p.ID]; dup && (q.Solutions != p.Solutions || q.Unique != p.Unique) {
				return nil, usageErrorf("%s: record %d: subproblem %d counted twice, %d and %d solutions", name, k, p.ID, q.Solutions, p.Solutions)
			}
			if p.ID < 0 || p.ID >= rec.Split.Total {
				return nil, usageErrorf("%s: record %d: subproblem %d is not in a split of %d", name, k, p.ID, rec.Split.Total)
			}
			s.parts[p.ID] = p
			s.unique = s.unique || p.Unique > 0
		}
	}
	s.method, s.n = parseSplitIdentity(s.split)
	return s, nil
}
