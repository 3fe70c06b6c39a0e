package encode_test

import (
	"bytes"
	"testing"

	"github.com/qtool-project/qtool/encode"
)

func TestGenerate(t *testing.T) {
	full := 0
	for n := 1; n <= 40; n++ {
		for k := 0; k <= n; k += 1 + n/7 {
			for i := uint64(0); i < 5; i++ {
				b, err := encode.Generate(n, k, 42, i)
				if err != nil {
					t.Fatal(err)
				}
				if err := b.Validate(); err != nil {
					t.Fatalf("n=%d k=%d: %v", n, k, err)
				}
				if g := b.Given(); g > k {
					t.Fatalf("n=%d k=%d: %d queens", n, k, g)
				} else if g == k {
					full++
				}
				again, _ := encode.Generate(n, k, 42, i)
				var x, y bytes.Buffer
				b.WriteGrid(&x)
				again.WriteGrid(&y)
				if !bytes.Equal(x.Bytes(), y.Bytes()) {
					t.Fatalf("n=%d k=%d index %d: not reproducible", n, k, i)
				}
			}
		}
	}
	if full == 0 {
		t.Error("no instance reached k queens")
	}
	a, _ := encode.Generate(30, 20, 1, 0)
	b, _ := encode.Generate(30, 20, 2, 0)
	c, _ := encode.Generate(30, 20, 1, 1)
	if equalQueens(a, b) || equalQueens(a, c) {
		t.Error("different seeds or indices give the same instance")
	}
	for _, bad := range [][2]int{{0, 0}, {-1, 0}, {5, 6}, {5, -1}} {
		if _, err := encode.Generate(bad[0], bad[1], 1, 0); err == nil {
			t.Errorf("Generate(%d, %d) accepted", bad[0], bad[1])
		}
	}
}
