package experiments_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
)

// benchCountLarge adds BenchmarkCount/n=16/backend=join/workers=1 and
// the like for n = 16, 17, 18: the splitting counters (join, domains,
// constellation) and the bitmask
// counter on 1 and 2 workers, and the yardstick refcount.c (a copy in
// testdata/refcount, built with gcc -O3 -march=native as its header says)
// as backend=refcount-c, so that one run measures them side by side:
//
//	go test ./experiments -run XXX -bench 'Count/n=16' -benchtime 1x -count 5
func benchCountLarge(b *testing.B) {
	for _, n := range []int{16, 17, 18} {
		b.Run("n="+strconv.Itoa(n)+"/backend=refcount-c", func(b *testing.B) {
			bin := refcountBinary(b)
			want := strconv.FormatUint(referenceCount(n), 10)
			for b.Loop() {
				out, err := exec.Command(bin, strconv.Itoa(n)).Output()
				if err != nil {
					b.Fatal(err)
				}
				if got := strings.TrimSpace(string(out)); got != want {
					b.Fatalf("refcount %d = %s, want %s", n, got, want)
				}
			}
		})
		for _, name := range []string{"join", "domains", "constellation", "bitmask"} {
			be, err := backend.Lookup(name)
			if err != nil {
				b.Fatal(err)
			}
			for _, workers := range []int{1, 2} {
				b.Run("n="+strconv.Itoa(n)+"/backend="+name+"/workers="+strconv.Itoa(workers), func(b *testing.B) {
					for b.Loop() {
						out, err := backend.SolveBoard(context.Background(), be, encode.Empty(n), backend.Request{Mode: backend.Count, Workers: workers})
						if err != nil {
							b.Fatal(err)
						}
						if out.Solutions != referenceCount(n) {
							b.Fatalf("%s: %d solutions, want %d", name, out.Solutions, referenceCount(n))
						}
						CountSink += out.Solutions
					}
				})
			}
		}
	}
}

// referenceCount is A000170(n) for the orders benchCountLarge measures.
func referenceCount(n int) uint64 {
	return map[int]uint64{16: 14772512, 17: 95815104, 18: 666090624}[n]
}

var refcountOnce struct {
	sync.Once
	bin string
	err error
}

// refcountBinary builds testdata/refcount/refcount.c once, or skips the
// benchmark when gcc is missing.
func refcountBinary(b *testing.B) string {
	b.Helper()
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		b.Skip("gcc not installed: no yardstick")
	}
	refcountOnce.Do(func() {
		dir, err := os.MkdirTemp("", "refcount")
		if err != nil {
			refcountOnce.err = err
			return
		}
		refcountOnce.bin = filepath.Join(dir, "refcount")
		out, err := exec.Command(gcc, "-O3", "-march=native", "-o", refcountOnce.bin, filepath.Join("testdata", "refcount", "refcount.c")).CombinedOutput()
		if err != nil {
			refcountOnce.err = err
			b.Logf("%s", out)
		}
	})
	if refcountOnce.err != nil {
		b.Fatal(refcountOnce.err)
	}
	return refcountOnce.bin
}
