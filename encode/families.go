package encode

import (
	"context"
	"fmt"
	"io"
	"strconv"
)

// The families of instance files that qtool gen writes, each with the
// name of its files and their comments, which say how they were made (the
// methods of Gent, Jefferson and Nightingale, JAIR 59, 2017).

// A CompletionFamily is queens-gen-fast's completion instances: boards of
// order N with K queens placed, instance i drawn from Seed and i.
type CompletionFamily struct {
	N, K int
	Seed uint64
}

// FileName is the name of instance i's file.
func (f CompletionFamily) FileName(i int) string {
	return fmt.Sprintf("q%d-k%d-s%d-%04d.txt", f.N, f.K, f.Seed, i)
}

// Generate draws instance i (GenerateContext).
func (f CompletionFamily) Generate(ctx context.Context, i int) (Board, error) {
	return GenerateContext(ctx, f.N, f.K, f.Seed, uint64(i))
}

// Write writes b, instance i, after two comment lines that say how it
// was made: as a grid up to n = 64, in the compact form above.
func (f CompletionFamily) Write(w io.Writer, b Board, i int) error {
	fmt.Fprintf(w, "# qtool gen: queens-gen-fast method (Gent, Jefferson & Nightingale, JAIR 59, 2017)\n")
	fmt.Fprintf(w, "# n %d, k %d, seed %d, index %d, placed %d\n", b.N, f.K, f.Seed, i, b.Given())
	if b.N <= 64 {
		return b.WriteGrid(w)
	}
	return b.WriteCompact(w)
}

// A DiagonalsFamily is queens-diag-gen's Excluded Diagonals instances
// (CSPLib prob079) of order N, every row and column keeping MinFree
// squares off the excluded diagonals; each file lists every diagonal the
// generator excludes, in order (the instance with d diagonals takes the
// first d).
type DiagonalsFamily struct {
	N, MinFree int
	Seed       uint64
}

// FileName is the name of instance i's file.
func (f DiagonalsFamily) FileName(i int) string {
	return fmt.Sprintf("diag-%d-%d-s%d-%04d.param", f.N, f.MinFree, f.Seed, i)
}

// Write draws instance i (GenerateDiagonalsContext: it stops with ctx's
// error when ctx ends) and writes it as a .param file after two comment
// lines.
func (f DiagonalsFamily) Write(ctx context.Context, w io.Writer, i int) error {
	ds, err := GenerateDiagonalsContext(ctx, f.N, f.MinFree, f.Seed, uint64(i))
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "# qtool gen: Excluded Diagonals, queens-diag-gen method (Gent, Jefferson & Nightingale, JAIR 59, 2017; CSPLib prob079)\n")
	fmt.Fprintf(w, "# n %d, min-free %d, seed %d, index %d, diagonals %d: the instance with d diagonals takes the first d (count --diagonals d)\n", f.N, f.MinFree, f.Seed, i, len(ds))
	return WriteParam(w, f.N, ds)
}

// A BlockedFamily is the Blocked n-Queens instances of order N: Blocked
// squares blocked uniformly at random.
type BlockedFamily struct {
	N, Blocked int
	Seed       uint64
}

// Write draws instance i (GenerateBlocked) and writes it as a grid with
// 'x' for the blocked squares, after two comment lines; it stops with
// ctx's error when ctx has ended.
func (f BlockedFamily) Write(ctx context.Context, w io.Writer, i int) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	bs, err := GenerateBlocked(f.N, f.Blocked, f.Seed, uint64(i))
	if err == nil {
		fmt.Fprintf(w, "# qtool gen: Blocked n-Queens, %d squares blocked uniformly at random (Gent, Jefferson & Nightingale, JAIR 59, 2017)\n# n %d, blocked %d, seed %d, index %d\n", f.Blocked, f.N, f.Blocked, f.Seed, i)
		err = Instance{Board: Empty(f.N), Blocked: bs}.WriteGridBlocked(w)
	}
	return err
}

// FileName is the name of instance i's file.
func (f BlockedFamily) FileName(i int) string {
	return fmt.Sprintf("blocked-%d-b%d-s%d-%04d.txt", f.N, f.Blocked, f.Seed, i)
}

// InstanceBytes estimates the size of one instance file of order n of the
// family ("diagonals", "blocked", or the completion boards): a .param with
// about 4n diagonals, a grid of n+1 bytes a row, or a completion board (a
// grid up to n = 64, else the compact form, a number and a blank a row).
func InstanceBytes(family string, n int) uint64 {
	digits := uint64(len(strconv.Itoa(n)))
	un := uint64(n)
	switch family {
	case "diagonals":
		return 4*un*(2*digits+6) + 300
	case "blocked":
		return un*(un+1) + 300
	}
	if n <= 64 {
		return un*(un+1) + 300
	}
	return un*(digits+1) + 300
}
