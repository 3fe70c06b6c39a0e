package target

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/sat"
)

// TestDIMACSAuto: with Auto a plain board is written as the sat backend's
// default formula (encode.DefaultCNFOptions) — product-bimander in dense
// numbering on a small board, the compact shuffled product beyond
// encode.CompactClauses — and the estimate names the choice.
func TestDIMACSAuto(t *testing.T) {
	for _, n := range []int{6, 600} {
		b := encode.Empty(n)
		j := Job{Prob: encode.Problem{Variant: encode.Queens, Instance: encode.Instance{Board: b}}, AMO: encode.DefaultAMO, Auto: true}
		opts, compact, err := encode.DefaultCNFOptions(b)
		if err != nil {
			t.Fatal(err)
		}
		if compact != (n == 600) {
			t.Errorf("n = %d: compact %v", n, compact)
		}
		_, _, what, err := SizeDIMACS(j)
		if err != nil || !strings.Contains(what, "--amo auto ("+opts.AMO.String()+")") {
			t.Errorf("n = %d: estimate %q, %v", n, what, err)
		}
		if n > 100 {
			continue // the text of n = 600 is 270 MB
		}
		var got, want bytes.Buffer
		if err := WriteDIMACS(&got, j); err != nil {
			t.Fatal(err)
		}
		f, err := encode.CNFWith(b, opts)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.WriteDIMACS(&want); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() || got.Len() == 0 {
			t.Errorf("n = %d: --amo auto wrote another formula than DefaultCNFOptions'", n)
		}
		// The text itself against the reference: its models over the
		// squares its comments list ("c x VAR ROW COL") are the 4
		// solutions of n = 6 (A000170).
		var squares []int
		for _, line := range strings.Split(got.String(), "\n") {
			if f := strings.Fields(line); len(f) == 5 && f[0] == "c" && f[1] == "x" {
				v, _ := strconv.Atoi(f[2])
				squares = append(squares, v)
			}
		}
		l, err := sat.Load(context.Background(), strings.NewReader(got.String()), "auto.cnf", sat.Bounds(1<<30))
		if err != nil {
			t.Fatal(err)
		}
		if models, _ := l.Solver.EnumerateSets(context.Background(), squares, 0, nil); len(squares) != n*n || models != 4 {
			t.Errorf("n = %d: %d squares listed, %d models; want %d and 4", n, len(squares), models, n*n)
		}
		j.Auto = false
		var plain bytes.Buffer
		if err := WriteDIMACS(&plain, j); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(plain.String(), "c variable r*6+c+1 is a queen") {
			t.Errorf("without Auto the numbering is not r·n+c+1:\n%.300s", plain.String())
		}
	}
}
