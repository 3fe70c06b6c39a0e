package main

import (
	"context"
	_ "embed"
	"fmt"
	"time"

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

// partitionOptions are partition's flags once parsed and checked.
type partitionOptions struct {
	n        int
	asJSON   bool
	timeout  time.Duration
	symmetry string
	v        encode.Variant
	search   partition.Options
}

func runPartition(ctx context.Context, c *cli, args []string) error {
	o, err := parsePartition(c, args)
	if err != nil {
		return err
	}
	rctx, cancel := withTimeout(ctx, o.timeout)
	defer cancel()
	prob := encode.Problem{Variant: o.v, Instance: encode.Instance{Board: encode.Empty(o.n)}}
	rec, status, err := partition.Run(rctx, o.search, prob)
	if err != nil {
		return usageErrorf("%v", err)
	}
	if o.asJSON {
		return errOr(writeJSON(c.stdout, rec), endStatus(status))
	}
	rec.Write(c.stdout, o.search.Count)
	if !rec.Complete {
		fmt.Fprintf(c.stderr, "qtool: partition: %s\n", statusWord(status))
	}
	return endStatus(status)
}

// parsePartition reads partition's command line.
func parsePartition(c *cli, args []string) (*partitionOptions, error) {
	fs := flagSet("partition", partitionUsage)
	o := &partitionOptions{}
	intFlag(fs, &o.n, "n", 0, "board order `N`")
	problem := fs.String("problem", "queens", "`queens` (the plain board) or toroidal")
	fs.BoolVar(&o.search.Count, "count", false, "count every partition")
	fs.StringVar(&o.search.Method, "method", "cover", "`method`: cover (exact cover with dlx), direct (backtracking over the solutions) or both (and compare)")
	intFlag(fs, &o.search.Limit, "limit", 1, "without --count, print the first `K` partitions (0 = all)")
	fs.DurationVar(&o.timeout, "timeout", 0, "time limit `D` (0 = none); exit 3 when reached")
	fs.StringVar(&o.symmetry, "symmetry", "", "search only the partitions that `G` maps onto themselves: mirror, rotate180 or transpose")
	fs.BoolVar(&o.asJSON, "json", false, "print one JSON object")
	operands, err := parseFlags(c, fs, args)
	if err != nil {
		return nil, err
	}
	set := setFlags(fs)
	n, limit := o.n, o.search.Limit
	switch {
	case len(operands) > 0:
		return nil, usageErrorf("partition: unexpected argument %q (see qtool partition --help)", operands[0])
	case !set["n"]:
		return nil, usageErrorf("partition: give the board order with -n N")
	case n < 1:
		return nil, usageErrorf("partition: -n must be at least 1, got %d", n)
	case limit < 0:
		return nil, usageErrorf("partition: --limit must be 0 or more, got %d", limit)
	case o.search.Method != "cover" && o.search.Method != "direct" && o.search.Method != "both":
		return nil, usageErrorf("partition: --method %q: want cover, direct or both", o.search.Method)
	case set["symmetry"] && o.search.Method != "cover":
		return nil, usageErrorf("partition: --symmetry searches by exact cover over the symmetry's orbits: --method %s does not apply", o.search.Method)
	case set["symmetry"] && n > partition.MaxListed:
		return nil, usageErrorf("partition: --symmetry lists every solution first, refused for n = %d > %d", n, partition.MaxListed)
	}
	o.search.Symmetric = set["symmetry"]
	if o.search.Symmetric {
		var ok bool
		if o.search.Symmetry, ok = partition.ParseSymmetry(o.symmetry); !ok {
			return nil, usageErrorf("partition: --symmetry %q: want mirror, rotate180 or transpose", o.symmetry)
		}
	}
	if err := checkTimeout(o.timeout); err != nil {
		return nil, err
	}
	if o.v, err = encode.ParseVariant(*problem); err != nil || o.v != encode.Queens && o.v != encode.Toroidal {
		return nil, usageErrorf("partition: --problem %q: want queens or toroidal", *problem)
	}
	if o.search.Count {
		o.search.Limit = 0
	}
	if n > partition.MaxListed {
		if n > partition.MaxN {
			return nil, usageErrorf("partition: n = %d: the board's rows are 64-bit masks here, n ≤ %d", n, partition.MaxN)
		}
		if o.search.Count {
			return nil, usageErrorf("partition: --count lists every solution, refused for n = %d > %d (without --count, a toroidal partition is built where gcd(n, 6) = 1)", n, partition.MaxListed)
		}
	}
	return o, nil
}
