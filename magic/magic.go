package magic

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/textin"
)

// MaxN is the largest order the package reads or builds: n² numbers stay
// small (65025) and a square's text stays under a megabyte.
const MaxN = 255

// maxNumber bounds a number in a square file, so that n of them cannot
// overflow a sum.
const maxNumber = 1_000_000_000

// Square is a square of numbers: Square[r][c] is the number in row r,
// column c (both 0-based). A magic square of order n holds n rows of n
// numbers.
type Square [][]int

// Report is what Check found: the sums of a square against its magic
// constant n(n²+1)/2 (Andrews, Magic Squares and Cubes, 1917, ch. I).
type Report struct {
	N int
	// Normal: the numbers are 1 … n², each once.
	Normal bool
	// Constant is the magic constant of a normal square of order n.
	Constant int
	// Sum is the common sum of the lines when Magic (for a square that is
	// not normal it may differ from Constant).
	Sum int
	// Magic: every row, every column and both main diagonals have the same
	// sum.
	Magic bool
	// Pandiagonal: Magic, and every broken diagonal (n cells (r, r+t) or
	// (r, t−r) modulo n) has that sum too.
	Pandiagonal bool
	// Fault says, when not Magic, the first line whose sum differs.
	Fault string
}

// Check adds up the lines of s: it fails only when s is not square.
func Check(s Square) (Report, error) {
	n := len(s)
	if n < 1 {
		return Report{}, errors.New("magic: empty square")
	}
	for r, row := range s {
		if len(row) != n {
			return Report{}, fmt.Errorf("magic: row %d has %d numbers, the square has %d rows", r+1, len(row), n)
		}
	}
	rep := Report{N: n, Constant: n * (n*n + 1) / 2}
	seen := make([]bool, n*n+1)
	rep.Normal = true
	for _, row := range s {
		for _, v := range row {
			if v < 1 || v > n*n || seen[v] {
				rep.Normal = false
				continue
			}
			seen[v] = true
		}
	}
	line := func(cell func(i int) int) int {
		t := 0
		for i := 0; i < n; i++ {
			t += cell(i)
		}
		return t
	}
	want := line(func(c int) int { return s[0][c] })
	rep.Sum = want
	fault := func(what string, got int) bool {
		if got != want {
			rep.Fault = fmt.Sprintf("%s sums to %d, row 1 to %d", what, got, want)
			return true
		}
		return false
	}
	bad := false
	for r := 0; r < n && !bad; r++ {
		bad = fault(fmt.Sprintf("row %d", r+1), line(func(c int) int { return s[r][c] }))
	}
	for c := 0; c < n && !bad; c++ {
		bad = fault(fmt.Sprintf("column %d", c+1), line(func(r int) int { return s[r][c] }))
	}
	if !bad {
		bad = fault("the main diagonal", line(func(i int) int { return s[i][i] }))
	}
	if !bad {
		bad = fault("the anti-diagonal", line(func(i int) int { return s[i][n-1-i] }))
	}
	if bad {
		return rep, nil
	}
	rep.Magic = true
	rep.Pandiagonal = true
	for t := 0; t < n && rep.Pandiagonal; t++ {
		d := line(func(r int) int { return s[r][(r+t)%n] })
		a := line(func(r int) int { return s[r][((t-r)%n+n)%n] })
		rep.Pandiagonal = d == want && a == want
	}
	return rep, nil
}

// Run is a set of n numbers of a normal magic square that stand on an
// n-queens solution.
type Run struct {
	// High: the numbers a·n+1 … a·n+n (the same high digit a of k−1 in
	// base n); otherwise the numbers k with (k−1) mod n = Digit.
	High  bool
	Digit int
	// Queens is the solution: Queens[r] is the column of the run's number
	// in row r.
	Queens encode.Placement
}

// String names the run's numbers: "1..5" or "3, 8, 13, … (≡ 3 mod 5)".
func (u Run) String() string {
	n := len(u.Queens)
	if u.High {
		return fmt.Sprintf("%d..%d", u.Digit*n+1, u.Digit*n+n)
	}
	if n <= 3 {
		parts := make([]string, n)
		for i := range parts {
			parts[i] = strconv.Itoa(i*n + u.Digit + 1)
		}
		return strings.Join(parts, ", ")
	}
	return fmt.Sprintf("%d, %d, %d, … (≡ %d mod %d)", u.Digit+1, n+u.Digit+1, 2*n+u.Digit+1, (u.Digit+1)%n, n)
}

// ErrNotMagic is wrapped by the errors of QueensOf for a square that is not
// a normal magic square.
var ErrNotMagic = errors.New("not a normal magic square")

// ErrNoRun is wrapped by the error of QueensOf for a magic square none of
// whose 2n digit classes stands on a queens solution.
var ErrNoRun = errors.New("no run stands on a queens solution")

// QueensOf returns the digit classes of the normal magic square s that
// stand on n-queens solutions (see the package comment): the high-digit
// runs first, by digit, then the low-digit classes. Each solution is
// checked by encode.Verify. A square that is not a normal magic square, or
// none of whose classes is a solution, is an error.
func QueensOf(s Square) ([]Run, error) {
	rep, err := Check(s)
	if err != nil {
		return nil, err
	}
	switch {
	case !rep.Normal:
		return nil, fmt.Errorf("magic: %w: its numbers are not 1..%d, each once", ErrNotMagic, rep.N*rep.N)
	case !rep.Magic:
		return nil, fmt.Errorf("magic: %w: %s", ErrNotMagic, rep.Fault)
	}
	n := rep.N
	var runs []Run
	for _, high := range []bool{true, false} {
		for d := 0; d < n; d++ {
			p := make(encode.Placement, n)
			for r := range p {
				p[r] = -1
			}
			ok := true
			for r, row := range s {
				for c, v := range row {
					digit := (v - 1) % n
					if high {
						digit = (v - 1) / n
					}
					if digit != d {
						continue
					}
					if p[r] >= 0 {
						ok = false
					}
					p[r] = c
				}
			}
			if ok && encode.Verify(encode.Empty(n).Problem(), p) == nil {
				runs = append(runs, Run{High: high, Digit: d, Queens: p})
			}
		}
	}
	if len(runs) == 0 {
		return nil, fmt.Errorf("magic: %w: the square is magic, but none of its %d runs of numbers (the same high or low digit in base %d) is an n-queens solution", ErrNoRun, 2*n, n)
	}
	return runs, nil
}

// Covered reports whether FromQueens builds squares of order n: gcd(n, 6)
// = 1, the orders with toroidal solutions (Pólya 1918).
func Covered(n int) bool { return n >= 1 && n%2 != 0 && n%3 != 0 }

// Toroidal reports whether p is a toroidal n-queens solution: its columns,
// its sums r + p(r) and its differences r − p(r) all distinct modulo n.
// When not, it says which two rows share a line of the torus.
func Toroidal(p encode.Placement) (bool, string) {
	n := len(p)
	col, sum, dif := make([]int, n), make([]int, n), make([]int, n)
	for i := range col {
		col[i], sum[i], dif[i] = -1, -1, -1
	}
	for r, c := range p {
		if c < 0 || c >= n {
			return false, fmt.Sprintf("row %d: column %d out of range", r, c)
		}
		for _, l := range []struct {
			seen []int
			key  int
			name string
		}{{col, c, "column"}, {sum, (r + c) % n, "diagonal r + c mod n"}, {dif, ((r-c)%n + n) % n, "diagonal r − c mod n"}} {
			if q := l.seen[l.key]; q >= 0 {
				return false, fmt.Sprintf("the queens of rows %d and %d share a %s (a line of the torus)", q, r, l.name)
			}
			l.seen[l.key] = r
		}
	}
	return true, ""
}

// FromQueens builds the magic square n·A + B + 1 of the package comment
// from the toroidal n-queens solution p, checks it by its sums and checks
// that its numbers 1..n stand on the queens of p. p must be an n-queens
// solution (encode.Verify), n must have gcd(n, 6) = 1 and p must be
// toroidal; anything else is an error saying which.
func FromQueens(p encode.Placement) (Square, error) {
	n := len(p)
	if n < 1 || n > MaxN {
		return nil, fmt.Errorf("magic: n = %d: want 1 ≤ n ≤ %d", n, MaxN)
	}
	if err := encode.Verify(encode.Empty(n).Problem(), p); err != nil {
		return nil, fmt.Errorf("magic: not an n-queens solution: %s", strings.TrimPrefix(err.Error(), "encode: verify: "))
	}
	if !Covered(n) {
		return nil, fmt.Errorf("magic: n = %d is not covered: the construction needs a toroidal solution, and those exist only for n prime to 6 (1, 5, 7, 11, 13, …)", n)
	}
	if ok, why := Toroidal(p); !ok {
		return nil, fmt.Errorf("magic: the solution is not toroidal (%s): the construction needs one", why)
	}
	gcd := func(a, b int) int {
		for b != 0 {
			a, b = b, a%b
		}
		return a
	}
	perm := func(k int) bool {
		seen := make([]bool, n)
		for r, c := range p {
			v := (c + k*r) % n
			if seen[v] {
				return false
			}
			seen[v] = true
		}
		return true
	}
	k, h := 1, ((-(n-1)/2)%n+n)%n
	for kk := 2; kk <= n-2; kk++ {
		if gcd(kk, n) == 1 && gcd(kk-1, n) == 1 && gcd(kk+1, n) == 1 && perm(kk) {
			k, h = kk, 0
			break
		}
	}
	s := make(Square, n)
	for r := range s {
		s[r] = make([]int, n)
		for c := range s[r] {
			a := ((c-p[r])%n + n) % n
			b := (c + k*r + h) % n
			s[r][c] = n*a + b + 1
		}
	}
	rep, err := Check(s)
	if err != nil || !rep.Normal || !rep.Magic {
		return nil, fmt.Errorf("magic: the construction failed for %v: %+v %v", p, rep, err)
	}
	runs, err := QueensOf(s)
	if err != nil || !runs[0].High || runs[0].Digit != 0 || !equal(runs[0].Queens, p) {
		return nil, fmt.Errorf("magic: the construction failed for %v: its numbers 1..%d do not stand on the queens", p, n)
	}
	return s, nil
}

func equal(a, b encode.Placement) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Polya is the regular toroidal solution of Pólya (1918): the queen of row
// r in column 2r mod n, a toroidal solution when gcd(n, 6) = 1.
func Polya(n int) encode.Placement {
	p := make(encode.Placement, n)
	for r := range p {
		p[r] = 2 * r % n
	}
	return p
}

// Read reads a square: n lines of n whitespace-separated integers, blank
// lines and lines starting with '#' ignored, n taken from the first line.
// Errors are one line, "name:line:col: message"; a square larger than
// MaxN or a number beyond ±10⁹ is refused before it is stored.
func Read(r io.Reader, name string) (Square, error) {
	tr := textin.NewReader(r, name, MaxN*12)
	var s Square
	n := 0
	for {
		line, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		text := string(line)
		if t := strings.TrimSpace(text); t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if n > 0 && len(s) == n {
			return nil, tr.Errorf(firstCol(text), "a %d×%d square has %d rows; this is one more", n, n, n)
		}
		row, err := readRow(tr, text, n)
		if err != nil {
			return nil, err
		}
		if n == 0 {
			n = len(row)
			s = make(Square, 0, n)
		}
		s = append(s, row)
	}
	switch {
	case n == 0:
		return nil, &textin.Error{File: name, Msg: "no square: the file holds no numbers"}
	case len(s) < n:
		return nil, &textin.Error{File: name, Line: tr.LineNo(), Msg: fmt.Sprintf("a %d×%d square needs %d rows; the file ends after %d", n, n, n, len(s))}
	}
	return s, nil
}

func firstCol(text string) int {
	return len(text) - len(strings.TrimLeft(text, " \t")) + 1
}

// readRow reads one line of numbers; want is the row length (0: the first
// row, which sets it).
func readRow(tr *textin.Reader, text string, want int) ([]int, error) {
	var row []int
	i := 0
	for i < len(text) {
		if text[i] == ' ' || text[i] == '\t' {
			i++
			continue
		}
		j := i
		for j < len(text) && text[j] != ' ' && text[j] != '\t' {
			j++
		}
		tok := text[i:j]
		v, err := strconv.Atoi(tok)
		if err != nil {
			return nil, tr.Errorf(i+1, "%q is not a whole number", clip(tok))
		}
		if v < -maxNumber || v > maxNumber {
			return nil, tr.Errorf(i+1, "number %s beyond ±%d", clip(tok), maxNumber)
		}
		if want > 0 && len(row) == want {
			return nil, tr.Errorf(i+1, "row has more than %d numbers (the first row has %d)", want, want)
		}
		if want == 0 && len(row) == MaxN {
			return nil, tr.Errorf(i+1, "row has more than %d numbers: squares of order up to %d are read", MaxN, MaxN)
		}
		row = append(row, v)
		i = j
	}
	if want > 0 && len(row) < want {
		return nil, tr.Errorf(len(text)+1, "row has %d numbers; the first row has %d", len(row), want)
	}
	return row, nil
}

func clip(s string) string {
	if len(s) > 20 {
		return s[:20] + "…"
	}
	return s
}

// Format writes s as text that Read reads back: one row a line, the
// numbers right-aligned.
func Format(w io.Writer, s Square) error {
	width := 1
	for _, row := range s {
		for _, v := range row {
			width = max(width, len(strconv.Itoa(v)))
		}
	}
	var b strings.Builder
	for _, row := range s {
		for c, v := range row {
			if c > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprintf(&b, "%*d", width, v)
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Siamese is de la Loubère's square of odd order n (S. de la Loubère, Du
// royaume de Siam, Paris 1691, English 1693; Andrews, Magic Squares and
// Cubes, 1917, ch. I): 1 in the middle of the top row, each next number
// one row up and one column right (modulo n), or, when that cell is
// taken, one row down from the last. It is magic for every odd n; its
// low-digit classes (the numbers k, k+n, k+2n, … step by a knight's move,
// two rows down and one column left) are queens solutions when 3 does not
// divide n either, and it has none when 3 divides n. An even n or one
// beyond MaxN is an error.
func Siamese(n int) (Square, error) {
	if n < 1 || n%2 == 0 || n > MaxN {
		return nil, fmt.Errorf("magic: de la Loubère's method builds squares of odd order 1 ≤ n ≤ %d, not n = %d", MaxN, n)
	}
	s := make(Square, n)
	for r := range s {
		s[r] = make([]int, n)
	}
	r, c := 0, n/2
	for k := 1; k <= n*n; k++ {
		s[r][c] = k
		nr, nc := (r-1+n)%n, (c+1)%n
		if s[nr][nc] != 0 {
			nr, nc = (r+1)%n, c
		}
		r, c = nr, nc
	}
	return s, nil
}
