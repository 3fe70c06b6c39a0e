//go:build unix

package sat_test

import (
	"bufio"
	"bytes"
	"context"
	"strconv"
	"syscall"
	"testing"

	"github.com/qtool-project/qtool/cnf"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/sat"
)

// queensDIMACS returns the DIMACS text of the empty n-queens board in
// qtool's default encoding, and its clause count.
func queensDIMACS(b *testing.B, n int) ([]byte, int) {
	b.Helper()
	f, err := encode.CNF(encode.Empty(n), encode.DefaultAMO)
	if err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	if err := f.WriteDIMACS(&buf); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes(), f.Clauses()
}

// BenchmarkReadDIMACS reads the n-queens formula of the default encoding
// (n = 200: 1.1 M clauses; n = 500: 8 M) from memory, reporting clauses a
// second (wall and processor). reader=qtool is ReadDIMACSContext into a cnf.Counter;
// reader=words is the yardstick run beside it, the plain way of reading
// the same lines (bufio.Scanner, bytes.Fields and strconv.Atoi) into the
// same Counter; dst=gini is ReadDIMACSContext into gini (sized from the
// header, as qtool sat makes it), whose own cost of taking the clauses is
// included.
func BenchmarkReadDIMACS(b *testing.B) {
	for _, n := range []int{200, 500} {
		data, clauses := queensDIMACS(b, n)
		var cpu0 float64
		perSecond := func(b *testing.B) {
			b.ReportMetric(float64(clauses)*float64(b.N)/b.Elapsed().Seconds(), "clauses/s")
			b.ReportMetric(float64(clauses)*float64(b.N)/(processorTime()-cpu0), "clauses/cpu-s")
		}
		name := "n=" + strconv.Itoa(n)
		b.Run(name+"/reader=qtool", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			cpu0 = processorTime()
			for b.Loop() {
				var c cnf.Counter
				if _, err := sat.ReadDIMACSContext(context.Background(), bytes.NewReader(data), "q.cnf", &c, sat.ReadOptions{}); err != nil {
					b.Fatal(err)
				}
				if c.Clauses != clauses {
					b.Fatalf("%d clauses read, want %d", c.Clauses, clauses)
				}
			}
			perSecond(b)
		})
		b.Run(name+"/reader=words", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			cpu0 = processorTime()
			for b.Loop() {
				var c cnf.Counter
				sc := bufio.NewScanner(bytes.NewReader(data))
				sc.Buffer(make([]byte, 1<<16), 1<<20)
				for sc.Scan() {
					line := sc.Bytes()
					if len(line) == 0 || line[0] == 'c' || line[0] == 'p' {
						continue
					}
					for _, w := range bytes.Fields(line) {
						if lit, err := strconv.Atoi(string(w)); err == nil {
							c.Add(lit)
						}
					}
				}
				if c.Clauses != clauses {
					b.Fatalf("%d clauses read, want %d", c.Clauses, clauses)
				}
			}
			perSecond(b)
		})
		if n > 200 {
			continue // gini on n = 500 takes seconds a run
		}
		b.Run(name+"/reader=qtool/dst=gini", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			cpu0 = processorTime()
			for b.Loop() {
				s := sat.NewSize(n*n, clauses)
				if _, err := sat.ReadDIMACSContext(context.Background(), bytes.NewReader(data), "q.cnf", s, sat.ReadOptions{}); err != nil {
					b.Fatal(err)
				}
			}
			perSecond(b)
		})
	}
}

// processorTime is the processor time of this process so far, in seconds:
// on a shared machine the rate per processor second varies much less than
// the rate per wall second.
func processorTime() float64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return float64(ru.Utime.Sec+ru.Stime.Sec) + float64(ru.Utime.Usec+ru.Stime.Usec)/1e6
}
