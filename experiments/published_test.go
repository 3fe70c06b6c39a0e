package experiments_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/experiments"
	"github.com/qtool-project/qtool/internal/prob079"
)

func readInstance(t testing.TB, path string, opt encode.ReadOptions) encode.Instance {
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

// publishedDir holds the 24 published instances and answers.tsv.
const publishedDir = "../testdata/csplib-prob079/"

// publishedForm is one published instance in one of its two forms.
type publishedForm struct {
	name string // "param" or "qpos"
	p    encode.Problem
}

// publishedForms reads an instance of answers.tsv as the .param file (with
// the published number of diagonals) and as the .qpos completion board.
func publishedForms(t testing.TB, row prob079.Instance) []publishedForm {
	return []publishedForm{
		{"param", encode.Problem{Instance: readInstance(t, publishedDir+row.Param, encode.ReadOptions{LimitDiagonals: true, Diagonals: row.Diagonals})}},
		{"qpos", encode.Problem{Instance: readInstance(t, publishedDir+row.Board, encode.ReadOptions{})}},
	}
}

// publishedBackends are the exact backends that the registry has (those
// that find solutions and those that only count), each once (no aliases),
// without the SAT solvers (gini and the external ones
// are tested on these instances with the sat backends' own tests).
func publishedBackends() []backend.Backend {
	return experiments.Registered(func(c backend.Caps) bool {
		return c.Exact && (c.Find || c.Count) && c.AliasOf == "" && !c.External
	})
}

func isSAT(b backend.Backend) bool {
	return b.Name() == "sat" || strings.HasPrefix(b.Name(), "sat-")
}

// cheapCount reports whether counting the completions of row is part of
// the quick run: the instances whose completions every backend counts in
// well under a second (shiftqueens decided them in under a second too).
func cheapCount(row prob079.Instance) bool { return row.Seconds < 1 }

// TestPublished decides the 24 published Excluded Diagonals instances
// (CSPLib prob079, Gent, Jefferson and Nightingale, JAIR 59, 2017) with
// every exact backend of the registry that admits them (backend.Admit;
// each instance must be admitted by at least two), from the .param file and
// from the .qpos completion board (without -long, from one of the two, in
// turn: 12 of each form): the answer against answers.tsv, the solution
// verified by encode.Verify. It then counts the completions
// and compares them with answers.tsv — the instances of cheapCount, or
// with -long all 24; a backend that only counts decides by counting — and,
// where there are at most 1000, lists them all, each verified. The searches run under a generous safety limit; no time is
// asserted.
func TestPublished(t *testing.T) {
	rows, err := prob079.Read(publishedDir + "answers.tsv")
	if err != nil || len(rows) != 24 {
		t.Fatal(len(rows), err)
	}
	var backends []backend.Backend
	for _, b := range publishedBackends() {
		if !isSAT(b) {
			backends = append(backends, b)
		}
	}
	const limit = publishedLimit
	for i, row := range rows {
		for j, form := range publishedForms(t, row) {
			if !*long && i%2 != j {
				continue // the quick run: one form of each, in turn
			}
			what := row.Board + " " + form.name
			admitted := 0
			for _, b := range backends {
				find := backend.Admit(b, form.p, backend.Request{Mode: backend.Find, Limit: 1}) == nil
				count := backend.Admit(b, form.p, backend.Request{Mode: backend.Count}) == nil
				if !find && !count {
					continue
				}
				admitted++
				if find && !decidePublished(t, what, b, form.p, row) {
					continue
				}
				// A backend that only counts decides by counting.
				if !count || (find && !*long && !cheapCount(row)) {
					continue
				}
				ctx, cancel := context.WithTimeout(context.Background(), limit)
				out, err := backend.Solve(ctx, b, form.p, backend.Request{Mode: backend.Count})
				cancel()
				if err != nil || out.Status != backend.OK || out.Solutions != row.Completions {
					t.Errorf("%s %s: counts %d (%v %v), answers.tsv %d", what, b.Name(), out.Solutions, out.Status, err, row.Completions)
				}
				if row.Completions > 1000 || backend.Admit(b, form.p, backend.Request{Mode: backend.Find}) != nil {
					continue
				}
				var listed uint64
				var bad error
				ctx, cancel = context.WithTimeout(context.Background(), limit)
				_, err = backend.Solve(ctx, b, form.p, backend.Request{Mode: backend.Find, Limit: 0,
					VisitCells: func(cs []encode.Cell) bool {
						listed++
						if err := encode.Verify(form.p, cs); err != nil && bad == nil {
							bad = err
						}
						return true
					}})
				cancel()
				if err != nil || bad != nil || listed != row.Completions {
					t.Errorf("%s %s: listed %d completions (%v %v), answers.tsv %d", what, b.Name(), listed, err, bad, row.Completions)
				}
			}
			if admitted < 2 {
				t.Errorf("%s: %d exact backends admit it, want at least 2", what, admitted)
			}
		}
	}
}

// TestPublishedOrders: backtrack's default order (auto) on a .qpos board,
// which has queens given, is the most constrained line (its node count is
// that of --order mrv, and of the .param form, which is always searched
// so), while an empty board keeps the row order of the classic node counts.
func TestPublishedOrders(t *testing.T) {
	rows, err := prob079.Read(publishedDir + "answers.tsv")
	if err != nil {
		t.Fatal(err)
	}
	bt, err := backend.Lookup("backtrack")
	if err != nil {
		t.Fatal(err)
	}
	nodes := func(p encode.Problem, order string) uint64 {
		req := backend.Request{Mode: backend.Count}
		if order != "" {
			req.Options = map[string]string{"order": order}
		}
		out, err := backend.Solve(context.Background(), bt, p, req)
		if err != nil || out.Status != backend.OK {
			t.Fatalf("order %q: %+v %v", order, out, err)
		}
		return out.Nodes
	}
	for _, row := range rows[:8] {
		forms := publishedForms(t, row)
		param, qpos := forms[0].p, forms[1].p
		auto, mrv, rowsOrder := nodes(qpos, ""), nodes(qpos, "mrv"), nodes(qpos, "rows")
		if auto != mrv || auto != nodes(qpos, "auto") || auto != nodes(param, "") || auto == rowsOrder {
			t.Errorf("%s: nodes auto %d, mrv %d, rows %d, .param %d: want auto = mrv = .param ≠ rows", row.Board, auto, mrv, rowsOrder, nodes(param, ""))
		}
		if _, err := backend.Solve(context.Background(), bt, param, backend.Request{Mode: backend.Count, Options: map[string]string{"order": "rows"}}); err == nil {
			t.Errorf("%s: order rows on the .param form: no error", row.Param)
		}
	}
	// 8 queens row by row: 2057 nodes (Wirth's count of placements, the
	// seeds' oracle), with the default order and with rows.
	empty := encode.Problem{Instance: encode.Instance{Board: encode.Empty(8)}}
	if a, r := nodes(empty, ""), nodes(empty, "rows"); a != r || a == nodes(empty, "mrv") {
		t.Errorf("empty 8×8: nodes auto %d, rows %d, mrv %d: want auto = rows ≠ mrv", a, r, nodes(empty, "mrv"))
	}
}

// publishedLimit is a safety net for one search, not a measurement.
const publishedLimit = 5 * time.Minute

// decidePublished finds one completion of the instance with b (or the
// proof that there is none), verifies it and checks the answer against
// answers.tsv; it reports whether the run ended normally.
func decidePublished(t *testing.T, what string, b backend.Backend, p encode.Problem, row prob079.Instance) bool {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), publishedLimit)
	defer cancel()
	var bad error
	found := 0
	out, err := backend.Solve(ctx, b, p, backend.Request{Mode: backend.Find, Limit: 1,
		VisitCells: func(cs []encode.Cell) bool {
			found++
			if err := encode.Verify(p, cs); err != nil {
				bad = err
			}
			return false
		}})
	switch {
	case err != nil || bad != nil:
		t.Errorf("%s %s: %v %v", what, b.Name(), err, bad)
		return false
	case out.Status != backend.OK:
		t.Errorf("%s %s: %v after %v", what, b.Name(), out.Status, out.Elapsed)
		return false
	case (found > 0) != row.Sat:
		t.Errorf("%s %s: found %d, answers.tsv says sat=%v", what, b.Name(), found, row.Sat)
	}
	if testing.Verbose() {
		t.Logf("%s %s: decided in %v, %d nodes", what, b.Name(), out.Elapsed, out.Nodes)
	}
	return true
}

// BenchmarkPublished decides each published instance (one solution or the
// proof that there is none) with each exact backend that admits it, from
// both forms: BenchmarkPublished/instance=diag21-259-d19/form=qpos/backend=dlx.
func BenchmarkPublished(b *testing.B) {
	rows, err := prob079.Read(publishedDir + "answers.tsv")
	if err != nil {
		b.Fatal(err)
	}
	for _, row := range rows {
		name := strings.TrimSuffix(strings.TrimPrefix(row.Board, "nqc-"), ".qpos")
		for _, form := range publishedForms(b, row) {
			for _, be := range publishedBackends() {
				req := backend.Request{Mode: backend.Find, Limit: 1}
				if isSAT(be) || backend.Admit(be, form.p, req) != nil {
					continue
				}
				b.Run("instance="+name+"/form="+form.name+"/backend="+be.Name(), func(b *testing.B) {
					for b.Loop() {
						out, err := backend.Solve(context.Background(), be, form.p, req)
						if err != nil || out.Status != backend.OK {
							b.Fatal(out.Status, err)
						}
					}
				})
			}
		}
	}
}
