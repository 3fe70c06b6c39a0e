package main

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"qtool/encode"
	"qtool/experiments"
	"qtool/results"
)

// diagonalsSpec builds the Excluded Diagonals experiment (bench --preset
// diagonals) from its defaults and the flags the user set.
func diagonalsSpec(f benchFlags, set map[string]bool, ref *experiments.Reference) (experiments.Spec, error) {
	var spec experiments.Spec
	for _, name := range []string{"mode", "boards", "deltas"} {
		if set[name] {
			return spec, usageErrorf("bench: --preset diagonals makes its own problems: --%s does not apply", name)
		}
	}
	x := experiments.Diagonals{Ns: experiments.DefaultDiagonalsN, Instances: experiments.DefaultDiagonalsInstances, MinFree: f.minFree}
	var err error
	if set["n"] {
		if x.Ns, err = experiments.ParseRange(f.n); err != nil {
			return spec, usageErrorf("bench: --n: %v", err)
		}
	}
	if set["excluded"] {
		if x.Ds, err = parseCounts(f.excluded); err != nil {
			return spec, err
		}
	}
	if set["instances"] {
		x.Instances = f.instances
	}
	if x.Instances < 1 {
		return spec, usageErrorf("bench: --instances must be at least 1, got %d", x.Instances)
	}
	if f.seed < 0 || f.minFree < 0 {
		return spec, usageErrorf("bench: --seed and --min-free must not be negative")
	}
	x.Seed = uint64(f.seed)
	names := experiments.DefaultDiagonalsBackends
	if set["backends"] {
		names = strings.Split(f.backends, ",")
	}
	for _, name := range names {
		b, err := benchLookup(strings.TrimSpace(name))
		if err != nil {
			if set["backends"] {
				return spec, usageErrorf("bench: %v", err)
			}
			continue
		}
		x.Backends = append(x.Backends, b)
	}
	if spec, err = x.Spec(); err != nil {
		return spec, usageErrorf("bench: %v", err)
	}
	return presetSpec(f, set, spec, ref)
}

// diagonalsRow is one n and d of the experiment.
type diagonalsRow struct {
	n, d                int
	sat, unsat, unknown int
	seconds, nodes      map[string][]float64
	timeouts            map[string]int
}

// renderDiagonals prints the experiment's summary: per n and d the
// instances, the fraction satisfiable (the backends' majority answer) and
// each backend's median time and nodes, a timeout counting as slower
// than any run.
func renderDiagonals(w io.Writer, recs []results.Record, backends []string, md bool) {
	type key struct{ n, d int }
	rows := map[key]*diagonalsRow{}
	answers := map[string]map[bool]int{} // per problem: sat/unsat votes
	for _, r := range recs {
		if r.Mode != results.DecideMode {
			continue
		}
		k := key{r.N, r.Diagonals}
		row := rows[k]
		if row == nil {
			row = &diagonalsRow{n: r.N, d: r.Diagonals, seconds: map[string][]float64{}, nodes: map[string][]float64{}, timeouts: map[string]int{}}
			rows[k] = row
		}
		id := r.Problem.String()
		if answers[id] == nil {
			answers[id] = map[bool]int{}
		}
		switch r.Status {
		case results.OK:
			answers[id][r.Answer > 0]++
			row.seconds[r.Backend] = append(row.seconds[r.Backend], r.Seconds)
			row.nodes[r.Backend] = append(row.nodes[r.Backend], float64(r.Nodes))
		case results.Timeout:
			row.timeouts[r.Backend]++
			row.seconds[r.Backend] = append(row.seconds[r.Backend], math.Inf(1))
		}
	}
	seen := map[string]bool{}
	for _, r := range recs {
		id := r.Problem.String()
		if r.Mode != results.DecideMode || seen[id] {
			continue
		}
		seen[id] = true
		row := rows[key{r.N, r.Diagonals}]
		a := answers[id]
		switch {
		case a[true] > a[false]:
			row.sat++
		case a[false] > a[true]:
			row.unsat++
		default:
			row.unknown++
		}
	}
	keys := make([]key, 0, len(rows))
	for k := range rows {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].n != keys[j].n {
			return keys[i].n < keys[j].n
		}
		return keys[i].d < keys[j].d
	})
	head := []string{"n", "d", "instances", "sat", "fraction"}
	for _, b := range backends {
		head = append(head, b+" median s", b+" median nodes")
	}
	var table [][]string
	for _, k := range keys {
		r := rows[k]
		dec := r.sat + r.unsat
		frac := "—"
		if dec > 0 {
			frac = strconv.FormatFloat(float64(r.sat)/float64(dec), 'f', 2, 64)
		}
		line := []string{strconv.Itoa(r.n), strconv.Itoa(r.d), strconv.Itoa(r.sat + r.unsat + r.unknown), strconv.Itoa(r.sat), frac}
		for _, b := range backends {
			s, nd := "—", "—"
			if xs := r.seconds[b]; len(xs) > 0 {
				if m := median(xs); math.IsInf(m, 1) {
					s = "timeout"
				} else {
					s = strconv.FormatFloat(m, 'g', 3, 64)
				}
			}
			if xs := r.nodes[b]; len(xs) > 0 && median(xs) > 0 {
				nd = strconv.FormatFloat(median(xs), 'f', 0, 64)
			}
			if t := r.timeouts[b]; t > 0 {
				s += fmt.Sprintf(" (%d timeouts)", t)
			}
			line = append(line, s, nd)
		}
		table = append(table, line)
	}
	writeAligned(w, head, table, md)
	fmt.Fprintf(w, "\nfraction: instances satisfiable among those decided (the backends' majority answer); median over the instances, a timeout slower than any run.\n")
	fmt.Fprintf(w, "Gent, Jefferson & Nightingale (JAIR 59, 2017) report the hardest instances near the 50%% point, d ≈ n − 2.\n")
	sorted := make([]*diagonalsRow, len(keys))
	for i, k := range keys {
		sorted[i] = rows[k]
	}
	for _, n := range uniqueNs(sorted) {
		if d, ok := halfD(rows, n); ok {
			fmt.Fprintf(w, "n = %d: 50%% satisfiable at d ≈ %.1f (n − 2 = %d)\n", n, d, n-2)
		}
	}
}

func uniqueNs(rows []*diagonalsRow) []int {
	var ns []int
	for _, r := range rows {
		if len(ns) == 0 || ns[len(ns)-1] != r.n {
			ns = append(ns, r.n)
		}
	}
	return ns
}

// halfD interpolates the d at which the fraction satisfiable of order n
// crosses 1/2.
func halfD[K comparable](rows map[K]*diagonalsRow, n int) (float64, bool) {
	var pts [][2]float64
	for _, r := range rows {
		if r.n == n && r.sat+r.unsat > 0 {
			pts = append(pts, [2]float64{float64(r.d), float64(r.sat) / float64(r.sat+r.unsat)})
		}
	}
	sort.Slice(pts, func(i, j int) bool { return pts[i][0] < pts[j][0] })
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		if a[1] >= 0.5 && b[1] < 0.5 {
			return a[0] + (a[1]-0.5)/(a[1]-b[1])*(b[0]-a[0]), true
		}
	}
	return 0, false
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	m := len(s) / 2
	if len(s)%2 == 1 {
		return s[m]
	}
	if math.IsInf(s[m], 1) {
		return s[m]
	}
	return (s[m-1] + s[m]) / 2
}

// writeAligned prints a table as aligned text or Markdown.
func writeAligned(w io.Writer, head []string, rows [][]string, md bool) {
	if md {
		fmt.Fprintf(w, "| %s |\n|%s\n", strings.Join(head, " | "), strings.Repeat("---|", len(head)))
		for _, r := range rows {
			fmt.Fprintf(w, "| %s |\n", strings.Join(r, " | "))
		}
		return
	}
	width := make([]int, len(head))
	for i, h := range head {
		width[i] = len([]rune(h))
	}
	for _, r := range rows {
		for i, c := range r {
			width[i] = max(width[i], len([]rune(c)))
		}
	}
	line := func(cs []string) {
		for i, c := range cs {
			fmt.Fprintf(w, "%*s  ", width[i]+len(c)-len([]rune(c)), c)
		}
		fmt.Fprintln(w)
	}
	line(head)
	for _, r := range rows {
		line(r)
	}
}

// benchNames lists the backends of a spec, in the order of its grids.
func benchNames(s experiments.Spec) []string {
	var names []string
	seen := map[string]bool{}
	for _, g := range s.Grids {
		for _, b := range g.Backends {
			if !seen[b.Name()] {
				seen[b.Name()] = true
				names = append(names, b.Name())
			}
		}
	}
	return names
}

// parseCounts reads --excluded: numbers and ranges a-b from 0 to 512.
func parseCounts(s string) ([]int, error) {
	seen := map[int]bool{}
	var ds []int
	for _, item := range strings.Split(s, ",") {
		lo, hi, isRange := strings.Cut(strings.TrimSpace(item), "-")
		a, err1 := strconv.Atoi(lo)
		b, err2 := a, error(nil)
		if isRange {
			b, err2 = strconv.Atoi(hi)
		}
		if err1 != nil || err2 != nil || a < 0 || b < a || b > 512 {
			return nil, usageErrorf("bench: --excluded %q: want numbers or ranges a-b between 0 and 512, e.g. 0-30 or 4,8,12", s)
		}
		for d := a; d <= b; d++ {
			if !seen[d] {
				seen[d] = true
				ds = append(ds, d)
			}
		}
	}
	sort.Ints(ds)
	return ds, nil
}

// benchVariant applies --problem to a grid: every problem of it becomes
// that variant (on an empty board without --n, orders 4-8), and a backend
// named with --backends must solve it; the default backends are those
// that declare it.
func benchVariant(f benchFlags, set map[string]bool, g experiments.Grid) (experiments.Grid, error) {
	v, err := encode.ParseVariant(f.problem)
	if err != nil {
		return g, usageErrorf("bench: --problem %q: want one of %s", f.problem, variantNames())
	}
	if v == encode.Queens {
		return g, nil
	}
	if !set["n"] && !set["boards"] {
		g.Problems = experiments.EmptyBoards([]int{4, 5, 6, 7, 8})
	}
	for i := range g.Problems {
		g.Problems[i].Variant = v
	}
	var keep []experiments.Backend
	for _, b := range g.Backends {
		ok, why := experiments.SupportsProblem(b, g.Task, g.Problems[0].Encode())
		switch {
		case ok:
			keep = append(keep, b)
		case set["backends"]:
			return g, usageErrorf("bench: backend %s %s", b.Name(), why)
		}
	}
	if len(keep) == 0 {
		return g, usageErrorf("bench: no backend solves --problem %v", v)
	}
	g.Backends = keep
	return g, nil
}
