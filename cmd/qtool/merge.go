package main

import (
	"context"
	_ "embed"
	"fmt"
	"strings"

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

// mergeRecord is the merged count.
type mergeRecord = split.Total

func runMerge(ctx context.Context, c *cli, args []string) error {
	if wantsCompare(args) {
		return runCompare(ctx, c, args) // merge_compare.go
	}
	fs := flagSet("merge", mergeUsage)
	asJSON := fs.Bool("json", false, "print one JSON object")
	timeout := fs.Duration("timeout", 0, "time limit `D` of the reading, e.g. 1m (0 = none); exit 3 when reached")
	operands, ctx, cancel, err := parseTimed(ctx, c, fs, args, timeout)
	if err != nil {
		return err
	}
	defer cancel()
	if len(operands) == 0 {
		return usageErrorf("merge: want at least one FILE of shard records (see qtool merge --help)")
	}
	var recs []*split.Entry
	for _, path := range operands {
		rs, err := readRecords(ctx, c, path, "merge")
		if err != nil {
			return err
		}
		if len(rs) == 0 {
			return usageErrorf("merge: %s: no shard records (want the output of qtool count --shard i/m --json)", inputName(path))
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

// readRecords reads the count records of one input (a file, or - for
// standard input) streaming, under ctx.
func readRecords(ctx context.Context, c *cli, path, cmd string) ([]*split.Entry, error) {
	f, name, err := openInput(c, path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	recs, err := split.ReadAll(ctx, ctxio.Reader(ctx, f), name, recordsMaxFile)
	if err != nil {
		if ctx.Err() != nil {
			return nil, runErr(ctx, cmd, ctx.Err())
		}
		return nil, splitErr(cmd, err)
	}
	return recs, nil
}

// splitErr is a usage error (exit 2) of package split's, under cmd's name.
func splitErr(cmd string, err error) error {
	return usageErrorf("%s: %s", cmd, strings.TrimPrefix(err.Error(), "split: "))
}

func inputName(path string) string {
	if path == "-" {
		return "<stdin>"
	}
	return path
}
