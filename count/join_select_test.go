package count

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// joinSelectChild is the environment variable under which
// TestJoinKernelGODEBUG's test binary, run again, reports its kernels.
const joinSelectChild = "QTOOL_COUNT_SELECT_CHILD"

// TestJoinKernelGODEBUG: the GODEBUG settings docs/counting.md gives for
// choosing the join's kernel do choose it, read once at start-up by
// golang.org/x/sys/cpu (no switch in the counting code): cpu.avx512f=off
// selects the scalar path with the AVX2 block kernel (where AVX2 and BMI2;
// the AVX2 path of a machine without AVX-512), cpu.avx2=off the pure-Go
// loops. The test binary, run again under each setting, reports the
// kernels it selected and its count of n = 12; the count is A000170's
// 14,200 under every setting, the two scalar settings give the same node
// count, and on a processor with the wide kernel the default's node count
// differs from theirs (the wide path's blocks are of 512 patterns).
func TestJoinKernelGODEBUG(t *testing.T) {
	if os.Getenv(joinSelectChild) == "1" {
		p, err := NewJoinPlan(12, 0)
		if err != nil {
			t.Fatal(err)
		}
		ids, _ := p.Shard(0, 1)
		st, err := CountPlan(context.Background(), p, ids, PlanOptions{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		fmt.Printf("kernels wide=%v avx2=%v solutions=%d nodes=%d\n", joinWide, joinBlockAVX2, st.Solutions, st.Nodes)
		return
	}
	if testing.Short() {
		t.Skip("runs the test binary three times")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Skip("no test binary to run again:", err)
	}
	run := func(godebug string) (wide, avx2 bool, solutions, nodes uint64) {
		t.Helper()
		cmd := exec.Command(exe, "-test.run=^TestJoinKernelGODEBUG$", "-test.count=1")
		env := []string{joinSelectChild + "=1"}
		for _, e := range os.Environ() {
			if !strings.HasPrefix(e, "GODEBUG=") && !strings.HasPrefix(e, joinSelectChild+"=") {
				env = append(env, e)
			}
		}
		if godebug != "" {
			env = append(env, "GODEBUG="+godebug)
		}
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("GODEBUG=%q: %v\n%s", godebug, err, out)
		}
		i := strings.Index(string(out), "kernels ")
		if i < 0 {
			t.Fatalf("GODEBUG=%q: no report in the output:\n%s", godebug, out)
		}
		if _, err := fmt.Sscanf(string(out[i:]), "kernels wide=%t avx2=%t solutions=%d nodes=%d", &wide, &avx2, &solutions, &nodes); err != nil {
			t.Fatalf("GODEBUG=%q: %v in %q", godebug, err, out[i:])
		}
		return
	}
	const q12 = 14200 // A000170
	var defaultNodes, avx2Nodes uint64
	for k, c := range []struct {
		godebug    string
		wide, avx2 bool
	}{
		{"", joinWideOK, joinBlockOK},
		{"cpu.avx512f=off", false, joinBlockOK},
		{"cpu.avx2=off", false, false},
	} {
		wide, avx2, sol, nodes := run(c.godebug)
		t.Logf("GODEBUG=%q: wide kernel %v, AVX2 block kernel %v, n = 12: %d solutions, %d nodes", c.godebug, wide, avx2, sol, nodes)
		if wide != c.wide || avx2 != c.avx2 {
			t.Errorf("GODEBUG=%q: wide kernel %v, AVX2 block kernel %v; want %v, %v", c.godebug, wide, avx2, c.wide, c.avx2)
		}
		if sol != q12 {
			t.Errorf("GODEBUG=%q: n = 12 counted %d, A000170 %d", c.godebug, sol, q12)
		}
		switch k {
		case 0:
			defaultNodes = nodes
		case 1:
			if joinWideOK && nodes == defaultNodes {
				t.Errorf("GODEBUG=%q: %d nodes, the wide path's count", c.godebug, nodes)
			}
			avx2Nodes = nodes
		case 2:
			if nodes != avx2Nodes {
				t.Errorf("GODEBUG=%q: %d nodes, cpu.avx512f=off's %d", c.godebug, nodes, avx2Nodes)
			}
		}
	}
}
