package experiments_test

import (
	"context"
	"flag"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/prob079"
)

var satGen = flag.String("sat.gen", "", "measure the sat backend, cube and conquer against the whole formula, on generated completion boards: n:k,… (k queens asked for), 3 instances each, -sat.limit each")

// TestSATCubeAgrees: cube and conquer (the sat backend's default on boards
// with queens given, and with other leaf sizes) decides generated
// completion instances as backtracking does, every completion verified.
func TestSATCubeAgrees(t *testing.T) {
	be, _ := backend.Lookup("sat")
	ks := func(n int) []int {
		return []int{1, max(n/4, 1), max(n/3, 1), max(n/2, 1), max(n-4, 1)}
	}
	for _, c := range completionCases(t, 4, 14, ks, 79, 3, 50) {
		b, n, k, i, want := c.Board, c.N, c.K, c.I, c.Solutions > 0
		for _, cube := range []string{"", "0", "2", "6", "on"} {
			opts := map[string]string{}
			if cube != "" {
				opts["cube"] = cube
			}
			found := false
			out, err := backend.SolveBoard(context.Background(), be, b, backend.Request{Mode: backend.Find, Limit: 1, Options: opts, Visit: func(p encode.Placement) bool {
				if err := encode.Verify(b.Problem(), p); err != nil {
					t.Errorf("n=%d k=%d #%d cube=%q: %v", n, k, i, cube, err)
				}
				found = true
				return false
			}})
			if err != nil || out.Status != backend.OK {
				t.Fatalf("n=%d k=%d #%d cube=%q: %v %v", n, k, i, cube, out.Status, err)
			}
			if found != want {
				t.Errorf("n=%d k=%d #%d cube=%q: found %v, backtracking says %v", n, k, i, cube, found, want)
			}
			if _, ok := out.Stats["lookahead-nodes"]; ok != (b.Given() > 0 || cube != "") {
				t.Errorf("n=%d k=%d #%d cube=%q: cube and conquer ran: %v", n, k, i, cube, ok)
			}
		}
	}
}

// TestSATCubeGenerated measures, with -sat.gen, cube and conquer
// (cube=on) against the whole formula (cube=off) on generated boards:
// what SATCubeMaxFree rests on.
func TestSATCubeGenerated(t *testing.T) {
	if *satGen == "" {
		t.Skip("measures minutes: run with -sat.gen n:k,…")
	}
	be, _ := backend.Lookup("sat")
	for _, nk := range strings.Split(*satGen, ",") {
		a, b, _ := strings.Cut(nk, ":")
		n, err1 := strconv.Atoi(a)
		k, err2 := strconv.Atoi(b)
		if err1 != nil || err2 != nil {
			t.Fatalf("-sat.gen %q: want n:k", nk)
		}
		for i := uint64(0); i < 3; i++ {
			bd, err := encode.Generate(n, k, 2017, i)
			if err != nil {
				t.Fatal(err)
			}
			line := ""
			for _, cube := range []string{"off", "on"} {
				opts := map[string]string{}
				if cube != "" {
					opts["cube"] = cube
				}
				cpu0, _ := satCPU()
				ctx, cancel := context.WithTimeout(context.Background(), *satLimit)
				found := false
				out, err := backend.SolveBoard(ctx, be, bd, backend.Request{Mode: backend.Find, Limit: 1, Options: opts, Visit: func(p encode.Placement) bool {
					if err := encode.Verify(bd.Problem(), p); err != nil {
						t.Error(err)
					}
					found = true
					return false
				}})
				cancel()
				if err != nil {
					t.Fatal(err)
				}
				cpu1, _ := satCPU()
				name := cube
				if name == "" {
					name = "default"
				}
				line += " | " + name + ": " + out.Status.String() + " " + strconv.FormatBool(found) + " " + strconv.FormatFloat(cpu1-cpu0, 'f', 2, 64) + "s cpu " + out.Elapsed.Round(time.Millisecond).String() + " wall"
			}
			t.Logf("n=%d k=%d (given %d) #%d%s", n, k, bd.Given(), i, line)
		}
	}
}

// TestSATPublishedParam: the sat backend decides the published instances
// from their .param form (excluded diagonals, solved on the model) by
// cube and conquer, as answers.tsv says, every solution verified: those
// of at most 18 free rows, with -sat.long or -long all 24.
func TestSATPublishedParam(t *testing.T) {
	rows, err := prob079.Read(publishedDir + "answers.tsv")
	if err != nil || len(rows) != 24 {
		t.Fatal(len(rows), err)
	}
	be, _ := backend.Lookup("sat")
	for _, row := range rows {
		if !*satLong && !*long && row.Free > 18 {
			continue
		}
		p := encode.Problem{Instance: readInstance(t, publishedDir+row.Param, encode.ReadOptions{LimitDiagonals: true, Diagonals: row.Diagonals})}
		if !decidePublished(t, row.Param+" (cube and conquer)", be, p, row) {
			continue
		}
		// Cube and conquer ran: the whole formula gives the same answer on
		// the small ones.
		if row.Free <= 14 {
			found := false
			out, err := backend.Solve(context.Background(), be, p, backend.Request{Mode: backend.Find, Limit: 1, Options: map[string]string{"cube": "off"},
				VisitCells: func(cs []encode.Cell) bool {
					if err := encode.Verify(p, cs); err != nil {
						t.Error(err)
					}
					found = true
					return false
				}})
			if err != nil || out.Status != backend.OK || found != row.Sat {
				t.Errorf("%s cube=off: found %v, %v %v; answers.tsv says sat=%v", row.Param, found, out.Status, err, row.Sat)
			}
		}
	}
}
