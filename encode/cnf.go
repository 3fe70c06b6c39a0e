package encode

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/qtool-project/qtool/cnf"
)

// Adder is the clause sink of package cnf, which the CNF encoder writes
// into.
type Adder = cnf.Adder

// Counter is an Adder that only counts what it receives.
type Counter = cnf.Counter

// AMOEncoding is an at-most-one encoding of package cnf; CNFOptions.AMO
// names the one for rows, columns and diagonals (ProductBimander: Product
// for the rows and columns, which are exactly-one constraints, Bimander for
// the diagonals).
type AMOEncoding = cnf.AMO

// The at-most-one encodings, documented in package cnf.
const (
	Pairwise        = cnf.Pairwise
	Sequential      = cnf.Sequential
	Commander       = cnf.Commander
	Product         = cnf.Product
	Bimander        = cnf.Bimander
	ProductBimander = cnf.ProductBimander
)

// DefaultAMO is the at-most-one encoding that qtool uses when none is asked
// for: the one with which gini finds a first solution of the empty board
// fastest for n from 200 to 1000, measured by BenchmarkSAT and TestSATTable
// in package experiments.
const DefaultAMO = ProductBimander

// AutoAMO is the name of the automatic choice of DefaultCNFOptions, which
// the sat backend makes when no encoding or this one is asked for.
const AutoAMO = "auto"

// CompactClauses is the size of formula from which DefaultCNFOptions
// leaves DefaultAMO for the compact formula: a board whose formula with
// DefaultAMO would have more than this many clauses (the empty board from
// n = 595) gets Product with groups pairwise up to CompactPairwiseUpTo and
// the variables shuffled (CNFOptions.Shuffle = CompactShuffle). With gini,
// DefaultAMO's formula takes about 75 bytes a clause at the peak of a
// first solution (2,991,948 KiB at n = 1000, 21 s of processor time); the
// compact one has 4.5 times fewer clauses (8.9 million at n = 1000), and
// the sat backend found a first solution of the empty board of order 1000
// with it in 797,484–905,376 KiB over 8 numberings, 22–51 s (docs/
// external.md, "The sat backend's memory at n = 1000").
const CompactClauses = 12_000_000

// CompactPairwiseUpTo and CompactShuffle are the PairwiseUpTo and Shuffle
// of the compact formula of DefaultCNFOptions: groups of up to 8
// variables pairwise, the smallest formula of Product (fewer auxiliaries
// than 4, fewer clauses than 32), and the first shuffled numbering.
const (
	CompactPairwiseUpTo = 8
	CompactShuffle      = 1
)

// DefaultCNFOptions returns the options with which the sat backend writes
// board b by default (AutoAMO): DefaultAMO in dense numbering, unless that
// formula would have more than CompactClauses clauses, in which case
// Product with PairwiseUpTo CompactPairwiseUpTo, Shuffle CompactShuffle
// and Interleave. The second result says whether it chose the compact
// formula. The cost is that of CNFSize; an invalid board gives its error.
func DefaultCNFOptions(b Board) (CNFOptions, bool, error) {
	opts := CNFOptions{AMO: DefaultAMO, Dense: true}
	_, clauses, err := CNFSize(b, opts)
	if err != nil {
		return opts, false, err
	}
	if clauses <= CompactClauses {
		return opts, false, nil
	}
	return CNFOptions{AMO: Product, Dense: true, PairwiseUpTo: CompactPairwiseUpTo, Shuffle: CompactShuffle, Interleave: true}, true, nil
}

// AMOEncodings lists every at-most-one encoding, Pairwise first.
func AMOEncodings() []AMOEncoding { return cnf.AMOs() }

// ParseAMO returns the encoding with the given name, as cnf.ParseAMO
// reads it.
func ParseAMO(name string) (AMOEncoding, error) {
	a, err := cnf.ParseAMO(name)
	if err != nil {
		return 0, fmt.Errorf("encode: unknown at-most-one encoding %q (known: %s)", name, strings.Join(AMONames(), ", "))
	}
	return a, nil
}

// AMONames are the names of AMOEncodings, in their order.
func AMONames() []string {
	names := make([]string, 0, 6)
	for _, a := range cnf.AMOs() {
		names = append(names, a.String())
	}
	return names
}

// MaxCNFSquares is the largest number of square variables (free rows times
// free columns) that CNF encodes: the squares are indexed with 32-bit
// integers, and a formula that large is beyond any solver's memory anyway.
const MaxCNFSquares = 1 << 28

// CNFOptions chooses how CNFWith writes a board.
type CNFOptions struct {
	// AMO is the at-most-one encoding for rows, columns and diagonals.
	AMO AMOEncoding
	// KeepAttacked encodes every square of the board, the given queens
	// being unit clauses only, instead of leaving out the rows and columns
	// of the given queens and the squares they attack diagonally.
	KeepAttacked bool
	// PairwiseUpTo, when positive, is the size up to which a group of
	// variables is written pairwise whatever the encoding (at least 2);
	// 0 keeps the encoding's own: 4 for Sequential and Commander, 32 for
	// Product and Bimander.
	PairwiseUpTo int
	// DiagonalCounts adds, for each direction of diagonals, the count that
	// the queens of the encoded rows occupy that many distinct diagonals:
	// a variable u_d for each diagonal d holding an encoded square, with
	// u_d → (a queen on d) and (a queen on d) → u_d, and at least k of the
	// u_d true for k encoded rows (Sinz's sequential counter on their
	// negations). The clauses are implied by the others (each row has one
	// queen, each diagonal at most one), so the models are the same; they
	// let unit propagation see, as a counting argument that resolution
	// cannot make short, that too few usable diagonals remain.
	DiagonalCounts bool
	// Dense numbers the variables of the encoded squares 1..k in row-major
	// order (then the given queens, then the auxiliaries) instead of
	// r·n+c+1. A board of order 10⁴ with a few free rows then needs a few
	// hundred variables instead of 10⁸.
	Dense bool
	// Shuffle, when not 0, renumbers every variable of a Dense formula
	// (squares, given queens and auxiliaries alike) by a pseudo-random
	// permutation that the value determines: the same clauses under other
	// names, so the models are the same once read through Var, DecisionVars
	// and Decode. A CDCL solver breaks the ties of its first decisions by
	// variable number, and in row-major order it places the queens of the
	// empty board greedily from one corner; gini then learns far more
	// clauses (docs/external.md, "The sat backend's memory at n = 1000").
	// It needs Dense (CNFWith returns an error otherwise) and costs 4 bytes
	// a variable.
	Shuffle uint64
	// Interleave writes the at-most-one constraints of the diagonals and
	// anti-diagonals in turn (r+c = k, then r−c = k−n+1, for k = 0, 1, …)
	// instead of every diagonal, then every anti-diagonal: the same
	// clauses in another order (and other auxiliaries). With Shuffle, on
	// the empty board of order 1000, gini's first solutions peaked at
	// 896,734 KiB on average over 9 numberings against 980,196 KiB over 7
	// without (docs/external.md).
	Interleave bool
}

// Formula is the CNF of an n-queens problem: one variable per square, true
// when a queen stands there, then auxiliary variables for the at-most-one
// constraints. It is a description from which clauses are generated on
// demand (Encode, WriteDIMACS); it does not hold them.
type Formula struct {
	n      int
	queens []int // given queen of each row or -1, length n
	opts   CNFOptions

	sqR, sqC   []int32 // encoded squares in row-major order
	rowStart   []int32 // squares of rows[i] are rowStart[i]..rowStart[i+1]-1
	rows, cols []int32 // rows and columns that get exactly-one constraints
	colOrder   []int32 // square indices grouped by column, in the order of cols
	colStart   []int32
	diagOrder  []int32 // square indices grouped by r+c
	diagStart  []int32
	antiOrder  []int32 // square indices grouped by r−c+n−1
	antiStart  []int32
	givenRows  []int32 // rows of the given queens, increasing

	base    int // variables before the auxiliaries
	vars    int
	clauses int
	perm    []int32 // CNFOptions.Shuffle: perm[v] is the name of variable v
}

// CNF encodes board b with the at-most-one encoding amo, leaving out the
// rows, columns and squares that the given queens take or attack: variable
// x(r,c) = r·n+c+1 says that a queen stands on row r, column c (0-based);
// the auxiliary variables come after n². Every free row and every free
// column gets at-least-one and at-most-one, and every diagonal holding at
// least two free squares gets at-most-one; a given queen is a unit clause.
// The models of the formula, restricted to the variables DecisionVars
// returns, are exactly the completions of b. It returns an error for an
// invalid board or encoding. The cost is O(n + k²) for k free rows.
func CNF(b Board, amo AMOEncoding) (*Formula, error) {
	return CNFWith(b, CNFOptions{AMO: amo})
}

// CNFWith is CNF with options.
func CNFWith(b Board, opts CNFOptions) (*Formula, error) {
	sh, err := newCNFShape(b, opts)
	if err != nil {
		return nil, err
	}
	n := b.N
	f := &Formula{n: n, opts: opts, queens: sh.queens, rows: sh.rows, cols: sh.cols, givenRows: sh.givenRows}
	k := len(f.rows) * len(f.cols)
	f.sqR = make([]int32, 0, k)
	f.sqC = make([]int32, 0, k)
	f.rowStart = make([]int32, 0, len(f.rows)+1)
	for _, r := range f.rows {
		f.rowStart = append(f.rowStart, int32(len(f.sqR)))
		for _, c := range f.cols {
			if !sh.encoded(r, c) {
				continue
			}
			f.sqR = append(f.sqR, r)
			f.sqC = append(f.sqC, c)
		}
	}
	f.rowStart = append(f.rowStart, int32(len(f.sqR)))
	f.colOrder, f.colStart = f.group(n, func(i int) int { return int(f.sqC[i]) })
	f.diagOrder, f.diagStart = f.group(2*n-1, func(i int) int { return int(f.sqR[i] + f.sqC[i]) })
	f.antiOrder, f.antiStart = f.group(2*n-1, func(i int) int { return int(f.sqR[i]-f.sqC[i]) + n - 1 })

	f.base = sh.base(len(f.sqR))
	var sz cnfSizer
	sz.init(opts, f.base, len(f.givenRows))
	for i := range f.rows {
		sz.group(int(f.rowStart[i+1]-f.rowStart[i]), true)
	}
	for _, c := range f.cols {
		sz.group(int(f.colStart[c+1]-f.colStart[c]), true)
	}
	for d := 0; d < 2*n-1; d++ {
		sz.group(int(f.diagStart[d+1]-f.diagStart[d]), false)
		sz.group(int(f.antiStart[d+1]-f.antiStart[d]), false)
	}
	if opts.DiagonalCounts {
		sz.counts(len(f.rows), len(f.sqR), f.diagStart, f.antiStart)
	}
	f.vars, f.clauses = sz.vars, sz.clauses
	if opts.Shuffle != 0 {
		f.perm = shufflePerm(f.vars, opts.Shuffle)
	}
	return f, nil
}

// ShufflePerm returns the renaming of CNFOptions.Shuffle with seed for a
// formula of vars variables: variable v is called perm[v] (perm[0] = 0),
// so that a caller can shuffle another formula, such as a Model's CNF,
// the same way.
func ShufflePerm(vars int, seed uint64) []int32 { return shufflePerm(vars, seed) }

// shufflePerm returns a permutation of 1..vars (index 0 is 0) that seed
// determines: Fisher and Yates's shuffle driven by PCG.
func shufflePerm(vars int, seed uint64) []int32 {
	perm := make([]int32, vars+1)
	for v := range perm {
		perm[v] = int32(v)
	}
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	for i := vars; i > 1; i-- {
		j := 1 + rng.IntN(i)
		perm[i], perm[j] = perm[j], perm[i]
	}
	return perm
}

// permAdder renames the variables of the literals it passes on.
type permAdder struct {
	dst  Adder
	perm []int32
}

func (p permAdder) Add(lit int) {
	switch {
	case lit > 0:
		p.dst.Add(int(p.perm[lit]))
	case lit < 0:
		p.dst.Add(-int(p.perm[-lit]))
	default:
		p.dst.Add(0)
	}
}

// name returns the name of variable v: itself, or its image by the
// permutation of CNFOptions.Shuffle.
func (f *Formula) name(v int) int {
	if f.perm == nil {
		return v
	}
	return int(f.perm[v])
}

// CNFSize returns the number of variables and of clauses of the formula
// that CNFWith(b, opts) would build, and the error it would return, without
// building it: O(n) memory and O(n + k²) time for k free rows, so that a
// caller can refuse a formula too large for a solver before paying for it.
func CNFSize(b Board, opts CNFOptions) (vars, clauses int, err error) {
	sh, err := newCNFShape(b, opts)
	if err != nil {
		return 0, 0, err
	}
	n := b.N
	colLen := make([]int, n)
	diagLen := make([]int, 2*n-1)
	antiLen := make([]int, 2*n-1)
	rowLen := make([]int, len(sh.rows))
	squares := 0
	for i, r := range sh.rows {
		for _, c := range sh.cols {
			if !sh.encoded(r, c) {
				continue
			}
			rowLen[i]++
			colLen[c]++
			diagLen[r+c]++
			antiLen[int(r-c)+n-1]++
		}
		squares += rowLen[i]
	}
	var sz cnfSizer
	sz.init(opts, sh.base(squares), len(sh.givenRows))
	for _, m := range rowLen {
		sz.group(m, true)
	}
	for _, c := range sh.cols {
		sz.group(colLen[c], true)
	}
	for d := range diagLen {
		sz.group(diagLen[d], false)
		sz.group(antiLen[d], false)
	}
	if opts.DiagonalCounts {
		ds, as := make([]int32, len(diagLen)+1), make([]int32, len(antiLen)+1)
		for d := range diagLen {
			ds[d+1], as[d+1] = ds[d]+int32(diagLen[d]), as[d]+int32(antiLen[d])
		}
		sz.counts(len(sh.rows), squares, ds, as)
	}
	return sz.vars, sz.clauses, nil
}

// cnfShape is what CNFWith and CNFSize both derive from a board: the rows
// and columns that get constraints and the lines the given queens hold.
type cnfShape struct {
	n, dense           int // dense: 1 with CNFOptions.Dense
	keep               bool
	queens             []int
	rows, cols         []int32
	givenRows          []int32
	diagUsed, antiUsed []bool
}

func newCNFShape(b Board, opts CNFOptions) (*cnfShape, error) {
	if err := b.Validate(); err != nil {
		return nil, err
	}
	if !opts.AMO.Valid() {
		return nil, fmt.Errorf("encode: unknown at-most-one encoding %d", int(opts.AMO))
	}
	if err := cnf.CheckPairwiseUpTo(opts.PairwiseUpTo); err != nil {
		return nil, fmt.Errorf("encode: %w", err)
	}
	if opts.Shuffle != 0 && !opts.Dense {
		return nil, fmt.Errorf("encode: a shuffled numbering needs the dense one")
	}
	n := b.N
	sh := &cnfShape{n: n, keep: opts.KeepAttacked, queens: make([]int, n)}
	if opts.Dense {
		sh.dense = 1
	}
	colUsed := make([]bool, n)
	sh.diagUsed = make([]bool, 2*n-1)
	sh.antiUsed = make([]bool, 2*n-1)
	for r := range n {
		c := b.Queen(r)
		sh.queens[r] = c
		if c >= 0 {
			sh.givenRows = append(sh.givenRows, int32(r))
			colUsed[c], sh.diagUsed[r+c], sh.antiUsed[r-c+n-1] = true, true, true
		}
	}
	for r := range n {
		if sh.keep || sh.queens[r] < 0 {
			sh.rows = append(sh.rows, int32(r))
		}
	}
	for c := range n {
		if sh.keep || !colUsed[c] {
			sh.cols = append(sh.cols, int32(c))
		}
	}
	if k := len(sh.rows) * len(sh.cols); k > MaxCNFSquares {
		return nil, fmt.Errorf("encode: the CNF of a board with %d free rows would have %d square variables, more than %d", len(sh.rows), k, MaxCNFSquares)
	}
	return sh, nil
}

// encoded reports whether square (r, c) of a constrained row and column
// gets a variable: always with KeepAttacked, otherwise when no given queen
// attacks it diagonally.
func (sh *cnfShape) encoded(r, c int32) bool {
	return sh.keep || !(sh.diagUsed[r+c] || sh.antiUsed[int(r-c)+sh.n-1])
}

// base returns the number of variables before the auxiliaries, for a
// formula that encodes the given number of squares.
func (sh *cnfShape) base(squares int) int {
	if sh.dense == 0 {
		return sh.n * sh.n
	}
	if sh.keep {
		return squares
	}
	return squares + len(sh.givenRows)
}

// cnfSizer adds up the size of a formula group by group, as Encode writes
// it: a unit clause per given queen, then exactly-one for each row and
// column and at-most-one for each diagonal.
type cnfSizer struct {
	amo           AMOEncoding
	cut           int
	vars, clauses int
}

func (z *cnfSizer) init(opts CNFOptions, base, given int) {
	z.amo = opts.AMO
	z.cut = opts.PairwiseUpTo
	z.vars, z.clauses = base, given
}

// group counts a row or column (exactly one) or a diagonal of m variables.
func (z *cnfSizer) group(m int, exactly bool) {
	size := cnf.AtMostOneSize
	if exactly {
		size = cnf.ExactlyOneSize
	}
	cl, aux := size(z.amo, m, z.cut)
	z.clauses += cl
	z.vars += aux
}

// counts adds the size of CNFOptions.DiagonalCounts for k encoded rows and
// the given number of squares, the diagonals' squares given by the starts
// of their groups.
func (z *cnfSizer) counts(k, squares int, starts ...[]int32) {
	for _, start := range starts {
		m := 0
		for d := 0; d+1 < len(start); d++ {
			if start[d+1] > start[d] {
				m++
			}
		}
		cl, aux := cnf.BetweenSize(z.amo, m, k, m, z.cut)
		z.vars += m + aux
		z.clauses += m + squares + cl
	}
}

// group sorts the square indices by key (0 ≤ key < buckets), stably, by
// counting: order[start[k]:start[k+1]] are the squares with key k in
// row-major order.
func (f *Formula) group(buckets int, key func(i int) int) (order, start []int32) {
	start = make([]int32, buckets+1)
	for i := range f.sqR {
		start[key(i)+1]++
	}
	for k := 0; k < buckets; k++ {
		start[k+1] += start[k]
	}
	order = make([]int32, len(f.sqR))
	next := append([]int32(nil), start[:buckets]...)
	for i := range f.sqR {
		k := key(i)
		order[next[k]] = int32(i)
		next[k]++
	}
	return order, start
}

// N returns the order of the board.
func (f *Formula) N() int { return f.n }

// AMO returns the at-most-one encoding of the formula.
func (f *Formula) AMO() AMOEncoding { return f.opts.AMO }

// Vars returns the number of variables, the auxiliaries included: the
// largest variable the clauses may use.
func (f *Formula) Vars() int { return f.vars }

// Clauses returns the number of clauses that Encode writes.
func (f *Formula) Clauses() int { return f.clauses }

// Squares returns the number of squares that have a variable in some
// clause: the free squares (every square with KeepAttacked).
func (f *Formula) Squares() int { return len(f.sqR) }

// Var returns the variable of square (r, c), or 0 when that square is not
// encoded (it is taken or attacked by a given queen). A given queen has a
// variable too, fixed by a unit clause.
func (f *Formula) Var(r, c int) int {
	if r < 0 || r >= f.n || c < 0 || c >= f.n {
		return 0
	}
	if g := f.queens[r]; g >= 0 && !f.opts.KeepAttacked {
		if g != c {
			return 0
		}
		return f.givenVar(r)
	}
	if !f.opts.Dense {
		if f.opts.KeepAttacked || f.squareIndex(r, c) >= 0 {
			return r*f.n + c + 1
		}
		return 0
	}
	if i := f.squareIndex(r, c); i >= 0 {
		return f.name(i + 1)
	}
	return 0
}

// squareIndex finds square (r, c) among the encoded squares, or −1.
func (f *Formula) squareIndex(r, c int) int {
	// Rows are sorted; binary search the row, then the column.
	lo, hi := 0, len(f.rows)
	for lo < hi {
		m := (lo + hi) / 2
		if int(f.rows[m]) < r {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo == len(f.rows) || int(f.rows[lo]) != r {
		return -1
	}
	a, b := int(f.rowStart[lo]), int(f.rowStart[lo+1])
	for a < b {
		m := (a + b) / 2
		if int(f.sqC[m]) < c {
			a = m + 1
		} else {
			b = m
		}
	}
	if a < int(f.rowStart[lo+1]) && int(f.sqC[a]) == c {
		return a
	}
	return -1
}

// sqVar is the variable of square i, renamed by CNFOptions.Shuffle.
func (f *Formula) sqVar(i int) int { return f.name(f.rawSqVar(i)) }

// rawSqVar is the variable of square i before renaming, which the
// clauses are written with.
func (f *Formula) rawSqVar(i int) int {
	if f.opts.Dense {
		return i + 1
	}
	return int(f.sqR[i])*f.n + int(f.sqC[i]) + 1
}

// givenVar is the variable of the given queen in row r.
func (f *Formula) givenVar(r int) int {
	c := f.queens[r]
	if f.opts.Dense && !f.opts.KeepAttacked {
		j := 0
		for j < len(f.givenRows) && int(f.givenRows[j]) < r {
			j++
		}
		return f.name(len(f.sqR) + j + 1)
	}
	return r*f.n + c + 1
}

// DecisionVars returns the variables of the encoded squares in row-major
// order: the variables a model must be projected on so that each
// completion of the board is counted once (the auxiliaries and the given
// queens are functions of them).
func (f *Formula) DecisionVars() []int {
	vs := make([]int, len(f.sqR))
	for i := range vs {
		vs[i] = f.sqVar(i)
	}
	return vs
}

// Encode writes the clauses into dst: the given queens as unit clauses,
// then for each encoded row and column at-least-one and at-most-one, then
// at-most-one for each diagonal (r+c constant) and each anti-diagonal (r−c
// constant) holding at least two encoded squares. Auxiliary variables are
// numbered from Vars of the squares up, in the order they are needed. The
// cost is O(number of literals) time and O(n + k²) memory.
func (f *Formula) Encode(dst Adder) {
	f.EncodeContext(context.Background(), dst)
}

// EncodeContext is Encode that stops when ctx ends, which it checks after
// every row, column and diagonal, and then returns ctx's error: dst has
// received a part of the formula, its last clause ended.
func (f *Formula) EncodeContext(ctx context.Context, dst Adder) error {
	if f.perm != nil {
		dst = permAdder{dst, f.perm}
	}
	e := cnf.NewEncoder(dst, f.opts.AMO, f.opts.PairwiseUpTo, f.base)
	for j, r := range f.givenRows {
		if f.opts.Dense && !f.opts.KeepAttacked {
			dst.Add(len(f.sqR) + j + 1)
		} else {
			dst.Add(int(r)*f.n + f.queens[r] + 1)
		}
		dst.Add(0)
	}
	lits := make([]int, 0, max(len(f.cols), len(f.rows)))
	for i := range f.rows {
		if err := ctx.Err(); err != nil {
			return err
		}
		lits = lits[:0]
		for s := f.rowStart[i]; s < f.rowStart[i+1]; s++ {
			lits = append(lits, f.rawSqVar(int(s)))
		}
		e.ExactlyOne(lits)
	}
	for _, c := range f.cols {
		if err := ctx.Err(); err != nil {
			return err
		}
		lits = lits[:0]
		for _, s := range f.colOrder[f.colStart[c]:f.colStart[c+1]] {
			lits = append(lits, f.rawSqVar(int(s)))
		}
		e.ExactlyOne(lits)
	}
	diagonal := func(order, start []int32, k int) {
		lits = lits[:0]
		for _, s := range order[start[k]:start[k+1]] {
			lits = append(lits, f.rawSqVar(int(s)))
		}
		e.AtMostOne(lits)
	}
	if f.opts.Interleave {
		for k := 0; k+1 < len(f.diagStart); k++ {
			if err := ctx.Err(); err != nil {
				return err
			}
			diagonal(f.diagOrder, f.diagStart, k)
			diagonal(f.antiOrder, f.antiStart, k)
		}
	} else {
		for _, d := range [2]struct{ order, start []int32 }{{f.diagOrder, f.diagStart}, {f.antiOrder, f.antiStart}} {
			for k := 0; k+1 < len(d.start); k++ {
				if err := ctx.Err(); err != nil {
					return err
				}
				diagonal(d.order, d.start, k)
			}
		}
	}
	if f.opts.DiagonalCounts {
		if err := f.encodeDiagonalCounts(ctx, e, dst); err != nil {
			return err
		}
	}
	return ctx.Err()
}

// encodeDiagonalCounts writes the redundant counts of the DiagonalCounts
// option: for each family of diagonals a variable per non-empty diagonal,
// true exactly when it holds a queen, and at least as many of them true
// as there are free rows, each queen being on a diagonal of its own
// (AtLeastK).
func (f *Formula) encodeDiagonalCounts(ctx context.Context, e *cnf.Encoder, dst Adder) error {
	for _, d := range [2]struct{ order, start []int32 }{{f.diagOrder, f.diagStart}, {f.antiOrder, f.antiStart}} {
		if err := ctx.Err(); err != nil {
			return err
		}
		var used []int
		for k := 0; k+1 < len(d.start); k++ {
			if d.start[k+1] == d.start[k] {
				continue
			}
			u := e.Fresh()
			used = append(used, u)
			dst.Add(-u) // u → a queen on the diagonal
			for _, sq := range d.order[d.start[k]:d.start[k+1]] {
				dst.Add(f.rawSqVar(int(sq)))
			}
			dst.Add(0)
			for _, sq := range d.order[d.start[k]:d.start[k+1]] {
				cnf.Clause(dst, -f.rawSqVar(int(sq)), u) // a queen on it → u
			}
		}
		e.AtLeastK(used, len(f.rows))
	}
	return nil
}

// Decode reads the placement from a model: model(v) is the value of
// variable v. The given queens stay where they are; each free row gets the
// one encoded square whose variable is true. It returns an error when a
// free row has no queen or several (the model is not one of the formula).
// The cost is O(n + k²).
func (f *Formula) Decode(model func(v int) bool) (Placement, error) {
	p := make(Placement, f.n)
	for r := range p {
		p[r] = -1
		if !f.opts.KeepAttacked {
			p[r] = f.queens[r]
		}
	}
	for i := range f.sqR {
		if !model(f.sqVar(i)) {
			continue
		}
		r, c := int(f.sqR[i]), int(f.sqC[i])
		if p[r] >= 0 {
			return nil, fmt.Errorf("encode: model puts two queens in row %d (columns %d and %d)", r, p[r], c)
		}
		p[r] = c
	}
	for r, c := range p {
		if c < 0 {
			return nil, fmt.Errorf("encode: model puts no queen in row %d", r)
		}
	}
	return p, nil
}

// WriteDIMACS writes the formula in the DIMACS CNF format: comment lines
// naming n, the encoding, the given queens ("c queen ROW COL", 0-based) and
// the variable mapping, the header "p cnf V C", then one clause per line.
// The variables of left-out squares appear in no clause, so a solver may
// give them any value: decode a model with Decode, or read only the given
// queens and the squares they do not attack. It streams: memory is O(n + k²) whatever the
// number of clauses.
func (f *Formula) WriteDIMACS(w io.Writer) error {
	var c strings.Builder
	n := f.n
	fmt.Fprintf(&c, "qtool n-queens CNF\nn %d\namo %s\n", n, f.opts.AMO)
	fmt.Fprintf(&c, "given %d queens", len(f.givenRows))
	if f.opts.KeepAttacked {
		fmt.Fprintf(&c, " (unit clauses; every square encoded)")
	} else {
		fmt.Fprintf(&c, " (unit clauses; the squares they take or attack are left out: their variables are in no clause, ignore their values)")
	}
	for _, r := range f.givenRows {
		fmt.Fprintf(&c, "\nqueen %d %d", r, f.queens[r])
	}
	switch {
	case f.perm != nil:
		fmt.Fprintf(&c, "\nvariables shuffled (seed %d): the encoded squares are listed below as \"c x VAR ROW COL\" (0-based), every other variable is auxiliary", f.opts.Shuffle)
	case f.opts.Dense:
		fmt.Fprintf(&c, "\nvariables 1..%d are the encoded squares, listed below as \"c x VAR ROW COL\" (0-based)", len(f.sqR))
	default:
		fmt.Fprintf(&c, "\nvariable r*%d+c+1 is a queen on row r, column c (0-based), 1..%d", n, n*n)
	}
	if f.opts.Dense {
		for i := range f.sqR {
			fmt.Fprintf(&c, "\nx %d %d %d", f.sqVar(i), f.sqR[i], f.sqC[i])
		}
		if !f.opts.KeepAttacked {
			for _, r := range f.givenRows {
				fmt.Fprintf(&c, "\nx %d %d %d", f.givenVar(int(r)), r, f.queens[r])
			}
		}
	}
	if f.vars > f.base && f.perm == nil {
		fmt.Fprintf(&c, "\nvariables %d..%d are auxiliary", f.base+1, f.vars)
	}
	dw := cnf.NewWriter(w, f.vars, f.clauses, c.String())
	f.Encode(dw)
	return dw.Close()
}
