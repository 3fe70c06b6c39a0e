package preset

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
	"github.com/qtool-project/qtool/target"
)

// xcover: every exact-cover algorithm of package dlx (docs/dlx.md) on
// every problem that fits it — Algorithm X (dlx1), C (dlx2), M (dlx3),
// sparse sets (ss, SSXCC), the ZDD of all solutions (DLX6) and the k
// cheapest solutions (DLX5) — on the queens problem as encode --to dlx
// writes it, the pentomino boxes and the generated xcc, mcc and cost
// families: the comparison a paper on exact-cover algorithms prints, each
// count checked against the others of its row (and the ZDD's against the
// search's), each cost list against the costs of every solution. Its
// problems are not boards: it measures itself (Preset.Run).
func init() {
	Register(&Preset{Name: "xcover", Run: Xcover})
}

// An XcoverCase is one problem of the xcover preset: a name, a size for
// the table's n column and the problem, and for a cost problem the k of
// Best (the row then measures Best, not the counts).
type XcoverCase struct {
	Name  string
	N     int
	Build func() (*dlx.Matrix, error)
	Best  int
	Exact bool // Best: check the k costs against every solution's cost
}

// The default problems: large enough that the algorithms differ, small
// enough that the preset runs in a few minutes.
var (
	xcoverQueensN    = []int{10, 11}
	xcoverPresetBest = 10
)

// XcoverCases lists the xcover preset's problems for the queens orders
// given (a test may shorten it): queens of those orders (as qtool encode
// -n N --to dlx writes them), the 3×20 pentomino box, the generated
// families xcc n = 18, 20, mcc n = 10, 12 (each with twice as many
// secondary items, four times as many options, 2 colours, seed 1, as
// qtool gen --family F makes them) and the 10 cheapest solutions of cost
// n = 16 (checked against all its solutions) and n = 40.
var XcoverCases = xcoverCases

func xcoverCases(queens []int) []XcoverCase {
	var ps []XcoverCase
	for _, n := range queens {
		ps = append(ps, XcoverCase{Name: fmt.Sprintf("queens-%d", n), N: n, Build: func() (*dlx.Matrix, error) {
			var buf bytes.Buffer
			if err := target.WriteDLX(&buf, target.Job{Prob: encode.Empty(n).Problem()}); err != nil { // as qtool encode -n N --to dlx
				return nil, err
			}
			return dlx.Parse(&buf, fmt.Sprintf("queens-%d.dlx", n))
		}})
	}
	ps = append(ps, XcoverCase{Name: "pentominoes-3x20", N: 60, Build: func() (*dlx.Matrix, error) { return dlx.Pentominoes(3, 20) }})
	random := func(name string, spec dlx.RandomSpec, best int, exact bool) XcoverCase {
		return XcoverCase{Name: name, N: spec.Primary, Best: best, Exact: exact, Build: func() (*dlx.Matrix, error) { return dlx.Random(spec) }}
	}
	for _, n := range []int{18, 20} {
		ps = append(ps, random(fmt.Sprintf("xcc-%d", n), dlx.RandomSpec{Family: "xcc", Primary: n, Secondary: 2 * n, Options: 4 * n, Colors: 2, Seed: 1}, 0, false))
	}
	for _, n := range []int{10, 12} {
		ps = append(ps, random(fmt.Sprintf("mcc-%d", n), dlx.RandomSpec{Family: "mcc", Primary: n, Secondary: 2 * n, Options: 4 * n, Colors: 2, Seed: 1}, 0, false))
	}
	return append(ps,
		random("cost-16", dlx.RandomSpec{Family: "cost", Primary: 16, Secondary: 16, Options: 64, Colors: 3, Seed: 1}, xcoverPresetBest, true),
		random("cost-40", dlx.RandomSpec{Family: "cost", Primary: 40, Secondary: 40, Options: 160, Colors: 3, Seed: 1}, xcoverPresetBest, false))
}

// xcoverAlgorithms are the columns of the count rows.
var xcoverAlgorithms = []struct {
	name string
	alg  dlx.Algorithm
	zdd  bool
}{{"X", dlx.X, false}, {"C", dlx.C, false}, {"M", dlx.M, false}, {"ss", dlx.SS, false}, {"zdd", dlx.C, true}}

// Xcover measures the xcover preset: every algorithm that fits each
// problem (XcoverCases of queens n = 10, 11 or --n), Options.Repeats
// times with Options.Timeout a run and Options.Workers workers. It calls
// Options.Begin with its settings before the first run and Options.Log
// with each record; an interruption returns the records so far and
// experiments.ErrInterrupted.
func Xcover(ctx context.Context, o Options) ([]results.Record, map[string]string, error) {
	if err := ownProblems("xcover", o.Set, "mode", "boards", "backends", "problem", "resume"); err != nil {
		return nil, nil, err
	}
	if o.Repeats < 1 || o.Timeout < 0 || o.Workers < 0 {
		return nil, nil, settingf("--repeats must be at least 1, --timeout and --workers not negative")
	}
	queens := xcoverQueensN
	if o.Set["n"] {
		var err error
		if queens, err = experiments.ParseRange(o.N); err != nil {
			return nil, nil, settingf("--n: %v", err)
		}
		for _, n := range queens {
			if n < 1 || n > 64 {
				return nil, nil, settingf("--n: queens of order %d: want 1..64 for --preset xcover", n)
			}
		}
	}
	settings := map[string]string{"preset": "xcover", "repeats": strconv.Itoa(o.Repeats), "timeout": o.Timeout.String(),
		"workers": strconv.Itoa(o.Workers), "queens": strings.Trim(fmt.Sprint(queens), "[]")}
	if o.Begin != nil {
		if err := o.Begin(settings); err != nil {
			return nil, nil, err
		}
	}
	var recs []results.Record
	for _, xp := range XcoverCases(queens) {
		p, err := xp.Build()
		if err != nil {
			return recs, nil, err
		}
		if recs, err = xcoverCase(ctx, o, p, xp, recs); err != nil {
			if errors.Is(err, experiments.ErrInterrupted) {
				return recs, settings, err
			}
			return recs, nil, err
		}
	}
	return recs, settings, nil
}

// xcoverCase measures one problem: each algorithm that handles it (Best
// for a cost problem), repeated until a run times out, each record
// appended to recs and logged.
func xcoverCase(ctx context.Context, o Options, p *dlx.Matrix, xp XcoverCase, recs []results.Record) ([]results.Record, error) {
	key := results.Problem{N: xp.N, Board: xp.Name, Hash: xp.Name, Variant: "xcover"}
	for _, a := range xcoverAlgorithms {
		name := a.name
		if xp.Best > 0 {
			if a.name != "C" {
				continue
			}
			name = "best" + strconv.Itoa(xp.Best)
		} else if _, err := p.AlgorithmFor(a.alg); err != nil || (a.zdd && p.HasBounds()) {
			continue // the algorithm does not handle the problem
		}
		for r := range o.Repeats {
			rec := results.Record{Problem: key, Backend: name, Mode: "count", Repeat: r}
			xcoverRun(ctx, p, xp, a.alg, a.zdd, o, &rec)
			if ctx.Err() != nil {
				// Interrupted: the run cut short is not a measurement.
				return recs, experiments.ErrInterrupted
			}
			recs = append(recs, rec)
			if o.Log != nil {
				if err := o.Log(rec); err != nil {
					return recs, err
				}
			}
			if rec.Status == results.Timeout {
				break
			}
		}
	}
	return recs, nil
}

// xcoverRun makes one run of an algorithm (or Best, or the ZDD) on a
// problem and fills in the record: the count (for Best the sum of the k
// costs), the nodes, the wall-clock time, and the status of its checks.
func xcoverRun(ctx context.Context, p *dlx.Matrix, xp XcoverCase, alg dlx.Algorithm, zdd bool, o Options, rec *results.Record) {
	if o.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, o.Timeout)
		defer cancel()
	}
	start := time.Now()
	var err error
	switch {
	case xp.Best > 0:
		var best []dlx.CostSolution
		var st dlx.Stats
		best, st, err = p.Best(ctx, xp.Best, dlx.Config{Workers: o.Workers})
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
		st, err = p.Run(ctx, dlx.Config{Algorithm: alg, Workers: o.Workers})
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
func checkBest(ctx context.Context, p *dlx.Matrix, best []dlx.CostSolution, xp XcoverCase) string {
	for i, s := range best {
		if i > 0 && s.Cost < best[i-1].Cost {
			return fmt.Sprintf("cost %d after %d", s.Cost, best[i-1].Cost)
		}
		if msg := checkCover(p, s); msg != "" {
			return msg
		}
	}
	if !xp.Exact {
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
	want := all[:min(len(all), xp.Best)]
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
