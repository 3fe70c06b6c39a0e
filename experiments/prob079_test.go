package experiments_test

import (
	"context"
	"os"
	"testing"
	"time"

	"qtool/encode"
	"qtool/experiments"
	"qtool/internal/prob079"
)

func readInstance(t *testing.T, path string, opt encode.ReadOptions) encode.Instance {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	in, err := encode.ParseInstanceWith(f, path, opt)
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// TestProb079 decides the published Excluded Diagonals instances (CSPLib
// prob079, Gent, Jefferson and Nightingale) with every exact backend that
// takes them, from the .param file and from the .qpos completion board,
// checks each answer against answers.tsv and verifies each solution; the
// backtracking count (branching on the most constrained line) is checked
// against the published number of completions. Without -long only the
// instances that the published solver decided in under 0.1 s.
func TestProb079(t *testing.T) {
	rows, err := prob079.Read("../testdata/csplib-prob079/answers.tsv")
	if err != nil || len(rows) != 24 {
		t.Fatal(len(rows), err)
	}
	limit := 2 * time.Minute
	for _, row := range rows {
		if !*long && row.Seconds > 0.1 {
			continue
		}
		dir := "../testdata/csplib-prob079/"
		forms := []struct {
			name string
			p    encode.Problem
		}{
			{"param", encode.Problem{Instance: readInstance(t, dir+row.Param, encode.ReadOptions{LimitDiagonals: true, Diagonals: row.Diagonals})}},
			{"qpos", encode.Problem{Instance: readInstance(t, dir+row.Board, encode.ReadOptions{})}},
		}
		for _, form := range forms {
			for _, b := range experiments.Registered(func(c experiments.Caps) bool { return c.Exact && c.Find && c.All && c.AliasOf == "" }) {
				if experiments.Admit(b, form.p, experiments.Request{Mode: experiments.Find, Limit: 1}) != nil {
					continue
				}
				if !*long && len(b.Name()) > 4 && b.Name()[:4] == "sat-" {
					continue
				}
				ctx, cancel := context.WithTimeout(context.Background(), limit)
				var bad error
				found := 0
				out, err := experiments.Solve(ctx, b, form.p, experiments.Request{Mode: experiments.Find, Limit: 1,
					VisitCells: func(cs []encode.Cell) bool {
						found++
						if err := encode.VerifyCells(form.p, cs); err != nil {
							bad = err
						}
						return false
					}})
				cancel()
				if err != nil || bad != nil {
					t.Errorf("%s %s %s: %v %v", row.Board, form.name, b.Name(), err, bad)
					continue
				}
				if out.Status != experiments.OK {
					t.Errorf("%s %s %s: %v after %v (limit %v)", row.Board, form.name, b.Name(), out.Status, out.Elapsed, limit)
					continue
				}
				if (found > 0) != row.Sat {
					t.Errorf("%s %s %s: found %d, answers.tsv says sat=%v", row.Board, form.name, b.Name(), found, row.Sat)
				}
			}
			bt, _ := experiments.Lookup("backtrack")
			req := experiments.Request{Mode: experiments.Count}
			if form.name == "qpos" {
				req.Options = map[string]string{"order": "mrv"}
			}
			out, err := experiments.Solve(context.Background(), bt, form.p, req)
			if err != nil || out.Solutions != row.Completions {
				t.Errorf("%s %s: backtrack counts %d (%v), answers.tsv %d", row.Board, form.name, out.Solutions, err, row.Completions)
			}
		}
	}
}
