package main

import (
	"context"
	_ "embed"
	"fmt"
	"io"
	"strings"

	"github.com/qtool-project/qtool/count"
	"github.com/qtool-project/qtool/internal/ctxio"
	"github.com/qtool-project/qtool/split"
)

func init() {
	register(command{name: "merge", summary: "add up the shards of a count split with count --shard", run: runMerge})
}

// mergeUsage is its command's help (help/merge.txt).
//
//go:embed help/merge.txt
var mergeUsage string

// recordsMaxFile bounds a file of count records read by merge, merge
// --compare and cluster collect: a whole count of n = 27 with its parts
// is 1.6·10⁶ parts, about 110 MB of JSON. The records are read streaming
// (package split), so this bounds the parts kept, about 32 bytes each.
const recordsMaxFile = 512 << 20

func runMerge(ctx context.Context, c *cli, args []string) error {
	usage, compare := mergeUsage, wantsCompare(args)
	if compare {
		usage = compareUsage
	}
	fs := flagSet("merge", usage)
	if compare {
		fs.Bool("compare", true, "compare two counts piece by piece")
	}
	asJSON := fs.Bool("json", false, "print one JSON object")
	timeout := fs.Duration("timeout", 0, "time limit `D` of the reading, e.g. 1m (0 = none); exit 3 when reached")
	operands, ctx, cancel, err := parseTimed(ctx, c, fs, args, timeout)
	if err != nil {
		return err
	}
	defer cancel()
	if compare {
		return runCompare(ctx, c, operands, *asJSON)
	}
	if len(operands) == 0 {
		return usageErrorf("merge: want at least one FILE of shard records (see qtool merge --help)")
	}
	var recs []*split.Entry
	for _, path := range operands {
		rs, err := readCounts(ctx, c, "merge", path, split.ReadAll)
		if err != nil {
			return err
		}
		if len(rs) == 0 {
			return usageErrorf("merge: %s: no shard records (want the output of qtool count --shard i/m --json)", boardName(path))
		}
		recs = append(recs, rs...)
	}
	return mergePrint(c, "merge", recs, *asJSON)
}

// mergePrint merges the records and prints the total (text or JSON),
// with the merge's warnings on stderr.
func mergePrint(c *cli, cmd string, recs []*split.Entry, asJSON bool) error {
	rec, err := split.Merge(recs)
	if err != nil {
		return splitErr(cmd, err)
	}
	for _, w := range rec.Warnings {
		fmt.Fprintf(c.stderr, "qtool: %s: %s\n", cmd, w)
	}
	if asJSON {
		return writeJSON(c.stdout, rec)
	}
	rec.WriteText(c.stdout)
	return nil
}

// readCounts reads one input of count records (a file, or - for standard
// input) streaming, under ctx, with read: split.ReadAll (the records) or
// split.ReadSide (the records or a checkpoint, as a side of merge
// --compare); its errors are command cmd's.
func readCounts[T any](ctx context.Context, c *cli, cmd, path string, read func(context.Context, io.Reader, string, int64) (T, error)) (T, error) {
	var none T
	f, name, err := openInput(ctx, c, path)
	if err != nil {
		return none, err
	}
	defer f.Close()
	v, err := read(ctx, ctxio.Reader(ctx, f), name, recordsMaxFile)
	switch {
	case err == nil:
		return v, nil
	case ctx.Err() != nil:
		return none, runErr(ctx, cmd, ctx.Err())
	case strings.HasPrefix(err.Error(), "checkpoint: "):
		return none, usageErrorf("%v", err)
	}
	return none, splitErr(cmd, err)
}

// splitErr is a usage error (exit 2) of package split's, under cmd's name.
func splitErr(cmd string, err error) error {
	return usageErrorf("%s: %s", cmd, strings.TrimPrefix(err.Error(), "split: "))
}

// compareUsage is merge --compare's part of merge's help.
//
//go:embed help/merge-compare.txt
var compareUsage string

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

// runCompare is merge --compare of the two operands, read under ctx.
func runCompare(ctx context.Context, c *cli, operands []string, asJSON bool) error {
	if len(operands) != 2 {
		return usageErrorf("merge --compare: want two files A B, got %d (see qtool merge --help)", len(operands))
	}
	var sides [2]*split.Side
	for i, path := range operands {
		s, err := readCounts(ctx, c, "merge --compare", path, split.ReadSide)
		if err != nil {
			return err
		}
		sides[i] = s
	}
	return comparePrint(c, sides[0], sides[1], asJSON)
}

// comparePrint compares two sides and prints the result; exit 1 when
// they differ.
func comparePrint(c *cli, a, b *split.Side, asJSON bool) error {
	res, err := split.Compare(a, b)
	if err != nil {
		return splitErr("merge --compare", err)
	}
	if res.First != nil {
		res.First.Describe = describePart(res.Split, res.First.ID)
	}
	out := res.Record(a, b)
	if asJSON {
		if err := writeJSON(c.stdout, out); err != nil {
			return err
		}
	} else {
		out.WriteText(c.stdout, a, b)
	}
	if !res.Same {
		return withCode(exitNo, nil)
	}
	return nil
}

// describePart names subproblem id of the split for people, when the
// split is one this qtool builds (count.Describe).
func describePart(identity string, id int) string {
	if text, ok := count.Describe(identity, id); ok {
		return text
	}
	return "not described: a split of another qtool"
}
