package dlx

import (
	"context"
	"os"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// threadCPU returns the processor time of the calling thread (Linux's
// RUSAGE_THREAD; 0 where it is not supported).
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1, &ru); err != nil { // 1: RUSAGE_THREAD
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// timed runs f on a thread of its own and returns its processor time.
func timed(f func()) time.Duration {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	t0 := threadCPU()
	f()
	return threadCPU() - t0
}

// TestBalance reports how a parallel search on two workers spreads its
// work, measured in what the machine's load does not change: updates, and
// each worker's own processor time (its thread's, the goroutine locked to
// it). The speed-up two free cores can give is the one-worker time over
// the serial part (the counting walks that choose the split, in the
// calling goroutine) plus the busier worker's time. Run it with
// DLX_BALANCE=file.dlx[,file.dlx…] (and DLX_ALG=X, C, M or ss) to measure
// problems of your own.
func TestBalance(t *testing.T) {
	names := os.Getenv("DLX_BALANCE")
	if names == "" {
		t.Skip("set DLX_BALANCE to a problem file")
	}
	a, err := ParseAlgorithm(os.Getenv("DLX_ALG"))
	if err != nil {
		t.Fatal(err)
	}
	defer func(old func(int, func())) { runWorker = old }(runWorker)
	defer func(old func() int) { workerCap = old }(workerCap)
	workerCap = func() int { return 2 }
	for _, name := range strings.Split(names, ",") {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		p, err := Parse(f, name)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		alg, err := p.AlgorithmFor(a)
		if err != nil {
			t.Fatal(err)
		}
		var one Stats
		t1 := timed(func() { one, err = p.runOne(context.Background(), Config{}, alg, nil) })
		if err != nil {
			t.Fatal(err)
		}
		var mu sync.Mutex
		cpu := make([]time.Duration, 2)
		runWorker = func(w int, run func()) {
			d := timed(run)
			mu.Lock()
			cpu[w] = d
			mu.Unlock()
		}
		var (
			total  Stats
			splits []*split
		)
		serial := timed(func() { total, splits, err = p.runWorkers(context.Background(), Config{Workers: 2}, alg) })
		if err != nil || len(splits) != 2 {
			t.Fatalf("%v, %d splits", err, len(splits))
		}
		if total.Solutions != one.Solutions || (alg != SS && total != one) {
			t.Errorf("%s: two workers %+v, one %+v", name, total, one)
		}
		upper := total.Updates
		biggest := uint64(0)
		for _, sp := range splits {
			upper -= sp.lower.Updates
			biggest = max(biggest, sp.biggest)
		}
		// On two free cores the workers take tasks until none is left, so
		// they finish at most one task apart: the wall time is the serial
		// part, half the workers' time and at most the largest task.
		tail := time.Duration(float64(t1) * float64(biggest) / float64(max(one.Updates, 1)))
		wall := serial + (cpu[0]+cpu[1])/2 + tail
		t.Logf("%s (%v): depth %d, %d tasks, the largest %.2f%% of the updates; %d solutions; updates above the split %d, workers %d and %d; "+
			"processor one worker %.3fs; two: serial %.3fs, workers %.3fs + %.3fs (%.3f× one worker's); speed-up on two free cores ≥ %.2f",
			name, alg, splits[0].depth, splits[0].seen, 100*float64(biggest)/float64(max(one.Updates, 1)), total.Solutions, upper,
			splits[0].lower.Updates, splits[1].lower.Updates, t1.Seconds(), serial.Seconds(), cpu[0].Seconds(), cpu[1].Seconds(),
			float64(serial+cpu[0]+cpu[1])/float64(t1), float64(t1)/float64(wall))
	}
}

// TestWall measures in wall time what TestBalance infers: one worker, two
// workers (when each starts and ends, and its thread's processor time),
// and, as the yardstick of what the machine gives at that moment, two
// whole one-worker searches at once. On a shared machine the speed-up of
// two workers can be no better than the yardstick's. Run it with
// DLX_WALL=file.dlx (and DLX_ALG=X, C, M or ss), at a high priority if
// other processes load the machine.
func TestWall(t *testing.T) {
	name := os.Getenv("DLX_WALL")
	if name == "" {
		t.Skip("set DLX_WALL to a problem file")
	}
	a, err := ParseAlgorithm(os.Getenv("DLX_ALG"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Parse(f, name)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	alg, err := p.AlgorithmFor(a)
	if err != nil {
		t.Fatal(err)
	}
	defer func(old func(int, func())) { runWorker = old }(runWorker)
	defer func(old func() int) { workerCap = old }(workerCap)
	workerCap = func() int { return 2 }
	ctx := context.Background()
	for range 3 {
		t0 := time.Now()
		one, _ := p.runOne(ctx, Config{}, alg, nil)
		t1 := time.Since(t0)

		var mu sync.Mutex
		var begin, end, cpu [2]time.Duration
		t0 = time.Now()
		runWorker = func(w int, run func()) {
			b := time.Since(t0)
			d := timed(run)
			mu.Lock()
			begin[w], end[w], cpu[w] = b, time.Since(t0), d
			mu.Unlock()
		}
		two, _, _ := p.runWorkers(ctx, Config{Workers: 2}, alg)
		t2 := time.Since(t0)
		if two.Solutions != one.Solutions {
			t.Errorf("%s: two workers %d solutions, one %d", name, two.Solutions, one.Solutions)
		}

		var wg sync.WaitGroup
		var pc [2]time.Duration
		t0 = time.Now()
		for w := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				pc[w] = timed(func() { p.runOne(ctx, Config{}, alg, nil) })
			}()
		}
		wg.Wait()
		pair := time.Since(t0)
		t.Logf("%s (%v): one worker %.3fs; two %.3fs (%.2f×): worker 0 %.3f..%.3fs (processor %.3fs), worker 1 %.3f..%.3fs (%.3fs); "+
			"two whole searches at once %.3fs (processor %.3f + %.3fs): the machine gives %.2f×",
			name, alg, t1.Seconds(), t2.Seconds(), t1.Seconds()/t2.Seconds(), begin[0].Seconds(), end[0].Seconds(), cpu[0].Seconds(),
			begin[1].Seconds(), end[1].Seconds(), cpu[1].Seconds(), pair.Seconds(), pc[0].Seconds(), pc[1].Seconds(), 2*t1.Seconds()/pair.Seconds())
	}
}
