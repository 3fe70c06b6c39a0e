package export_test

import (
	"strings"
	"testing"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/export"
)

// FuzzReaders: every answer reader takes any text without a panic, and
// an error names the input.
func FuzzReaders(f *testing.F) {
	for _, s := range []string{
		"placed: 0,1 1,3\n----------\n==========\n",
		"=====UNSATISFIABLE=====\n",
		"Answer: 1\nq(0,1) q(1,3)\nSATISFIABLE\n\nModels       : 1+\n",
		"UNSATISFIABLE\n",
		"c Answer: 1\nv -x1 x2\ns SATISFIABLE\nc Models : 1\n",
		"s UNSATISFIABLE\n",
		"Optimal - objective value 0.00000000\n      2 x3                     1                       0\n",
		"Infeasible - objective value 0\n",
		"c Problem:\ns mip 42 64 o 0\ni 1 1\nj 2 1\ne o f\n",
		"placed: 0,\n", "Answer:", "v x", "j", "s mip",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		cells := func([]encode.Cell) bool { return true }
		check := func(err error) {
			if err != nil && !strings.Contains(err.Error(), "in") {
				t.Errorf("error %v does not name the input", err)
			}
		}
		_, err := export.ReadMiniZinc(strings.NewReader(s), "in", cells)
		check(err)
		_, err = export.ReadClasp(strings.NewReader(s), "in", cells)
		check(err)
		_, err = export.ReadPB(strings.NewReader(s), "in", func([]int32) bool { return true })
		check(err)
		_, _, err = export.ReadCBC(strings.NewReader(s), "in")
		check(err)
		_, _, err = export.ReadGLPK(strings.NewReader(s), "in", 3)
		check(err)
	})
}
