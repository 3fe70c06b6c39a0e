package all_test

import (
	"errors"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/backend"
	_ "github.com/qtool-project/qtool/backend/all"
	"github.com/qtool-project/qtool/encode"
)

// TestCountRange: a count of the empty board whose total cannot fit in a
// uint64 is refused by every counting backend with NeedRange; the orders
// just inside are admitted, and so are a find, a count with a queen given
// and a variant of the same order. CountMaxN itself is checked against
// the reference: Q(27) fits with more room than the growth of Q.
func TestCountRange(t *testing.T) {
	// A000170(27), from testdata/nqueens-counts.tsv (the largest known).
	q27, _ := new(big.Int).SetString("234907967154122528", 10)
	limit := new(big.Int).SetUint64(math.MaxUint64)
	// Q(n+1)/Q(n) < n/2 for every known n ≥ 10 (10.5 at n = 26): Q(28)
	// < 14·Q(27) fits, Q(29) > 10·Q(28) > 2^64 does not.
	if new(big.Int).Mul(q27, big.NewInt(14)).Cmp(limit) >= 0 {
		t.Fatal("14·Q(27) does not fit: CountMaxN is too large")
	}
	if backend.CountMaxN != 28 {
		t.Errorf("CountMaxN = %d, want 28", backend.CountMaxN)
	}
	board := func(n int) encode.Problem {
		return encode.Problem{Variant: encode.Queens, Instance: encode.Instance{Board: encode.Empty(n)}}
	}
	counted := 0
	for _, name := range backend.Names() {
		b, _ := backend.Lookup(name)
		c := b.Caps()
		if !c.Count || !c.Solves(encode.Queens) || c.External || (c.MaxN > 0 && c.MaxN < 30) {
			continue
		}
		counted++
		err := backend.Admit(b, board(29), backend.Request{Mode: backend.Count})
		var r *backend.Refusal
		if !errors.As(err, &r) || r.Need != backend.NeedRange || !strings.Contains(err.Error(), "n = 29") {
			t.Errorf("%s: count n = 29: %v, want a NeedRange refusal", name, err)
		}
		if err := backend.Admit(b, board(28), backend.Request{Mode: backend.Count}); errors.As(err, &r) && r.Need == backend.NeedRange {
			t.Errorf("%s: count n = 28 refused: %v", name, err)
		}
		if c.Find {
			if err := backend.Admit(b, board(40), backend.Request{Mode: backend.Find, Limit: 1}); errors.As(err, &r) && r.Need == backend.NeedRange {
				t.Errorf("%s: find n = 40 refused: %v", name, err)
			}
		}
		if c.Complete {
			p := board(40)
			p.Board.Queens = []int{0}
			if err := backend.Admit(b, p, backend.Request{Mode: backend.Count}); errors.As(err, &r) && r.Need == backend.NeedRange {
				t.Errorf("%s: count of a completion at n = 40 refused: %v", name, err)
			}
		}
		if c.Unique {
			if err := backend.Admit(b, board(29), backend.Request{Mode: backend.Count, Unique: true}); errors.As(err, &r) && r.Need == backend.NeedRange {
				t.Errorf("%s: unique count n = 29 refused: %v", name, err)
			}
			if err := backend.Admit(b, board(30), backend.Request{Mode: backend.Count, Unique: true}); !errors.As(err, &r) || r.Need != backend.NeedRange {
				t.Errorf("%s: unique count n = 30: %v, want a NeedRange refusal", name, err)
			}
		}
	}
	if counted < 3 {
		t.Errorf("only %d counting backends take n = 30", counted)
	}
}
