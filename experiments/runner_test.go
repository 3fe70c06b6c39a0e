package experiments_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/experiments"
	"github.com/qtool-project/qtool/results"
	"github.com/qtool-project/qtool/search"
)

// rnSolutions enumerates the solutions of board b by the simplest possible
// search, independent of every backend, for the fakes and the checks of
// these tests.
func rnSolutions(b encode.Board, limit int) []encode.Placement {
	var out []encode.Placement
	p := make(encode.Placement, b.N)
	var place func(r int) bool
	place = func(r int) bool {
		if r == b.N {
			out = append(out, slices.Clone(p))
			return limit == 0 || len(out) < limit
		}
		for c := 0; c < b.N; c++ {
			if g := b.Queen(r); g >= 0 && g != c {
				continue
			}
			ok := true
			for q := 0; q < r; q++ {
				if p[q] == c || p[q]-c == q-r || p[q]-c == r-q {
					ok = false
					break
				}
			}
			if ok {
				p[r] = c
				if !place(r + 1) {
					return false
				}
			}
		}
		return true
	}
	place(0)
	return out
}

// rnFake is a test-only backend whose behaviour each test chooses. It is
// not registered: the tests hand it to the runner directly, so that the
// other tests of the package, which check every registered backend, never
// meet it.
type rnFake struct {
	name string
	caps backend.Caps
	run  func(ctx context.Context, b encode.Board, req backend.Request) (backend.Outcome, error)
	hits atomic.Int64
}

func (f *rnFake) Name() string       { return f.name }
func (f *rnFake) Caps() backend.Caps { return f.caps }
func (f *rnFake) Run(ctx context.Context, prob encode.Problem, req backend.Request) (backend.Outcome, error) {
	b := prob.Board
	f.hits.Add(1)
	return f.run(ctx, b, req)
}

var rnAll = backend.Caps{Count: true, Find: true, All: true, Complete: true, Exact: true}

// rnHonest counts and finds correctly; off, when non-nil, is added to the
// count of order n (a wrong backend).
func rnHonest(name string, off func(n int) uint64) *rnFake {
	return &rnFake{name: name, caps: rnAll, run: func(ctx context.Context, b encode.Board, req backend.Request) (backend.Outcome, error) {
		if req.Mode == backend.Count {
			c := uint64(len(rnSolutions(b, 0)))
			if off != nil {
				c += off(b.N)
			}
			return backend.Outcome{Solutions: c, Nodes: 1}, nil
		}
		sols := rnSolutions(b, req.Limit)
		for _, s := range sols {
			if !req.Visit(s) {
				break
			}
		}
		return backend.Outcome{Solutions: uint64(len(sols))}, nil
	}}
}

func rnReference(t *testing.T) *experiments.Reference {
	t.Helper()
	f, err := os.Open("../testdata/nqueens-counts.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ref, err := experiments.ReadReference(f, "nqueens-counts.tsv")
	if err != nil {
		t.Fatal(err)
	}
	return ref
}

func rnRange(lo, hi int) []int {
	var ns []int
	for n := lo; n <= hi; n++ {
		ns = append(ns, n)
	}
	return ns
}

func rnRun(t *testing.T, s experiments.Spec) []results.Record {
	t.Helper()
	r := &experiments.Runner{Spec: s}
	recs, err := r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

func rnFind(recs []results.Record, backend string, n, repeat int) results.Record {
	for _, r := range recs {
		if r.Backend == backend && r.N == n && r.Repeat == repeat {
			return r
		}
	}
	return results.Record{Status: -1}
}

// TestRunnerCountsAgainstReference: an honest backend agrees with the
// reference table at every n; a backend that miscounts n=6 is a MISMATCH
// there, in its record and in the report.
func TestRunnerCountsAgainstReference(t *testing.T) {
	ref := rnReference(t)
	honest := rnHonest("honest", nil)
	wrong := rnHonest("wrong", func(n int) uint64 {
		if n == 6 {
			return 1
		}
		return 0
	})
	recs := rnRun(t, experiments.Spec{Repeats: 2, Seed: 1, Reference: ref, Grids: []experiments.Grid{{
		Task: experiments.TaskCount, Backends: []backend.Backend{honest, wrong}, Problems: experiments.EmptyBoards(rnRange(1, 8)),
	}}})
	if len(recs) != 8*2*2 {
		t.Fatalf("unexpected records: got %d want %d", len(recs), 8*2*2)
	}
	for _, r := range recs {
		want, _ := ref.Count(r.N)
		switch {
		case r.Backend == "wrong" && r.N == 6:
			if r.Status != results.Mismatch || !strings.Contains(r.Message, "counted 5, the reference table says 4") {
				t.Errorf("wrong count at n=6: got %v %q, want mismatch", r.Status, r.Message)
			}
		case r.Status != results.OK || r.Answer != want:
			t.Errorf("unexpected count for %s n=%d: got %d (%v) want %d", r.Backend, r.N, r.Answer, r.Status, want)
		}
	}
	// The order is grid, problem, repeat, backend.
	if r := recs[1]; r.Backend != "wrong" || r.N != 1 || r.Repeat != 0 {
		t.Errorf("unexpected order: second record %+v", r)
	}
	if r := recs[2]; r.Backend != "honest" || r.N != 1 || r.Repeat != 1 {
		t.Errorf("unexpected order: third record %+v", r)
	}
	rep := results.NewReport(nil, recs, "honest")
	if rep.Count(results.Mismatch) != 1 {
		t.Errorf("unexpected mismatch cells: got %d want 1", rep.Count(results.Mismatch))
	}
}

// TestRunnerCrossCheck: without a reference, a wrong count is caught by
// the other backends of its row when the records are summarised.
func TestRunnerCrossCheck(t *testing.T) {
	bs := []backend.Backend{rnHonest("a", nil), rnHonest("b", nil), rnHonest("c", func(n int) uint64 { return uint64(n % 2) })}
	if bt, err := backend.Lookup("backtrack"); err == nil {
		bs = append(bs, bt) // a real backend in the vote, when there is one
	}
	recs := rnRun(t, experiments.Spec{Repeats: 1, Grids: []experiments.Grid{{
		Task: experiments.TaskCount, Backends: bs, Problems: experiments.EmptyBoards([]int{4, 5, 6, 7}),
	}}})
	rep := results.NewReport(nil, recs, "")
	tab := rep.Tables[0]
	for _, row := range tab.Rows {
		for j, c := range row.Cells {
			wantMismatch := tab.Backends[j] == "c" && row.N%2 == 1
			if (c.Status == results.Mismatch) != wantMismatch {
				t.Errorf("n=%d %s: got %v, want mismatch %v", row.N, tab.Backends[j], c.Status, wantMismatch)
			}
		}
		if want := uint64(len(rnSolutions(encode.Empty(row.N), 0))); row.Answer != want {
			t.Errorf("unexpected row answer for n=%d: got %d want %d", row.N, row.Answer, want)
		}
	}
}

// rnSleeper waits for its context, as a well-behaved slow backend does.
func rnSleeper(name string) *rnFake {
	return &rnFake{name: name, caps: rnAll, run: func(ctx context.Context, b encode.Board, req backend.Request) (backend.Outcome, error) {
		<-ctx.Done()
		return backend.Outcome{Status: backend.StatusOf(ctx)}, nil
	}}
}

// TestRunnerTimeout: a run that exceeds its time limit becomes a TIMEOUT
// promptly, not a time; its later repeats and, with StopAfterTimeout, the
// later problems are not run; a backend that ignores its deadline is
// abandoned after the grace period.
func TestRunnerTimeout(t *testing.T) {
	slow := rnSleeper("slow")
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	stubborn := &rnFake{name: "stubborn", caps: rnAll, run: func(ctx context.Context, b encode.Board, req backend.Request) (backend.Outcome, error) {
		<-release // ignores ctx
		return backend.Outcome{}, nil
	}}
	fast := rnHonest("fast", nil)
	r := &experiments.Runner{Grace: 100 * time.Millisecond, Spec: experiments.Spec{Repeats: 3, Timeout: 50 * time.Millisecond, Grids: []experiments.Grid{{
		Task: experiments.TaskCount, Backends: []backend.Backend{slow, stubborn, fast},
		Problems: experiments.EmptyBoards([]int{4, 5, 6}), StopAfterTimeout: true,
	}}}}
	start := time.Now()
	done := make(chan struct{})
	var recs []results.Record
	var err error
	go func() {
		recs, err = r.Run(context.Background())
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("the runner hangs on backends that time out")
	}
	if err != nil {
		t.Fatal(err)
	}
	// fast: 3 problems × 3 repeats; slow and stubborn: a timeout on n=4,
	// no further repeat, and one "not run" timeout for n=5 and n=6 each.
	if len(recs) != 9+2*3 {
		t.Fatalf("unexpected records: got %d want 15", len(recs))
	}
	if slow.hits.Load() != 1 || stubborn.hits.Load() != 1 {
		t.Errorf("timed-out backends ran %d and %d times, want once each", slow.hits.Load(), stubborn.hits.Load())
	}
	for _, rec := range recs {
		if rec.Backend == "fast" {
			if rec.Status != results.OK {
				t.Errorf("fast n=%d: got %v", rec.N, rec.Status)
			}
			continue
		}
		if rec.Status != results.Timeout || rec.Repeat != 0 {
			t.Errorf("%s n=%d repeat %d: got %v want a timeout of repeat 0", rec.Backend, rec.N, rec.Repeat, rec.Status)
		}
		switch {
		case rec.N == 4 && rec.Backend == "slow" && (rec.Seconds < 0.05 || rec.Message != "time limit 50ms reached"):
			t.Errorf("slow: got %v s, %q", rec.Seconds, rec.Message)
		case rec.N == 4 && rec.Backend == "stubborn" && !strings.Contains(rec.Message, "abandoned"):
			t.Errorf("stubborn: got %q", rec.Message)
		case rec.N > 4 && (rec.Message != "not run: timed out on n=4" || rec.Seconds != 0):
			t.Errorf("%s n=%d should not have run: %q", rec.Backend, rec.N, rec.Message)
		}
	}
	rep := results.NewReport(nil, recs, "")
	if rep.Count(results.Timeout) != 6 {
		t.Errorf("unexpected timeout cells: got %d want 6", rep.Count(results.Timeout))
	}
	t.Logf("the grid with two timing-out backends took %v", time.Since(start))
}

// TestRunnerFind: every placement is verified; an incomplete method that
// gives up is UNKNOWN; an exact method that finds nothing where the
// reference counts solutions is a MISMATCH, and where there are none it
// is a correct answer 0.
func TestRunnerFind(t *testing.T) {
	ref := rnReference(t)
	honest := rnHonest("honest", nil)
	liar := &rnFake{name: "liar", caps: rnAll, run: func(ctx context.Context, b encode.Board, req backend.Request) (backend.Outcome, error) {
		p := make(encode.Placement, b.N)
		for i := range p {
			p[i] = i // the main diagonal: every queen attacks the next
		}
		req.Visit(p)
		return backend.Outcome{Solutions: 1}, nil
	}}
	giveUp := &rnFake{name: "giveup", caps: backend.Caps{Find: true}, run: func(ctx context.Context, b encode.Board, req backend.Request) (backend.Outcome, error) {
		return backend.Outcome{Status: backend.Unknown}, nil
	}}
	none := &rnFake{name: "none", caps: rnAll, run: func(ctx context.Context, b encode.Board, req backend.Request) (backend.Outcome, error) {
		return backend.Outcome{}, nil
	}}
	panicky := &rnFake{name: "panicky", caps: rnAll, run: func(ctx context.Context, b encode.Board, req backend.Request) (backend.Outcome, error) {
		panic("boom")
	}}
	recs := rnRun(t, experiments.Spec{Repeats: 1, Reference: ref, Grids: []experiments.Grid{{
		Task: experiments.TaskFirst, Backends: []backend.Backend{honest, liar, giveUp, none, panicky},
		Problems: experiments.EmptyBoards([]int{3, 8}),
	}}})
	for _, c := range []struct {
		backend string
		n       int
		status  results.Status
		answer  uint64
		msg     string
	}{
		{"honest", 3, results.OK, 0, ""},
		{"honest", 8, results.OK, 1, ""},
		{"liar", 8, results.Mismatch, 1, "invalid placement: encode: verify:"},
		{"giveup", 8, results.Unknown, 0, "gave up"},
		{"none", 3, results.OK, 0, ""},
		{"none", 8, results.Mismatch, 0, "found no solution, but the reference table counts 92"},
		{"panicky", 8, results.Error, 0, "backend panicky panicked: boom"},
	} {
		r := rnFind(recs, c.backend, c.n, 0)
		if r.Status != c.status || r.Answer != c.answer || !strings.Contains(r.Message, c.msg) {
			t.Errorf("%s n=%d: got %v answer %d %q; want %v answer %d %q", c.backend, c.n, r.Status, r.Answer, r.Message, c.status, c.answer, c.msg)
		}
	}
}

// TestRunnerSkips: a backend that cannot do a task or a problem gets no
// record (its cell shows "—"), and the others run.
func TestRunnerSkips(t *testing.T) {
	counter := rnHonest("counter", nil)
	finder := &rnFake{name: "finder", caps: backend.Caps{Find: true, MaxN: 6}, run: rnHonest("", nil).run}
	board := experiments.Case{Name: "b.txt", Board: encode.Board{N: 6, Queens: []int{1}}}
	recs := rnRun(t, experiments.Spec{Repeats: 1, Grids: []experiments.Grid{
		{Task: experiments.TaskCount, Backends: []backend.Backend{counter, finder}, Problems: experiments.EmptyBoards([]int{6})},
		{Task: experiments.TaskFirst, Backends: []backend.Backend{counter, finder}, Problems: append(experiments.EmptyBoards([]int{6, 7}), board)},
		{Task: experiments.TaskComplete, Backends: []backend.Backend{counter, finder}, Problems: []experiments.Case{board}},
	}})
	var got []string
	for _, r := range recs {
		got = append(got, r.Mode+" "+r.Problem.String()+" "+r.Backend+" "+r.Status.String())
	}
	want := []string{
		"count n=6 counter ok",
		"first n=6 counter ok", "first n=6 finder ok",
		"first n=7 counter ok",
		"first b.txt (n=6) counter ok",
		"complete b.txt (n=6) counter ok",
	}
	if !slices.Equal(got, want) {
		t.Errorf("unexpected records:\n got %q\nwant %q", got, want)
	}
	sols := rnSolutions(board.Board, 0)
	if r := recs[len(recs)-1]; r.Answer != 1 || len(sols) == 0 || r.Hash == "" {
		t.Errorf("completion of b.txt: got %+v (it has %d)", r, len(sols))
	}
}

// TestRunnerResume: a run interrupted after some cells has logged them
// all; resuming from the log measures exactly the cells it lacks.
func TestRunnerResume(t *testing.T) {
	path := filepath.Join(t.TempDir(), "log.jsonl")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var calls atomic.Int64
	interrupter := &rnFake{name: "interrupter", caps: rnAll, run: func(rctx context.Context, b encode.Board, req backend.Request) (backend.Outcome, error) {
		if calls.Add(1) == 4 {
			cancel() // Ctrl-C during the fourth run
			<-rctx.Done()
			return backend.Outcome{Status: backend.StatusOf(rctx)}, nil
		}
		return backend.Outcome{Solutions: uint64(len(rnSolutions(b, 0)))}, nil
	}}
	honest := rnHonest("honest", nil)
	spec := func(b backend.Backend) experiments.Spec {
		return experiments.Spec{Repeats: 2, Grids: []experiments.Grid{{
			Task: experiments.TaskCount, Backends: []backend.Backend{honest, b}, Problems: experiments.EmptyBoards([]int{4, 5, 6}),
		}}}
	}
	log, _, _, err := experiments.OpenLog(path, false)
	if err != nil {
		t.Fatal(err)
	}
	first := &experiments.Runner{Spec: spec(interrupter), Log: log.WriteRecord}
	got1, err := first.Run(ctx)
	if !errors.Is(err, experiments.ErrInterrupted) || !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted run: got error %v", err)
	}
	log.Close()
	// honest/interrupter for n=4 r0, r1 and n=5 r0, then honest n=5 r1:
	// 7 records; the interrupted run is not among them.
	if len(got1) != 7 {
		t.Fatalf("records before the interruption: got %d want 7", len(got1))
	}

	log, _, done, err := experiments.OpenLog(path, true)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(done, got1) {
		t.Fatalf("the log does not hold the records measured:\n%+v\n%+v", done, got1)
	}
	counter := rnHonest("interrupter", nil)
	hon2 := rnHonest("honest", nil)
	second := &experiments.Runner{Spec: spec(counter), Log: log.WriteRecord, Done: done}
	second.Spec.Grids[0].Backends[0] = hon2
	var last [2]int
	second.Progress = func(d, total int) { last = [2]int{d, total} }
	got2, err := second.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	log.Close()
	if len(got2) != 12-7 || counter.hits.Load() != 3 || hon2.hits.Load() != 2 {
		t.Errorf("resume measured %d records (%d and %d runs), want 5 (3 and 2)", len(got2), counter.hits.Load(), hon2.hits.Load())
	}
	if last != [2]int{12, 12} {
		t.Errorf("unexpected final progress %v", last)
	}
	_, all, err := func() ([]results.Env, []results.Record, error) {
		f, err := os.Open(path)
		if err != nil {
			return nil, nil, err
		}
		defer f.Close()
		return results.ReadLog(f, path)
	}()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[results.Key]bool{}
	for _, r := range all {
		if seen[r.Key()] {
			t.Errorf("measured twice: %+v", r.Key())
		}
		seen[r.Key()] = true
		if r.Status != results.OK {
			t.Errorf("unexpected status %v for %+v", r.Status, r.Key())
		}
	}
	if len(seen) != 12 {
		t.Errorf("the log holds %d distinct runs, want 12", len(seen))
	}
}

// TestOpenLogCutLine: a log whose last write was cut short is resumed
// after its last complete line.
func TestOpenLogCutLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "log.jsonl")
	line := `{"n":8,"backend":"b","mode":"count","repeat":0,"answer":92,"nodes":0,"seconds":0.1,"status":"ok"}` + "\n"
	if err := os.WriteFile(path, []byte(line+`{"n":8,"backend":"b","mo`), 0o644); err != nil {
		t.Fatal(err)
	}
	log, _, done, err := experiments.OpenLog(path, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(done) != 1 {
		t.Fatalf("unexpected records: %+v", done)
	}
	if err := log.WriteRecord(results.Record{Problem: results.Problem{N: 9}, Backend: "b", Mode: "count", Answer: 352}); err != nil {
		t.Fatal(err)
	}
	log.Close()
	data, _ := os.ReadFile(path)
	if want := line + `{"n":9,"backend":"b","mode":"count","repeat":0,"answer":352,"nodes":0,"seconds":0,"status":"ok"}` + "\n"; string(data) != want {
		t.Errorf("unexpected log:\n%s\nwant\n%s", data, want)
	}
}

// TestRunnerParallelVisit: a backend that calls Visit from several
// goroutines at once is handled (run with -race).
func TestRunnerParallelVisit(t *testing.T) {
	par := &rnFake{name: "par", caps: rnAll, run: func(ctx context.Context, b encode.Board, req backend.Request) (backend.Outcome, error) {
		sols := rnSolutions(b, 0)
		var wg sync.WaitGroup
		for _, s := range sols[:4] {
			wg.Add(1)
			go func() { defer wg.Done(); req.Visit(s) }()
		}
		wg.Wait()
		return backend.Outcome{Solutions: 4}, nil
	}}
	recs := rnRun(t, experiments.Spec{Repeats: 1, Grids: []experiments.Grid{{Task: experiments.TaskFirst, Backends: []backend.Backend{par}, Problems: experiments.EmptyBoards([]int{8})}}})
	if recs[0].Status != results.OK || recs[0].Answer != 4 {
		t.Errorf("unexpected record %+v", recs[0])
	}
}

// TestRunnerBudget: a cell's repeats stop when another would not fit in
// the time limit; a resumed run does not start them either.
func TestRunnerBudget(t *testing.T) {
	sleepy := &rnFake{name: "sleepy", caps: rnAll, run: func(ctx context.Context, b encode.Board, req backend.Request) (backend.Outcome, error) {
		select {
		case <-time.After(600 * time.Millisecond):
			return backend.Outcome{Solutions: uint64(len(rnSolutions(b, 0)))}, nil
		case <-ctx.Done():
			return backend.Outcome{Status: backend.StatusOf(ctx)}, nil
		}
	}}
	fast := rnHonest("fast", nil)
	spec := experiments.Spec{Repeats: 4, Timeout: time.Second, Grids: []experiments.Grid{{
		Task: experiments.TaskCount, Backends: []backend.Backend{sleepy, fast}, Problems: experiments.EmptyBoards([]int{5}),
	}}}
	var steps []int
	r := &experiments.Runner{Spec: spec, Progress: func(d, total int) { steps = append(steps, d, total) }}
	recs, err := r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, rec := range recs {
		got = append(got, rec.Backend+" "+rec.Status.String())
	}
	// sleepy: 0.6 s, and another 0.6 s would pass the 1 s limit.
	if want := []string{"sleepy ok", "fast ok", "fast ok", "fast ok", "fast ok"}; !slices.Equal(got, want) {
		t.Errorf("unexpected records %q, want %q", got, want)
	}
	if n := len(steps); n != 16 || steps[n-2] != 8 || steps[n-1] != 8 {
		t.Errorf("progress does not reach the total: %v", steps)
	}
	again := &experiments.Runner{Spec: spec, Done: recs}
	more, err := again.Run(context.Background())
	if err != nil || len(more) != 0 || sleepy.hits.Load() != 1 {
		t.Errorf("resuming a finished run measured %d records (%d runs of sleepy), err %v", len(more), sleepy.hits.Load(), err)
	}
}

// TestRunnerMinTime: fast runs are repeated back to back and every run's
// answer is checked.
func TestRunnerMinTime(t *testing.T) {
	quick := rnHonest("quick", nil)
	var flips atomic.Int64
	flaky := &rnFake{name: "flaky", caps: rnAll, run: func(ctx context.Context, b encode.Board, req backend.Request) (backend.Outcome, error) {
		return backend.Outcome{Solutions: 92 + uint64(flips.Add(1)%2)}, nil
	}}
	recs := rnRun(t, experiments.Spec{Repeats: 2, MinTime: 5 * time.Millisecond, Grids: []experiments.Grid{{
		Task: experiments.TaskCount, Backends: []backend.Backend{quick, flaky}, Problems: experiments.EmptyBoards([]int{6}),
	}}})
	runs := 0
	for _, rec := range recs {
		if rec.Backend == "quick" {
			if rec.Status != results.OK || rec.Answer != 4 || rec.Runs < 2 || rec.Seconds <= 0 || rec.Seconds*float64(rec.Runs) < 0.005 {
				t.Errorf("unexpected record %+v", rec)
			}
			runs += rec.Runs
			continue
		}
		if rec.Status != results.Mismatch || !strings.HasPrefix(rec.Message, "back-to-back runs disagree") {
			t.Errorf("flaky: got %v %q", rec.Status, rec.Message)
		}
	}
	if int(quick.hits.Load()) != runs {
		t.Errorf("quick ran %d times, the records say %d", quick.hits.Load(), runs)
	}
}

// TestRunnerManyRepeats: a huge number of repeats over quick cells ends
// when every cell's budget is spent, with the progress at its total; the
// runner used to walk the repeats left one by one without looking at its
// context, so qtool bench --repeats 100000000000 ignored SIGTERM for hours.
func TestRunnerManyRepeats(t *testing.T) {
	slow := &rnFake{name: "slow", caps: rnAll, run: func(ctx context.Context, b encode.Board, req backend.Request) (backend.Outcome, error) {
		select {
		case <-time.After(30 * time.Millisecond):
			return backend.Outcome{Solutions: uint64(len(rnSolutions(b, 0)))}, nil
		case <-ctx.Done():
			return backend.Outcome{Status: backend.StatusOf(ctx)}, nil
		}
	}}
	const repeats = 1 << 40
	// MinTime repeats the fast backend's runs back to back, so that each
	// of its repeats spends about 10 ms of the budget.
	spec := experiments.Spec{Repeats: repeats, Timeout: 200 * time.Millisecond, MinTime: 10 * time.Millisecond, Grids: []experiments.Grid{{
		Task: experiments.TaskCount, Backends: []backend.Backend{slow, rnHonest("fast", nil)}, Problems: experiments.EmptyBoards([]int{4, 5}),
	}}}
	var last, total int
	r := &experiments.Runner{Spec: spec, Progress: func(d, t int) { last, total = d, t }}
	type result struct {
		recs []results.Record
		err  error
	}
	done := make(chan result, 1)
	go func() {
		recs, err := r.Run(context.Background())
		done <- result{recs, err}
	}()
	var got result
	select {
	case got = <-done:
	case <-time.After(2 * time.Minute):
		t.Fatal("Run did not return: the repeats left after every budget was spent are walked one by one")
	}
	if got.err != nil {
		t.Fatal(got.err)
	}
	slowRuns, fastRuns := 0, 0
	for _, rec := range got.recs {
		if rec.Status != results.OK || rec.Answer != map[int]uint64{4: 2, 5: 10}[rec.N] {
			t.Errorf("unexpected record %+v", rec)
		}
		if rec.Backend == "slow" {
			slowRuns++
		} else {
			fastRuns++
		}
	}
	// Each repeat takes at least its time, so the budget bounds the
	// repeats from above; a loaded machine only makes them fewer.
	if fastRuns < 2 || fastRuns > 2*21 {
		t.Errorf("fast ran %d repeats on 2 problems, want 2 to 42 (a budget of 200 ms, at least 10 ms a repeat)", fastRuns)
	}
	// At least 30 ms a run in a budget of 200 ms: 1 to 8 runs of each
	// problem (another is started while the time so far and the last
	// run's fit in the budget).
	if slowRuns < 2 || slowRuns > 2*8 {
		t.Errorf("slow ran %d times on 2 problems, want 2 to 16 (a budget of 200 ms, at least 30 ms a run)", slowRuns)
	}
	if want := 2 * 2 * repeats; total != want || last != want {
		t.Errorf("progress ended at %d of %d, want %d of %d", last, total, want, want)
	}
	// Resumed with everything done, nothing runs again.
	again := &experiments.Runner{Spec: spec, Done: got.recs}
	more, err := again.Run(context.Background())
	if err != nil || len(more) != 0 {
		t.Errorf("resuming a finished run measured %d records, err %v", len(more), err)
	}
}

// TestRunnerBatchMemory: back-to-back runs (Spec.MinTime) of a backend
// that finds a large solution fast are checked and dropped batch by batch,
// a batch keeping at most some 64 MB: the runner used to keep every
// solution of a batch (up to 2²⁰ runs) until it ended, and bench --mode
// first --backends construct --n 1000000 --mintime 1h died ("fatal error:
// out of memory"). Here n = 1024 (8 KB a solution) for a second: some
// 10⁵ runs, hundreds of MB kept by the old runner.
func TestRunnerBatchMemory(t *testing.T) {
	const n = 1024
	sol, err := search.Construct(n)
	if err != nil {
		t.Fatal(err)
	}
	big := &rnFake{name: "big", caps: rnAll, run: func(ctx context.Context, b encode.Board, req backend.Request) (backend.Outcome, error) {
		req.Visit(sol)
		return backend.Outcome{Solutions: 1}, nil
	}}
	spec := experiments.Spec{Repeats: 1, Timeout: 10 * time.Second, MinTime: time.Second, Grids: []experiments.Grid{{
		Task: experiments.TaskFirst, Backends: []backend.Backend{big}, Problems: experiments.EmptyBoards([]int{n}),
	}}}
	// Collect garbage early, so that the heap measures what is kept.
	defer debug.SetGCPercent(debug.SetGCPercent(10))
	var peak atomic.Uint64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	var base runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&base)
	go func() {
		defer close(sampled)
		var m runtime.MemStats
		for {
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
			runtime.ReadMemStats(&m)
			if m.HeapAlloc > base.HeapAlloc && m.HeapAlloc-base.HeapAlloc > peak.Load() {
				peak.Store(m.HeapAlloc - base.HeapAlloc)
			}
		}
	}()
	recs, err := (&experiments.Runner{Spec: spec}).Run(context.Background())
	close(stop)
	<-sampled
	if err != nil || len(recs) != 1 || recs[0].Status != results.OK || recs[0].Answer != 1 || recs[0].Runs < 100 {
		t.Fatalf("%+v, %v", recs, err)
	}
	if p := peak.Load(); p > 120<<20 {
		t.Errorf("%d runs back to back kept up to %d MB at once; want a batch to keep at most some 64 MB", recs[0].Runs, p>>20)
	} else {
		t.Logf("%d runs, at most %d MB at once", recs[0].Runs, p>>20)
	}
}

// TestRunnerMinTimeCapped: runs back to back share one run's time limit,
// so a MinTime beyond it ends at half the limit with the mean of the runs,
// not with a timeout of the batch (bench --mintime 1h --timeout 1s used to
// record "back-to-back run N: time limit reached", and with batches bounded
// in memory ran for the hour).
func TestRunnerMinTimeCapped(t *testing.T) {
	quick := rnHonest("quick", nil)
	spec := experiments.Spec{Repeats: 2, Timeout: 400 * time.Millisecond, MinTime: time.Hour, Grids: []experiments.Grid{{
		Task: experiments.TaskCount, Backends: []backend.Backend{quick}, Problems: experiments.EmptyBoards([]int{6}),
	}}}
	done := make(chan struct{})
	var recs []results.Record
	var err error
	go func() {
		defer close(done)
		recs, err = (&experiments.Runner{Spec: spec}).Run(context.Background())
	}()
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		t.Fatal("Run did not return: the runs back to back went on for MinTime (an hour)")
	}
	if err != nil || len(recs) == 0 {
		t.Fatalf("%d records, %v", len(recs), err)
	}
	for _, rec := range recs {
		if rec.Status != results.OK || rec.Answer != 4 || rec.Runs < 2 {
			t.Errorf("record %+v, want ok, 4 solutions, runs back to back", rec)
		}
		// Each repeat's runs stop once half the limit (0.2 s) is spent: well
		// within the limit, whatever a busy machine adds to the last run.
		if spent := rec.Seconds * float64(rec.Runs); spent < 0.2-1e-9 || spent >= spec.Timeout.Seconds() {
			t.Errorf("repeat %d ran %d runs for %.3f s back to back; want half the limit, 0.2 s, and less than the limit", rec.Repeat, rec.Runs, spent)
		}
	}
}
