package oracle_test

import (
	"math/rand/v2"
	"testing"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/oracle"
)

// The brute force agrees with the reference table where it is fast enough.
func TestCompletionsAgainstTable(t *testing.T) {
	ref := oracle.Counts(t)
	if ref[8] != [2]uint64{92, 12} || ref[27][0] != 234907967154122528 {
		t.Fatalf("reference table damaged: %v %v", ref[8], ref[27])
	}
	for n := 1; n <= 9; n++ {
		sols := oracle.Completions(encode.Empty(n))
		if uint64(len(sols)) != ref[n][0] {
			t.Errorf("unexpected count for n=%d: got %d want %d", n, len(sols), ref[n][0])
		}
		for _, p := range sols {
			if err := encode.Verify(encode.Empty(n).Problem(), p); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestRandomBoard(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 100; i++ {
		b := oracle.RandomBoard(rng, 8, 4)
		if err := b.Validate(); err != nil || b.Given() > 4 {
			t.Fatalf("%+v: %v", b, err)
		}
		for _, p := range oracle.Completions(b) {
			if err := encode.Verify(b.Problem(), p); err != nil {
				t.Fatal(err)
			}
		}
	}
}
