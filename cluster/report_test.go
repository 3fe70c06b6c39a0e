package cluster

import (
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestEachTaskFirstError(t *testing.T) {
	var calls atomic.Int64
	err := EachTask(100, func(i int) error {
		calls.Add(1)
		if i == 37 || i == 80 {
			return errors.New("task " + string(rune('0'+i%10)))
		}
		return nil
	})
	if err == nil || err.Error() != "task 7" {
		t.Fatalf("EachTask = %v, want the error of task 37", err)
	}
	if got := calls.Load(); got < 38 {
		t.Fatalf("EachTask ran %d tasks, want at least the 38 up to the failed one", got)
	}
	if err := EachTask(10, func(int) error { return nil }); err != nil {
		t.Fatal(err)
	}
}

func TestTaskTime(t *testing.T) {
	for d, want := range map[time.Duration]string{0: "", -time.Second: "", 90 * time.Second: "90s", 1500 * time.Millisecond: "1.5s"} {
		if got := TaskTime(d); got != want {
			t.Errorf("TaskTime(%v) = %q, want %q", d, got, want)
		}
	}
}

func TestCheckShardAndNotDone(t *testing.T) {
	r := NewCountRun(CountSpec{N: 8, Shards: 4, Backend: "domains"}, Options{CPUs: 2})
	r.Dir = "/runs/n8"
	if got := strings.Join(r.Command, " "); got != "count -n 8 --shard {task}/{tasks} --workers 2 --json --backend domains" {
		t.Errorf("command %q", got)
	}
	if err := r.CheckShard("a.json", 1, 8, 4, 1, "domains"); err != nil {
		t.Error(err)
	}
	err := r.CheckShard("a.json", 1, 8, 4, 2, "domains")
	if want := "cluster: a.json: shard 2, but the run /runs/n8 has shard 1: not a shard of this run"; err == nil || err.Error() != want {
		t.Errorf("CheckShard = %v, want %s", err, want)
	}
	st := &Status{Tasks: []TaskStatus{{Task: 0, state: Done}, {Task: 1, state: Failed}, {Task: 2, state: Failed}, {Task: 3, state: Done}}}
	if got, want := NotDone(r, st), "2 of 4 tasks are not done (failed 1-2): qtool cluster resubmit /runs/n8"; got != want {
		t.Errorf("NotDone = %q, want %q", got, want)
	}
	if c := st.Counts(); c["done"] != 2 || c["failed"] != 2 || c["missing"] != 0 {
		t.Errorf("Counts = %v", c)
	}
}
