#!/bin/bash
# qtool cluster job array: count n=8 in 4 shards, one array task per slice (0..3).
# The run directory (the single source of truth: qtool cluster status DIR
# reads it, qtool cluster collect DIR merges it) is found when the task
# runs: the working directory (sbatch --chdir=RUNDIR, as qtool cluster
# submit and resubmit give), else $SLURM_SUBMIT_DIR, else this file's
# directory, whichever holds the run's run.json; so a copied or moved run
# works on itself, never on the place it was made.
#
# Written by qtool cluster submit. Edit it if you need to: qtool cluster
# resubmit DIR submits this file as it is, for the tasks that are missing or
# failed. Each task
#   - appends a start and an end line to attempts/TASK.log;
#   - runs its command with its output in tmp/, and renames the output to
#     results/TASK.json only when the command succeeded, so that a task
#     killed at any moment leaves no result that looks complete;
#   - resumes from checkpoints/TASK.ckpt (or its log) when an earlier
#     attempt left one.
# At the time limit (--time) Slurm sends SIGTERM, then SIGKILL KillWait
# seconds later; qtool writes its checkpoint on SIGTERM and exits 143.
#SBATCH --job-name=qtool-d8b9770c10
#SBATCH --output=slurm/%A_%a.out
#SBATCH --cpus-per-task=1
set -u
id=d8b9770c10
dir=
for d in "$PWD" "${SLURM_SUBMIT_DIR:-}" "$(dirname -- "$0")"; do
  if [ -n "$d" ] && [ -f "$d/run.json" ] && grep -q "\"id\": \"$id\"" "$d/run.json"; then dir=$(cd -- "$d" && pwd -P); break; fi
done
if [ -z "$dir" ]; then echo "job.sh: run $id: no run.json of this run in the working directory: submit with sbatch --chdir=RUNDIR (qtool cluster resubmit RUNDIR does)" >&2; exit 2; fi
qtool=qtool
tasks=4
task=${SLURM_ARRAY_TASK_ID:?"submit this script with sbatch --array (qtool cluster submit does)"}
job=${SLURM_ARRAY_JOB_ID:-$$}_$task
ckpt="$dir/checkpoints/$task.ckpt"
tmp="$dir/tmp/$task.$job.json"
note() { TZ=UTC0 printf '%s job=%s host=%s time=%(%Y-%m-%dT%H:%M:%SZ)T%s\n' "$1" "$job" "${HOSTNAME%%.*}" -1 "${2:+ $2}" >> "$dir/attempts/$task.log"; }
if [ -s "$ckpt" ] || [ -s "$dir/logs/$task.jsonl" ]; then note start checkpoint=yes; else note start checkpoint=no; fi
trap 'note signal sig=TERM' TERM
# A time limit per attempt, to the second, as Slurm enforces its own:
# SIGTERM, then SIGKILL after the kill wait (empty: Slurm's --time only).
limit=${QTOOL_TASK_TIME-''}
run=()
if [ -n "$limit" ]; then run=(timeout --signal=TERM --kill-after=30 "$limit"); fi
"${run[@]}" "$qtool" count -n 8 --shard "$task"/"$tasks" --workers 1 --json --checkpoint "$ckpt" --resume > "$tmp"
rc=$?
if [ "$rc" -eq 0 ]; then mv -f "$tmp" "$dir/results/$task.json"; else rm -f "$tmp"; fi
note end exit=$rc
exit "$rc"
