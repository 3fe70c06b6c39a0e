package cluster_test

import (
	"fmt"
	"strings"

	"github.com/qtool-project/qtool/cluster"
)

// A run's job script is plain bash: the #SBATCH lines carry the options,
// and the task's command has its shard filled in by Slurm's
// SLURM_ARRAY_TASK_ID.
func ExampleScript() {
	r := &cluster.Run{
		Dir: "/scratch/n18", ID: "0123456789", Kind: "count", Title: "count n=18 in 100 shards", Tasks: 100,
		Qtool:   "/scratch/n18/bin/qtool",
		Command: []string{"count", "-n", "18", "--shard", "{task}/{tasks}", "--checkpoint", "{checkpoint}", "--resume", "--json"},
		Options: cluster.Options{Time: "30", CPUs: 2, Throttle: 20, KillWait: 30},
	}
	for _, line := range strings.Split(cluster.Script(r), "\n") {
		if strings.HasPrefix(line, "#SBATCH") || strings.Contains(line, `"$qtool"`) {
			fmt.Println(line)
		}
	}
	fmt.Println("sbatch --array=" + cluster.ArraySpec([]int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, r.Options.Throttle))
	// Output:
	// #SBATCH --job-name=qtool-0123456789
	// #SBATCH --output=slurm/%A_%a.out
	// #SBATCH --cpus-per-task=2
	// #SBATCH --time=30
	// "${run[@]}" "$qtool" count -n 18 --shard "$task"/"$tasks" --checkpoint "$ckpt" --resume --json > "$tmp"
	// sbatch --array=0-9%20
}
