package sat

import (
	"context"
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/sat"
)

func init() {
	backend.Register(satBackend{name: "sat", amo: encode.DefaultAMO})
	for _, a := range encode.AMOEncodings() {
		backend.Register(satBackend{name: "sat-" + a.String(), amo: a, fixed: true})
	}
}

// Memory that gini and the Go runtime take for a formula, at the peak of a
// first solve: measured with /usr/bin/time on the empty boards of order
// 1000 (product: 12.0 million clauses, 1.3 million variables, 2.0 GB, 1.2 GB
// since sat.NewFor reserves room for the learnt clauses; product-bimander:
// 40.0 million clauses, 1.1 million variables, 3.8 GB, then 3.0 GB) and
// rounded up. Learned clauses and garbage-collection slack included.
const (
	satBytesPerClause = 80
	satBytesPerVar    = 500
)

// SATMemoryEstimate returns the peak memory, in bytes, that the sat
// backends expect to need for a formula of the given size.
func SATMemoryEstimate(vars, clauses int) uint64 {
	return satBytesPerClause*uint64(clauses) + satBytesPerVar*uint64(vars)
}

// SATMemoryLimit returns the memory the sat backends allow a formula:
// MemoryLimit, which the command line sets from the machine's probe.
var SATMemoryLimit = backend.MemoryLimit

// satBackend solves a board with the CDCL solver gini: the CNF of
// encode.CNF (in dense numbering, so that only the free squares have
// variables) loaded into a sat.Solver. It counts by enumerating the models
// with blocking clauses over the square variables. The backend "sat" uses
// encode.DefaultAMO and honours Request.Options["amo"]; "sat-ENC" always
// uses encoding ENC. Request.Options["pairwise-up-to"] sets
// encode.CNFOptions.PairwiseUpTo, the size up to which groups are written
// pairwise, and Request.Options["shuffle"] encode.CNFOptions.Shuffle, the
// seed of the numbering of the variables (0: row-major).
//
// With no option amo, or amo auto, a plain board gets the formula of
// encode.DefaultCNFOptions: DefaultAMO, or on large boards (more than
// encode.CompactClauses clauses with DefaultAMO: the empty board from
// n = 595) the compact one, Product pairwise up to 8 with shuffled
// numbering, whose first solution is a search started over under another
// numbering when its memory grows too much (compactGrowth).
//
// To find one completion of a board with queens given and at most
// SATCubeMaxFree free rows it uses cube and conquer (Heule, Kullmann,
// Wieringa and Biere, HVC 2011, doi:10.1007/978-3-642-34188-5_8;
// sat.Solver.CubeAndConquer): a lookahead branching on the most
// constrained free row or column splits the problem into cubes that one
// incremental gini instance decides under assumptions. Request.Options
// ["cube"] is "off" (gini on the whole formula), "on", or the number of
// open rows and columns at which a node becomes a cube (SATCubeLeaf by
// default). Counting and finding more than one completion always go to
// gini on the whole formula.
type satBackend struct {
	name  string
	amo   encode.AMOEncoding
	fixed bool // the encoding is part of the name
}

func (sb satBackend) Name() string { return sb.name }

func (sb satBackend) Caps() backend.Caps {
	c := backend.Caps{Count: true, Find: true, All: true, Complete: true, Exact: true,
		Problems: encode.AllVariants(), Forbidden: true, Options: []string{"amo", "pairwise-up-to", "shuffle", "solver", "cube", "diagonal-counts"},
		CountMethod: "enumeration of models", Enumerates: true}
	if !sb.fixed {
		c.AliasOf = "sat-" + sb.amo.String() // the default encoding
	}
	return c
}

// encoding returns the at-most-one encoding a request asks for:
// the backend's own for none or encode.AutoAMO (runBoard then asks
// encode.DefaultCNFOptions for the choice on plain boards).
func (sb satBackend) encoding(req backend.Request) (encode.AMOEncoding, error) {
	name := req.Options["amo"]
	if name == "" || (!sb.fixed && strings.EqualFold(name, encode.AutoAMO)) {
		return sb.amo, nil
	}
	a, err := encode.ParseAMO(name)
	if err != nil && !sb.fixed {
		return 0, unknownAMO(sb.name, name)
	}
	if err != nil {
		return 0, fmt.Errorf("backend %s: %w", sb.name, err)
	}
	if sb.fixed && a != sb.amo {
		return 0, fmt.Errorf("backend %s always uses the %v encoding, not %v (use backend sat with amo %v)", sb.name, sb.amo, a, a)
	}
	return a, nil
}

// unknownAMO is the error for an option amo that names no encoding, on
// a backend that also takes encode.AutoAMO: the names it lists include it.
func unknownAMO(backendName, name string) error {
	return fmt.Errorf("backend %s: unknown at-most-one encoding %q (known: %s, %s)", backendName, name, encode.AutoAMO, strings.Join(encode.AMONames(), ", "))
}

// auto reports whether the request leaves the encoding to
// encode.DefaultCNFOptions: backend sat with no option amo, or amo auto.
func (sb satBackend) auto(req backend.Request) bool {
	name := req.Options["amo"]
	return !sb.fixed && (name == "" || strings.EqualFold(name, encode.AutoAMO))
}

// Run counts or finds the completions of b. Outcome.Stats holds the size
// of the formula ("variables", "clauses", before any blocking clause) and
// "solver-calls", the number of incremental solves; with cube and conquer
// also "lookahead-nodes", "lookahead-refuted" (nodes the lookahead refuted
// itself), "cubes" (handed to gini) and "cube-backjumps". A count is always by
// enumeration of models, one solver call and one blocking clause (the
// negation of the model's queens) each, so its cost grows with the number
// of completions, not of free rows. When the context ends first the
// Outcome is partial, with Status Timeout or Interrupted, and its count a
// lower bound. A formula whose SATMemoryEstimate, computed in closed form
// (encode.CNFSize) before anything is built, exceeds SATMemoryLimit is
// refused: with 25 GB of memory, the empty board beyond n = 573 with the
// pairwise encoding, 2295 with product-bimander, 4465 with product.
// Run solves problem prob: a plain n-queens board on the backend's own
// path (runBoard), any other problem, or a plain one with Request.OnModel,
// on its model (runModel).
func (sb satBackend) Run(ctx context.Context, prob encode.Problem, req backend.Request) (backend.Outcome, error) {
	if !prob.PlainQueens() || req.OnModel {
		m, visit, err := backend.ModelContext(ctx, sb, prob, req)
		if err != nil {
			return backend.Outcome{}, err
		}
		return sb.runModel(ctx, m, req, visit)
	}
	return sb.runBoard(ctx, prob.Board, req)
}

func (sb satBackend) runBoard(ctx context.Context, b encode.Board, req backend.Request) (backend.Outcome, error) {
	amo, err := sb.encoding(req)
	if err != nil {
		return backend.Outcome{}, err
	}
	if solver := req.Options["solver"]; solver != "" && solver != "gini" {
		eb, ok := externalBackends[solver+"-"+amo.String()]
		if !ok {
			return backend.Outcome{}, fmt.Errorf("backend %s: unknown solver %q (want gini, %s)", sb.name, solver, strings.Join(ExternalSolvers(), ", "))
		}
		return eb.runBoard(ctx, b, req)
	}
	opts, compact, err := sb.formulaOptions(b, req, amo)
	if err != nil {
		return backend.Outcome{}, err
	}
	cube, err := satCubeOptions(sb.name, b, req)
	if err != nil {
		return backend.Outcome{}, err
	}
	f, err := encode.CNFWith(b, opts)
	if err != nil {
		return backend.Outcome{}, fmt.Errorf("backend %s: %w", sb.name, err)
	}
	out := backend.Outcome{Stats: map[string]uint64{
		"variables":    uint64(f.Vars()),
		"clauses":      uint64(f.Clauses()),
		"solver-calls": 0,
	}}
	if ctx.Err() != nil { // before gini allocates room for the formula
		return out, nil
	}
	limit := uint64(0)
	if req.Mode == backend.Find && req.Limit > 0 {
		limit = uint64(req.Limit)
	}
	// A first solution with the compact formula is a search that may be
	// started over under another numbering when its learnt clauses grow
	// too large (compactGrowth).
	guard := compact && req.Mode == backend.Find && limit == 1 && !cube.on
	var memLimit uint64
	calls := uint64(0)
	for attempt := 1; ; attempt++ {
		s := sat.NewFor(f.Vars(), f.Clauses())
		if f.EncodeContext(ctx, s) != nil {
			out.Stats["solver-calls"] = calls + uint64(s.Solves())
			return out, nil
		}
		if compact {
			// Return to the operating system the garbage of loading (the
			// watch lists gini outgrew): some 30 MB at n = 1000.
			debug.FreeOSMemory()
		}
		if guard && attempt < compactAttempts {
			memLimit = limitMemory(s, memLimit)
		}
		n, err := sb.search(ctx, s, f, req, limit, cube, guard, out.Stats)
		calls += uint64(s.Solves())
		out.Stats["solver-calls"] = calls
		if err != nil {
			return out, err
		}
		if !s.OverMemory() {
			out.Solutions = n
			return out, nil // a search cut short (sat.Unknown) ended with ctx: Solve sets the Status
		}
		// Start over: drop this solver and its learnt clauses before the
		// next one is built, and renumber.
		out.Stats["restarts"]++
		debug.FreeOSMemory() // s is dead here: its memory goes back

		opts.Shuffle++
		if f, err = encode.CNFWith(b, opts); err != nil {
			return out, fmt.Errorf("backend %s: %w", sb.name, err)
		}
	}
}

// limitMemory sets the memory limit of a compact search on s: limit, or
// when it is 0 compactLimit of the resident memory now (the formula
// loaded); it returns the limit set.
func limitMemory(s *sat.Solver, limit uint64) uint64 {
	if limit == 0 {
		if rss, ok := sat.ResidentMemory(); ok {
			limit = compactLimit(rss)
		}
	}
	s.SetMemoryLimit(limit)
	return limit
}

// formulaOptions are the CNF options of a request on plain board b with
// encoding amo: with the automatic choice (sb.auto) those of
// encode.DefaultCNFOptions, compact on large boards (then compact is
// true: product pairwise up to encode.CompactPairwiseUpTo unless the
// request sets pairwise-up-to, shuffled, diagonals interleaved); option
// shuffle renumbers any of them.
func (sb satBackend) formulaOptions(b encode.Board, req backend.Request, amo encode.AMOEncoding) (opts encode.CNFOptions, compact bool, err error) {
	if sb.auto(req) {
		if err := b.Validate(); err != nil {
			return opts, false, err
		}
		def, c, err := encode.DefaultCNFOptions(b)
		if err != nil {
			return opts, false, fmt.Errorf("backend %s: %w", sb.name, err)
		}
		amo, compact = def.AMO, c
	}
	if opts, err = satOptions(sb.name, b, req, amo); err != nil {
		return opts, false, err
	}
	if compact {
		if _, ok := req.Options["pairwise-up-to"]; !ok {
			opts.PairwiseUpTo = encode.CompactPairwiseUpTo
		}
		opts.Shuffle, opts.Interleave = encode.CompactShuffle, true
	}
	if v, ok := req.Options["shuffle"]; ok {
		seed, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			return opts, false, fmt.Errorf("backend %s: shuffle %q: want an integer ≥ 0 (0: row-major numbering)", sb.name, v)
		}
		opts.Shuffle = seed
	}
	return opts, compact, nil
}

// search runs one search of formula f loaded in s for the request: the
// first completion by cube and conquer, one model without a blocking
// clause (guard: the compact formula's first solution), or the models
// enumerated up to limit (0: all); it returns how many were found.
func (sb satBackend) search(ctx context.Context, s *sat.Solver, f *encode.Formula, req backend.Request, limit uint64, cube satCube, guard bool, stats map[string]uint64) (uint64, error) {
	var visit func() bool
	var decodeErr error
	if req.Mode == backend.Find {
		visit = func() bool {
			p, err := f.Decode(s.Value)
			if err != nil {
				decodeErr = err
				return false
			}
			if req.Visit != nil {
				return req.Visit(p)
			}
			return true
		}
	}
	var n uint64
	switch {
	case req.Mode == backend.Find && limit == 1 && cube.on:
		n = satCubeFirst(ctx, s, f, cube, stats, visit)
	case guard:
		// One model and no blocking clause: the square variables of
		// DecisionVars would take 8 bytes each.
		if s.Solve(ctx) == sat.Sat {
			n = 1
			visit()
		}
	default:
		// Every model puts one queen in each free row and so makes the
		// same number of square variables true: the blocking clause of a
		// model can be the negation of its queens alone
		// (sat.Solver.EnumerateSets).
		n, _ = s.EnumerateSets(ctx, f.DecisionVars(), limit, visit)
	}
	if decodeErr != nil {
		return n, fmt.Errorf("backend %s: %w", sb.name, decodeErr)
	}
	return n, nil
}

// compactGrowth and compactAttempts bound a first solution with the compact
// formula (encode.DefaultCNFOptions): gini keeps every clause it learns in
// the one array of the formula's clauses and frees the space of deleted
// ones only when they are half of it, so the memory of a search grows with
// its length, and the length of a first search of the empty board of
// order 1000 depends on the numbering of the variables (docs/external.md,
// "The sat backend's memory at n = 1000"). Once the process's resident
// memory passes compactGrowth hundredths of what it was with the formula
// loaded (the learnt clauses then take 60 % of the formula's own), the
// search is dropped and started again under the next numbering
// (encode.CNFOptions.Shuffle + 1), at most compactAttempts − 1 times: the
// last attempt runs without limit. Outcome.Stats["restarts"] counts the
// searches dropped. At n = 1000 the formula loaded is 566 MB (VmRSS), the
// limit 905 MB.
// compactLimit is the memory limit of a search with the compact formula
// whose process held loaded bytes once the formula was loaded (a variable
// so that a test can lower it).
var compactLimit = func(loaded uint64) uint64 { return loaded / 100 * compactGrowth }

const (
	compactGrowth   = 160
	compactAttempts = 4
)

// satCubeFirst looks for one completion of formula f, loaded into s, by
// cube and conquer (satCubes), records the statistics of the cubes in
// stats, and calls visit (when not nil) on a completion found: it returns
// the number found, 1 or 0.
func satCubeFirst(ctx context.Context, s *sat.Solver, f *encode.Formula, cube satCube, stats map[string]uint64, visit func() bool) uint64 {
	st, cs := satCubes(ctx, s, f, cube)
	stats["cubes"] = uint64(cs.Cubes)
	stats["lookahead-nodes"] = uint64(cs.Nodes)
	stats["lookahead-refuted"] = uint64(cs.Refuted)
	stats["cube-backjumps"] = uint64(cs.Backjump)
	if st != sat.Sat {
		return 0
	}
	if visit != nil {
		visit()
	}
	return 1
}

// satOptions checks board b and the request's options for a sat backend
// named name with encoding amo, and refuses a formula too large for the
// machine's memory by its size in closed form (encode.CNFSize), before
// anything is built.
func satOptions(name string, b encode.Board, req backend.Request, amo encode.AMOEncoding) (encode.CNFOptions, error) {
	if err := b.Validate(); err != nil {
		return encode.CNFOptions{}, err
	}
	opts := encode.CNFOptions{AMO: amo, Dense: true}
	if v, ok := req.Options["pairwise-up-to"]; ok {
		cut, err := strconv.Atoi(v)
		if err != nil || cut < 2 {
			return opts, fmt.Errorf("backend %s: pairwise-up-to %q: want an integer ≥ 2", name, v)
		}
		opts.PairwiseUpTo = cut
	}
	opts.DiagonalCounts = diagonalCountsDefault(b)
	if v, ok := req.Options["diagonal-counts"]; ok {
		on, err := strconv.ParseBool(v)
		if err != nil {
			return opts, fmt.Errorf("backend %s: diagonal-counts %q: want true or false", name, v)
		}
		opts.DiagonalCounts = on
	}
	vars, clauses, err := encode.CNFSize(b, opts)
	if err != nil {
		return opts, fmt.Errorf("backend %s: %w", name, err)
	}
	if need, have := SATMemoryEstimate(vars, clauses), SATMemoryLimit(); need > have {
		return opts, backend.TooBig("backend %s: the %v encoding of this board has %d variables and %d clauses, which would take about %.1f GB, more than this machine's %.1f GB; try another encoding (amo product is the smallest) or backend minconflicts or construct", name, amo, vars, clauses, float64(need)/1e9, float64(have)/1e9)
	}
	return opts, nil
}

// diagonalCountsDefault reports whether board b gets the diagonal counts
// (encode.CNFOptions.DiagonalCounts) when the request does not say:
// completion boards with at most SATCubeMaxFree free rows, those that cube
// and conquer decides. Measured on the published instances (docs/sat.md),
// the counts let gini decide more of them within the same processor time.
// On a board with many free rows they only add a large counter: m·min(k,
// m−k) registers per family of diagonals for k free rows and m usable
// diagonals, about 2k², more than the squares' own variables, whose
// counting argument binds only at the very end of a fill. With them a
// first completion of n = 700 with 3 queens given found none in 120 s
// (1.37 GB), without them one in 10 s (460 MB), as fast as the empty
// board (docs/sat.md, "Large boards with a few queens given").
func diagonalCountsDefault(b encode.Board) bool {
	given := b.Given()
	return given > 0 && b.N-given <= SATCubeMaxFree
}
