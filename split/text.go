package split

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"sort"
	"strconv"

	"github.com/qtool-project/qtool/checkpoint"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/plural"
	"github.com/qtool-project/qtool/solution"
)

// table collects the rows of a two-column key/value table.
type table [][2]string

func (t *table) add(k, v string) { *t = append(*t, [2]string{k, v}) }

// write writes the rows, the keys padded to the widest.
func (t table) write(w io.Writer) {
	width := 0
	for _, r := range t {
		width = max(width, len(r[0]))
	}
	for _, r := range t {
		fmt.Fprintf(w, "%-*s  %s\n", width, r[0], r[1])
	}
}

// WriteText writes the merged count for people, as qtool merge prints it:
// one "key  value" line per field.
func (t *Total) WriteText(w io.Writer) {
	var rows table
	rows.add("n", strconv.Itoa(t.N))
	if t.Board != "" {
		rows.add("board", t.Board)
	}
	if t.Backend != "" {
		rows.add("backend", t.Backend)
	}
	rows.add("shards", fmt.Sprintf("%d (all present, each once)", t.Shards))
	rows.add("solutions", strconv.FormatUint(t.Solutions, 10))
	if t.Unique != nil {
		rows.add("unique", strconv.FormatUint(*t.Unique, 10))
	}
	rows.add("seconds", strconv.FormatFloat(t.Seconds, 'f', 4, 64)+" (sum over the shards)")
	rows.add("status", t.Status)
	rows.write(w)
}

// WriteText writes the count for people, as qtool count prints it: one
// "key  value" line per field; status is the status in words.
func (r *Record) WriteText(w io.Writer, status string) {
	var rows table
	rows.add("n", strconv.Itoa(r.N))
	if r.Problem != "" {
		rows.add("problem", r.Problem)
	}
	if r.Board != "" {
		rows.add("board", r.boardLine())
	}
	if r.Army != "" {
		rows.add("army", r.Army)
	}
	if r.Pawns != nil {
		how := "on the board"
		if r.PawnsSearched {
			how = "every placement searched"
		}
		k := r.N + *r.Pawns
		rows.add("pawns", fmt.Sprintf("%d (%s), %d %s", *r.Pawns, how, k, solution.PieceName(r.variant(), k)))
	}
	if r.Blocked > 0 || r.Excluded > 0 {
		rows.add("forbidden", plural.Of(r.Blocked, "blocked square")+", "+plural.Of(r.Excluded, "excluded diagonal"))
	}
	rows.add("backend", r.Backend)
	if r.Queens != nil {
		rows.add("queens", strconv.Itoa(*r.Queens)+" (the fewest that dominate the board)")
	}
	if r.Pieces != nil {
		rows.add("pieces", strconv.Itoa(*r.Pieces)+" (the most that fit)")
	}
	if r.Shard != nil {
		rows.add("shard", fmt.Sprintf("%d/%d", *r.Shard, *r.Shards))
	}
	r.addCounts(&rows)
	rows.add("seconds", strconv.FormatFloat(r.Seconds, 'f', 4, 64))
	rows.add("status", status)
	rows.write(w)
}

// addCounts adds the split, the solutions (a lower bound when the count is
// incomplete), the fundamental ones, the nodes and the backend's statistics.
func (r *Record) addCounts(rows *table) {
	sol := strconv.FormatUint(r.Solutions, 10)
	if !r.Complete {
		sol = "≥ " + sol + " (incomplete)"
	}
	if r.Method != "" {
		sol += " (counted by " + r.Method + ")"
	}
	if r.Split != nil {
		rows.add("split", r.Split.Identity)
	}
	rows.add("solutions", sol)
	if r.Unique != nil {
		u := strconv.FormatUint(*r.Unique, 10)
		if !r.Complete {
			u = "≥ " + u + " (incomplete)"
		}
		rows.add("unique", u)
	}
	if r.Nodes != nil {
		rows.add("nodes", strconv.FormatUint(*r.Nodes, 10))
	}
	keys := make([]string, 0, len(r.Stats))
	for k := range r.Stats {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		rows.add(k, strconv.FormatUint(r.Stats[k], 10))
	}
}

// variant is the record's problem: queens for none, and for a name no
// variant has (a record of a program that registered its own) no variant,
// whose pieces are "pieces" and whose rules are none.
func (r *Record) variant() encode.Variant {
	if r.Problem == "" {
		return encode.Queens
	}
	v, err := encode.ParseVariant(r.Problem)
	if err != nil {
		return -1
	}
	return v
}

// boardLine describes the board counted: its given pieces by the
// problem's own word (queens, kings, pieces …), and for the problems of
// one piece a row, the rows left free.
func (r *Record) boardLine() string {
	v := r.variant()
	word := solution.PieceName(v, r.Given)
	if fillsRowsAndColumns(v) {
		return fmt.Sprintf("%s (%d %s given, %d rows free)", r.Board, r.Given, word, r.N-r.Given)
	}
	return fmt.Sprintf("%s (%d %s given)", r.Board, r.Given, word)
}

// fillsRowsAndColumns reports whether the variant's rules put exactly one
// piece on every row and every column (queens, toroidal, superqueens, or a
// registered variant of that shape), so that each piece given takes a row
// and the others are the rows free.
func fillsRowsAndColumns(v encode.Variant) bool {
	var rows, cols bool
	for _, ru := range v.Rules() {
		one := ru.Lo == 1 && ru.Hi == 1
		rows = rows || ru.Family == encode.Rows && one
		cols = cols || ru.Family == encode.Columns && one
	}
	return rows && cols
}

// CountsUnique reports whether a side's counter counted fundamental
// solutions per subproblem: some subproblem with solutions has unique
// ones (the join's are all 0: it does not count them).
func (s *Side) CountsUnique() bool {
	for _, p := range s.Parts {
		if p.Solutions > 0 && p.Unique > 0 {
			return true
		}
	}
	return false
}

// ComparisonRecord is a comparison as qtool merge --compare --json prints
// it: the comparison, and whether both sides counted fundamental
// solutions (when not, Unique is 0).
type ComparisonRecord struct {
	*Comparison
	UniqueCounted bool `json:"unique_counted"`
}

// Record is the comparison of a and b as merge --compare prints it, its
// Unique cleared unless both sides counted fundamental solutions.
func (c *Comparison) Record(a, b *Side) ComparisonRecord {
	counted := a.CountsUnique() && b.CountsUnique()
	if !counted {
		c.Unique = 0
	}
	return ComparisonRecord{c, counted}
}

// WriteText writes the comparison of sides a and b for people.
func (c ComparisonRecord) WriteText(w io.Writer, a, b *Side) {
	fmt.Fprintf(w, "split        %s\n", c.Split)
	fmt.Fprintf(w, "subproblems  %d (in A or B)\n", c.Subproblems)
	if c.Same {
		unique := "unique: not counted"
		if c.UniqueCounted {
			unique = fmt.Sprintf("%d unique", c.Unique)
		}
		fmt.Fprintf(w, "same         every subproblem agrees: %d solutions, %s\n", c.Solutions, unique)
		return
	}
	f := c.First
	fmt.Fprintf(w, "differ       %d subproblems\n", c.Differ)
	fmt.Fprintf(w, "first        subproblem %d (%s): %s %s, %s %s\n", f.ID, f.Describe, a.Name, partText(f.A), b.Name, partText(f.B))
}

func partText(p *Part) string {
	if p == nil {
		return "has no count"
	}
	return fmt.Sprintf("%d solutions %d unique", p.Solutions, p.Unique)
}

// ReadSide reads one side of a comparison from r: a file of count records
// (read streaming, at most max bytes; see ReadAll) or a checkpoint file
// (told by its first line, checkpoint.Magic). The errors of a checkpoint
// are package checkpoint's, the others this package's.
func ReadSide(ctx context.Context, r io.Reader, name string, max int64) (*Side, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	if head, _ := br.Peek(len(checkpoint.Magic) + 1); bytes.Equal(head, []byte(checkpoint.Magic+"\n")) {
		st, err := checkpoint.Decode(br, name)
		if err != nil {
			return nil, err
		}
		return SideOfCheckpoint(name, st)
	}
	recs, err := ReadAll(ctx, br, name, max)
	if err != nil {
		return nil, err
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("split: %s: no count record", name)
	}
	return SideOf(name, recs)
}
