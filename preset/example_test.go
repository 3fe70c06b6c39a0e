package preset_test

import (
	"context"
	"fmt"

	"github.com/qtool-project/qtool/backend"
	_ "github.com/qtool-project/qtool/backend/all"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/experiments"
	"github.com/qtool-project/qtool/preset"
)

// Adding a preset is one Register call: here "oeis-small", every
// solution of n = 4..6 by the bitmask counter, which qtool bench --preset
// oeis-small would then run, list in its errors and describe in its help.
func ExampleRegister() {
	preset.Register(&preset.Preset{Name: "oeis-small",
		Spec: func(_ context.Context, o preset.Options) (experiments.Spec, error) {
			b, err := backend.Lookup("bitmask")
			if err != nil {
				return experiments.Spec{}, err
			}
			g := experiments.Grid{Task: experiments.TaskCount, Backends: []backend.Backend{b}}
			for n := 4; n <= 6; n++ {
				g.Problems = append(g.Problems, experiments.Case{Board: encode.Empty(n)})
			}
			return experiments.Spec{Grids: []experiments.Grid{g}, Repeats: 1}, nil
		}})
	defer preset.Unregister("oeis-small")

	fmt.Println(preset.Names())
	spec, err := preset.Lookup("oeis-small").Spec(context.Background(), preset.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	recs, err := (&experiments.Runner{Spec: spec}).Run(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range recs {
		fmt.Println(r.N, r.Answer, r.Status)
	}
	// Output:
	// [completion diagonals oeis-small peers sat xcover]
	// 4 2 ok
	// 5 10 ok
	// 6 4 ok
}

// The SAT preset's options refused before anything runs.
func ExampleSAT() {
	_, err := preset.SAT(context.Background(), preset.Options{Boards: "none", Instances: -1, Set: map[string]bool{"instances": true}})
	fmt.Println(err)
	// Output: preset: --instances must not be negative, got -1
}
