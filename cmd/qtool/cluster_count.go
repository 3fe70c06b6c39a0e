package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/cluster"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/search"
)

// countCheckpointFlags are the flags a count task is given to checkpoint
// its shard and resume it (qtool count --checkpoint FILE --resume).
var countCheckpointFlags = []string{"--checkpoint", "{checkpoint}", "--resume"}

func clusterSubmitCount(ctx context.Context, c *cli, args []string) error {
	fs := flagSet("submit count", clusterUsage)
	var s slurmFlags
	s.add(fs)
	var n, shards int
	intFlag(fs, &n, "n", 0, "board order `N`")
	intFlag(fs, &shards, "shards", 0, "split the count into `M` shards, one array task each")
	backendName := fs.String("backend", "", "counting backend `B` that can shard (default: qtool count's)")
	every := fs.Duration("checkpoint-every", 0, "interval `D` between a task's checkpoint writes (default: qtool count's)")
	unique := fs.Bool("unique", false, "also count fundamental solutions")
	operands, err := parseFlags(c, fs, args)
	if err != nil {
		return err
	}
	if len(operands) > 0 {
		return usageErrorf("cluster submit count: unexpected argument %q (see qtool cluster --help)", operands[0])
	}
	o, err := s.options()
	if err != nil {
		return err
	}
	switch {
	case n < 1:
		return usageErrorf("cluster submit count: -n N is required (N ≥ 1)")
	case shards < 1 || shards > cluster.MaxTasks:
		return usageErrorf("cluster submit count: --shards M is required, 1 ≤ M ≤ %d", cluster.MaxTasks)
	}
	// Checkpoints where the backend can write them: the named one, or the
	// one qtool count picks for an empty board.
	checkpoints := n <= search.ConstellationMaxN
	if *backendName != "" {
		be, err := backend.Lookup(*backendName)
		if err != nil {
			return usageErrorf("cluster submit count: %v", err)
		}
		prob := encode.Problem{Instance: encode.Instance{Board: encode.Empty(n)}}
		req := backend.Request{Mode: backend.Count, Shard: &backend.Shard{Index: 0, Count: shards}, Unique: *unique}
		if r := refusal(be, prob, req); r != nil {
			return usageErrorf("cluster submit count: %s", refusalText(r, prob))
		}
		req.Checkpoint = &backend.Checkpoint{}
		checkpoints = refusal(be, prob, req) == nil
	}
	if *every < 0 || (*every > 0 && !checkpoints) {
		return usageErrorf("cluster submit count: --checkpoint-every needs a positive interval and a backend that checkpoints")
	}
	cmd := []string{"count", "-n", strconv.Itoa(n), "--shard", "{task}/{tasks}", "--workers", strconv.Itoa(o.CPUs), "--json"}
	split := map[string]string{"n": strconv.Itoa(n), "shards": strconv.Itoa(shards)}
	title := fmt.Sprintf("count n=%d in %d shards", n, shards)
	if *backendName != "" {
		cmd = append(cmd, "--backend", *backendName)
		split["backend"] = *backendName
		title += " by " + *backendName
	}
	if *unique {
		cmd = append(cmd, "--unique")
	}
	if checkpoints {
		cmd = append(cmd, countCheckpointFlags...)
		if *every > 0 {
			cmd = append(cmd, "--checkpoint-every", every.String())
		}
	}
	r := &cluster.Run{Kind: "count", Title: title, Tasks: shards, Command: cmd, Split: split, Options: o}
	return clusterMake(ctx, c, &s, r)
}

// clusterCollect merges a finished run: the shards of a count, or the
// logs of a bench.
func clusterCollect(ctx context.Context, c *cli, args []string) error {
	fs := flagSet("collect", clusterUsage)
	asJSON := fs.Bool("json", false, "count: print the merged record as one JSON object")
	format := fs.String("format", "text", "bench: table `format`: text, md, csv, latex or json")
	compare := fs.String("compare", "", "count: compare the run piece by piece with `OTHER` (a file of count records or a checkpoint, as qtool merge --compare takes, or another finished run directory) instead of adding it up")
	operands, err := parseFlags(c, fs, args)
	if err != nil {
		return err
	}
	r, err := clusterOpen(fs, operands)
	if err != nil {
		return err
	}
	if err := clusterNotDone(ctx, r); err != nil {
		return err
	}
	if *compare != "" && r.Kind != "count" {
		return usageErrorf("cluster collect: --compare applies to a count")
	}
	switch r.Kind {
	case "count":
		if *compare != "" {
			return collectCompare(ctx, c, r, *compare, *asJSON)
		}
		return collectCount(ctx, c, r, *asJSON)
	case "bench":
		return collectBench(ctx, c, r, *format)
	}
	return usageErrorf("cluster collect: %s: unknown kind of run %q", r.Dir, r.Kind)
}

// collectCompare compares the run's shards, piece by piece, with another
// count (qtool merge --compare), or with another run's shards.
func collectCompare(ctx context.Context, c *cli, r *cluster.Run, other string, asJSON bool) error {
	if err := checkShards(c, r); err != nil {
		return err
	}
	a, err := concatResults(r)
	if err != nil {
		return err
	}
	defer os.Remove(a)
	b := other
	if st, err := os.Stat(other); err == nil && st.IsDir() {
		o, err := cluster.Open(other)
		if err != nil {
			return usageErrorf("cluster collect: --compare: %s", clusterMsg(err))
		}
		if o.Kind != "count" {
			return usageErrorf("cluster collect: --compare %s: a run of %s, not a count", other, o.Kind)
		}
		if err := clusterNotDone(ctx, o); err != nil {
			return err
		}
		if err := checkShards(c, o); err != nil {
			return err
		}
		if b, err = concatResults(o); err != nil {
			return err
		}
		defer os.Remove(b)
	}
	args := []string{"merge", "--compare", a, b}
	if asJSON {
		args = append(args, "--json")
	}
	err = runContext(ctx, c, args)
	var ee *exitError
	if errors.As(err, &ee) && ee.err != nil {
		// Name the runs, not the temporary files.
		msg := strings.ReplaceAll(ee.err.Error(), a, r.Path("results"))
		if b != other {
			msg = strings.ReplaceAll(msg, b, filepath.Join(other, "results"))
		}
		return withCode(ee.code, errors.New(msg))
	}
	return err
}

// concatResults writes the run's shard records one after the other into
// a temporary file, for qtool merge --compare.
func concatResults(r *cluster.Run) (string, error) {
	f, err := os.CreateTemp("", "qtool-collect-*.json")
	if err != nil {
		return "", fmt.Errorf("cluster collect: %w", err)
	}
	for i := 0; i < r.Tasks && err == nil; i++ {
		var data []byte
		if data, err = os.ReadFile(r.ResultPath(i)); err == nil {
			_, err = f.Write(data)
		}
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return "", fmt.Errorf("cluster collect: %w", err)
	}
	return f.Name(), nil
}

// checkShards reads every shard's record and checks it against the run's
// split, and the records against each other's identity.
func checkShards(c *cli, r *cluster.Run) error {
	var recs []mergeShard
	for i := 0; i < r.Tasks; i++ {
		rs, err := mergeRead(c, r.ResultPath(i))
		if err != nil {
			return err
		}
		if len(rs) != 1 {
			return usageErrorf("cluster collect: %s: %d records, want the one of shard %d", r.ResultPath(i), len(rs), i)
		}
		if err := checkSplit(r, i, rs[0]); err != nil {
			return err
		}
		recs = append(recs, rs[0])
	}
	return sameIdentity(r, recs)
}

// collectCount reads every shard's record and merges them with merge's
// checks, after checking each against the run's split.
func collectCount(ctx context.Context, c *cli, r *cluster.Run, asJSON bool) error {
	if err := checkShards(c, r); err != nil {
		return err
	}
	files := make([]string, r.Tasks)
	for i := range files {
		files[i] = r.ResultPath(i)
	}
	args := append([]string{"merge"}, files...)
	if asJSON {
		args = append(args, "--json")
	}
	return runContext(ctx, c, args)
}

// checkSplit checks shard i's record against the run: its n, shard and
// split into shards, and its backend when the run names one.
func checkSplit(r *cluster.Run, i int, s mergeShard) error {
	want := func(field, got, want string) error {
		return usageErrorf("cluster collect: %s: %s %s, but the run %s has %s %s: not a shard of this run", s.where, field, got, r.Dir, field, want)
	}
	if got := strconv.Itoa(*s.N); got != r.Split["n"] {
		return want("n", got, r.Split["n"])
	}
	if got := strconv.Itoa(*s.Shards); got != r.Split["shards"] {
		return want("shards", got, r.Split["shards"])
	}
	if *s.Shard != i {
		return want("shard", strconv.Itoa(*s.Shard), strconv.Itoa(i))
	}
	if b := r.Split["backend"]; b != "" && s.Backend != b {
		return want("backend", s.Backend, b)
	}
	return nil
}

// sameIdentity refuses shards whose records name different versions of
// qtool or different shard lists (the split identity a count records).
func sameIdentity(r *cluster.Run, recs []mergeShard) error {
	ids := make([]map[string]string, len(recs))
	for k := range recs {
		id, err := recordIdentity(r.ResultPath(k))
		if err != nil {
			return err
		}
		ids[k] = id
	}
	for _, field := range identityFields {
		for k := 1; k < len(recs); k++ {
			if ids[k][field] != ids[0][field] {
				return usageErrorf("cluster collect: shards of different %s: %s has %q, %s has %q: count the odd ones again with one qtool (qtool cluster resubmit after removing their results)",
					field, recs[0].where, ids[0][field], recs[k].where, ids[k][field])
			}
		}
	}
	return nil
}

// identityFields are the fields of a count record that name the version
// of qtool and of its shard list; shards that differ in one cannot be
// added up.
var identityFields = []string{"split.identity", "method"}

// recordIdentity reads the identity fields of the record in path.
func recordIdentity(path string) (map[string]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, usageErrorf("cluster collect: %v", err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, usageErrorf("cluster collect: %s: %v", path, err)
	}
	id := map[string]string{}
	for _, f := range identityFields {
		var v any = m
		for _, key := range strings.Split(f, ".") {
			obj, _ := v.(map[string]any)
			v = obj[key]
		}
		if v != nil {
			b, _ := json.Marshal(v)
			id[f] = string(b)
		}
	}
	return id, nil
}
