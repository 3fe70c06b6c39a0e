//go:build unix

package experiments_test

import (
	"context"
	"os/exec"
	"testing"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/experiments"
	"github.com/qtool-project/qtool/results"
)

// TestRunnerProcessorTime: a record carries the processor time of its run,
// the programs the backend ran included (a backend that waits for a shell
// loop spends almost none itself), and a report whose environment says
// clock=processor shows it instead of the wall-clock time.
func TestRunnerProcessorTime(t *testing.T) {
	var child time.Duration
	shell := &rnFake{name: "shell", caps: rnAll, run: func(ctx context.Context, b encode.Board, req backend.Request) (backend.Outcome, error) {
		cmd := exec.CommandContext(ctx, "sh", "-c", "i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done")
		if err := cmd.Run(); err != nil {
			return backend.Outcome{}, err
		}
		child = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
		return backend.Outcome{Solutions: 0}, nil
	}}
	recs := rnRun(t, experiments.Spec{Repeats: 1, Grids: []experiments.Grid{{
		Task: experiments.TaskFirst, Backends: []backend.Backend{shell}, Problems: experiments.EmptyBoards([]int{3}),
	}}})
	r := rnFind(recs, "shell", 3, 0)
	if r.Status != results.OK || child <= 0 {
		t.Fatalf("shell: %v %q, the loop took %v", r.Status, r.Message, child)
	}
	if r.CPU < child.Seconds() || r.CPU > child.Seconds()+r.Seconds+0.5 {
		t.Errorf("record's processor time %.3f s; the program's own %.3f s, the run's wall-clock time %.3f s", r.CPU, child.Seconds(), r.Seconds)
	}
	wall := results.NewReport(nil, recs, "")
	proc := results.NewReport([]results.Env{{Settings: map[string]string{"clock": results.ClockProcessor}}}, recs, "")
	if got := wall.Tables[0].Rows[0].Cells[0].Seconds.Median; got != r.Seconds {
		t.Errorf("wall-clock report: %v s, want the record's %v", got, r.Seconds)
	}
	if got := proc.Tables[0].Rows[0].Cells[0].Seconds.Median; got != r.CPU {
		t.Errorf("processor report: %v s, want the record's cpu %v", got, r.CPU)
	}
	if proc.Records[0].Seconds != r.Seconds {
		t.Errorf("the processor report changed its records' seconds")
	}
}
