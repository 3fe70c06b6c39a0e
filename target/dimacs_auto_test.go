package target

import (
	"bytes"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/encode"
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
