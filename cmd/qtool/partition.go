package main

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/partition"
)

func init() {
	register(command{name: "partition", summary: "partition the board into n disjoint queens solutions: queen Latin squares, plain and toroidal", run: runPartition})
}

// partitionUsage is the help of qtool partition (help/partition.txt).
//
//go:embed help/partition.txt
var partitionUsage string

// maxPartitionN is the largest order whose solutions are listed (365596
// at n = 14).
const maxPartitionN = 14

// partitionRecord is the JSON form of partition.
type partitionRecord struct {
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

// partitionOptions are partition's flags once parsed and checked.
type partitionOptions struct {
	n, limit      int
	method        string
	count, asJSON bool
	timeout       time.Duration
	symmetry      string
	sym           partition.Symmetry
	symmetric     bool // --symmetry given
	v             encode.Variant
}

func runPartition(ctx context.Context, c *cli, args []string) error {
	o, err := parsePartition(c, args)
	if err != nil {
		return err
	}
	rctx, cancel := withTimeout(ctx, o.timeout)
	defer cancel()
	start := time.Now()
	rec := partitionRecord{N: o.n, Problem: o.v.String(), Method: o.method, Symmetry: o.symmetry, Nodes: map[string]uint64{}}
	prob := encode.Problem{Variant: o.v, Instance: encode.Instance{Board: encode.Empty(o.n)}}
	finish := func(status backend.Status) error {
		rec.Seconds = time.Since(start).Seconds()
		rec.Status, rec.Complete = status.String(), status == backend.OK
		if o.asJSON {
			return errOr(writeJSON(c.stdout, rec), endStatus(status))
		}
		printPartition(c.stdout, rec, o.count)
		if !rec.Complete {
			fmt.Fprintf(c.stderr, "qtool: partition: %s\n", statusWord(status))
		}
		return endStatus(status)
	}
	if o.n > maxPartitionN {
		status, err := partitionConstruct(o, prob, &rec)
		if err != nil {
			return err
		}
		return finish(status)
	}
	sols, status, err := partitionSolutions(rctx, prob, &rec)
	if err != nil {
		return err
	}
	if status != backend.OK {
		return finish(status)
	}
	status, err = partitionSearch(rctx, o, prob, sols, &rec)
	if err != nil {
		return err
	}
	return finish(status)
}

// parsePartition reads partition's command line.
func parsePartition(c *cli, args []string) (*partitionOptions, error) {
	fs := flagSet("partition", partitionUsage)
	o := &partitionOptions{}
	intFlag(fs, &o.n, "n", 0, "board order `N`")
	problem := fs.String("problem", "queens", "`queens` (the plain board) or toroidal")
	fs.BoolVar(&o.count, "count", false, "count every partition")
	fs.StringVar(&o.method, "method", "cover", "`method`: cover (exact cover with dlx), direct (backtracking over the solutions) or both (and compare)")
	intFlag(fs, &o.limit, "limit", 1, "without --count, print the first `K` partitions (0 = all)")
	fs.DurationVar(&o.timeout, "timeout", 0, "time limit `D` (0 = none); exit 3 when reached")
	fs.StringVar(&o.symmetry, "symmetry", "", "search only the partitions that `G` maps onto themselves: mirror, rotate180 or transpose")
	fs.BoolVar(&o.asJSON, "json", false, "print one JSON object")
	operands, err := parseFlags(c, fs, args)
	if err != nil {
		return nil, err
	}
	set := setFlags(fs)
	n, limit := o.n, o.limit
	switch {
	case len(operands) > 0:
		return nil, usageErrorf("partition: unexpected argument %q (see qtool partition --help)", operands[0])
	case !set["n"]:
		return nil, usageErrorf("partition: give the board order with -n N")
	case n < 1:
		return nil, usageErrorf("partition: -n must be at least 1, got %d", n)
	case limit < 0:
		return nil, usageErrorf("partition: --limit must be 0 or more, got %d", limit)
	case o.method != "cover" && o.method != "direct" && o.method != "both":
		return nil, usageErrorf("partition: --method %q: want cover, direct or both", o.method)
	case set["symmetry"] && o.method != "cover":
		return nil, usageErrorf("partition: --symmetry searches by exact cover over the symmetry's orbits: --method %s does not apply", o.method)
	case set["symmetry"] && n > maxPartitionN:
		return nil, usageErrorf("partition: --symmetry lists every solution first, refused for n = %d > %d", n, maxPartitionN)
	}
	o.symmetric = set["symmetry"]
	if o.symmetric {
		found := false
		for _, g := range []partition.Symmetry{partition.MirrorColumns, partition.Rotate180, partition.Transpose} {
			if g.String() == o.symmetry {
				o.sym, found = g, true
			}
		}
		if !found {
			return nil, usageErrorf("partition: --symmetry %q: want mirror, rotate180 or transpose", o.symmetry)
		}
	}
	if err := checkTimeout(o.timeout); err != nil {
		return nil, err
	}
	if o.v, err = encode.ParseVariant(*problem); err != nil || o.v != encode.Queens && o.v != encode.Toroidal {
		return nil, usageErrorf("partition: --problem %q: want queens or toroidal", *problem)
	}
	if o.count {
		o.limit = 0
	}
	if n > maxPartitionN {
		if n > partition.MaxN {
			return nil, usageErrorf("partition: n = %d: the board's rows are 64-bit masks here, n ≤ %d", n, partition.MaxN)
		}
		if o.count {
			return nil, usageErrorf("partition: --count lists every solution, refused for n = %d > %d (without --count, a toroidal partition is built where gcd(n, 6) = 1)", n, maxPartitionN)
		}
	}
	return o, nil
}

// partitionConstruct builds, for n > maxPartitionN, the toroidal partition
// of Pólya's construction (symbol (c − 2r) mod n) where gcd(n, 6) = 1, and
// checks it; otherwise nothing is decided.
func partitionConstruct(o *partitionOptions, prob encode.Problem, rec *partitionRecord) (backend.Status, error) {
	n := o.n
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
	if err := checkPartition(prob, sq); err != nil {
		return backend.OK, fmt.Errorf("partition: the construction is wrong: %v", err)
	}
	yes := true
	rec.Exists, rec.Squares = &yes, [][][]int{sq}
	return backend.OK, nil
}

// partitionSolutions lists every solution of prob, from the backtracking
// backend.
func partitionSolutions(ctx context.Context, prob encode.Problem, rec *partitionRecord) ([]partition.Solution, backend.Status, error) {
	n := prob.Board.N
	be, err := backend.Lookup("backtrack")
	if err != nil {
		return nil, backend.OK, err
	}
	var sols []partition.Solution
	out, err := backend.Solve(ctx, be, prob, backend.Request{Mode: backend.Find, VisitCells: func(cells []encode.Cell) bool {
		s := make(partition.Solution, n)
		for _, x := range cells {
			s[x.R] = x.C
		}
		sols = append(sols, s)
		return true
	}})
	if err != nil {
		return nil, backend.OK, usageErrorf("partition: %v", err)
	}
	rec.Solutions = uint64(len(sols))
	rec.Nodes["solutions"] = out.Nodes
	return sols, out.Status, nil
}

// partitionSearch finds (or counts) the partitions of the solutions by
// the methods asked, each square checked (checkPartition), and with
// --method both compares the counts.
func partitionSearch(rctx context.Context, o *partitionOptions, prob encode.Problem, sols []partition.Solution, rec *partitionRecord) (backend.Status, error) {
	n, limit := o.n, o.limit
	var found uint64
	var bad error
	visit := func(members []int) bool {
		found++
		sq := partition.Square(n, sols, members)
		if err := checkPartition(prob, sq); err != nil && bad == nil {
			bad = err
			return false
		}
		rec.Squares = append(rec.Squares, sq)
		return limit == 0 || found < uint64(limit)
	}
	if o.count {
		// Count them all, keeping the first square to print.
		visit = func(members []int) bool {
			found++
			if found <= 16 { // the first ones checked, the first printed
				sq := partition.Square(n, sols, members)
				if err := checkPartition(prob, sq); err != nil {
					bad = err
					return false
				}
				if found == 1 {
					rec.Squares = append(rec.Squares, sq)
				}
			}
			return true
		}
	}
	run := func(name string, f func(context.Context, int, []partition.Solution, func([]int) bool) (partition.Stats, error)) (uint64, backend.Status, error) {
		found = 0
		rec.Squares = nil
		st, err := f(rctx, n, sols, visit)
		rec.Nodes[name] = st.Nodes
		if bad != nil {
			return 0, backend.OK, fmt.Errorf("partition: %s gave a wrong partition: %v", name, bad)
		}
		if err != nil {
			if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
				return st.Count, backend.StatusOf(rctx), nil
			}
			return 0, backend.OK, err
		}
		return st.Count, backend.OK, nil
	}
	var total uint64
	status := backend.OK
	for _, m := range []string{"cover", "direct"} {
		if o.method != m && o.method != "both" {
			continue
		}
		f := partition.Cover
		if m == "direct" {
			f = partition.Direct
		}
		if o.symmetric {
			f = func(ctx context.Context, n int, sols []partition.Solution, visit func([]int) bool) (partition.Stats, error) {
				return partition.Symmetric(ctx, n, sols, o.sym, visit)
			}
		}
		k, st, err := run(m, f)
		if err != nil {
			return status, err
		}
		if o.count {
			if rec.Counts == nil {
				rec.Counts = map[string]uint64{}
			}
			rec.Counts[m] = k
		}
		if st != backend.OK {
			status = st
			if m == "cover" || o.method != "both" {
				total = k
			}
			break
		}
		if m == "direct" && o.method == "both" && o.count && k != total {
			return status, fmt.Errorf("partition: exact cover counts %d partitions, the direct search %d", total, k)
		}
		total = k
	}
	if o.count {
		rec.Partitions = &total
	}
	exists := len(rec.Squares) > 0
	if exists || status == backend.OK && !o.symmetric {
		rec.Exists = &exists // none symmetric decides nothing
	}
	return status, nil
}

// checkPartition checks a Latin square of a partition: a Latin square
// (partition.CheckSquare) whose every symbol is a solution of prob by the
// problem's own rules (encode.Verify).
func checkPartition(prob encode.Problem, sq [][]int) error {
	sols, err := partition.CheckSquare(sq)
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

func printPartition(w io.Writer, rec partitionRecord, count bool) {
	if rec.N > maxPartitionN {
		fmt.Fprintf(w, "n = %d, %s: the solutions are not listed (n > %d); method: %s\n", rec.N, rec.Problem, maxPartitionN, rec.Method)
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
		fmt.Fprintf(w, "not decided: %s\n", map[bool]string{true: "the search stopped before it found one", false: "n > 14 has too many solutions to list, and Pólya's construction needs gcd(n, 6) = 1"}[rec.Solutions > 0 || rec.N <= maxPartitionN])
	case len(rec.Squares) == 0:
		fmt.Fprintf(w, "none: the %d×%d board cannot be partitioned into %d disjoint %s solutions\n", rec.N, rec.N, rec.N, rec.Problem)
	}
	for i, sq := range rec.Squares {
		if count && i > 0 {
			break
		}
		fmt.Fprintf(w, "# partition %d (checked: a Latin square, each symbol a solution)\n", i+1)
		for _, row := range sq {
			parts := make([]string, len(row))
			for c, s := range row {
				parts[c] = strconv.Itoa(s)
			}
			sep := " "
			if rec.N <= 10 {
				sep = ""
			}
			fmt.Fprintln(w, strings.Join(parts, sep))
		}
	}
}
