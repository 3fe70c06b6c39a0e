package dlx_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/dlx"
)

// TestRandom checks the random families: reproducible from the seed,
// colours in every family, bounds in mcc, costs in cost; and on small
// problems C, M, ss and a search of the written file agree.
func TestRandom(t *testing.T) {
	for _, fam := range []string{"xcc", "mcc", "cost"} {
		spec := dlx.RandomSpec{Family: fam, Primary: 9, Secondary: 18, Options: 36, Colors: 2, Seed: 4}
		p, err := dlx.Random(spec)
		if err != nil {
			t.Fatal(err)
		}
		q, _ := dlx.Random(spec)
		spec.Seed++
		r, _ := dlx.Random(spec)
		if a, b, c := writeString(t, p), writeString(t, q), writeString(t, r); a != b || a == c {
			t.Errorf("%s: the same seed gave another problem, or another seed the same", fam)
		}
		if !p.HasColors() || p.HasBounds() != (fam == "mcc") || p.HasCosts() != (fam == "cost") || p.Options() != 36 {
			t.Errorf("%s: colours %v, bounds %v, costs %v, %d options", fam, p.HasColors(), p.HasBounds(), p.HasCosts(), p.Options())
		}
		want, _ := solveAll(t, p, dlx.Config{})
		back, _ := solveAll(t, mustParse(t, writeString(t, p)), dlx.Config{})
		if !slices.Equal(want, back) || len(want) == 0 {
			t.Errorf("%s: %d solutions, read back %d", fam, len(want), len(back))
		}
		if fam != "mcc" {
			if got, _ := solveAll(t, p, dlx.Config{Algorithm: dlx.SS}); !slices.Equal(got, want) {
				t.Errorf("%s: ss found %d solutions, C %d", fam, len(got), len(want))
			}
		}
		if fam == "cost" {
			if _, _, err := p.Best(context.Background(), 3, dlx.Config{}); err != nil {
				t.Error(err)
			}
		}
	}
	if _, err := dlx.Random(dlx.RandomSpec{Family: "abc", Primary: 1, Secondary: 1, Colors: 1}); err == nil {
		t.Error("family abc accepted")
	}
	if _, err := dlx.Random(dlx.RandomSpec{Family: "xcc", Primary: 1 << 21, Secondary: 1, Colors: 1}); err == nil {
		t.Error("2²¹ items accepted")
	}
}

// TestRandomSpecFiles: the defaults of qtool gen, the comment line that
// makes the problem again, and the file's name.
func TestRandomSpecFiles(t *testing.T) {
	s := dlx.RandomSpec{Family: "xcc", Primary: 5, Colors: 3, Seed: 9}.WithDefaults()
	if s.Secondary != 5 || s.Options != 15 {
		t.Errorf("WithDefaults: %+v", s)
	}
	if kept := (dlx.RandomSpec{Primary: 5, Secondary: 2, Options: 4}).WithDefaults(); kept.Secondary != 2 || kept.Options != 4 {
		t.Errorf("WithDefaults changed given numbers: %+v", kept)
	}
	if got := s.Comment(); got != "| qtool gen --family xcc -n 5 --secondary 5 --options 15 --colours 3 --seed 9\n" {
		t.Errorf("Comment() = %q", got)
	}
	if got := s.FileName(); got != "xcc-5-s9.dlx" {
		t.Errorf("FileName() = %q", got)
	}
}

// TestRandomContext: making the largest random problem stops when its
// context is done, with the context's error, and a live context makes the
// same problem as Random.
func TestRandomContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	big := dlx.RandomSpec{Family: "mcc", Primary: 1 << 19, Secondary: 1 << 19, Options: 1 << 24, Colors: 1 << 16}
	if p, err := dlx.RandomContext(ctx, big); err != context.Canceled || p != nil {
		t.Fatalf("a cancelled context: %v, %v; want nil, context.Canceled", p, err)
	}
	small := dlx.RandomSpec{Family: "cost", Primary: 7, Secondary: 5, Options: 9000, Colors: 3, Seed: 4}
	a, err := dlx.Random(small)
	if err != nil {
		t.Fatal(err)
	}
	b, err := dlx.RandomContext(context.Background(), small)
	if err != nil {
		t.Fatal(err)
	}
	var wa, wb strings.Builder
	a.WriteTo(&wa)
	b.WriteTo(&wb)
	if wa.String() != wb.String() || strings.Count(wa.String(), "\n") < 9000 {
		t.Errorf("RandomContext made another problem than Random (%d and %d bytes)", wa.Len(), wb.Len())
	}
}
