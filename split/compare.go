package split

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"

	"github.com/qtool-project/qtool/checkpoint"
)

// Side is one operand of Compare: the per-subproblem counts of one split,
// each subproblem once, in increasing id.
type Side struct {
	Name  string
	Split string // the identity
	Parts []Part
}

// SideOf gathers the parts of count records (concatenated shards of one
// split, complete or not); the parts of a lone record become the side's,
// sorted in place. Each record must carry its split and parts
// (checked as by Check, but for completeness); a shard or a subproblem
// met twice, or records of different splits, are refused.
func SideOf(name string, recs []*Entry) (*Side, error) {
	s := &Side{Name: name}
	shards := map[[2]int]string{}
	total := 0
	for _, r := range recs {
		total += len(r.Parts)
	}
	for _, r := range recs {
		if r.Split == nil || !r.Has("parts") {
			return nil, fmt.Errorf("split: %s: the record has no per-subproblem counts (count with --backend domains, constellation or join and --json)", r.Where)
		}
		if r.Unique != nil && *r.Unique > r.Solutions {
			return nil, fmt.Errorf("split: %s: %d fundamental solutions of %d: more than all of them", r.Where, *r.Unique, r.Solutions)
		}
		if err := checkParts(r, false); err != nil {
			return nil, err
		}
		if s.Split == "" {
			s.Split = r.Split.Identity
		} else if s.Split != r.Split.Identity {
			return nil, fmt.Errorf("split: %s: the record is of split %q, the first of %q", r.Where, r.Split.Identity, s.Split)
		}
		key := [2]int{r.Split.Shard, r.Split.Shards}
		if prev, dup := shards[key]; dup {
			return nil, fmt.Errorf("split: %s: shard %d/%d appears twice (%s and %s)", name, key[0], key[1], prev, r.Where)
		}
		shards[key] = r.Where
		if len(recs) == 1 {
			s.Parts = r.Parts // no copy of a big record's parts: the side sorts them in place
		} else {
			if s.Parts == nil {
				s.Parts = make([]Part, 0, total)
			}
			s.Parts = append(s.Parts, r.Parts...)
		}
	}
	return s, s.sort()
}

// SideOfCheckpoint is the side of a checkpoint's finished subproblems.
func SideOfCheckpoint(name string, st *checkpoint.State) (*Side, error) {
	if _, err := Parse(st.Split); err != nil {
		return nil, fmt.Errorf("%w (%s)", err, name)
	}
	s := &Side{Name: name, Split: st.Split}
	for _, p := range st.Parts {
		s.Parts = append(s.Parts, Part{ID: p.ID, Solutions: p.Solutions, Unique: p.Unique, Nodes: p.Nodes})
	}
	return s, s.sort()
}

func (s *Side) sort() error {
	if !slices.IsSortedFunc(s.Parts, func(a, b Part) int { return cmp.Compare(a.ID, b.ID) }) {
		slices.SortFunc(s.Parts, func(a, b Part) int { return cmp.Compare(a.ID, b.ID) })
	}
	for k := 1; k < len(s.Parts); k++ {
		if s.Parts[k].ID == s.Parts[k-1].ID {
			return fmt.Errorf("split: %s: subproblem %d counted twice", s.Name, s.Parts[k].ID)
		}
	}
	return nil
}

// Comparison is the result of Compare.
type Comparison struct {
	Split       string `json:"split"`
	Subproblems int    `json:"subproblems"` // in A or B
	Same        bool   `json:"same"`
	Differ      int    `json:"differ"`
	First       *Diff  `json:"first,omitempty"`
	// Solutions and Unique add up the subproblems that agree.
	Solutions uint64 `json:"solutions"`
	Unique    uint64 `json:"unique"`
}

// Diff is a subproblem counted differently by the two sides, or by one
// only (A or B nil). Describe is for the caller to fill.
type Diff struct {
	ID       int    `json:"id"`
	Describe string `json:"describe"`
	A        *Part  `json:"a"`
	B        *Part  `json:"b"`
}

// Compare matches two sides of one split subproblem by subproblem (a
// merge of the two sorted lists): it counts the subproblems that differ
// or are in one side only, keeps the first, and adds up those that agree.
func Compare(a, b *Side) (*Comparison, error) {
	if a.Split != b.Split {
		return nil, fmt.Errorf("split: %s and %s are of different splits (%q and %q): they cannot be compared piece by piece", a.Name, b.Name, a.Split, b.Split)
	}
	c := &Comparison{Split: a.Split}
	i, j := 0, 0
	for i < len(a.Parts) || j < len(b.Parts) {
		var pa, pb *Part
		switch {
		case j >= len(b.Parts) || (i < len(a.Parts) && a.Parts[i].ID < b.Parts[j].ID):
			pa = &a.Parts[i]
			i++
		case i >= len(a.Parts) || b.Parts[j].ID < a.Parts[i].ID:
			pb = &b.Parts[j]
			j++
		default:
			pa, pb = &a.Parts[i], &b.Parts[j]
			i++
			j++
		}
		c.Subproblems++
		if pa != nil && pb != nil && pa.Solutions == pb.Solutions && pa.Unique == pb.Unique {
			var c1, c2 uint64
			c.Solutions, c1 = bits.Add64(c.Solutions, pa.Solutions, 0)
			c.Unique, c2 = bits.Add64(c.Unique, pa.Unique, 0)
			if c1|c2 != 0 {
				return nil, fmt.Errorf("split: %s: the agreeing subproblems' total overflows 64 bits", a.Name)
			}
			continue
		}
		c.Differ++
		if c.First == nil {
			d := &Diff{}
			if pa != nil {
				d.ID = pa.ID
				x := *pa
				d.A = &x
			}
			if pb != nil {
				d.ID = pb.ID
				x := *pb
				d.B = &x
			}
			c.First = d
		}
	}
	c.Same = c.Differ == 0
	return c, nil
}
