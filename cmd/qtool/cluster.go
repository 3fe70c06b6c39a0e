package main

import (
	"context"
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/qtool-project/qtool/cluster"
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
			fmt.Fprint(c.stdout, strings.TrimLeft(clusterUsage, "\n"))
			return errHelp
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
	if err != nil && st == nil {
		if ctx.Err() != nil {
			return withCode(exitInterrupted, fmt.Errorf("cluster: stopped waiting; the tasks go on in Slurm (qtool cluster status %s)", r.Dir))
		}
		return errors.New(clusterMsg(err))
	}
	cluster.WriteStatus(c.stdout, r, st)
	if err != nil {
		return withCode(exitInterrupted, fmt.Errorf("cluster: stopped waiting; the tasks go on in Slurm (qtool cluster status %s)", r.Dir))
	}
	return nil
}

func clusterResubmit(ctx context.Context, c *cli, args []string) error {
	fs := flagSet("resubmit", clusterUsage)
	taskTime := fs.Duration("task-time", -1, "time limit `D` of each attempt of the resubmitted tasks (default: the run's)")
	dryRun := fs.Bool("dry-run", false, "say which tasks would be submitted; submit nothing")
	wait := fs.Bool("wait", false, "wait until no task is pending or running, then print the status")
	r, err := clusterOpen(c, fs, args)
	if err != nil {
		return err
	}
	var env map[string]string
	if *taskTime >= 0 {
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
