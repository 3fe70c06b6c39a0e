package cluster

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// shardRecord is shard i of m of a count of n by bitmask, as qtool count
// --shard i/m --json prints it (without parts).
func shardRecord(n, i, m int, solutions uint64) string {
	return fmt.Sprintf(`{"n":%d,"backend":"bitmask","solutions":%d,"shard":%d,"shards":%d,"seconds":0.1,"status":"ok","complete":true}`+"\n", n, solutions, i, m)
}

// Shards reads every task's record and refuses, naming the least task,
// a result that is missing, a directory, doubled, or of another shard.
func TestShards(t *testing.T) {
	r := NewCountRun(CountSpec{N: 6, Shards: 3, Backend: "bitmask"}, Options{CPUs: 1})
	r.ID, r.Qtool = NewID(), "/bin/true"
	if err := Create(filepath.Join(t.TempDir(), "run"), r); err != nil {
		t.Fatal(err)
	}
	write := func(i int, text string) {
		if err := os.WriteFile(r.ResultPath(i), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 3 {
		write(i, shardRecord(6, i, 3, uint64(i)))
	}
	recs, err := r.Shards(context.Background(), 1<<20)
	if err != nil || len(recs) != 3 || recs[2].Solutions != 2 || recs[1].Where != r.ResultPath(1)+":1" {
		t.Fatalf("Shards: %v %v", recs, err)
	}
	if _, err := r.Shards(context.Background(), 10); err == nil || !strings.HasPrefix(err.Error(), "split: ") {
		t.Errorf("a record larger than the bound: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := r.Shards(ctx, 1<<20); !errors.Is(err, context.Canceled) {
		t.Errorf("under a cancelled context: %v", err)
	}
	write(2, shardRecord(6, 1, 3, 1))
	if _, err := r.Shards(context.Background(), 1<<20); err == nil || !strings.HasSuffix(err.Error(), "shard 1, but the run "+r.Dir+" has shard 2: not a shard of this run") {
		t.Errorf("shard 1 in 2's place: %v", err)
	}
	write(1, shardRecord(6, 1, 3, 1)+shardRecord(6, 1, 3, 1))
	if _, err := r.Shards(context.Background(), 1<<20); err == nil || err.Error() != "cluster: "+r.ResultPath(1)+": 2 records, want the one of shard 1" {
		t.Errorf("two records: %v", err)
	}
	write(0, `{"n":6,"backend":"bitmask","solutions":0,"shard":0,"shards":3,"status":"timeout","complete":false}`)
	if _, err := r.Shards(context.Background(), 1<<20); err == nil || !strings.Contains(err.Error(), "is incomplete") {
		t.Errorf("an incomplete shard: %v", err)
	}
	os.Remove(r.ResultPath(0))
	var pe *fs.PathError
	if _, err := r.Shards(context.Background(), 1<<20); !errors.As(err, &pe) || pe.Path != r.ResultPath(0) || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing result: %v", err)
	}
	os.Mkdir(r.ResultPath(0), 0o755)
	if _, err := r.Shards(context.Background(), 1<<20); !errors.As(err, &pe) || pe.Err.Error() != "is a directory, not a file" {
		t.Errorf("a directory for a result: %v", err)
	}
}
