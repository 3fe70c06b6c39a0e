package cluster

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/qtool-project/qtool/internal/ctxio"
	"github.com/qtool-project/qtool/split"
)

// errIsDir is the error of a task's result that is a directory.
var errIsDir = errors.New("is a directory, not a file")

// Shards reads the result of every task of a count run, each a file of
// one count record (package split, at most max bytes), and checks each:
// a complete shard (split.Check) of the run's n, number of shards and
// backend, the shard of its task (CheckShard).
//
// The results are read and checked on all cores (a run of 10⁵ shards is
// 10⁵ files); the error is that of the least task that failed, as when
// they are read one after the other: a result that cannot be opened is
// an *fs.PathError, one that was cut by ctx wraps ctx's error, split's
// errors are returned as they are.
func (r *Run) Shards(ctx context.Context, max int64) ([]*split.Entry, error) {
	recs := make([]*split.Entry, r.Tasks)
	err := EachTask(r.Tasks, func(i int) (err error) {
		recs[i], err = r.shard(ctx, i, max)
		return err
	})
	if err != nil {
		return nil, err
	}
	return recs, nil
}

// shard reads and checks task i's result.
func (r *Run) shard(ctx context.Context, i int, max int64) (*split.Entry, error) {
	path := r.ResultPath(i)
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return nil, &fs.PathError{Op: "open", Path: path, Err: errIsDir}
	}
	rs, err := split.ReadAll(ctx, ctxio.Reader(ctx, f), path, max)
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("cluster: %s: %w", path, ctx.Err())
		}
		return nil, err
	}
	if len(rs) != 1 {
		return nil, fmt.Errorf("cluster: %s: %d records, want the one of shard %d", path, len(rs), i)
	}
	s := rs[0]
	if err := split.Check(s); err != nil {
		return nil, err
	}
	if err := r.CheckShard(s.Where, i, s.N, *s.Shards, *s.Shard, s.Backend); err != nil {
		return nil, err
	}
	return s, nil
}
