// Package qtool is the root of the qtool module. Its packages are the
// library (encode, dlx, cnf, sat, search, experiments, results, …) and
// cmd/qtool the command line; see the README's "Use it as a library". This
// package itself carries the data that no run may look for in the working
// directory: the published instances, embedded in every binary that
// imports it.
package qtool

import (
	"embed"
	"io/fs"
)

//go:embed testdata/csplib-prob079/*.qpos testdata/csplib-prob079/answers.tsv
var prob079 embed.FS

// Prob079Dir is the directory of the published instances in the source
// tree, and the name under which their boards are reported.
const Prob079Dir = "testdata/csplib-prob079"

// Prob079 returns the 24 published Excluded Diagonals instances of Gent,
// Jefferson and Nightingale (CSPLib problem 079; "Complexity of n-Queens
// Completion", JAIR 59, 2017, doi:10.1613/jair.5512) as their .qpos
// completion boards, with answers.tsv: the files of Prob079Dir, at the
// root of the file system returned.
func Prob079() fs.FS {
	sub, err := fs.Sub(prob079, Prob079Dir)
	if err != nil {
		panic("qtool: embedded instances: " + err.Error()) // the pattern above names this directory
	}
	return sub
}
