// Package cluster runs divisible work — the shards of a count, the slices
// of an experiment grid — as a Slurm job array, with a run directory as the
// single source of truth.
//
// A run directory holds the run's manifest (run.json), the job-array script
// (job.sh, plain bash that a user may read and edit), the list of jobs
// submitted for it (jobs.log), and per array task an append-only log of its
// attempts (attempts/TASK.log), its checkpoint (checkpoints/), and, once the
// task finished, its result (results/TASK.json). A task writes its output
// to tmp/ and renames it into results/ only when its command exited with
// success, so a task killed at any moment never leaves a result that looks
// complete (rename is atomic within one file system, POSIX rename(2)).
//
// The scheduler is driven through its own commands — sbatch --array,
// squeue, sacct and scancel (Slurm documentation, https://slurm.schedmd.com/
// job_array.html) — behind the Scheduler interface; Status combines what
// the directory records with what the scheduler still has queued, so that
// a task killed without a chance to say so (SIGKILL, a lost node) shows as
// failed once the scheduler no longer runs it. At a time limit Slurm sends
// SIGTERM and, KillWait seconds later, SIGKILL (slurm.conf(5)); the task's
// command is expected to write its checkpoint on SIGTERM.
package cluster
