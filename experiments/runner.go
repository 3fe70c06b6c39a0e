package experiments

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"time"
	"unsafe"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/results"
)

// DefaultGrace is how long a Runner waits, after a run's deadline, for a
// backend that has not returned.
const DefaultGrace = time.Second

// Runner measures the cells of a Spec. Set its fields, then call Run once.
type Runner struct {
	Spec Spec
	// Log, when non-nil, receives each record as soon as it is measured;
	// an error from it stops the run.
	Log func(results.Record) error
	// Done holds records measured before, e.g. read from the log of an
	// interrupted run: the runs they record are not measured again, and
	// their timeouts count for StopAfterTimeout and MaxTimeouts. A record
	// stands for the run of its key (the board's content, not its name);
	// when two problems have the same content, each takes the record of
	// its own name, and a record of another name only when no problem of
	// the spec bears that name (a renamed file).
	Done []results.Record
	// Progress, when non-nil, is called after each cell with the number
	// of cells done (measured, skipped or found in Done) and the total.
	Progress func(done, total int)
	// Grace is how long to wait, after a run's deadline, for a backend
	// that has not returned; then its run is recorded as a timeout and
	// abandoned. Zero means DefaultGrace.
	Grace time.Duration
}

// ErrInterrupted is returned by Runner.Run when its context was cancelled;
// the records measured until then have been logged.
var ErrInterrupted = errors.New("experiments: interrupted")

// Run measures every cell that Done lacks, in the order grid, problem,
// repeat, backend, and returns the new records in that order.
//
// A cell whose backend cannot do the task on the problem (see Supports)
// is skipped without a record. The time limit bounds each run and, through
// the repeats, each cell: the first repeat may use the whole limit, and a
// later one is started only while the time the cell has taken so far plus
// that of its last repeat fit within the limit, so that a slow cell costs
// about one time limit rather than one per repeat. A repeat that is not
// started leaves no record (the cell has fewer repeats); after a timeout a
// cell's later repeats are not started either, and with StopAfterTimeout
// (or once MaxTimeouts problems have timed out) the backend's later
// problems in the grid are recorded as timeouts without being run.
//
// When ctx is cancelled, the run under way is abandoned without a record
// and Run returns the records so far with an error that wraps
// ErrInterrupted and the context's error.
func (r *Runner) Run(ctx context.Context) ([]results.Record, error) {
	s := r.Spec
	if err := s.Validate(); err != nil {
		return nil, err
	}
	run := &specRun{r: r, spec: s, done: newDoneSet(r.Done, s), total: s.cells()}
	for _, g := range s.Grids {
		gr := &gridRun{specRun: run, g: g, timedOut: map[string]string{}, timeouts: map[string]int{}}
		for _, p := range g.Problems {
			if err := gr.problem(ctx, p); err != nil {
				return run.out, err
			}
		}
	}
	return run.out, nil
}

// specRun is the state of one Runner.Run: the records still to take from
// Done, the count of cells done and the new records.
type specRun struct {
	r               *Runner
	spec            Spec // the Spec as Run read it
	done            *doneSet
	total, finished int
	out             []results.Record
}

// step counts a cell done and reports progress.
func (run *specRun) step() {
	run.finished++
	if run.r.Progress != nil {
		run.r.Progress(run.finished, run.total)
	}
}

// gridRun is the state of Run on one grid.
type gridRun struct {
	*specRun
	g Grid
	// timedOut[backend] names the first problem of the grid on which the
	// backend reached the time limit, and timeouts[backend] counts those
	// problems.
	timedOut map[string]string
	timeouts map[string]int
}

// noteTimeout records that backend b timed out on the cell st of problem
// key (once per cell).
func (gr *gridRun) noteTimeout(b string, st *cellState, key results.Problem) {
	if st.timedOut {
		return
	}
	st.timedOut = true
	gr.timeouts[b]++
	if _, seen := gr.timedOut[b]; !seen {
		gr.timedOut[b] = key.String()
	}
}

// giveUp says whether backend b's later problems in the grid are to be
// recorded as timeouts without being run.
func (gr *gridRun) giveUp(b string) bool {
	k := gr.timeouts[b]
	return k > 0 && (gr.g.StopAfterTimeout || (gr.g.MaxTimeouts > 0 && k >= gr.g.MaxTimeouts))
}

// problem measures the cells of problem p, repeat by repeat, backend by
// backend. Once every cell has stopped (its budget spent or a timeout)
// and Done holds none of its later repeats, the repeats left are counted
// as skipped at once rather than one by one, so that a large --repeats
// over quick cells ends with the budget and is interrupted promptly.
func (gr *gridRun) problem(ctx context.Context, p Case) error {
	key := p.Key()
	var bs []backend.Backend
	for _, b := range gr.g.Backends {
		if ok, _ := SupportsProblem(b, gr.g.Task, p.Encode()); ok {
			bs = append(bs, b)
		}
	}
	cells := map[string]*cellState{}
	for rep := 0; rep < gr.spec.Repeats || gr.wantsMore(cells, rep); rep++ {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("%w: %w", ErrInterrupted, context.Cause(ctx))
		}
		if rep > 0 && gr.allStopped(bs, cells) && !gr.done.later(key, gr.g.Task.String(), rep) {
			gr.skip(max(gr.spec.Repeats-rep, 0) * len(bs))
			return nil
		}
		for _, b := range bs {
			st := cells[b.Name()]
			if st == nil {
				st = &cellState{}
				cells[b.Name()] = st
			}
			if rep >= gr.spec.Repeats && !gr.repeatAgain(st) {
				continue // --repeats auto: this cell is known well enough
			}
			if err := gr.cell(ctx, p, key, b, st, rep); err != nil {
				return err
			}
		}
	}
	return nil
}

// allStopped reports whether no further repeat of the cells of backends
// bs will be started.
func (gr *gridRun) allStopped(bs []backend.Backend, cells map[string]*cellState) bool {
	for _, b := range bs {
		if st := cells[b.Name()]; st == nil || !st.stopped {
			return false
		}
	}
	return true
}

// skip counts k cells done without running them and reports progress once.
func (run *specRun) skip(k int) {
	if k <= 0 {
		return
	}
	run.finished += k - 1
	run.step()
}

// cell takes repeat rep of backend b on problem p from Done, skips it, or
// measures it (or records it as not run), logging each new record.
func (gr *gridRun) cell(ctx context.Context, p Case, key results.Problem, b backend.Backend, st *cellState, rep int) error {
	s := gr.spec
	k := results.Key{Variant: key.Variant, N: key.N, Hash: key.Hash, Backend: b.Name(), Mode: gr.g.Task.String(), Repeat: rep}
	if old, ok := gr.done.take(k, key.Board); ok {
		st.add(old)
		if old.Status == results.Timeout {
			gr.noteTimeout(b.Name(), st, key)
		}
		if rep < s.Repeats {
			gr.step()
		}
		return nil
	}
	if st.stopped || (rep > 0 && s.Timeout > 0 && st.spent+st.last > s.Timeout) {
		st.stopped = true
		if rep < s.Repeats {
			gr.step()
		}
		return nil
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("%w: %w", ErrInterrupted, err)
	}
	rec := results.Record{Problem: key, Backend: b.Name(), Mode: gr.g.Task.String(), Repeat: rep}
	if rep == 0 && gr.giveUp(b.Name()) {
		rec.Status = results.Timeout
		rec.Message = "not run: timed out on " + gr.timedOut[b.Name()]
		if n := gr.timeouts[b.Name()]; n > 1 {
			rec.Message = fmt.Sprintf("not run: timed out on %d problems of the grid, the first %s", n, gr.timedOut[b.Name()])
		}
	} else {
		var interrupted bool
		rec, interrupted = gr.r.measure(ctx, b, gr.g, p, rep)
		if interrupted {
			return fmt.Errorf("%w: %w", ErrInterrupted, context.Cause(ctx))
		}
		if rec.Status == results.Timeout {
			gr.noteTimeout(b.Name(), st, key)
		}
	}
	st.add(rec)
	if gr.r.Log != nil {
		if err := gr.r.Log(rec); err != nil {
			return err
		}
	}
	gr.out = append(gr.out, rec)
	if rep < s.Repeats {
		gr.step() // the progress counts the fixed repeats
	}
	return nil
}

// cellState is what the runner knows of a cell while measuring it.
type cellState struct {
	spent    time.Duration // time taken by its repeats so far
	last     time.Duration // time taken by its last repeat
	stopped  bool          // no further repeat is started
	timedOut bool          // a repeat reached the time limit
	failed   bool          // a repeat was not OK
	times    []float64     // the seconds of its OK repeats
}

// doneSet holds the records of Runner.Done, each to be taken once.
type doneSet struct {
	recs  map[results.Key][]results.Record
	names map[string]bool // the names of the spec's problems
}

func newDoneSet(recs []results.Record, s Spec) *doneSet {
	d := &doneSet{recs: make(map[results.Key][]results.Record, len(recs)), names: map[string]bool{}}
	for _, rec := range recs {
		d.recs[rec.Key()] = append(d.recs[rec.Key()], rec)
	}
	for _, g := range s.Grids {
		for _, p := range g.Problems {
			d.names[p.Name] = true
		}
	}
	return d
}

// later reports whether d holds a record of problem p in mode mode at
// repeat rep or beyond.
func (d *doneSet) later(p results.Problem, mode string, rep int) bool {
	for k, recs := range d.recs {
		if len(recs) > 0 && k.Repeat >= rep && k.Mode == mode && k.Variant == p.Variant && k.N == p.N && k.Hash == p.Hash {
			return true
		}
	}
	return false
}

// take removes and returns the record of key k for the problem named
// name: one of that name, else one whose name is no problem's.
func (d *doneSet) take(k results.Key, name string) (results.Record, bool) {
	recs := d.recs[k]
	pick := slices.IndexFunc(recs, func(r results.Record) bool { return r.Board == name })
	if pick < 0 {
		pick = slices.IndexFunc(recs, func(r results.Record) bool { return !d.names[r.Board] })
	}
	if pick < 0 {
		return results.Record{}, false
	}
	rec := recs[pick]
	d.recs[k] = slices.Delete(recs, pick, pick+1)
	return rec, true
}

func (c *cellState) add(rec results.Record) {
	c.last = time.Duration(rec.Seconds * float64(max(rec.Runs, 1)) * float64(time.Second))
	c.spent += c.last
	if rec.Status == results.Timeout {
		c.stopped = true
	}
	if rec.Status == results.OK {
		c.times = append(c.times, rec.Seconds)
	} else {
		c.failed = true
	}
}

// runResult is what a backend's goroutine hands back.
type runResult struct {
	out     backend.Outcome
	err     error
	elapsed time.Duration
	found   []encode.Placement
	// foundCells are the solutions of a problem other than plain
	// n-queens, as sets of squares.
	foundCells [][]encode.Cell
	// foundPieces are those of a problem of several kinds of piece.
	foundPieces [][]encode.Piece
}

// onceEnd says how a run ended: the run's own context error (nil when
// it finished in time), abandoned for a backend that did not return within
// the grace period after the deadline, interrupted when the caller's
// context itself was cancelled.
type onceEnd struct {
	ctxErr      error
	abandoned   bool
	interrupted bool
}

// once runs backend b on board p k times in a row, in one goroutine under
// one deadline (the time limit: a batch is only asked for runs far shorter
// than it), and returns each run's result, in order. A batch stops once its
// runs have taken budget (when positive) or keep maxBatchBytes, and at its
// first run that fails,
// reaches the deadline or returns no status OK; the results end there. Running a batch in one goroutine keeps the harness's
// cost per run (a goroutine, a context, a timer) out of the back-to-back
// repeats of fast runs, which otherwise cost more than the runs themselves.
func (r *Runner) once(ctx context.Context, b backend.Backend, g Grid, p Case, rep, k int, budget time.Duration) (results []runResult, end onceEnd) {
	task := g.Task
	s := r.Spec
	// One child context per batch, always cancelled: a context made and
	// dropped uncancelled stays among its parent's children for as long as
	// the parent lives (the command's signal context: the whole bench), and
	// the garbage collector before each repeat then scans them all — the
	// quadratic slowdown of bench --boards.
	var rctx context.Context
	var cancel context.CancelFunc
	if s.Timeout > 0 {
		rctx, cancel = context.WithTimeout(ctx, s.Timeout)
	} else {
		rctx, cancel = context.WithCancel(ctx)
	}
	defer cancel()
	req := backend.Request{Mode: backend.Count, Seed: s.Seed + int64(rep), Workers: s.Workers, OnModel: g.OnModel}
	fs := &foundSet{}
	prob := p.Encode()
	if task != TaskCount {
		req.Mode, req.Limit = backend.Find, 1
		fs.visit(&req, prob.PlainQueens())
	}
	ch := make(chan []runResult, 1)
	go batch(rctx, b, prob, req, fs, k, budget, ch)
	select {
	case results = <-ch:
	case <-rctx.Done():
		grace := r.Grace
		if grace <= 0 {
			grace = DefaultGrace
		}
		timer := time.NewTimer(grace)
		select {
		case results = <-ch:
			timer.Stop()
		case <-timer.C:
			return nil, onceEnd{rctx.Err(), true, ctx.Err() != nil}
		}
	}
	return results, onceEnd{rctx.Err(), false, ctx.Err() != nil}
}

// batch runs b on prob up to k times in a row under rctx (see once) and
// sends the results to ch; a panic of the backend is the last result's
// error.
func batch(rctx context.Context, b backend.Backend, prob encode.Problem, req backend.Request, fs *foundSet, k int, budget time.Duration, ch chan<- []runResult) {
	var out []runResult
	var res runResult
	defer func() {
		if v := recover(); v != nil {
			res.err = fmt.Errorf("experiments: backend %s panicked: %v", b.Name(), v)
			fs.into(&res)
			out = append(out, res)
		}
		ch <- out
	}()
	var spent time.Duration
	var kept uint64
	for range k {
		if budget > 0 && spent >= budget || kept >= maxBatchBytes {
			return
		}
		fs.reset()
		res = runResult{}
		start := time.Now()
		res.out, res.err = backend.Solve(rctx, b, prob, req)
		res.elapsed = time.Since(start)
		spent += res.elapsed
		fs.into(&res)
		out = append(out, res)
		kept += res.bytes()
		if res.err != nil || res.out.Status != backend.OK || rctx.Err() != nil {
			return
		}
	}
}

// maxBatchBytes bounds what one back-to-back batch keeps until its runs
// are checked: their results and the solutions they hand over. A batch of
// fast runs of a large board (a first solution of n = 10⁶ is 8 MB, found
// in milliseconds) ends there, its runs checked and dropped, and the next
// batch goes on; it used to keep a batch's every solution, gigabytes,
// until the process died (bench --mode first --backends construct
// --n 1000000 --mintime 1h).
const maxBatchBytes = 64 << 20

// bytes estimates the memory a run's result keeps: the struct, its
// counters and the solutions handed over.
func (res *runResult) bytes() uint64 {
	n := uint64(unsafe.Sizeof(*res)) + 64*uint64(len(res.out.Stats))
	for _, pl := range res.found {
		n += 24 + uint64(len(pl))*uint64(unsafe.Sizeof(pl[0]))
	}
	for _, cs := range res.foundCells {
		n += 24 + uint64(len(cs))*uint64(unsafe.Sizeof(encode.Cell{}))
	}
	for _, ps := range res.foundPieces {
		n += 24 + uint64(len(ps))*uint64(unsafe.Sizeof(encode.Piece{}))
	}
	return n
}

// A foundSet keeps the solutions a run hands over (Visit may be called
// from a parallel backend's workers).
type foundSet struct {
	mu     sync.Mutex
	pl     []encode.Placement
	cells  [][]encode.Cell
	pieces [][]encode.Piece
}

// visit sets the request's visitors, which keep each solution and stop
// the search: placements for plain queens, else cells and pieces.
func (f *foundSet) visit(req *backend.Request, plain bool) {
	if plain {
		req.Visit = func(pl encode.Placement) bool {
			f.mu.Lock()
			f.pl = append(f.pl, slices.Clone(pl))
			f.mu.Unlock()
			return false
		}
		return
	}
	req.VisitCells = func(cs []encode.Cell) bool {
		f.mu.Lock()
		f.cells = append(f.cells, slices.Clone(cs))
		f.mu.Unlock()
		return false
	}
	req.VisitPieces = func(ps []encode.Piece) bool {
		f.mu.Lock()
		f.pieces = append(f.pieces, slices.Clone(ps))
		f.mu.Unlock()
		return false
	}
}

// reset forgets the solutions of the run before.
func (f *foundSet) reset() {
	f.mu.Lock()
	f.pl, f.cells, f.pieces = nil, nil, nil
	f.mu.Unlock()
}

// into gives res the solutions found.
func (f *foundSet) into(res *runResult) {
	f.mu.Lock()
	res.found, res.foundCells, res.foundPieces = f.pl, f.cells, f.pieces
	f.mu.Unlock()
}

// maxBatch bounds the runs of one back-to-back batch.
const maxBatch = 1 << 20

// measure times one repeat of backend b on problem p and checks its
// answer. A run shorter than Spec.MinTime is repeated back to back until
// MinTime has passed, in batches sized from the runs so far (as testing.B
// sizes b.N); the record then holds the mean time per run, and every run's
// answer is checked. The garbage collector runs before the repeat, untimed.
// interrupted reports that ctx itself was cancelled.
func (r *Runner) measure(ctx context.Context, b backend.Backend, g Grid, p Case, rep int) (rec results.Record, interrupted bool) {
	task := g.Task
	s := r.Spec
	rec = results.Record{Problem: p.Key(), Backend: b.Name(), Mode: task.String(), Repeat: rep}
	// Collect the garbage of earlier runs first, as testing.B does, so
	// that it is not charged to this one.
	runtime.GC()
	var total time.Duration
	runs, k := 0, 1
	// The runs back to back share one run's time limit (see once): they
	// take at most half of it, so that the last is not cut by it.
	minTime := s.MinTime
	if s.Timeout > 0 {
		minTime = min(minTime, s.Timeout/2)
	}
	// The processor time of the batches (the harness's share of a batch is
	// small beside its runs), shared among their runs.
	cpu0 := processorTime()
	cpu := func(runs int) float64 {
		if d := processorTime() - cpu0; d > 0 && runs > 0 {
			return d.Seconds() / float64(runs)
		}
		return 0
	}
	for {
		batch, end := r.once(ctx, b, g, p, rep, k, minTime-total)
		rctxErr, abandoned, intr := end.ctxErr, end.abandoned, end.interrupted
		if intr {
			return rec, true
		}
		if abandoned {
			grace := r.Grace
			if grace <= 0 {
				grace = DefaultGrace
			}
			rec.Status, rec.Answer, rec.Runs = results.Timeout, 0, 0
			rec.Seconds, rec.CPU = (s.Timeout + grace).Seconds(), cpu(1)
			rec.Message = fmt.Sprintf("time limit %v reached; the backend did not stop within %v and was abandoned", s.Timeout, grace)
			return rec, false
		}
		for i, res := range batch {
			runs++
			// The deadline belongs to the last run of the batch only.
			var runErr error
			if i == len(batch)-1 {
				runErr = rctxErr
			}
			this := rec
			this.Nodes = res.out.Nodes
			r.check(&this, b, task, p, res, runErr)
			total += res.elapsed
			switch {
			case runs == 1:
				rec = this
			case this.Status != results.OK:
				rec = this
				rec.Message = fmt.Sprintf("back-to-back run %d: %s", runs, this.Message)
				rec.Runs = 0
				rec.Seconds, rec.CPU = res.elapsed.Seconds(), cpu(runs)
				return rec, false
			case this.Answer != rec.Answer:
				rec.Status = results.Mismatch
				rec.Message = fmt.Sprintf("back-to-back runs disagree: %d, then %d", rec.Answer, this.Answer)
				return rec, false
			}
		}
		rec.Seconds, rec.CPU = total.Seconds()/float64(runs), cpu(runs)
		rec.Runs = 0
		if runs > 1 {
			rec.Runs = runs
		}
		if rec.Status != results.OK || total >= minTime || len(batch) == 0 || batch[len(batch)-1].out.Status != backend.OK || batch[len(batch)-1].err != nil {
			return rec, false
		}
		// The next batch: what is left of MinTime at the mean time per
		// run, a fifth more, at least one run and at most 100 times the
		// runs so far.
		mean := max(total/time.Duration(runs), time.Nanosecond)
		k = int(min(max(int64((minTime-total)/mean)*6/5, 1), int64(100*runs), maxBatch))
	}
}

// failed sets the status and message of a run that failed, was refused
// or reached its time limit, and reports whether it did.
func failed(rec *results.Record, res runResult, rctxErr error, limit string) bool {
	switch {
	case res.err != nil && rctxErr != nil && errors.Is(res.err, context.DeadlineExceeded):
		rec.Status, rec.Message = results.Timeout, limit
	case errors.Is(res.err, backend.ErrWrongAnswer):
		rec.Status, rec.Message = results.Mismatch, res.err.Error()
	case errors.Is(res.err, backend.ErrTooBig):
		rec.Status, rec.Message = results.Refused, res.err.Error()
	case res.err != nil:
		rec.Status, rec.Message = results.Error, res.err.Error()
	case res.out.Status == backend.Timeout || (res.out.Status == backend.Interrupted && rctxErr != nil):
		rec.Status, rec.Message = results.Timeout, limit
	case res.out.Status == backend.Interrupted:
		rec.Status, rec.Message = results.Error, "backend reported an interruption that did not happen"
	default:
		return false
	}
	return true
}

// verifyFound checks every solution the run handed over, whatever its
// status; false (and a MISMATCH) at the first that is not one.
func verifyFound(rec *results.Record, p Case, res runResult) bool {
	for _, pl := range res.found {
		if err := encode.Verify(p.Board.Problem(), pl); err != nil {
			rec.Status, rec.Answer = results.Mismatch, uint64(len(res.found))
			rec.Message = "invalid placement: " + err.Error()
			return false
		}
	}
	for _, cs := range res.foundCells {
		q := p.Encode()
		q.Pieces = len(cs)
		if err := encode.Verify(q, cs); err != nil {
			rec.Status, rec.Answer = results.Mismatch, uint64(len(res.foundCells))
			rec.Message = "invalid solution: " + err.Error()
			return false
		}
	}
	for _, ps := range res.foundPieces {
		q := p.Encode()
		q.Pieces = len(ps)
		if err := encode.Verify(q, ps); err != nil {
			rec.Status, rec.Answer = results.Mismatch, uint64(len(res.foundPieces))
			rec.Message = "invalid solution: " + err.Error()
			return false
		}
	}
	return true
}

// check sets the status, answer and message of a finished run.
func (r *Runner) check(rec *results.Record, b backend.Backend, task Task, p Case, res runResult, rctxErr error) {
	limit := fmt.Sprintf("time limit %v reached", r.Spec.Timeout)
	if failed(rec, res, rctxErr, limit) || !verifyFound(rec, p, res) {
		return
	}
	found := len(res.found) + len(res.foundCells) + len(res.foundPieces)
	// A run that finished after its time limit did not finish within it,
	// whatever it answered: a backend that looks at its context only now
	// and then may overrun a very short limit.
	if t := r.Spec.Timeout; t > 0 && res.elapsed > t {
		rec.Status, rec.Message = results.Timeout, fmt.Sprintf("%s: the run took %v", limit, res.elapsed)
		return
	}
	if res.out.Status == backend.Unknown {
		rec.Status, rec.Message = results.Unknown, "gave up without an answer"
		return
	}
	if res.out.Status != backend.OK {
		rec.Status, rec.Message = results.Error, fmt.Sprintf("backend ended with status %v", res.out.Status)
		return
	}
	ref, known := r.Spec.Reference.Count(p.Board.N)
	known = known && p.empty()
	if task == TaskCount {
		rec.Answer = res.out.Solutions
		if known && rec.Answer != ref {
			rec.Status = results.Mismatch
			rec.Message = fmt.Sprintf("counted %d, the reference table says %d", rec.Answer, ref)
		}
		return
	}
	rec.Answer = uint64(found)
	switch {
	case found > 0:
	case res.out.Solutions > 0:
		rec.Status = results.Mismatch
		rec.Message = fmt.Sprintf("reported %d solutions but handed over none", res.out.Solutions)
	case backend.Admit(b, p.Encode(), backend.Request{Mode: backend.Find, Limit: 1, Decide: true}) != nil: // an incomplete method
		rec.Status, rec.Message = results.Unknown, "found no solution (the method is incomplete: no proof that none exists)"
	case known && ref > 0:
		rec.Status = results.Mismatch
		rec.Message = fmt.Sprintf("found no solution, but the reference table counts %d", ref)
	}
}
