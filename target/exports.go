package target

import (
	"fmt"
	"io"
	"strings"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/export"
)

// The encoders for other communities' solvers (package export): a
// MiniZinc model, a 0/1 integer program in the LP and MPS formats, a logic
// program for gringo and clasp, a pseudo-Boolean problem in OPB. Each is
// written from the problem's model (encode.NewModel), for a plain board as
// for a variant, blocked squares, excluded diagonals and given pieces.
func init() {
	for _, t := range []struct {
		name, about string
		write       func(io.Writer, *encode.Model, Job) error
	}{
		{"minizinc", "a MiniZinc model (alldifferent where the problem allows), for minizinc --solver gecode and any FlatZinc solver",
			func(w io.Writer, m *encode.Model, j Job) error { return export.MiniZinc(w, m, j.Search) }},
		{"lp", "a 0/1 integer program in the CPLEX LP format, for cbc or glpsol --lp", plainExport(export.LP)},
		{"mps", "a 0/1 integer program in the fixed MPS format, for cbc or glpsol --mps", plainExport(export.MPS)},
		{"asp", "facts and a logic program for gringo | clasp (or clingo)", plainExport(export.ASP)},
		{"opb", "a pseudo-Boolean problem in the OPB format of the PB competitions, for clasp and PB solvers", plainExport(export.OPB)},
	} {
		Register(Encoder{
			Name:  t.name,
			About: t.about,
			Model: true, // a plain board is written from its model too
			Encode: func(w io.Writer, j Job) error {
				m, err := ExportModel(j.Prob)
				if err != nil {
					return err
				}
				return t.write(w, m, j)
			},
			Estimate: func(j Job) (uint64, uint64, string, error) {
				return sizeExport(t.name, j.Prob)
			},
		})
	}
}

func plainExport(f func(io.Writer, *encode.Model) error) func(io.Writer, *encode.Model, Job) error {
	return func(w io.Writer, m *encode.Model, _ Job) error { return f(w, m) }
}

// ExportModel is the model of prob that the exports write; a Maximum
// problem of 0 pieces (no square can hold one) is the empty model, whose
// one solution places nothing.
func ExportModel(prob encode.Problem) (*encode.Model, error) {
	if prob.Variant.Goal() == encode.Maximum && prob.Pieces == 0 {
		return &encode.Model{Problem: prob, N: prob.Board.N}, nil
	}
	return encode.NewModel(prob)
}

// sizeExport estimates an export as the exact cover's estimate (the same
// entries, each a name of a few digits and a sign).
func sizeExport(name string, prob encode.Problem) (out, mem uint64, what string, err error) {
	out, mem, _ = sizeModelDLX(prob)
	return out, mem, fmt.Sprintf("the %s export of the %v problem, n = %d", strings.ToUpper(name[:1])+name[1:], prob.Variant, prob.Board.N), nil
}
