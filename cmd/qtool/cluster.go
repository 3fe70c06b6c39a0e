package main

import (
	"context"
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/cluster"
	"github.com/qtool-project/qtool/count"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/estimate"
	"github.com/qtool-project/qtool/experiments"
	"github.com/qtool-project/qtool/split"
)

func init() {
	register(command{name: "cluster", summary: "run counts and experiments as Slurm job arrays: submit, status, resubmit, collect", run: runCluster})
}

// clusterUsage is its command's help (help/cluster.txt).
//
//go:embed help/cluster.txt
var clusterUsage string

// clusterSlurm is the scheduler the commands drive.
var clusterSlurm cluster.Scheduler = cluster.Slurm{}

// clusterPoll is how often --wait looks at the run.
var clusterPoll = 2 * time.Second

func runCluster(ctx context.Context, c *cli, args []string) error {
	if len(args) == 0 {
		return usageErrorf("cluster: want a subcommand: submit, status, resubmit, collect, plan or cancel (see qtool cluster --help)")
	}
	switch args[0] {
	case "-h", "--help", "-help", "help":
		fmt.Fprint(c.stdout, strings.TrimLeft(clusterUsage, "\n"))
		return errHelp
	case "submit":
		if len(args) < 2 {
			return usageErrorf("cluster submit: want count or bench (see qtool cluster --help)")
		}
		switch args[1] {
		case "count":
			return clusterSubmitCount(ctx, c, args[2:])
		case "bench":
			return clusterSubmitBench(ctx, c, args[2:])
		case "-h", "--help", "-help":
			return runCluster(ctx, c, args[1:])
		}
		return usageErrorf("cluster submit: unknown kind %q: want count or bench", args[1])
	case "status":
		return clusterStatus(ctx, c, args[1:])
	case "resubmit":
		return clusterResubmit(ctx, c, args[1:])
	case "collect":
		return clusterCollect(ctx, c, args[1:])
	case "plan":
		return clusterPlan(ctx, c, args[1:])
	case "cancel":
		return clusterCancel(ctx, c, args[1:])
	}
	return usageErrorf("cluster: unknown subcommand %q: want submit, status, resubmit, collect, plan or cancel", args[0])
}

// slurmFlags are the flags of submit common to count and bench.
type slurmFlags struct {
	dir, partition, timeLimit, qtool string
	taskTime                         time.Duration
	cpus, throttle, killWait         int
	dryRun, wait                     bool
}

func (s *slurmFlags) add(fs *flag.FlagSet) {
	fs.StringVar(&s.dir, "dir", "", "the run directory `RUNDIR` (new or empty)")
	fs.StringVar(&s.partition, "partition", "", "Slurm partition `P` (sbatch --partition; default: the cluster's)")
	fs.StringVar(&s.timeLimit, "time", "", "Slurm time limit `T` of each task (sbatch --time: minutes, or [D-]H:M:S)")
	fs.DurationVar(&s.taskTime, "task-time", 0, "time limit `D` of each task attempt, to the second: SIGTERM, then SIGKILL after --kill-wait (0 = none)")
	intFlag(fs, &s.killWait, "kill-wait", 30, "seconds `S` between SIGTERM and SIGKILL for --task-time (Slurm's default KillWait)")
	intFlag(fs, &s.cpus, "cpus", 1, "cores `C` per task (sbatch --cpus-per-task; the task's --workers)")
	intFlag(fs, &s.throttle, "throttle", 0, "run at most `K` tasks at once (--array=…%K; 0 = no limit)")
	fs.StringVar(&s.qtool, "qtool", "", "the qtool executable the tasks run, as is (default: a copy of this one in RUNDIR/bin)")
	fs.BoolVar(&s.dryRun, "dry-run", false, "print the job script and the sbatch command; create and submit nothing")
	fs.BoolVar(&s.wait, "wait", false, "wait until no task is pending or running, then print the status")
}

func (s *slurmFlags) options() (cluster.Options, error) {
	o := cluster.Options{Partition: s.partition, Time: s.timeLimit, CPUs: s.cpus, Throttle: s.throttle, KillWait: s.killWait}
	switch {
	case s.dir == "":
		return o, usageErrorf("cluster submit: --dir RUNDIR is required: the run directory that holds everything of the run")
	case s.cpus < 1:
		return o, usageErrorf("cluster submit: --cpus must be at least 1, got %d", s.cpus)
	case s.throttle < 0:
		return o, usageErrorf("cluster submit: --throttle must not be negative, got %d", s.throttle)
	case s.killWait < 0:
		return o, usageErrorf("cluster submit: --kill-wait must not be negative, got %d", s.killWait)
	case s.taskTime < 0:
		return o, usageErrorf("cluster submit: --task-time must not be negative, got %v", s.taskTime)
	case strings.ContainsAny(s.timeLimit+s.partition, " \t\n'\"$`\\"):
		return o, usageErrorf("cluster submit: --time and --partition take one word each")
	}
	if s.timeLimit != "" {
		if _, err := cluster.ParseTime(s.timeLimit); err != nil {
			return o, usageErrorf("cluster submit: --time: %s", strings.TrimPrefix(err.Error(), "cluster: "))
		}
	}
	o.TaskTime = cluster.TaskTime(s.taskTime)
	return o, nil
}

// clusterMake creates (or, with --dry-run, only prints) the run and submits
// all its tasks.
func clusterMake(ctx context.Context, c *cli, s *slurmFlags, r *cluster.Run) error {
	r.ID = cluster.NewID()
	abs, err := filepath.Abs(s.dir)
	if err != nil {
		return usageErrorf("cluster submit: --dir: %v", err)
	}
	r.Dir = abs
	if s.qtool != "" {
		if r.Qtool, err = filepath.Abs(s.qtool); err != nil {
			return usageErrorf("cluster submit: --qtool: %v", err)
		}
		if st, err := os.Stat(r.Qtool); err != nil || st.IsDir() || st.Mode()&0o111 == 0 {
			return usageErrorf("cluster submit: --qtool %s: not an executable file", s.qtool)
		}
	} else {
		r.Qtool = r.Path("bin", "qtool")
	}
	if s.dryRun {
		return cluster.WriteDryRun(c.stdout, r)
	}
	// What the cluster cannot run is refused before anything is made.
	if err := cluster.Preflight(ctx, r, clusterSlurm); err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("cluster submit: %w", err) // the signal's exit status
		}
		return usageErrorf("cluster submit: %s", strings.TrimPrefix(err.Error(), "cluster: "))
	}
	var self func() (string, error)
	if s.qtool == "" {
		self = os.Executable
	}
	j, err := cluster.Make(ctx, s.dir, r, clusterSlurm, self)
	var me *cluster.MakeError
	switch {
	case errors.As(err, &me) && me.Install:
		return errors.New("cluster submit: " + strings.TrimPrefix(err.Error(), "cluster: "))
	case me != nil:
		return err
	case err != nil:
		return usageErrorf("%s", clusterMsg(err))
	}
	fmt.Fprintf(c.stdout, "submitted job %s: %s, array %s, run directory %s\n", j.ID, r.Title, j.Array, r.Dir)
	if s.wait {
		return clusterWaitAndShow(ctx, c, r)
	}
	return nil
}

// clusterMsg drops the package prefix of a cluster error for the user.
func clusterMsg(err error) string {
	return "cluster: " + strings.TrimPrefix(err.Error(), "cluster: ")
}

// clusterOpen parses the flags of status, resubmit, collect and cancel
// and opens their run directory operand.
func clusterOpen(c *cli, fs *flag.FlagSet, args []string) (*cluster.Run, error) {
	operands, err := parseFlags(c, fs, args)
	if err != nil {
		return nil, err
	}
	if len(operands) != 1 {
		return nil, usageErrorf("cluster %s: want one RUNDIR (see qtool cluster --help)", fs.Name())
	}
	r, err := cluster.Open(operands[0])
	if err != nil {
		return nil, usageErrorf("%s", clusterMsg(err))
	}
	return r, nil
}

func clusterStatus(ctx context.Context, c *cli, args []string) error {
	fs := flagSet("status", clusterUsage)
	asJSON := fs.Bool("json", false, "print the status as one JSON object")
	r, err := clusterOpen(c, fs, args)
	if err != nil {
		return err
	}
	st, err := cluster.GetStatus(ctx, r, clusterSlurm)
	if err != nil {
		return errors.New(clusterMsg(err))
	}
	if *asJSON {
		return writeJSON(c.stdout, st.Record(r))
	}
	cluster.WriteStatus(c.stdout, r, st)
	return nil
}

func clusterWaitAndShow(ctx context.Context, c *cli, r *cluster.Run) error {
	st, err := cluster.Wait(ctx, r, clusterSlurm, clusterPoll)
	if err != nil && st == nil && ctx.Err() == nil {
		return errors.New(clusterMsg(err))
	}
	if st != nil {
		cluster.WriteStatus(c.stdout, r, st)
	}
	if err != nil {
		return withCode(exitInterrupted, fmt.Errorf("cluster: stopped waiting; the tasks go on in Slurm (qtool cluster status %s)", r.Dir))
	}
	return nil
}

func clusterResubmit(ctx context.Context, c *cli, args []string) error {
	fs := flagSet("resubmit", clusterUsage)
	taskTime := fs.Duration("task-time", 0, "time limit `D` of each attempt of the resubmitted tasks (0 = none; default: the run's)")
	dryRun := fs.Bool("dry-run", false, "say which tasks would be submitted; submit nothing")
	wait := fs.Bool("wait", false, "wait until no task is pending or running, then print the status")
	r, err := clusterOpen(c, fs, args)
	if err != nil {
		return err
	}
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == "task-time" })
	if set && *taskTime < 0 {
		return usageErrorf("cluster resubmit: --task-time must not be negative, got %v", *taskTime)
	}
	var env map[string]string
	if set {
		env = map[string]string{"QTOOL_TASK_TIME": cluster.TaskTime(*taskTime)}
	}
	if *dryRun {
		ts, err := cluster.Resubmittable(ctx, r, clusterSlurm)
		switch {
		case errors.Is(err, cluster.ErrQueue):
			return errors.New("cluster resubmit: " + strings.TrimPrefix(err.Error(), "cluster: "))
		case err != nil:
			return errors.New(clusterMsg(err))
		case len(ts) == 0:
			fmt.Fprintln(c.stdout, "nothing to resubmit: no task is failed or missing")
			return nil
		}
		fmt.Fprintln(c.stdout, cluster.SbatchLine(r, ts, env))
		return nil
	}
	ts, j, err := cluster.Resubmit(ctx, r, clusterSlurm, env)
	if err != nil {
		return errors.New(clusterMsg(err))
	}
	if len(ts) == 0 {
		fmt.Fprintln(c.stdout, "nothing to resubmit: no task is failed or missing")
	} else {
		fmt.Fprintf(c.stdout, "resubmitted %d tasks (%s) as job %s\n", len(ts), cluster.Ranges(ts), j.ID)
	}
	if *wait {
		return clusterWaitAndShow(ctx, c, r)
	}
	return nil
}

func clusterCancel(ctx context.Context, c *cli, args []string) error {
	fs := flagSet("cancel", clusterUsage)
	r, err := clusterOpen(c, fs, args)
	if err != nil {
		return err
	}
	if err := clusterSlurm.Cancel(ctx, r, nil); err != nil {
		return errors.New(clusterMsg(err))
	}
	fmt.Fprintf(c.stdout, "cancelled the jobs named %s (scancel sends SIGTERM, then SIGKILL after KillWait)\n", r.JobName())
	return nil
}

// clusterNotDone refuses to collect a run with tasks not done, naming them.
func clusterNotDone(ctx context.Context, r *cluster.Run) error {
	st, err := cluster.GetStatus(ctx, r, clusterSlurm)
	if err != nil {
		return errors.New(clusterMsg(err))
	}
	if why := cluster.NotDone(r, st); why != "" {
		return withCode(exitNo, fmt.Errorf("cluster collect: %s", why))
	}
	return nil
}

func clusterSubmitBench(ctx context.Context, c *cli, args []string) error {
	fs := flagSet("submit bench", clusterUsage)
	var s slurmFlags
	s.add(fs)
	var tasks int
	intFlag(fs, &tasks, "tasks", 0, "split the experiment into `M` array tasks")
	operands, err := parseFlags(c, fs, args)
	if err != nil {
		return err
	}
	o, err := s.options()
	if err != nil {
		return err
	}
	if tasks < 1 || tasks > cluster.MaxTasks {
		return usageErrorf("cluster submit bench: --tasks M is required, 1 ≤ M ≤ %d", cluster.MaxTasks)
	}
	benchArgs, err := cluster.AbsBenchPaths(operands)
	if err != nil {
		return usageErrorf("cluster submit bench: %s", strings.TrimPrefix(err.Error(), "cluster: "))
	}
	if a := cluster.BenchOwnFlag(benchArgs); a != "" {
		return usageErrorf("cluster submit bench: %s is set for every task (its own log, resumed, --task i/M); leave it out", a)
	}
	// Check the experiment and its split as bench builds them, measuring
	// nothing: with a context that has ended, bench stops before the first run.
	dead, cancel := context.WithCancel(ctx)
	cancel()
	check := &cli{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard}
	probe := append(append([]string{"bench"}, benchArgs...), "--task", fmt.Sprintf("0/%d", tasks), "--log", "")
	if err := runContext(dead, check, probe); err != nil {
		var ee *exitError
		if errors.As(err, &ee) && ee.code == exitUsage {
			return usageErrorf("cluster submit bench: %s", strings.TrimPrefix(err.Error(), "bench: "))
		}
	}
	r := cluster.NewBenchRun(benchArgs, tasks, o)
	return clusterMake(ctx, c, &s, r)
}

// collectBench checks that the tasks' logs are the slices of one split,
// measured by one version of qtool (experiments.CheckTaskLogs), and
// renders their union as qtool table.
func collectBench(ctx context.Context, c *cli, r *cluster.Run, format string) error {
	logs := make([]string, r.Tasks)
	for i := range logs {
		logs[i] = r.LogPath(i)
	}
	if err := experiments.CheckTaskLogs(logs); err != nil {
		return usageErrorf("cluster collect: %s", strings.TrimPrefix(err.Error(), "experiments: "))
	}
	return runContext(ctx, c, append(append([]string{"table"}, logs...), "--format", format))
}

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
	// The backend is checked as each task's qtool count will check it,
	// the default one (backend.Default) too: a run that no task could
	// count (n = 29, beyond a count's range; n > 64, where the default
	// cannot shard) is refused here, not by every task of the array.
	checkpoints := n <= count.ConstellationMaxN
	prob := encode.Problem{Instance: encode.Instance{Board: encode.Empty(n)}}
	req := backend.Request{Mode: backend.Count, Shard: &backend.Shard{Index: 0, Count: shards}, Unique: *unique}
	name := *backendName
	if name == "" {
		name = backend.Default(prob, req)
	}
	be, err := backend.Lookup(name)
	if err != nil {
		return usageErrorf("cluster submit count: %v", err)
	}
	if r := refusal(be, prob, req); r != nil {
		return usageErrorf("cluster submit count: %s", refusalText(r, prob))
	}
	if *backendName != "" {
		req.Checkpoint = &backend.Checkpoint{}
		checkpoints = refusal(be, prob, req) == nil
	}
	if *every < 0 || (*every > 0 && !checkpoints) {
		return usageErrorf("cluster submit count: --checkpoint-every needs a positive interval and a backend that checkpoints")
	}
	r := cluster.NewCountRun(cluster.CountSpec{N: n, Shards: shards, Backend: *backendName, Unique: *unique, Checkpoints: checkpoints, Every: *every}, o)
	return clusterMake(ctx, c, &s, r)
}

// clusterCollect merges a finished run: the shards of a count, or the
// logs of a bench.
func clusterCollect(ctx context.Context, c *cli, args []string) error {
	fs := flagSet("collect", clusterUsage)
	asJSON := fs.Bool("json", false, "count: print the merged record as one JSON object")
	format := fs.String("format", "text", "bench: table `format`: text, md, csv, latex or json")
	compare := fs.String("compare", "", "count: compare the run piece by piece with `OTHER` (a file of count records or a checkpoint, as qtool merge --compare takes, or another finished run directory) instead of adding it up")
	r, err := clusterOpen(c, fs, args)
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
		// Every shard's record, checked against the run's split, merged
		// with merge's checks.
		recs, err := runShards(ctx, r)
		if err != nil {
			return err
		}
		return mergePrint(c, "cluster collect", recs, *asJSON)
	case "bench":
		return collectBench(ctx, c, r, *format)
	}
	return usageErrorf("cluster collect: %s: unknown kind of run %q", r.Dir, r.Kind)
}

// collectCompare compares the run's shards, piece by piece, with another
// count (as qtool merge --compare), or with another run's shards.
func collectCompare(ctx context.Context, c *cli, r *cluster.Run, other string, asJSON bool) error {
	a, err := runSide(ctx, r, r.Path("results"))
	if err != nil {
		return err
	}
	var b *split.Side
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
		if b, err = runSide(ctx, o, filepath.Join(other, "results")); err != nil {
			return err
		}
	} else if b, err = readCounts(ctx, c, "merge --compare", other, split.ReadSide); err != nil {
		return err
	}
	return comparePrint(c, a, b, asJSON)
}

// runSide is the run's shards as one side of a comparison, called name.
func runSide(ctx context.Context, r *cluster.Run, name string) (*split.Side, error) {
	recs, err := runShards(ctx, r)
	if err != nil {
		return nil, err
	}
	s, err := split.SideOf(name, recs)
	if err != nil {
		return nil, splitErr("cluster collect", err)
	}
	return s, nil
}

// runShards reads and checks every shard's record of a run.
func runShards(ctx context.Context, r *cluster.Run) ([]*split.Entry, error) {
	recs, err := r.Shards(ctx, recordsMaxFile)
	var pe *fs.PathError
	switch {
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		return nil, runErr(ctx, "cluster collect", err)
	case errors.As(err, &pe) && pe.Op == "open":
		return nil, usageErrorf("%s: %v", pe.Path, pe.Err)
	case err != nil:
		return nil, usageErrorf("cluster collect: %s", strings.TrimPrefix(strings.TrimPrefix(err.Error(), "split: "), "cluster: "))
	}
	return recs, nil
}

// clusterPlanUsage is its command's help (help/cluster-plan.txt).
//
//go:embed help/cluster-plan.txt
var clusterPlanUsage string

func clusterPlan(ctx context.Context, c *cli, args []string) error {
	if len(args) == 0 || args[0] != "count" {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
			fmt.Fprint(c.stdout, clusterPlanUsage[1:])
			return errHelp
		}
		return usageErrorf("cluster plan: want count (see qtool cluster plan --help)")
	}
	fs := flagSet("cluster plan count", clusterPlanUsage)
	var n, shards, probes, workers int
	intFlag(fs, &n, "n", 0, "board order `N`")
	intFlag(fs, &shards, "shards", 0, "split into `M` shards")
	intFlag(fs, &probes, "probes", 4, "random probes `K` a subproblem")
	intFlag(fs, &workers, "workers", 0, "goroutines `W` (0 = all cores)")
	seed := fs.Uint64("seed", 1, "random `seed` of the probes")
	calibrate := fs.String("calibrate", "", "count records `FILE,...` of measured shards (--workers 1)")
	rate := fs.Float64("rate", 0, "nodes counted per core-second `R`, measured as processor time (instead of the records' seconds)")
	asJSON := fs.Bool("json", false, "print one JSON object")
	operands, err := parseFlags(c, fs, args[1:])
	if err != nil {
		return err
	}
	switch {
	case len(operands) > 0:
		return usageErrorf("cluster plan count: unexpected argument %q", operands[0])
	case n < 4 || n > count.ConstellationMaxN:
		return usageErrorf("cluster plan count: -n N is required, 4 ≤ N ≤ %d (the constellation counter's orders)", count.ConstellationMaxN)
	case shards < 1 || shards > cluster.MaxTasks:
		return usageErrorf("cluster plan count: --shards M is required, 1 ≤ M ≤ %d (the most tasks cluster submit takes)", cluster.MaxTasks)
	case probes < 1 || probes > 1<<20:
		return usageErrorf("cluster plan count: --probes K: want 1 ≤ K ≤ %d", 1<<20)
	case workers < 0:
		return usageErrorf("cluster plan count: --workers must be at least 0")
	case *rate < 0 || math.IsNaN(*rate) || math.IsInf(*rate, 0):
		return usageErrorf("cluster plan count: --rate R: want a positive number of nodes a core-second")
	}
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	// Calibration first: a bad file is refused before the long estimate.
	cal, err := readCalibration(ctx, c, *calibrate)
	if err != nil {
		return err
	}
	rec, err := estimate.PlanCount(ctx, estimate.PlanOptions{N: n, Shards: shards, Probes: probes, Seed: *seed, Workers: workers, Calibration: cal, Rate: *rate})
	if err != nil {
		if ctx.Err() != nil {
			return runErr(ctx, "cluster plan", err)
		}
		return usageErrorf("cluster plan: %s", strings.TrimPrefix(err.Error(), "estimate: "))
	}
	if *asJSON {
		return writeJSON(c.stdout, rec)
	}
	rec.WriteText(c.stdout)
	return nil
}

// readCalibration reads the count records of --calibrate (a
// comma-separated list of files), each with its subproblems' counts.
func readCalibration(ctx context.Context, c *cli, list string) ([]*split.Entry, error) {
	var cal []*split.Entry
	if list != "" {
		for _, path := range strings.Split(list, ",") {
			recs, err := readCounts(ctx, c, "cluster plan", path, split.ReadAll)
			if err != nil {
				return nil, err
			}
			for _, r := range recs {
				if err := estimate.CheckCalibration(r); err != nil {
					return nil, usageErrorf("cluster plan: %s", strings.TrimPrefix(strings.TrimPrefix(err.Error(), "estimate: "), "split: "))
				}
			}
			cal = append(cal, recs...)
		}
	}
	return cal, nil
}
