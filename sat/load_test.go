package sat

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// solverOf reads text through Load into a solved solver.
func solverOf(t *testing.T, text string) *Solver {
	t.Helper()
	l, err := Load(context.Background(), strings.NewReader(text), "t.cnf", ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if st := l.Solver.Solve(context.Background()); st != Sat {
		t.Fatalf("status %v", st)
	}
	return l.Solver
}

// TestLoader: the batches reach gini whole and in order, across batch
// boundaries.
func TestLoader(t *testing.T) {
	var b strings.Builder
	n := loadBatch + 123 // variables, one unit clause each
	b.WriteString("p cnf 200000 0\n")
	for v := 1; v <= n; v++ {
		if v%2 == 1 {
			b.WriteString(strings.Repeat(" ", v%3) + strconv.Itoa(v) + " 0\n")
		} else {
			b.WriteString("-" + strconv.Itoa(v) + " 0\n")
		}
	}
	s := solverOf(t, b.String())
	for v := 1; v <= n; v++ {
		if s.Value(v) != (v%2 == 1) {
			t.Fatalf("variable %d is %v", v, s.Value(v))
		}
	}
}

// TestLoadCompressed: a gzip stream is read as its text, and said so; a
// binary file is a *ParseError at its first binary byte.
func TestLoadCompressed(t *testing.T) {
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	zw.Write([]byte("p cnf 2 2\n1 0\n-2 0\n"))
	zw.Close()
	l, err := Load(context.Background(), &z, "t.cnf.gz", ReadOptions{})
	if err != nil || l.Format != "gzip" || l.Info.Read != 2 {
		t.Fatalf("format %q, %d clauses, error %v", l.Format, l.Info.Read, err)
	}
	if st := l.Solver.Solve(context.Background()); st != Sat || !l.Solver.Value(1) || l.Solver.Value(2) {
		t.Errorf("status %v, model %v %v", st, l.Solver.Value(1), l.Solver.Value(2))
	}
	_, err = Load(context.Background(), strings.NewReader("p cnf 1 1\nc x\x00\n"), "b.cnf", ReadOptions{})
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Line != 2 || pe.Col != 4 {
		t.Errorf("binary file: %v", err)
	}
}

// blocked never delivers a byte.
type blocked struct{ ch chan struct{} }

func (b blocked) Read([]byte) (int, error) { <-b.ch; return 0, nil }

// TestLoadBlocked: a read that never returns does not keep Load from its
// context's end.
func TestLoadBlocked(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err := Load(ctx, blocked{make(chan struct{})}, "-", ReadOptions{})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("error %v", err)
	}
}

// boundsBudget is the memory budget of TestBounds: 32 MiB.
const boundsBudget = 32 << 20

// unitClauses is a formula of header "p cnf vars clauses" and k/2 unit
// clauses, positive (satisfiable), cycling through variables 1..vars and
// ending with vars itself: k literals as the bounds count them (the 0s
// included; k even).
func unitClauses(vars, k int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "p cnf %d %d\n", vars, k/2)
	for i := k/2 - 1; i >= 0; i-- {
		b.WriteString(strconv.Itoa(vars-i%vars) + " 0\n")
	}
	return b.String()
}

// allocated runs f and returns the bytes it allocated (MemStats.TotalAlloc,
// every goroutine's: the test runs alone) and the growth of the live heap
// it left behind.
func allocated(f func()) (total, live uint64) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.GC()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc, max(after.HeapAlloc, before.HeapAlloc) - before.HeapAlloc
}

// TestBounds: under Bounds(budget), the largest formula inside the bounds
// (the most literals, the largest variable) loads, solves and keeps its
// solver within the budget; one literal past the literal bound, one
// variable past the variable bound, and a header past what the reader
// handles are each refused with a *ParseError at that literal's (or
// count's) line and column, before the memory they would take is
// allocated: an input that uses variable 10⁶, or streams clauses far past
// the bound, costs no more than the reading's own buffers.
func TestBounds(t *testing.T) {
	o := Bounds(boundsBudget)
	if o.MaxLiterals <= 0 || o.MaxVar <= 0 || o.MaxLiterals%2 != 0 {
		t.Fatalf("bounds %+v: want positive bounds, an even number of literals", o)
	}
	k, v := int(o.MaxLiterals), o.MaxVar
	lines := 1 + k/2 // the header and the clauses

	// Inside: exactly MaxLiterals literals, variable MaxVar used.
	var l Loaded
	var err error
	_, live := allocated(func() {
		l, err = Load(context.Background(), strings.NewReader(unitClauses(v, k)), "in.cnf", o)
	})
	if err != nil {
		t.Fatalf("the largest formula inside the bounds: %v", err)
	}
	if in := l.Info; in.MaxVar != v || in.Literals+int64(in.Read) != o.MaxLiterals || in.Read != k/2 {
		t.Errorf("inside: %+v; want %d clauses, variable %d", in, k/2, v)
	}
	if live > boundsBudget {
		t.Errorf("the formula inside the bounds holds %d bytes, more than the budget %d", live, boundsBudget)
	}
	if st := l.Solver.Solve(context.Background()); st != Sat || !l.Solver.Value(v) || !l.Solver.Value(1) {
		t.Errorf("inside: status %v, variable %d %v", st, v, l.Solver.Value(v))
	}
	runtime.KeepAlive(l)

	for _, tc := range []struct {
		name, text string
		line, col  int
		msg        string
	}{
		// One literal more: the clause "1 0" after the others passes
		// the literal bound at its literal.
		{"literals", unitClauses(v, k) + "1 0\n", lines + 1, 1, fmt.Sprintf("formula larger than %d literals", k)},
		// A variable past MaxVar, though the header declares it.
		{"variables", fmt.Sprintf("p cnf %d 2\n1 0\n  -%d 0\n", v+1, v+1), 3, 3, fmt.Sprintf("variable %d: a formula with that many variables does not fit in the memory this run may use (%d variables at most)", v+1, v)},
	} {
		_, err := Load(context.Background(), strings.NewReader(tc.text), "past.cnf", o)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.File != "past.cnf" || pe.Line != tc.line || pe.Col != tc.col || !strings.Contains(pe.Msg, tc.msg) {
			t.Errorf("%s past the bound: %v; want past.cnf:%d:%d: %s", tc.name, err, tc.line, tc.col, tc.msg)
		}
	}

	// Refused before allocating, under a small budget (1 MiB: 32768
	// literals, 2097 variables). Loaded without bounds, a formula that
	// uses variable 10⁶ allocates 111 MB (gini's arrays for every
	// variable up to it), and 16 MB of clauses some hundreds of MB; the
	// refusals take the reading's own buffers (a few MB: the parser's
	// 256 KiB, the loader's batches of 2¹⁶ literals).
	small := Bounds(1 << 20)
	stream := io.MultiReader(strings.NewReader("p cnf 3 0\n"), io.LimitReader(&repeating{s: "1 -2 3 0\n"}, 16<<20))
	for _, tc := range []struct {
		name      string
		in        io.Reader
		line, col int
		msg       string
	}{
		{"a header beyond the reader", strings.NewReader("p cnf 4000000000 1\n1 0\n"), 1, 7, "header declares 4000000000 variables, more than qtool handles"},
		{"variable 10⁶", strings.NewReader("p cnf 1000000 1\n1000000 0\n"), 2, 1, fmt.Sprintf("(%d variables at most)", small.MaxVar)},
		// 32768 literals are 8192 clauses of four: the literal bound
		// is passed at the first literal of the next.
		{"16 MB of clauses", stream, 2 + 8192, 1, fmt.Sprintf("formula larger than %d literals", small.MaxLiterals)},
	} {
		var err error
		total, _ := allocated(func() { _, err = Load(context.Background(), tc.in, "big.cnf", small) })
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Line != tc.line || pe.Col != tc.col || !strings.Contains(pe.Msg, tc.msg) {
			t.Errorf("%s: %v; want big.cnf:%d:%d: %s", tc.name, err, tc.line, tc.col, tc.msg)
		}
		if total > 16<<20 {
			t.Errorf("%s: refused after allocating %d bytes; want no more than the reading's buffers", tc.name, total)
		}
	}
}

// repeating reads s again and again.
type repeating struct {
	s   string
	off int
}

func (r *repeating) Read(b []byte) (int, error) {
	n := 0
	for n < len(b) {
		c := copy(b[n:], r.s[r.off:])
		n, r.off = n+c, (r.off+c)%len(r.s)
	}
	return n, nil
}

// TestWriteModelUnderContext: printing the model stops when the context
// ends, and says so.
func TestWriteModelUnderContext(t *testing.T) {
	s := solverOf(t, "p cnf 100000 1\n1 0\n")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out bytes.Buffer
	if err := WriteModel(ctx, &out, s, 100000); err == nil || out.Len() > 100000 {
		t.Errorf("error %v after %d bytes", err, out.Len())
	}
	out.Reset()
	if err := WriteModel(context.Background(), &out, s, 100000); err != nil || !strings.HasSuffix(out.String(), " -100000 0\n") || !strings.HasPrefix(out.String(), "v 1 -2 -3") {
		t.Errorf("error %v, output %q…%q", err, out.String()[:min(20, out.Len())], out.String()[max(0, out.Len()-20):])
	}
}
