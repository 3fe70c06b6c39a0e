package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/qtool-project/qtool/dlx"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/experiments"
	"github.com/qtool-project/qtool/results"
)

// --preset xcover: every exact-cover algorithm of package dlx (docs/dlx.md)
// on every problem that fits it — Algorithm X (dlx1), C (dlx2), M (dlx3),
// sparse sets (ss, SSXCC), the ZDD of all solutions (DLX6) and the k
// cheapest solutions (DLX5) — on the queens problem as encode --to dlx
// writes it, the pentomino boxes and the generated xcc, mcc and cost
// families: the comparison a paper on exact-cover algorithms prints, each
// count checked against the others of its row (and the ZDD's against the
// search's), each cost list against the costs of every solution.

func init() {
	registerPreset(&benchPreset{name: "xcover",
		spec: func(context.Context, benchFlags, map[string]bool, *experiments.Reference) (experiments.Spec, error) {
			return experiments.Spec{}, errors.New("bench: --preset xcover measures its own runs") // run is used instead
		},
		run: runXcoverPreset})
}

// xcoverProblem is one problem of the preset: a name, a size for the
// table's n column and the problem, and for a cost problem the k of
// --best (the row then measures Best, not the counts).
type xcoverProblem struct {
	name  string
	n     int
	build func() (*dlx.Matrix, error)
	best  int
	exact bool // best: check the k costs against every solution's cost
}

// The default problems: large enough that the algorithms differ, small
// enough that the preset runs in a few minutes.
var (
	xcoverQueensN    = []int{10, 11}
	xcoverPresetBest = 10
)

// xcoverProblemsFor is the preset's list of problems (a test shortens it).
var xcoverProblemsFor = xcoverProblems

// xcoverProblems lists the preset's problems: queens of the orders given
// (as qtool encode -n N --to dlx writes them), the 3×20 pentomino box,
// the generated families xcc n = 18, 20, mcc n = 10, 12 (each with twice
// as many secondary items, four times as many options, 2 colours, seed
// 1, as qtool gen --family F makes them) and the 10 cheapest solutions of
// cost n = 16 (checked against all its solutions) and n = 40.
func xcoverProblems(queens []int) []xcoverProblem {
	var ps []xcoverProblem
	for _, n := range queens {
		ps = append(ps, xcoverProblem{name: fmt.Sprintf("queens-%d", n), n: n, build: func() (*dlx.Matrix, error) {
			var buf bytes.Buffer
			if err := writeDLX(&buf, encode.Empty(n), nil); err != nil { // as qtool encode -n N --to dlx
				return nil, err
			}
			return dlx.Parse(&buf, fmt.Sprintf("queens-%d.dlx", n))
		}})
	}
	ps = append(ps, xcoverProblem{name: "pentominoes-3x20", n: 60, build: func() (*dlx.Matrix, error) { return dlx.Pentominoes(3, 20) }})
	random := func(name string, spec dlx.RandomSpec, best int, exact bool) xcoverProblem {
		return xcoverProblem{name: name, n: spec.Primary, best: best, exact: exact, build: func() (*dlx.Matrix, error) { return dlx.Random(spec) }}
	}
	for _, n := range []int{18, 20} {
		ps = append(ps, random(fmt.Sprintf("xcc-%d", n), dlx.RandomSpec{Family: "xcc", Primary: n, Secondary: 2 * n, Options: 4 * n, Colors: 2, Seed: 1}, 0, false))
	}
	for _, n := range []int{10, 12} {
		ps = append(ps, random(fmt.Sprintf("mcc-%d", n), dlx.RandomSpec{Family: "mcc", Primary: n, Secondary: 2 * n, Options: 4 * n, Colors: 2, Seed: 1}, 0, false))
	}
	ps = append(ps,
		random("cost-16", dlx.RandomSpec{Family: "cost", Primary: 16, Secondary: 16, Options: 64, Colors: 3, Seed: 1}, xcoverPresetBest, true),
		random("cost-40", dlx.RandomSpec{Family: "cost", Primary: 40, Secondary: 40, Options: 160, Colors: 3, Seed: 1}, xcoverPresetBest, false))
	return ps
}

// xcoverAlgorithms are the columns of the count rows.
var xcoverAlgorithms = []struct {
	name string
	alg  dlx.Algorithm
	zdd  bool
}{{"X", dlx.X, false}, {"C", dlx.C, false}, {"M", dlx.M, false}, {"ss", dlx.SS, false}, {"zdd", dlx.C, true}}

// runXcoverPreset measures the preset: every algorithm that fits each
// problem, --repeats times with --timeout a run, --workers workers; the
// records go to the log (--log) and into the usual report.
func runXcoverPreset(ctx context.Context, c *cli, f benchFlags, set map[string]bool) ([]results.Record, map[string]string, error) {
	for _, name := range []string{"mode", "boards", "backends", "problem", "resume"} {
		if set[name] {
			return nil, nil, usageErrorf("bench: --preset xcover makes its own problems: --%s does not apply", name)
		}
	}
	if f.repeats < 1 || f.timeout < 0 || f.workers < 0 {
		return nil, nil, usageErrorf("bench: --repeats must be at least 1, --timeout and --workers not negative")
	}
	queens := xcoverQueensN
	if set["n"] {
		var err error
		if queens, err = experiments.ParseRange(f.n); err != nil {
			return nil, nil, usageErrorf("bench: --n: %v", err)
		}
		for _, n := range queens {
			if n < 1 || n > 64 {
				return nil, nil, usageErrorf("bench: --n: queens of order %d: want 1..64 for --preset xcover", n)
			}
		}
	}
	settings := map[string]string{"preset": "xcover", "repeats": strconv.Itoa(f.repeats), "timeout": f.timeout.String(),
		"workers": strconv.Itoa(f.workers), "queens": strings.Trim(fmt.Sprint(queens), "[]")}
	var log *experiments.LogFile
	if f.log != "" {
		var err error
		if log, _, _, err = experiments.OpenLog(f.log, false); err != nil {
			return nil, nil, usageErrorf("bench: %v", err)
		}
		defer log.Close()
		env := hostEnv(results.CurrentEnv(f.seed))
		env.Settings = settings
		if err := log.WriteEnv(env); err != nil {
			return nil, nil, err
		}
	}
	var recs []results.Record
	for _, xp := range xcoverProblemsFor(queens) {
		p, err := xp.build()
		if err != nil {
			return recs, nil, err
		}
		key := results.Problem{N: xp.n, Board: xp.name, Hash: xp.name, Variant: "xcover"}
		for _, a := range xcoverAlgorithms {
			name := a.name
			if xp.best > 0 {
				if a.name != "C" {
					continue
				}
				name = "best" + strconv.Itoa(xp.best)
			} else if _, err := p.AlgorithmFor(a.alg); err != nil || (a.zdd && p.HasBounds()) {
				continue // the algorithm does not handle the problem
			}
			for r := range f.repeats {
				rec := results.Record{Problem: key, Backend: name, Mode: "count", Repeat: r}
				xcoverRun(ctx, p, xp, a.alg, a.zdd, f, &rec)
				if ctx.Err() != nil {
					// Interrupted: the run cut short is not a measurement.
					return recs, settings, experiments.ErrInterrupted
				}
				recs = append(recs, rec)
				if log != nil {
					if err := log.WriteRecord(rec); err != nil {
						return recs, nil, err
					}
				}
				if rec.Status == results.Timeout {
					break
				}
			}
		}
	}
	return recs, settings, nil
}

// xcoverRun makes one run of an algorithm (or Best, or the ZDD) on a
// problem and fills in the record: the count (for Best the sum of the k
// costs), the nodes, the wall-clock time, and the status of its checks.
func xcoverRun(ctx context.Context, p *dlx.Matrix, xp xcoverProblem, alg dlx.Algorithm, zdd bool, f benchFlags, rec *results.Record) {
	if f.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, f.timeout)
		defer cancel()
	}
	start := time.Now()
	var err error
	switch {
	case xp.best > 0:
		var best []dlx.CostSolution
		var st dlx.Stats
		best, st, err = p.Best(ctx, xp.best, dlx.Config{Workers: f.workers})
		rec.Seconds = time.Since(start).Seconds()
		rec.Nodes = st.Nodes
		if err == nil {
			for _, s := range best {
				rec.Answer += s.Cost
			}
			if msg := checkBest(ctx, p, best, xp); msg != "" {
				rec.Status, rec.Message = results.Mismatch, msg
			}
		}
	case zdd:
		var z *dlx.ZDD
		z, err = p.BuildZDD(ctx)
		rec.Seconds = time.Since(start).Seconds()
		if err == nil {
			rec.Nodes = z.Nodes
			if n := z.Count(); n.IsUint64() {
				rec.Answer = n.Uint64()
			} else {
				rec.Status, rec.Message = results.Error, "the count exceeds 64 bits: "+n.String()
			}
		}
	default:
		var st dlx.Stats
		st, err = p.Run(ctx, dlx.Config{Algorithm: alg, Workers: f.workers})
		rec.Seconds = time.Since(start).Seconds()
		rec.Answer, rec.Nodes = st.Solutions, st.Nodes
	}
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		rec.Status, rec.Message, rec.Answer = results.Timeout, "time limit", 0
	case err != nil:
		rec.Status, rec.Message = results.Error, err.Error()
	}
}

// checkBest checks Best's answer: the costs nondecreasing, each solution
// an exact cover of its cost, and, for a problem small enough (exact), the
// k costs those of the k cheapest of all the solutions the search lists.
// It returns what is wrong, or "".
func checkBest(ctx context.Context, p *dlx.Matrix, best []dlx.CostSolution, xp xcoverProblem) string {
	for i, s := range best {
		if i > 0 && s.Cost < best[i-1].Cost {
			return fmt.Sprintf("cost %d after %d", s.Cost, best[i-1].Cost)
		}
		if msg := checkCover(p, s); msg != "" {
			return msg
		}
	}
	if !xp.exact {
		return ""
	}
	var all []uint64
	_, err := p.Solve(ctx, func(opts []int) bool {
		c := uint64(0)
		for _, o := range opts {
			c += p.Cost(o)
		}
		all = append(all, c)
		return true
	})
	if err != nil {
		return err.Error()
	}
	slices.Sort(all)
	want := all[:min(len(all), xp.best)]
	got := make([]uint64, len(best))
	for i, s := range best {
		got[i] = s.Cost
	}
	if !slices.Equal(got, want) {
		return fmt.Sprintf("costs %v, the cheapest of all %d solutions %v", got, len(all), want)
	}
	return ""
}

// checkCover checks that a solution covers every primary item once, every
// secondary item at most once or with one colour, and costs what it says.
func checkCover(p *dlx.Matrix, s dlx.CostSolution) string {
	held := make([]int, p.Items())
	color := make([]int, p.Items())
	cost := uint64(0)
	for _, o := range s.Options {
		cost += p.Cost(o)
		cs := p.OptionColors(o)
		for j, i := range p.Option(o) {
			c := 0
			if cs != nil {
				c = cs[j]
			}
			switch {
			case held[i] > 0 && (i < p.Primary() || c == 0 || color[i] != c):
				return fmt.Sprintf("item %s held twice", p.Item(i))
			}
			held[i]++
			color[i] = c
		}
	}
	for i := range p.Primary() {
		if held[i] != 1 {
			return fmt.Sprintf("primary item %s not covered", p.Item(i))
		}
	}
	if cost != s.Cost {
		return fmt.Sprintf("a solution of cost %d reported as %d", cost, s.Cost)
	}
	return ""
}
