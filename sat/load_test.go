package sat

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
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

// TestBounds: the bounds follow the memory limit.
func TestBounds(t *testing.T) {
	o := Bounds(1 << 30)
	if o.MaxLiterals != (1<<30)/32 || o.MaxVar != (1<<30)/500 {
		t.Errorf("%+v", o)
	}
	_, err := Load(context.Background(), strings.NewReader("p cnf 3 1\n1 2 3 0\n"), "t.cnf", Bounds(64))
	var pe *ParseError
	if !errors.As(err, &pe) {
		t.Errorf("a formula beyond the bounds: %v", err)
	}
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
