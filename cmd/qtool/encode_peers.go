package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/export"
)

// The targets of qtool encode --to for other communities' solvers
// (package export): a MiniZinc model, a 0/1 integer program in the LP and
// MPS formats, a logic program for gringo and clasp, a pseudo-Boolean
// problem in OPB. Each is written from the problem's model
// (encode.NewModel), for a plain board as for a variant, blocked squares,
// excluded diagonals and given pieces.

func init() {
	for _, t := range []struct {
		name, about string
		write       func(io.Writer, *encode.Model, map[string]string) error
	}{
		{"minizinc", "a MiniZinc model (alldifferent where the problem allows), for minizinc --solver gecode and any FlatZinc solver",
			func(w io.Writer, m *encode.Model, opts map[string]string) error {
				s, err := export.ParseMiniZincSearch(opts["search"])
				if err != nil {
					return err
				}
				return export.MiniZinc(w, m, s)
			}},
		{"lp", "a 0/1 integer program in the CPLEX LP format, for cbc or glpsol --lp", plainExport(export.LP)},
		{"mps", "a 0/1 integer program in the fixed MPS format, for cbc or glpsol --mps", plainExport(export.MPS)},
		{"asp", "facts and a logic program for gringo | clasp (or clingo)", plainExport(export.ASP)},
		{"opb", "a pseudo-Boolean problem in the OPB format of the PB competitions, for clasp and PB solvers", plainExport(export.OPB)},
	} {
		write := t.write
		writeProblem := func(w io.Writer, prob encode.Problem, how string, opts map[string]string) error {
			m, err := exportModel(prob)
			if err != nil {
				return err
			}
			return write(w, m, opts)
		}
		registerEncoder(encoder{
			name:  t.name,
			about: t.about,
			model: true, // a plain board is written from its model too
			write: func(w io.Writer, j encodeJob) error {
				return writeProblem(w, j.Prob, j.How, j.Opts)
			},
			size: func(j encodeJob) (uint64, uint64, string, error) {
				return sizeExport(t.name, j.Prob)
			},
		})
	}
}

func plainExport(f func(io.Writer, *encode.Model) error) func(io.Writer, *encode.Model, map[string]string) error {
	return func(w io.Writer, m *encode.Model, _ map[string]string) error { return f(w, m) }
}

// exportModel is the model of prob; a Maximum problem of 0 pieces (no
// square can hold one) is the empty model, whose one solution places
// nothing.
func exportModel(prob encode.Problem) (*encode.Model, error) {
	if prob.Variant.Goal() == encode.Maximum && prob.Pieces == 0 {
		return &encode.Model{Problem: prob, N: prob.Board.N}, nil
	}
	return encode.NewModel(prob)
}

// sizeExport estimates an export as the exact cover's estimate (the same
// entries, each a name of a few digits and a sign).
func sizeExport(name string, prob encode.Problem) (out, mem uint64, what string, err error) {
	out, mem, _, err = sizeProblemDLX(prob, nil)
	return out, mem, fmt.Sprintf("the %s export of the %v problem, n = %d", strings.ToUpper(name[:1])+name[1:], prob.Variant, prob.Board.N), err
}
