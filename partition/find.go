package partition

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
)

// MaxListed is the largest order whose solutions Solutions lists (365596
// at n = 14); above it only Construct applies.
const MaxListed = 14

// A Record is what a run of qtool partition found, in the form of its
// JSON output and its text (Write).
type Record struct {
	N          int               `json:"n"`
	Problem    string            `json:"problem"`
	Solutions  uint64            `json:"solutions"`
	Method     string            `json:"method"`
	Symmetry   string            `json:"symmetry,omitempty"` // the partitions searched are those it maps onto themselves
	Partitions *uint64           `json:"partitions,omitempty"`
	Counts     map[string]uint64 `json:"counts,omitempty"` // per method (with --count)
	Exists     *bool             `json:"exists,omitempty"`
	Squares    [][][]int         `json:"squares,omitempty"`
	Nodes      map[string]uint64 `json:"nodes,omitempty"`
	Seconds    float64           `json:"seconds"`
	Status     string            `json:"status"`
	Complete   bool              `json:"complete"`
}

// Options say what Search looks for.
type Options struct {
	// Method is cover (exact cover), direct (backtracking over the
	// solutions) or both (and compare their counts).
	Method string
	// Count counts every partition (the first square kept); otherwise
	// the first Limit squares are kept (0: all).
	Count bool
	Limit int
	// Symmetric searches only the partitions that Symmetry maps onto
	// themselves, by exact cover over its orbits.
	Symmetric bool
	Symmetry  Symmetry
}

// Construct builds, for any n, the toroidal partition of Pólya's
// construction (symbol (c − 2r) mod n) where gcd(n, 6) = 1, checks it
// against prob (Verify) and records it; otherwise nothing is decided
// (backend.Unknown).
func Construct(prob encode.Problem, rec *Record) (backend.Status, error) {
	n := prob.Board.N
	rec.Method = "construction (Pólya)"
	if n%2 == 0 || n%3 == 0 {
		return backend.Unknown, nil
	}
	sq := make([][]int, n)
	for r := range sq {
		sq[r] = make([]int, n)
		for col := range sq[r] {
			sq[r][col] = ((col-2*r)%n + n) % n
		}
	}
	if err := Verify(prob, sq); err != nil {
		return backend.OK, fmt.Errorf("partition: the construction is wrong: %v", err)
	}
	yes := true
	rec.Exists, rec.Squares = &yes, [][][]int{sq}
	return backend.OK, nil
}

// Solutions lists every solution of prob with the backtracking backend
// (through backend.Solve), recording their number and the nodes.
func Solutions(ctx context.Context, prob encode.Problem, rec *Record) ([]Solution, backend.Status, error) {
	n := prob.Board.N
	be, err := backend.Lookup("backtrack")
	if err != nil {
		return nil, backend.OK, err
	}
	var sols []Solution
	out, err := backend.Solve(ctx, be, prob, backend.Request{Mode: backend.Find, VisitCells: func(cells []encode.Cell) bool {
		s := make(Solution, n)
		for _, x := range cells {
			s[x.R] = x.C
		}
		sols = append(sols, s)
		return true
	}})
	if err != nil {
		return nil, backend.OK, err
	}
	rec.Solutions = uint64(len(sols))
	if rec.Nodes == nil {
		rec.Nodes = map[string]uint64{}
	}
	rec.Nodes["solutions"] = out.Nodes
	return sols, out.Status, nil
}

// A finder is a search of the partitions of sols (Cover, Direct, or
// Symmetric with its symmetry).
type finder func(ctx context.Context, n int, sols []Solution, visit func([]int) bool) (Stats, error)

// Search finds (or counts) the partitions of sols by the methods of o,
// each square checked (Verify) and recorded, and with Method both
// compares the counts. A search cut short by ctx ends with ctx's status.
func Search(ctx context.Context, o Options, prob encode.Problem, sols []Solution, rec *Record) (backend.Status, error) {
	if rec.Nodes == nil {
		rec.Nodes = map[string]uint64{}
	}
	var total uint64
	status := backend.OK
	for _, m := range []string{"cover", "direct"} {
		if o.Method != m && o.Method != "both" {
			continue
		}
		k, st, err := searchBy(ctx, m, o.finder(m), o, prob, sols, rec)
		if err != nil {
			return status, err
		}
		if o.Count {
			if rec.Counts == nil {
				rec.Counts = map[string]uint64{}
			}
			rec.Counts[m] = k
		}
		if st != backend.OK {
			status = st
			if m == "cover" || o.Method != "both" {
				total = k
			}
			break
		}
		if m == "direct" && o.Method == "both" && o.Count && k != total {
			return status, fmt.Errorf("partition: exact cover counts %d partitions, the direct search %d", total, k)
		}
		total = k
	}
	if o.Count {
		rec.Partitions = &total
	}
	exists := len(rec.Squares) > 0
	if exists || status == backend.OK && !o.Symmetric {
		rec.Exists = &exists // none symmetric decides nothing
	}
	return status, nil
}

// finder is the search of method m (cover or direct), or the symmetric
// one.
func (o Options) finder(m string) finder {
	switch {
	case o.Symmetric:
		return func(ctx context.Context, n int, sols []Solution, visit func([]int) bool) (Stats, error) {
			return Symmetric(ctx, n, sols, o.Symmetry, visit)
		}
	case m == "direct":
		return Direct
	}
	return Cover
}

// searchBy runs one method, its squares checked and recorded as o says,
// and returns its count and how it ended.
func searchBy(ctx context.Context, name string, f finder, o Options, prob encode.Problem, sols []Solution, rec *Record) (uint64, backend.Status, error) {
	n := prob.Board.N
	var found uint64
	var bad error
	visit := func(members []int) bool {
		found++
		if o.Count && found > 16 { // the first ones checked, the first printed
			return true
		}
		sq := Square(n, sols, members)
		if err := Verify(prob, sq); err != nil {
			bad = err
			return false
		}
		if !o.Count || found == 1 {
			rec.Squares = append(rec.Squares, sq)
		}
		return o.Count || o.Limit == 0 || found < uint64(o.Limit)
	}
	rec.Squares = nil
	st, err := f(ctx, n, sols, visit)
	rec.Nodes[name] = st.Nodes
	if bad != nil {
		return 0, backend.OK, fmt.Errorf("partition: %s gave a wrong partition: %v", name, bad)
	}
	if err != nil {
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return st.Count, backend.StatusOf(ctx), nil
		}
		return 0, backend.OK, err
	}
	return st.Count, backend.OK, nil
}

// Verify checks a Latin square of a partition: a Latin square
// (CheckSquare) whose every symbol is a solution of prob by the
// problem's own rules (encode.Verify).
func Verify(prob encode.Problem, sq [][]int) error {
	sols, err := CheckSquare(sq)
	if err != nil {
		return err
	}
	for s, sol := range sols {
		cells := make([]encode.Cell, len(sol))
		for r, c := range sol {
			cells[r] = encode.Cell{R: r, C: c}
		}
		if err := encode.Verify(prob, cells); err != nil {
			return fmt.Errorf("symbol %d: %v", s, strings.TrimPrefix(err.Error(), "encode: "))
		}
	}
	return nil
}

// Write prints the record as qtool partition does: the solutions, the
// count, the verdict and the squares (with count, the first only).
func (rec Record) Write(w io.Writer, count bool) {
	if rec.N > MaxListed {
		fmt.Fprintf(w, "n = %d, %s: the solutions are not listed (n > %d); method: %s\n", rec.N, rec.Problem, MaxListed, rec.Method)
	} else {
		fmt.Fprintf(w, "n = %d, %s: %d solutions\n", rec.N, rec.Problem, rec.Solutions)
	}
	if rec.Partitions != nil {
		what := "partitions"
		if rec.Symmetry != "" {
			what = "partitions that " + rec.Symmetry + " maps onto themselves (the others not searched)"
		}
		fmt.Fprintf(w, "%s: %d (method %s)\n", what, *rec.Partitions, rec.Method)
	}
	switch {
	case rec.Exists == nil && len(rec.Squares) == 0 && rec.Symmetry != "" && rec.Complete:
		fmt.Fprintf(w, "not decided: no partition that %s maps onto itself (the others were not searched)\n", rec.Symmetry)
	case rec.Exists == nil && len(rec.Squares) == 0:
		fmt.Fprintf(w, "not decided: %s\n", map[bool]string{true: "the search stopped before it found one", false: "n > 14 has too many solutions to list, and Pólya's construction needs gcd(n, 6) = 1"}[rec.Solutions > 0 || rec.N <= MaxListed])
	case len(rec.Squares) == 0:
		fmt.Fprintf(w, "none: the %d×%d board cannot be partitioned into %d disjoint %s solutions\n", rec.N, rec.N, rec.N, rec.Problem)
	}
	for i, sq := range rec.Squares {
		if count && i > 0 {
			break
		}
		fmt.Fprintf(w, "# partition %d (checked: a Latin square, each symbol a solution)\n", i+1)
		sep := " "
		if rec.N <= 10 {
			sep = ""
		}
		for _, row := range sq {
			parts := make([]string, len(row))
			for c, s := range row {
				parts[c] = strconv.Itoa(s)
			}
			fmt.Fprintln(w, strings.Join(parts, sep))
		}
	}
}
