package cluster

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/qtool-project/qtool/internal/ranges"
)

// placeholders of Run.Command and the shell words they become in the job
// script.
var placeholders = map[string]string{
	"{task}":       `"$task"`,
	"{tasks}":      `"$tasks"`,
	"{checkpoint}": `"$ckpt"`,
	"{log}":        `"$dir/logs/$task.jsonl"`,
	"{dir}":        `"$dir"`,
}

// ShellQuote quotes s as one word for bash: in single quotes, unless it is
// made only of characters that need none.
func ShellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=+:,./@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// commandWords renders the task's command line: each argument quoted, a
// placeholder replaced by its shell variable, also inside a word (as in
// --shard {task}/{tasks}).
func commandWords(args []string) string {
	words := make([]string, len(args))
	for i, a := range args {
		if !strings.Contains(a, "{") {
			words[i] = ShellQuote(a)
			continue
		}
		// Split the word into literal parts and placeholders.
		var sb strings.Builder
		rest := a
		for rest != "" {
			j := strings.IndexByte(rest, '{')
			k := -1
			if j >= 0 {
				k = strings.IndexByte(rest[j:], '}')
			}
			if j < 0 || k < 0 || placeholders[rest[j:j+k+1]] == "" {
				sb.WriteString(ShellQuote(rest))
				break
			}
			if j > 0 {
				sb.WriteString(ShellQuote(rest[:j]))
			}
			sb.WriteString(placeholders[rest[j:j+k+1]])
			rest = rest[j+k+1:]
		}
		words[i] = sb.String()
	}
	return strings.Join(words, " ")
}

// Script returns the job-array script of the run: plain bash with its
// sbatch options in #SBATCH lines, to be submitted with sbatch --array. It
// runs task $SLURM_ARRAY_TASK_ID's command, records the attempt, and moves
// the command's output into results/ only when the command succeeded.
func Script(r *Run) string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	p("#!/bin/bash")
	p("# qtool cluster job array: %s, one array task per slice (0..%d).", r.Title, r.Tasks-1)
	p("# The run directory (the single source of truth: qtool cluster status DIR")
	p("# reads it, qtool cluster collect DIR merges it) is found when the task")
	p("# runs: the working directory (sbatch --chdir=RUNDIR, as qtool cluster")
	p("# submit and resubmit give), else $SLURM_SUBMIT_DIR, else this file's")
	p("# directory, whichever holds the run's run.json; so a copied or moved run")
	p("# works on itself, never on the place it was made.")
	p("#")
	p("# Written by qtool cluster submit. Edit it if you need to: qtool cluster")
	p("# resubmit DIR submits this file as it is, for the tasks that are missing or")
	p("# failed. Each task")
	p("#   - appends a start and an end line to attempts/TASK.log;")
	p("#   - runs its command with its output in tmp/, and renames the output to")
	p("#     results/TASK.json only when the command succeeded, so that a task")
	p("#     killed at any moment leaves no result that looks complete;")
	p("#   - resumes from checkpoints/TASK.ckpt (or its log) when an earlier")
	p("#     attempt left one.")
	p("# At the time limit (--time) Slurm sends SIGTERM, then SIGKILL KillWait")
	p("# seconds later; qtool writes its checkpoint on SIGTERM and exits 143.")
	p("#SBATCH --job-name=%s", r.JobName())
	p("#SBATCH --output=slurm/%%A_%%a.out")
	p("#SBATCH --cpus-per-task=%d", r.Options.CPUs)
	if r.Options.Time != "" {
		p("#SBATCH --time=%s", r.Options.Time)
	}
	if r.Options.Partition != "" {
		p("#SBATCH --partition=%s", r.Options.Partition)
	}
	p("set -u")
	p("id=%s", ShellQuote(r.ID))
	p(`dir=`)
	p(`for d in "$PWD" "${SLURM_SUBMIT_DIR:-}" "$(dirname -- "$0")"; do`)
	p(`  if [ -n "$d" ] && [ -f "$d/run.json" ] && grep -q "\"id\": \"$id\"" "$d/run.json"; then dir=$(cd -- "$d" && pwd -P); break; fi`)
	p(`done`)
	p(`if [ -z "$dir" ]; then echo "job.sh: run $id: no run.json of this run in the working directory: submit with sbatch --chdir=RUNDIR (qtool cluster resubmit RUNDIR does)" >&2; exit 2; fi`)
	if filepath.IsAbs(r.Qtool) || !strings.Contains(r.Qtool, "/") {
		p("qtool=%s", ShellQuote(r.Qtool))
	} else {
		p(`qtool="$dir"/%s`, ShellQuote(r.Qtool))
	}
	p("tasks=%d", r.Tasks)
	p(`task=${SLURM_ARRAY_TASK_ID:?"submit this script with sbatch --array (qtool cluster submit does)"}`)
	p(`job=${SLURM_ARRAY_JOB_ID:-$$}_$task`)
	p(`ckpt="$dir/checkpoints/$task.ckpt"`)
	p(`tmp="$dir/tmp/$task.$job.json"`)
	p(`note() { TZ=UTC0 printf '%%s job=%%s host=%%s time=%%(%%Y-%%m-%%dT%%H:%%M:%%SZ)T%%s\n' "$1" "$job" "${HOSTNAME%%%%.*}" -1 "${2:+ $2}" >> "$dir/attempts/$task.log"; }`)
	p(`if [ -s "$ckpt" ] || [ -s "$dir/logs/$task.jsonl" ]; then note start checkpoint=yes; else note start checkpoint=no; fi`)
	p(`trap 'note signal sig=TERM' TERM`)
	p("# A time limit per attempt, to the second, as Slurm enforces its own:")
	p("# SIGTERM, then SIGKILL after the kill wait (empty: Slurm's --time only).")
	p(`limit=${QTOOL_TASK_TIME-%s}`, ShellQuote(r.Options.TaskTime))
	p(`run=()`)
	p(`if [ -n "$limit" ]; then run=(timeout --signal=TERM --kill-after=%d "$limit"); fi`, r.Options.KillWait)
	p(`"${run[@]}" "$qtool" %s > "$tmp"`, commandWords(r.Command))
	p(`rc=$?`)
	p(`if [ "$rc" -eq 0 ]; then mv -f "$tmp" "$dir/results/$task.json"; else rm -f "$tmp"; fi`)
	p(`note end exit=$rc`)
	p(`exit "$rc"`)
	return b.String()
}

// ArraySpec writes task numbers as Slurm's --array value: increasing
// ranges ("0-15", "3,7-9"), with "%K" when throttle K > 0.
func ArraySpec(tasks []int, throttle int) string {
	s := ranges.Join(ranges.Runs(tasks), ",", 0, 0)
	if throttle > 0 {
		s += "%" + strconv.Itoa(throttle)
	}
	return s
}
