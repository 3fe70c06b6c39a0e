package main

import (
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/qtool-project/qtool/backend"
	satbackend "github.com/qtool-project/qtool/backend/sat"
)

// addSolverFlag defines --solver, the SAT solver of backend sat.
func addSolverFlag(fs *flag.FlagSet, p *string) {
	fs.StringVar(p, "solver", "", "SAT solver `S` of --backend sat: gini (the default, built in) or an installed program: "+strings.Join(satbackend.ExternalSolvers(), ", ")+fmt.Sprintf(". With gini, one completion of a board with queens given and at most %d free rows is found by cube and conquer: a lookahead on the most constrained free row or column splits the board into cubes that gini decides (docs/sat.md)", satbackend.SATCubeMaxFree))
}

// checkSolver refuses a --solver that qtool does not know or that is not
// installed (which backends take --solver at all is backend.Admit's
// answer: see admit).
func checkSolver(solver string) error {
	if solver == "" || solver == "gini" {
		return nil
	}
	if !slices.Contains(satbackend.ExternalSolvers(), solver) {
		return usageErrorf("--solver %q: want gini, %s", solver, strings.Join(satbackend.ExternalSolvers(), ", "))
	}
	b, err := backend.Lookup(solver)
	if err != nil {
		return usageErrorf("%v", err)
	}
	if err := backend.Unavailable(b); err != nil {
		return usageErrorf("--solver %s: %s", solver, backend.UnavailableReason(err))
	}
	return nil
}
