package encode

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// Adder receives a formula in conjunctive normal form one literal at a time,
// the way DIMACS writes it: a nonzero literal v (variable v ≥ 1 is true) or
// −v (it is false) extends the current clause, and 0 ends the clause. It is
// the narrow sink the CNF encoder writes into, after gini's inter.Adder, so
// that one code path fills a SAT solver, a DIMACS writer or a Counter
// without a slice of clauses ever being built.
type Adder interface {
	Add(lit int)
}

// Counter is an Adder that only counts what it receives.
type Counter struct {
	Clauses  int // clauses ended (by Add(0)), the empty clause included
	Literals int // nonzero literals
	MaxVar   int // the largest variable seen
}

// Add counts one literal, or the end of a clause when lit is 0.
func (c *Counter) Add(lit int) {
	if lit == 0 {
		c.Clauses++
		return
	}
	c.Literals++
	if lit < 0 {
		lit = -lit
	}
	c.MaxVar = max(c.MaxVar, lit)
}

// AMOEncoding is a way to write "at most one of these variables is true" as
// clauses. Every encoding here is arc-consistent: once one variable of the
// group is true, unit propagation makes all the others false.
type AMOEncoding int

const (
	// Pairwise (also called binomial or naive) forbids every pair:
	// m(m−1)/2 binary clauses and no auxiliary variable.
	Pairwise AMOEncoding = iota
	// Sequential is the sequential counter of Sinz, "Towards an Optimal
	// CNF Encoding of Boolean Cardinality Constraints", CP 2005,
	// doi:10.1007/11564751_73, for k = 1: 3m−4 binary clauses and m−1
	// auxiliary variables.
	Sequential
	// Commander is the commander encoding of Klieber and Kwon, "Efficient
	// CNF Encoding for Selecting 1 from N Objects", CFV 2007, with groups of
	// three as Gent, Jefferson and Nightingale use it: each group gets a
	// commander variable equivalent to the disjunction of the group, the
	// group is pairwise, and the commanders are encoded recursively. About
	// 3m clauses and m/2 auxiliary variables.
	Commander
	// Product is the product encoding of Chen, "A New SAT Encoding of the
	// At-Most-One Constraint", ModRef 2010: the m variables are laid out in
	// a p×q grid (p = ⌈√m⌉) with a variable per grid row and per grid
	// column, and at most one of each is encoded recursively. Groups of at
	// most 32 variables are pairwise (Chen's base case is smaller): a few
	// more clauses, and on large boards gini makes fewer propagations
	// through auxiliary variables and fewer conflicts. For 32 < m ≤ 1024,
	// 2m + p(p−1)/2 + q(q−1)/2 ≈ 3m clauses and p + q ≈ 2√m auxiliary
	// variables.
	Product
	// Bimander is the bimander encoding of Nguyen and Mai, "A New Method
	// to Encode the At-Most-One Constraint into SAT", SoICT 2015: the m
	// variables are split into about √m groups of about √m, each group is
	// pairwise, and the index of the group holding the true variable is
	// written in binary on ⌈log₂ √m⌉ auxiliary variables, each variable of
	// a group implying the bits of its index. About m(√m/2 + log₂ √m)
	// clauses. Groups of at most 32 variables are pairwise.
	Bimander
	// ProductBimander is not an at-most-one encoding of its own but a
	// choice per line: Product for the rows and columns, Bimander for the
	// diagonals. On empty boards of order 200 to 1000 gini finds a first
	// solution with it two to three times faster than with Product
	// everywhere and 3.5 times faster than with Pairwise at n = 200 (about
	// 0.4 s, 10 s at n = 1000; see TestSATTable in package experiments),
	// at the price of a formula two to three times larger than Product's:
	// 40 million clauses, some 4 GB in gini, at n = 1000.
	ProductBimander
)

// DefaultAMO is the at-most-one encoding that qtool uses when none is asked
// for: the one with which gini finds a first solution of the empty board
// fastest for n from 200 to 1000, measured by BenchmarkSAT and TestSATTable
// in package experiments.
const DefaultAMO = ProductBimander

var amoNames = [...]string{"pairwise", "sequential", "commander", "product", "bimander", "product-bimander"}

var amoAliases = map[string]AMOEncoding{
	"binomial": Pairwise, "naive": Pairwise,
	"seq": Sequential, "sinz": Sequential,
	"cmd":     Commander,
	"prod":    Product,
	"bim":     Bimander,
	"prodbim": ProductBimander, "product+bimander": ProductBimander,
}

// AMOEncodings lists every at-most-one encoding, Pairwise first.
func AMOEncodings() []AMOEncoding {
	return []AMOEncoding{Pairwise, Sequential, Commander, Product, Bimander, ProductBimander}
}

// parts returns the encodings of the rows and columns and of the
// diagonals: the same one for a true at-most-one encoding.
func (a AMOEncoding) parts() (lines, diagonals AMOEncoding) {
	if a == ProductBimander {
		return Product, Bimander
	}
	return a, a
}

// String returns the encoding's name, the one ParseAMO reads.
func (a AMOEncoding) String() string {
	if a < 0 || int(a) >= len(amoNames) {
		return "amo(" + strconv.Itoa(int(a)) + ")"
	}
	return amoNames[a]
}

func (a AMOEncoding) valid() bool { return a >= 0 && int(a) < len(amoNames) }

// ParseAMO returns the encoding with the given name (case does not matter;
// "binomial", "seq", "cmd", "prod", "bim" and "prodbim" are accepted too).
func ParseAMO(name string) (AMOEncoding, error) {
	s := strings.ToLower(strings.TrimSpace(name))
	for i, n := range amoNames {
		if s == n {
			return AMOEncoding(i), nil
		}
	}
	if a, ok := amoAliases[s]; ok {
		return a, nil
	}
	return 0, fmt.Errorf("encode: unknown at-most-one encoding %q (known: %s)", name, strings.Join(amoNames[:], ", "))
}

// MaxCNFSquares is the largest number of square variables (free rows times
// free columns) that CNF encodes: the squares are indexed with 32-bit
// integers, and a formula that large is beyond any solver's memory anyway.
const MaxCNFSquares = 1 << 28

// amoCutoff: groups of at most this many variables are encoded pairwise
// whatever the encoding, since below it pairwise is the smallest (and is
// the base case of the recursive encodings).
const amoCutoff = 4

// wideCutoff is the larger base case of Product and Bimander: groups of at
// most this many variables are pairwise. It costs a few more clauses and
// saves gini many propagations through auxiliary variables.
const wideCutoff = 32

// pairwiseUpTo returns the size up to which amo writes a group pairwise:
// cut when it is positive, otherwise the encoding's own.
func pairwiseUpTo(amo AMOEncoding, cut int) int {
	switch {
	case amo == Pairwise:
		return math.MaxInt
	case cut > 0:
		return cut
	case amo == Product || amo == Bimander:
		return wideCutoff
	}
	return amoCutoff
}

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
	// Dense numbers the variables of the encoded squares 1..k in row-major
	// order (then the given queens, then the auxiliaries) instead of
	// r·n+c+1. A board of order 10⁴ with a few free rows then needs a few
	// hundred variables instead of 10⁸.
	Dense bool
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
	f.vars, f.clauses = sz.vars, sz.clauses
	return f, nil
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
	if !opts.AMO.valid() {
		return nil, fmt.Errorf("encode: unknown at-most-one encoding %d", int(opts.AMO))
	}
	if opts.PairwiseUpTo < 0 || opts.PairwiseUpTo == 1 {
		return nil, fmt.Errorf("encode: groups pairwise up to %d variables: want 0 (the encoding's own) or at least 2", opts.PairwiseUpTo)
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
// it: a unit clause per given queen, then for each group of m variables
// the clauses and auxiliaries of its at-most-one and, for a row or column,
// one at-least-one clause.
type cnfSizer struct {
	lines, diags  AMOEncoding
	cut           int
	vars, clauses int
}

func (z *cnfSizer) init(opts CNFOptions, base, given int) {
	z.lines, z.diags = opts.AMO.parts()
	z.cut = opts.PairwiseUpTo
	z.vars, z.clauses = base, given
}

// group counts a row or column (alo) or a diagonal of m variables.
func (z *cnfSizer) group(m int, alo bool) {
	amo := z.diags
	if alo {
		amo = z.lines
	}
	cl, aux := amoSize(amo, m, z.cut)
	z.clauses += cl
	z.vars += aux
	if alo {
		z.clauses++
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

// amoSize returns the clauses and auxiliary variables that amo writes for
// a group of m variables, groups of up to pairwiseUpTo(amo, cut) being
// pairwise; it follows the emitter's recursion exactly.
func amoSize(amo AMOEncoding, m, cut int) (clauses, aux int) {
	if m <= 1 {
		return 0, 0
	}
	if m <= pairwiseUpTo(amo, cut) {
		return m * (m - 1) / 2, 0
	}
	switch amo {
	case Sequential:
		return 3*m - 4, m - 1
	case Commander:
		g := 0
		for i := 0; i < m; i += 3 {
			s := min(3, m-i)
			g++
			if s > 1 {
				clauses += s*(s-1)/2 + s + 1
				aux++
			}
		}
		cl, a := amoSize(amo, g, cut)
		return clauses + cl, aux + a
	case Product:
		p, q := productShape(m)
		cp, ap := amoSize(amo, p, cut)
		cq, aq := amoSize(amo, q, cut)
		return 2*m + cp + cq, p + q + ap + aq
	case Bimander:
		size, groups, bits := bimanderShape(m)
		last := m - (groups-1)*size
		return (groups-1)*size*(size-1)/2 + last*(last-1)/2 + m*bits, bits
	}
	panic("encode: unknown at-most-one encoding " + amo.String())
}

// productShape returns p = ⌈√m⌉ and q = ⌈m/p⌉, the grid of the product
// encoding.
func productShape(m int) (p, q int) {
	p = 1
	for p*p < m {
		p++
	}
	return p, (m + p - 1) / p
}

// bimanderShape returns the groups of the bimander encoding of m
// variables: about √m groups of size variables (the last one may be
// smaller), and the bits that number them.
func bimanderShape(m int) (size, groups, bits int) {
	g, _ := productShape(m)
	size = (m + g - 1) / g
	groups = (m + size - 1) / size
	for 1<<bits < groups {
		bits++
	}
	return size, groups, bits
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
		return i + 1
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

func (f *Formula) sqVar(i int) int {
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
		return len(f.sqR) + j + 1
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
	lines, diags := f.opts.AMO.parts()
	e := emitter{dst: dst, amo: lines, cut: f.opts.PairwiseUpTo, next: f.base}
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
			lits = append(lits, f.sqVar(int(s)))
		}
		e.exactlyOne(lits)
	}
	for _, c := range f.cols {
		if err := ctx.Err(); err != nil {
			return err
		}
		lits = lits[:0]
		for _, s := range f.colOrder[f.colStart[c]:f.colStart[c+1]] {
			lits = append(lits, f.sqVar(int(s)))
		}
		e.exactlyOne(lits)
	}
	e.amo = diags
	for _, d := range [2]struct{ order, start []int32 }{{f.diagOrder, f.diagStart}, {f.antiOrder, f.antiStart}} {
		for k := 0; k+1 < len(d.start); k++ {
			if err := ctx.Err(); err != nil {
				return err
			}
			lits = lits[:0]
			for _, s := range d.order[d.start[k]:d.start[k+1]] {
				lits = append(lits, f.sqVar(int(s)))
			}
			e.atMostOne(lits)
		}
	}
	return ctx.Err()
}

// emitter writes cardinality constraints into an Adder, allocating
// auxiliary variables after next.
type emitter struct {
	dst  Adder
	amo  AMOEncoding
	cut  int // CNFOptions.PairwiseUpTo
	next int
}

func (e *emitter) fresh() int {
	e.next++
	return e.next
}

func (e *emitter) binary(a, b int) {
	e.dst.Add(a)
	e.dst.Add(b)
	e.dst.Add(0)
}

func (e *emitter) exactlyOne(xs []int) {
	for _, x := range xs {
		e.dst.Add(x)
	}
	e.dst.Add(0)
	e.atMostOne(xs)
}

// atMostOne writes at most one of the variables xs true.
func (e *emitter) atMostOne(xs []int) {
	m := len(xs)
	if m <= 1 {
		return
	}
	if m <= pairwiseUpTo(e.amo, e.cut) {
		e.pairwise(xs)
		return
	}
	switch e.amo {
	case Sequential:
		// s_i: some x_1..x_i is true (Sinz's LT_SEQ for k = 1).
		s := e.fresh()
		e.binary(-xs[0], s)
		for i := 1; i < m-1; i++ {
			t := e.fresh()
			e.binary(-xs[i], t)
			e.binary(-s, t)
			e.binary(-xs[i], -s)
			s = t
		}
		e.binary(-xs[m-1], -s)
	case Commander:
		cmds := make([]int, 0, (m+2)/3)
		for i := 0; i < m; i += 3 {
			g := xs[i:min(i+3, m)]
			if len(g) == 1 {
				cmds = append(cmds, g[0])
				continue
			}
			c := e.fresh()
			cmds = append(cmds, c)
			e.pairwise(g)
			for _, x := range g {
				e.binary(-x, c)
			}
			e.dst.Add(-c)
			for _, x := range g {
				e.dst.Add(x)
			}
			e.dst.Add(0)
		}
		e.atMostOne(cmds)
	case Product:
		p, q := productShape(m)
		us := make([]int, p)
		vs := make([]int, q)
		for i := range us {
			us[i] = e.fresh()
		}
		for i := range vs {
			vs[i] = e.fresh()
		}
		for i, x := range xs {
			e.binary(-x, us[i/q])
			e.binary(-x, vs[i%q])
		}
		e.atMostOne(us)
		e.atMostOne(vs)
	case Bimander:
		size, groups, bits := bimanderShape(m)
		b0 := e.next + 1
		e.next += bits
		for g := range groups {
			grp := xs[g*size : min((g+1)*size, m)]
			e.pairwise(grp)
			for _, x := range grp {
				for j := range bits {
					if g>>j&1 == 1 {
						e.binary(-x, b0+j)
					} else {
						e.binary(-x, -(b0 + j))
					}
				}
			}
		}
	}
}

// pairwise writes a binary clause for each pair of xs.
func (e *emitter) pairwise(xs []int) {
	for i := 0; i < len(xs); i++ {
		for j := i + 1; j < len(xs); j++ {
			e.binary(-xs[i], -xs[j])
		}
	}
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
	bw := bufio.NewWriterSize(w, 1<<16)
	n := f.n
	fmt.Fprintf(bw, "c qtool n-queens CNF\nc n %d\nc amo %s\n", n, f.opts.AMO)
	fmt.Fprintf(bw, "c given %d queens", len(f.givenRows))
	if f.opts.KeepAttacked {
		fmt.Fprintf(bw, " (unit clauses; every square encoded)\n")
	} else {
		fmt.Fprintf(bw, " (unit clauses; the squares they take or attack are left out: their variables are in no clause, ignore their values)\n")
	}
	for _, r := range f.givenRows {
		fmt.Fprintf(bw, "c queen %d %d\n", r, f.queens[r])
	}
	if f.opts.Dense {
		fmt.Fprintf(bw, "c variables 1..%d are the encoded squares, listed below as \"c x VAR ROW COL\" (0-based)\n", len(f.sqR))
		for i := range f.sqR {
			fmt.Fprintf(bw, "c x %d %d %d\n", i+1, f.sqR[i], f.sqC[i])
		}
		if !f.opts.KeepAttacked {
			for j, r := range f.givenRows {
				fmt.Fprintf(bw, "c x %d %d %d\n", len(f.sqR)+j+1, r, f.queens[r])
			}
		}
	} else {
		fmt.Fprintf(bw, "c variable r*%d+c+1 is a queen on row r, column c (0-based), 1..%d\n", n, n*n)
	}
	if f.vars > f.base {
		fmt.Fprintf(bw, "c variables %d..%d are auxiliary\n", f.base+1, f.vars)
	}
	fmt.Fprintf(bw, "p cnf %d %d\n", f.vars, f.clauses)
	dw := &dimacsWriter{w: bw}
	f.Encode(dw)
	if dw.err != nil {
		return dw.err
	}
	return bw.Flush()
}

// dimacsWriter is the Adder that prints clauses in DIMACS form.
type dimacsWriter struct {
	w   *bufio.Writer
	buf []byte
	err error
}

func (d *dimacsWriter) Add(lit int) {
	if lit == 0 {
		d.buf = append(d.buf, '0', '\n')
		if _, err := d.w.Write(d.buf); err != nil && d.err == nil {
			d.err = err
		}
		d.buf = d.buf[:0]
		return
	}
	d.buf = strconv.AppendInt(d.buf, int64(lit), 10)
	d.buf = append(d.buf, ' ')
}
