package main

import (
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/qtool-project/qtool/experiments"
)

// addSolverFlag defines --solver, the SAT solver of backend sat.
func addSolverFlag(fs *flag.FlagSet, p *string) {
	fs.StringVar(p, "solver", "", "SAT solver `S` of --backend sat: gini (the default, built in) or an installed program: "+strings.Join(experiments.ExternalSolvers(), ", ")+fmt.Sprintf(". With gini, one completion of a board with queens given and at most %d free rows is found by cube and conquer: a lookahead on the most constrained free row or column splits the board into cubes that gini decides (docs/sat.md)", experiments.SATCubeMaxFree))
}

// checkSolver refuses a --solver that backend name does not take, or that
// qtool does not know.
func checkSolver(solver, name string) error {
	if solver == "" || solver == "gini" {
		return nil
	}
	if name != "sat" {
		return usageErrorf("--solver applies to --backend sat, not %s (the external solvers are also backends of their own: %s)", name, strings.Join(experiments.ExternalSolvers(), ", "))
	}
	if !slices.Contains(experiments.ExternalSolvers(), solver) {
		return usageErrorf("--solver %q: want gini, %s", solver, strings.Join(experiments.ExternalSolvers(), ", "))
	}
	b, err := experiments.Lookup(solver)
	if err != nil {
		return usageErrorf("%v", err)
	}
	if err := experiments.Unavailable(b); err != nil {
		return usageErrorf("--solver %s: %s", solver, experiments.UnavailableReason(err))
	}
	return nil
}
